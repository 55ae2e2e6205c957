#!/usr/bin/env python3
"""A precision audit of observation-lint's default rules on real apps (README, "Precision on
real apps"; SPEC §8). Python 3 standard library only.

  audit.py sample --apps LIST --checkout DIR --out SHEET [--seed N] [--per-rule K] [--binary PATH]
      Lints every app of LIST (checked out at DIR/NAME at its pinned commit; cloned from its
      git URL when missing) with the default rules, and writes SHEET: a Markdown audit sheet
      with up to K findings per rule, sampled with seed N, each with its code and an empty
      `verdict:` line for a person to mark.

  audit.py table SHEET
      Turns a marked sheet into the per-rule Markdown table (findings, sampled, bug, fragile,
      noise, wrong, noise + wrong). Fails, naming each one, on findings without a verdict or
      with an unknown one.

LIST is tab-separated, one app a line: name, git URL, commit, folder to lint (`.` for the
whole checkout). Lines starting with `#` and blank lines are ignored.
"""

import argparse
import datetime
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

VERDICTS = {
    "bug": "goes wrong now.",
    "fragile": "harmless today only by run-time luck the code does not guarantee: a fair warning.",
    "noise": "the code itself shows it is harmless: built once, a constant or stable instance passed, "
    "identity tied to the value, a draft handed back, a model with no state, unused code, previews and tests.",
    "wrong": "a claim of the message is false.",
}
CONTEXT_BEFORE = 5
CONTEXT_AFTER = 6
REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class AuditError(Exception):
    pass


def read_lines(path, what):
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read().splitlines()
    except OSError as error:
        raise AuditError(f"cannot read the {what} {path}: {error.strerror}")


# MARK: The app list


def read_apps(path):
    """[(name, url, commit, folder)] from a tab-separated list."""
    lines = read_lines(path, "app list")
    apps = []
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        columns = line.split("\t")
        if len(columns) != 4 or not all(column.strip() for column in columns):
            raise AuditError(
                f"{path}:{number}: expected 4 tab-separated columns (name, git_url, commit, subdir_or_dot), "
                f"found {len(columns)}")
        name, url, commit, folder = (column.strip() for column in columns)
        if "/" in name or name.startswith("."):
            raise AuditError(f"{path}:{number}: the app name '{name}' must be a plain folder name")
        if any(app[0] == name for app in apps):
            raise AuditError(f"{path}:{number}: the app '{name}' is listed twice")
        apps.append((name, url, commit, folder))
    if not apps:
        raise AuditError(f"{path}: no apps listed")
    return apps


# MARK: Checkouts


def git(arguments, folder=None):
    command = ["git"] + (["-C", folder] if folder else []) + arguments
    # Never wait for a password: a private or missing repository is an error.
    return subprocess.run(command, capture_output=True, text=True, env=dict(os.environ, GIT_TERMINAL_PROMPT="0"))


def head_commit(folder):
    result = git(["rev-parse", "HEAD"], folder)
    return result.stdout.strip() if result.returncode == 0 else None


def is_at(folder, commit):
    head = head_commit(folder)
    return head is not None and head.startswith(commit.lower())


def ensure_checkout(app, checkout_root):
    """DIR/NAME at the pinned commit: cloned or moved there if needed, else an error naming the app."""
    name, url, commit, _ = app
    folder = os.path.join(checkout_root, name)
    advice = f"check out {url} at {commit} into {folder} yourself"
    cloned = not os.path.isdir(folder)
    if cloned:
        os.makedirs(checkout_root, exist_ok=True)
        result = git(["clone", "--quiet", "--no-checkout", url, folder])
        if result.returncode != 0:
            shutil.rmtree(folder, ignore_errors=True)
            raise AuditError(f"app '{name}' is missing and cloning {url} failed ({last_line(result.stderr)}); {advice}")
    elif head_commit(folder) is None:
        raise AuditError(f"app '{name}': {folder} is not a git checkout; {advice}")
    if cloned or not is_at(folder, commit):
        moved = git(["checkout", "--quiet", "--detach", commit], folder)
        if moved.returncode != 0:
            git(["fetch", "--quiet", "origin", commit], folder)
            moved = git(["checkout", "--quiet", "--detach", commit], folder)
        if moved.returncode != 0 or not is_at(folder, commit):
            raise AuditError(f"app '{name}': cannot check out {commit} in {folder} ({last_line(moved.stderr)}); {advice}")
    return folder


