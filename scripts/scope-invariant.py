#!/usr/bin/env python3
"""Checks SPEC §9's invariant on a folder of several projects: for every project root that
`observation-lint debug scopes` lists, the diagnostics of linting the whole folder that fall
in that project equal those of linting the project alone; and no diagnostic's note points
outside its project and the local packages it sees.

    scripts/scope-invariant.py [--binary PATH] FOLDER [-- LINT FLAGS...]

Prints one line per project that differs, then a summary; exits 1 if any differs.
"""
import json
import os
import subprocess
import sys


def run(binary, args, cwd):
    result = subprocess.run([binary] + args, cwd=cwd, capture_output=True, text=True)
    if result.returncode not in (0, 1):
        sys.exit(f"error: {' '.join(args)} exited {result.returncode}: {result.stderr.strip()}")
    return result.stdout


def projects(binary, folder):
    """(root, [local packages]) for each linted project, absolute."""
    found = []
    for line in run(binary, ["debug", "scopes", folder], cwd=folder).splitlines():
        if line.startswith("project ") and not line.startswith("project (files"):
            root = line[len("project "):].rsplit(":", 1)[0]
            found.append((os.path.normpath(os.path.join(folder, root)), []))
        elif line.startswith("  sees local package ") and found:
            package = line[len("  sees local package "):].rsplit(":", 1)[0]
            found[-1][1].append(os.path.normpath(os.path.join(folder, package)))
    return found


def lint(binary, path, flags):
    report = json.loads(run(binary, ["lint", path, "--format", "json", "--quiet"] + flags, cwd=path))
    absolute = lambda file: os.path.normpath(os.path.join(path, file))
    return [
        (absolute(d["file"]), d["line"], d["column"], d["rule"], d["message"],
         tuple((absolute(n["file"]), n["line"], n["message"]) for n in d["notes"]))
        for d in report["diagnostics"]
    ]


def owner(file, roots):
    candidates = [root for root in roots if file.startswith(root + os.sep)]
    return max(candidates, key=len) if candidates else None


def main():
    args = sys.argv[1:]
    binary = "observation-lint"
    if args[:1] == ["--binary"]:
        binary, args = os.path.abspath(args[1]), args[2:]
    flags = args[args.index("--") + 1:] if "--" in args else []
    folder = os.path.abspath(args[0])
    found = projects(binary, folder)
    roots = [root for root, _ in found]
    whole = lint(binary, folder, flags)
    differing = 0
    for root, _ in found:
        alone = [d for d in lint(binary, root, flags) if owner(d[0], roots) == root]
        inside = [d for d in whole if owner(d[0], roots) == root]
        if sorted(alone) != sorted(inside):
            differing += 1
            print(f"differs: {root}: {len(inside)} in the whole run, {len(alone)} alone")
    packages = dict(found)
    outside = 0
    for diagnostic in whole:
        root = owner(diagnostic[0], roots)
        allowed = [root] + packages.get(root, []) if root else []
        for note in diagnostic[5]:
            if root and not any(note[0].startswith(place + os.sep) for place in allowed):
                outside += 1
                print(f"note outside its project: {diagnostic[0]}:{diagnostic[1]} -> {note[0]}:{note[1]}")
    print(f"{len(found)} projects compared, {differing} differ; {len(whole)} diagnostics, "
          f"{outside} notes point outside their project")
    return 1 if differing or outside else 0


if __name__ == "__main__":
    sys.exit(main())
