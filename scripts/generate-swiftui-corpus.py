#!/usr/bin/env python3
"""Generates a SwiftUI-heavy benchmark corpus by varying the Fixtures/ app and scenarios.

Each copy of a fixture folder gets its own type names (every declared type `Name` becomes
`Name_K`, as a whole word, in all of the copy's files), so the project index holds many
distinct views and models and the rules do real work on each. Copies are made until the
corpus reaches the requested size.

    scripts/generate-swiftui-corpus.py [--megabytes 8] [OUTPUT]   (default OUTPUT:
                                                                   /tmp/observation-lint-swiftui-corpus)
"""
import argparse
import os
import re
import shutil
import sys

DECLARATION = re.compile(r"\b(?:class|struct|enum|protocol|actor)\s+([A-Z][A-Za-z0-9_]*)")


def scenario_folders(fixtures):
    return sorted(
        os.path.join(fixtures, name)
        for name in os.listdir(fixtures)
        if os.path.isdir(os.path.join(fixtures, name))
    )


def swift_files(folder):
    for root, _, names in os.walk(folder):
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(root, name)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("output", nargs="?", default="/tmp/observation-lint-swiftui-corpus")
    parser.add_argument("--megabytes", type=float, default=8.0, help="target corpus size (default 8)")
    arguments = parser.parse_args()

    repository = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    output = os.path.abspath(arguments.output)
    if output == repository or output.startswith(repository + os.sep):
        sys.exit("error: the corpus folder must be outside the repository")
    if os.path.exists(output):
        shutil.rmtree(output)

    sources = []
    for folder in scenario_folders(os.path.join(repository, "Fixtures")):
        files = [(path, open(path, encoding="utf-8").read()) for path in swift_files(folder)]
        names = sorted({name for _, text in files for name in DECLARATION.findall(text)}, key=len, reverse=True)
        pattern = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b") if names else None
        sources.append((folder, files, pattern))

    target = int(arguments.megabytes * 1024 * 1024)
    written = 0
    count = 0
    copy = 0
    while written < target:
        for folder, files, pattern in sources:
            destination = os.path.join(output, "copy%04d" % copy, os.path.basename(folder))
            for path, text in files:
                varied = pattern.sub(lambda match: "%s_%d" % (match.group(1), copy), text) if pattern else text
                relative = os.path.relpath(path, folder)
                target_path = os.path.join(destination, relative)
                os.makedirs(os.path.dirname(target_path), exist_ok=True)
                with open(target_path, "w", encoding="utf-8") as handle:
                    handle.write(varied)
                written += len(varied.encode("utf-8"))
                count += 1
        copy += 1
    print("%d files, %.1f MB in %d copies: %s" % (count, written / 1048576, copy, output))


if __name__ == "__main__":
    main()