def last_line(text):
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else "no message"


# MARK: Linting


def find_binary(explicit):
    if explicit:
        if not os.access(explicit, os.X_OK):
            raise AuditError(f"--binary {explicit} is not an executable")
        return os.path.abspath(explicit)
    for candidate in (
        shutil.which("observation-lint"),
        os.path.join(REPO_ROOT, ".build", "release", "observation-lint"),
        os.path.join(REPO_ROOT, ".build", "debug", "observation-lint"),
    ):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    raise AuditError("no observation-lint found: build it (swift build -c release) or pass --binary PATH")


def run_tool(binary, arguments, folder="."):
    return subprocess.run([binary] + arguments, cwd=folder, capture_output=True, text=True)


def default_rules(binary):
    """{rule id: group} of the rules that run by default, in catalog order."""
    result = run_tool(binary, ["rules", "--format", "json"])
    if result.returncode != 0:
        raise AuditError(f"`observation-lint rules --format json` failed: {last_line(result.stderr)}")
    rules = json.loads(result.stdout)["rules"]
    return {rule["id"]: rule["group"] for rule in rules if not rule["optIn"]}


def lint(binary, app, folder, empty_config):
    """The app's diagnostics (default rules, the app's own configuration ignored)."""
    name, _, _, subdir = app
    if not os.path.exists(os.path.join(folder, subdir)):
        raise AuditError(f"app '{name}': the folder '{subdir}' does not exist in {folder}")
    result = run_tool(binary, ["lint", "--format", "json", "--quiet", "--config", empty_config, subdir], folder)
    try:
        report = json.loads(result.stdout)
    except ValueError:
        raise AuditError(f"app '{name}': observation-lint failed (exit {result.returncode}): {last_line(result.stderr)}")
    return report["diagnostics"]


# MARK: The sheet


def code_excerpt(folder, path, line):
    try:
        with open(os.path.join(folder, path), encoding="utf-8", errors="replace") as handle:
            lines = handle.read().splitlines()
    except OSError:
        return ["(the file cannot be read)"]
    first = max(1, line - CONTEXT_BEFORE)
    last = min(len(lines), line + CONTEXT_AFTER)
    width = len(str(last))
    return [
        f"{'>' if number == line else ' '} {str(number).rjust(width)} | {lines[number - 1]}".rstrip()
        for number in range(first, last + 1)
    ]


def sample(arguments):
    apps = read_apps(arguments.apps)
    binary = find_binary(arguments.binary)
    rules = default_rules(binary)
    findings = {rule: [] for rule in rules}
    per_app = []
    with tempfile.TemporaryDirectory() as scratch:
        empty_config = os.path.join(scratch, "observation-lint.yml")
        open(empty_config, "w").close()
        for app in apps:
            folder = ensure_checkout(app, arguments.checkout)
            diagnostics = lint(binary, app, folder, empty_config)
            per_app.append((app, head_commit(folder), len(diagnostics)))
            for diagnostic in diagnostics:
                findings.setdefault(diagnostic["rule"], []).append((app, folder, diagnostic))

    sampled = {}
    for rule, found in findings.items():
        # One generator per rule: a rule's sample does not change when another rule's findings do.
        generator = random.Random(f"{arguments.seed}:{rule}")
        chosen = generator.sample(range(len(found)), min(arguments.per_rule, len(found)))
        sampled[rule] = [found[index] for index in sorted(chosen)]

    version = run_tool(binary, ["--version"]).stdout.strip()
    tool_commit = head_commit(REPO_ROOT) or "unknown"
    out = []
    out.append("# observation-lint precision audit sheet")
    out.append("")
    out.append(
        f"Generated {datetime.date.today().isoformat()} by `scripts/precision/audit.py sample --apps {arguments.apps} "
        f"--seed {arguments.seed} --per-rule {arguments.per_rule}` with observation-lint {version} "
        f"(commit {tool_commit}), default rules.")
    out.append("")
    out.append("Mark every `verdict:` line with one word (SPEC §8); text after it is a free note:")
    out.append("")
    for verdict, meaning in VERDICTS.items():
        out.append(f"- `{verdict}`: {meaning}")
    out.append("")
    out.append("Then `scripts/precision/audit.py table SHEET` prints the per-rule table.")
    out.append("")
    out.append("## Apps")
    out.append("")
    out.append("| App | Commit | Linted | Findings |")
    out.append("|---|---|---|---:|")
    for (name, _, _, subdir), commit, count in per_app:
        out.append(f"| {name} | {commit} | `{subdir}` | {count} |")
    out.append("")
    out.append("## Findings per rule")
    out.append("")
    out.append("| Rule | Group | Findings | Sampled |")
    out.append("|---|---|---:|---:|")
    for rule, found in findings.items():
        out.append(f"| `{rule}` | {rules.get(rule, '')} | {len(found)} | {len(sampled[rule])} |")
    for rule, chosen in sampled.items():
        if not chosen:
            continue
        out.append("")
        out.append(f"## `{rule}`")
        for number, (app, folder, diagnostic) in enumerate(chosen, 1):
            path, line = diagnostic["file"], diagnostic["line"]
            out.append("")
            out.append(f"### {rule} {number}: {app[0]} `{path}:{line}:{diagnostic['column']}`")
            out.append("")
            out.append(diagnostic["message"])
            out.append("")
            for note in diagnostic["notes"]:
                out.append(f"- note: `{note['file']}:{note['line']}`: {note['message']}")
            if diagnostic["notes"]:
                out.append("")
            out.append("```swift")
            out.extend(code_excerpt(folder, path, line))
            out.append("```")
            out.append("")
            out.append("verdict:")
    with open(arguments.out, "w", encoding="utf-8") as handle:
        handle.write("\n".join(out) + "\n")
    total = sum(len(found) for found in findings.values())
    count = sum(len(chosen) for chosen in sampled.values())
    print(f"{arguments.out}: {count} of {total} findings sampled from {len(apps)} apps", file=sys.stderr)


# MARK: The table


def read_sheet(path):
    """({rule: (group, findings, sampled)}, {rule: [verdict]}) from a marked sheet; every
    problem is listed in one error."""
    lines = read_lines(path, "sheet")
    totals = {}
    verdicts = {}
    problems = []
    finding = None
    in_totals = False
    for number, line in enumerate(lines, 1):
        if line.startswith("## "):
            in_totals = line == "## Findings per rule"
        row = re.match(r"^\| `([a-z_]+)` \| ([a-z]*) \| (\d+) \| (\d+) \|$", line)
        if in_totals and row:
            totals[row.group(1)] = (row.group(2), int(row.group(3)), int(row.group(4)))
            continue
        heading = re.match(r"^### ([a-z_]+) \d+: (.*)$", line)
        if heading:
            if finding and finding[2] is None:
                problems.append(f"{path}:{finding[0]}: no `verdict:` line for {finding[1]}")
            finding = [number, heading.group(0)[4:], None]
            verdicts.setdefault(heading.group(1), [])
            continue
        marked = re.match(r"^verdict:\s*(.*)$", line)
        if marked and finding:
            word = re.split(r"[\s,;:(—-]", marked.group(1).strip(), maxsplit=1)[0].lower()
            rule = finding[1].split(" ", 1)[0]
            finding[2] = word
            if not word:
                problems.append(f"{path}:{number}: {finding[1]} is not marked")
            elif word not in VERDICTS:
                problems.append(f"{path}:{number}: '{word}' is not a verdict (use {', '.join(VERDICTS)}) for {finding[1]}")
            else:
                verdicts[rule].append(word)
    if finding and finding[2] is None:
        problems.append(f"{path}:{finding[0]}: no `verdict:` line for {finding[1]}")
    if not totals:
        problems.append(f"{path}: no 'Findings per rule' table: is this a sheet written by `audit.py sample`?")
    for rule, marked in verdicts.items():
        if rule not in totals:
            problems.append(f"{path}: findings of '{rule}' but no row for it in 'Findings per rule'")
    if not problems:
        for rule, (_, _, sampled) in totals.items():
            if len(verdicts.get(rule, [])) != sampled:
                problems.append(f"{path}: '{rule}' has {len(verdicts.get(rule, []))} findings, the table says {sampled} sampled")
    if problems:
        raise AuditError("\n".join(problems))
    return totals, verdicts


def percent(part, whole):
    return f"{round(100 * part / whole)}%" if whole else "–"


def table(arguments):
    totals, verdicts = read_sheet(arguments.sheet)
    out = [
        "| Rule | Group | Findings | Sampled | Bug | Fragile | Noise | Wrong | Noise + wrong |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    all_findings = all_sampled = 0
    all_counts = dict.fromkeys(VERDICTS, 0)
    estimated_harmless = 0.0
    for rule, (group, findings, sampled) in totals.items():
        counts = {verdict: verdicts.get(rule, []).count(verdict) for verdict in VERDICTS}
        harmless = counts["noise"] + counts["wrong"]
        cells = [f"`{rule}`", group, str(findings), str(sampled)] + [str(counts[v]) for v in VERDICTS]
        out.append("| " + " | ".join(cells + [percent(harmless, sampled)]) + " |")
        all_findings += findings
        all_sampled += sampled
        for verdict in VERDICTS:
            all_counts[verdict] += counts[verdict]
        if sampled:
            estimated_harmless += findings * harmless / sampled
    cells = ["**All**", "", str(all_findings), str(all_sampled)] + [str(all_counts[v]) for v in VERDICTS]
    out.append("| " + " | ".join(cells + [percent(all_counts["noise"] + all_counts["wrong"], all_sampled)]) + " |")
    out.append("")
    out.append(
        f"Noise + wrong in all findings, each rule's sampled share weighted by its findings: "
        f"{percent(estimated_harmless, all_findings)} (goal: at most 10%).")
    print("\n".join(out))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    sampler = commands.add_parser("sample", help="lint the apps and write an audit sheet")
    sampler.add_argument("--apps", required=True, help="tab-separated app list (name, git_url, commit, subdir_or_dot)")
    sampler.add_argument("--checkout", required=True, help="folder holding (or to receive) one checkout per app")
    sampler.add_argument("--out", required=True, help="the audit sheet to write (Markdown)")
    sampler.add_argument("--seed", type=int, default=1, help="random seed of the sample (default 1)")
    sampler.add_argument("--per-rule", type=int, default=20, help="findings sampled per rule at most (default 20)")
    sampler.add_argument("--binary", help="observation-lint to run (default: on PATH, else .build/release or debug)")
    marker = commands.add_parser("table", help="print the per-rule table of a marked sheet")
    marker.add_argument("sheet")
    arguments = parser.parse_args()
    try:
        if arguments.command == "sample":
            if arguments.per_rule < 1:
                raise AuditError("--per-rule must be at least 1")
            sample(arguments)
        else:
            table(arguments)
    except AuditError as error:
        for line in str(error).splitlines():
            print(f"error: {line}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
