#!/usr/bin/env python3
"""Precision and recall of observation-lint's default rules on real apps (README, "Precision and
recall on real apps"; SPEC §8). Python 3 standard library only.

  audit.py sample --apps LIST --checkout DIR --out SHEET [--seed N] [--per-rule K] [--binary PATH]
      Lints every app of LIST with the default rules, and writes SHEET: a Markdown audit sheet
      with up to K findings per rule, sampled with seed N, each with its code and an empty
      `verdict:` line for a person to mark.

  audit.py table SHEET
      Turns a marked sheet into the per-rule Markdown table (findings, sampled, bug, fragile,
      noise, wrong, noise + wrong). Fails, naming each one, on findings without a verdict or
      with an unknown one.

  audit.py hunt --apps LIST --checkout DIR --out SHEET
      Checks the apps out and writes SHEET: a hunt sheet for a person who reads the apps
      *without the tool* (a blind hunt): the kinds of misuse in plain words, what counts (bug,
      fragile) and what does not (noise), and per app a `## NAME` section with a table to fill:

          | path | line | kind | verdict | evidence |
          |---|---|---|---|---|
          | Sources/Feature/Foo.swift | 42 | missing_published | bug | `count` changes in ... |

      `path` is relative to the app's linted folder (its LIST subdir), `kind` a rule id of
      SPEC §7 or `other`, `verdict` `bug` or `fragile`. Free text around the tables is ignored;
      rows whose cells are all empty are skipped; any other malformed row is an error naming
      its line.

  audit.py recall SHEET --apps LIST (--checkout DIR | --findings D) [--binary PATH] [--json]
      Lints the apps with the default rules (as `sample` does), or reads D/NAME.json saved by
      `lint`, and prints per kind and in total how many hunted problems a default finding
      reports, the recall against the goal of SPEC §8 (80%), and the misses (`--json`: the
      same, and each problem with the findings that report it). With DIR, a hunted file or
      line the app does not have is an error naming the sheet's line. A problem is
      reported when a finding's primary location, or one of its notes, is in the problem's
      file within three lines of its line. "By its rule": reported by the rule of its kind.

  audit.py lint --apps LIST --checkout DIR --out-dir D [--binary PATH]
      Saves each app's default-rule findings as D/NAME.json (the tool's JSON report), for
      `recall --findings D`: compare two builds on the same hunt.

  audit.py blind --apps LIST --checkout DIR --a DA --b DB --out SHEET --key KEY [--seed N]
      Writes SHEET: every default finding of two builds (DA/NAME.json, DB/NAME.json saved by
      `lint`; a the base build, b the measured one) for a reader who must not know which build
      produced which finding. A finding identical in both (same rule, file, line, message) is
      shown once; the findings get ids F1..Fn in an order shuffled with seed N, grouped per app,
      each with its message, notes, the code around its line and a `verdict:` and `why:` line to
      fill. KEY (JSON) maps each id to its app, rule, path, line, message, notes per build, and
      `builds`: the builds that produced it (["a"], ["b"] or ["a", "b"]).

  audit.py compare --apps LIST --key KEY --sheets SHEET... [--hunt HUNT [--checkout DIR]]
                   [--labels A B]
      Reads the verdicts of one or more filled blind sheets (the text is split on `### F`; a
      `verdict:` in any case, with or without backticks or bold; the untouched choices or an
      empty line mean unread) and prints per rule: findings a → b, the verdicts of b's
      findings, noise + wrong of each build's read findings, and with HUNT the hunted problems
      and how many each build reports (matched as `recall` does); then the summary and every
      unread finding. An unknown verdict, or an id the key lacks, is an error.

  audit.py self-test
      Checks `blind` and `compare` on a synthetic app.

LIST is tab-separated, one app a line: name, git URL, commit, folder to lint (`.` for the
whole checkout). Lines starting with `#` and blank lines are ignored. Each app is checked out
at DIR/NAME at its pinned commit; a missing one is cloned from its URL, or, with
`--mirror M` (or the environment variable OBSERVATION_LINT_MIRROR=M), from the mirror: a
folder of bare git directories named after the URL's last two path components,
M/OWNER+NAME/repo (or M/OWNER+NAME itself), as the code search tool's `fetch` lays out
/work/.mirror for https://github.com/OWNER/NAME; an app the mirror lacks is cloned from its
URL. A checkout at another commit is moved to the pinned one. Linting ignores the app's own
configuration.

The protocol (SPEC §8: measured on apps nobody read while the rules were built or tuned):
- Each measurement round uses a new dated list, scripts/precision/apps-measure-YYYY-MM-DD.tsv,
  of apps never read before (neither their code nor the tool's findings on them). The blind
  hunt (`hunt`, filled by people without the tool) comes first; then `sample` for precision
  and `recall` for recall, on the same list, at one commit of the tool.
- Once a list's findings have been read to change a rule, its apps move to
  scripts/precision/apps-develop.tsv; the next round needs a new list.
- The README says for each figure which list, date and commit it comes from.
- Every command refuses (exit 2) a LIST that shares an app with apps-develop.tsv (same name,
  or same URL and folder) unless `--allow-develop` is given (for tuning on develop apps).
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
DEVELOP_LIST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "apps-develop.tsv")
MIRROR_VARIABLE = "OBSERVATION_LINT_MIRROR"
RECALL_GOAL = 80
NEARBY_LINES = 3

# MARK: The kinds of misuse, for a reader who does not know the tool (SPEC §7 and §10)

# One paragraph per default rule of SPEC §7, in the catalog's order: the shape in the code,
# and the run-time sequence that makes it go wrong. `other` is a real observation problem
# that none of them covers.
HUNT_KINDS = {
    "state_initialized_from_outside":
        "A view's `@State` takes its starting value from its caller (through the memberwise "
        "initializer, or an `init` that assigns `_x = State(initialValue: param)` or similar). SwiftUI "
        "keeps the first value for as long as the view lives and ignores every later one. It goes wrong "
        "when the caller passes a value that changes while the child is on screen (the caller's own state, "
        "a binding, an observed model's property, a list element whose fields change under the same id) "
        "and the child neither copies the new value over (`.onChange(of:)`, `.task(id:)`), nor gets a new "
        "identity when it changes (`.id(value)`, `.sheet(item:)`), nor is an editing draft handed back "
        "on save: the child keeps showing the old value.",
    "state_object_initialized_from_outside":
        "A view's `@StateObject` is given an object that already exists when the view is created (a "
        "parameter, or a local built before `StateObject(wrappedValue:)`). SwiftUI keeps only the first "
        "object; each later one the caller passes is built (with its side effects) and thrown away, and "
        "the view keeps the old object even when the caller meant a different one.",
    "observed_object_created_inline":
        "A view's `@ObservedObject` is created by the view itself (`@ObservedObject var m = Model()`, or "
        "an `init` that builds it). `@ObservedObject` does not own the object: every time the parent's "
        "body runs again, a new view value builds a new object, and whatever the old one held (loaded "
        "data, text typed, a running task) is lost, or its setup work runs again.",
    "observable_created_in_view_property":
        "A view keeps an `@Observable` or `ObservableObject` model in a plain `let`/`var` and builds it "
        "there (`let model = Model()`). The view value is rebuilt each time the parent's body runs, and "
        "the model with it: its state is lost, and an `ObservableObject` held this way is not even "
        "watched.",
    "unobserved_model_in_view":
        "A view holds a class it does not watch and shows that object's state: a plain class (neither "
        "`@Observable` nor `ObservableObject`) in `@State` or a plain property, or an `ObservableObject` "
        "in `@State` or a plain property instead of `@StateObject`/`@ObservedObject`/`@EnvironmentObject`. "
        "When the object's state changes after the view read it, the screen does not update.",
    "binding_to_observable":
        "A view takes an `@Observable` class as `@Binding var m: Model` but never replaces the whole object. "
        "A plain `let` already updates the view; the binding only hides where the object comes from. It "
        "counts when it leads to a wrong update (for example a parent that replaces the object, and a "
        "child that keeps the old one).",
    "model_created_in_body":
        "A view's `body` (or a helper it calls while rendering) builds a model and hands it to a child "
        "(`Row(model: RowModel(item))`, `NavigationLink { Detail(vm: DetailVM()) }`). Every time that "
        "body runs again while the child is shown, the child gets a fresh model: state the model gained "
        "after it was built is lost, or its initializer's work (a request, a timer, a subscription) repeats.",
    "view_wrapper_outside_view":
        "A SwiftUI view property wrapper (`@State`, `@StateObject`, `@ObservedObject`, `@EnvironmentObject`, "
        "`@Environment`, `@Binding`, `@FocusState`, ...) on a property of a class. SwiftUI installs them "
        "only in views: in a class they never update, and reading them logs \"Accessing State's value "
        "outside of being installed on a View\".",
    "local_view_wrapper":
        "`@State`, `@FocusState`, `@GestureState`, `@SceneStorage`, `@Environment` or `@EnvironmentObject` "
        "on a local variable (in `body`, a view-builder closure, a function). SwiftUI never installs it: "
        "its writes are dropped, its reads give the initial or default value.",
    "stale_state_copy":
        "A view copies an observed model's field into its own `@State` once (in `.onAppear`, `.task`) and "
        "shows the copy; the model changes the field later while the view is shown and nothing copies it "
        "again, so the view shows the old value.",
    "missing_published":
        "An `ObservableObject` has a stored `var` without `@Published` that changes after the object was "
        "built, and a view shows it (directly, or through a computed property of the class). Nothing "
        "tells the view: unless the same change also sets a `@Published` property or calls "
        "`objectWillChange.send()`, the screen keeps the old value.",
    "nested_observable_object":
        "An `ObservableObject` holds another `ObservableObject` and a view shows the inner object's "
        "state through the outer one (`parent.child.name` read in a body that observes only `parent`). "
        "When the inner object changes, the outer one does not announce it (unless it forwards the "
        "child's `objectWillChange`), so the view does not update.",
    "published_mutated_off_main":
        "A `@Published` property that views show is written on "
        "a background thread: in `DispatchQueue.global().async`, a private queue, `Task.detached`, an "
        "`OperationQueue`, a `URLSession` completion handler, or a `Task {}` in a class not bound to the "
        "main actor, with no hop back to the main thread. SwiftUI then updates from the wrong thread: "
        "warnings, races, sometimes crashes.",
    "observable_mutated_off_main":
        "A tracked property of an `@Observable` model that views show is written on a background "
        "thread (a `URLSession` completion handler, `Task.detached`, a global queue, a `nonisolated` "
        "`async` method of a class not bound to the main actor). Observation notifies on the writing "
        "thread while SwiftUI reads on the main thread: a data race, and updates that arrive late.",
    "untracked_observable_read":
        "An `@Observable` model marks a `var` `@ObservationIgnored`, the value changes after the model "
        "was built, and a view shows it (directly or through a computed property). Observation does not "
        "see the change, so the view keeps the old value (unless the getter calls `access(keyPath:)`, "
        "or also reads a tracked property that changes with it).",
    "property_wrapper_in_observable":
        "An `@Observable` class has a stored property with another property wrapper (`@Published`, "
        "`@AppStorage`, `@SceneStorage`, ...). It does not compile, or the property is not tracked: "
        "views that show it do not update.",
    "observable_wrapper_mismatch":
        "The wrong wrapper for the kind of model: `@StateObject`/`@ObservedObject`/`@EnvironmentObject` "
        "on an `@Observable` class, `.environmentObject(x)` with an `@Observable` `x`, "
        "`@Environment(T.self)` with `T` only an `ObservableObject`, `@Bindable` on a type that is not "
        "`@Observable`, `@Observable` on a struct, enum or actor. It counts when it does not compile, "
        "crashes, or breaks updates.",
    "state_observable_init_side_effects":
        "`@State var model = Model()` where the `@Observable` model's initializer does work (starts a "
        "task or timer, adds an observer, makes a request, loads or fetches). SwiftUI keeps the first "
        "model, but evaluates `Model()` again every time the parent rebuilds the view: the work repeats "
        "while the view is shown.",
    "observation_tracking_once":
        "`withObservationTracking { ... } onChange: { ... }` whose `onChange` does not register again: "
        "it reports the first change only, and later changes are missed. (`onChange` also runs before "
        "the change, so reading the property there sees the old value.)",
    "environment_object_not_injected":
        "A view reads `@EnvironmentObject var x: T` (or `@Environment(T.self)` with a non-optional `T`) "
        "and some way of reaching that view from the app's root never injects a `T` "
        "(`.environmentObject(...)` / `.environment(...)`): the app crashes when it shows that view. "
        "It counts only with a complete path from a root with no injection.",
    "environment_object_created_inline":
        "`.environmentObject(Model())` or `.environment(Model())` builds the model inside a `body`: each "
        "time that body runs again, the subtree receives a fresh model, losing the state the old one "
        "gained or repeating its setup work.",
    "state_mutation_in_body":
        "`body` (or content closures such as `VStack { }`, `ForEach { }`) assigns to `@State`, "
        "`@Binding` or an observed model while the view is being drawn (not in a button action, "
        "`.onAppear`, `.task`, ...). SwiftUI warns \"Modifying state during view update\": the "
        "update may be lost, or the view redraws in a loop.",
    "other":
        "A real problem of observation (a view that does not update, state that is lost or reset, "
        "work that repeats, a crash from a missing model, a write from the wrong thread) that none "
        "of the kinds above describes. Say what goes wrong in the evidence.",
}
HUNT_VERDICTS = {
    "bug": "goes wrong now: you can name the change (a write, where and when it happens) and the "
    "screen, state or effect that goes wrong because of it.",
    "fragile": "harmless today only by run-time luck the code does not guarantee (one caller that "
    "happens to pass a constant, a parent that happens never to redraw): a fair warning.",
}
NOT_COUNTED = (
    "Do not list what the code itself shows is harmless (noise): a view built once (an app's root, a "
    "hosting controller), a constant or a stable instance passed, identity tied to the value "
    "(`.id(value)`, `ForEach` ids, `.sheet(item:)`), a draft handed back on save, a model with no "
    "state that changes, code never run in the app (previews, tests, unused code), style matters "
    "(a missing `private`, an unused observed object), and performance matters (extra redraws)."
)
HUNT_HEADER = "| path | line | kind | verdict | evidence |"
# Where code runs depends on how its target is built: hunters judge thread claims with it.
THREAD_RULES = (
    "Judge where code runs with the build settings of the target that compiles it: the Swift "
    "language mode, `SWIFT_DEFAULT_ACTOR_ISOLATION` and `SWIFT_APPROACHABLE_CONCURRENCY` (which turns "
    "on `NonisolatedNonsendingByDefault`) in the Xcode project, per target, or `Package.swift`'s "
    "settings. A `nonisolated` `async` method runs on the global executor, off the main thread, "
    "unless that feature is on for its target; then it runs on its caller's actor.")


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


def normalized_url(url):
    url = url.strip().rstrip("/").lower()
    return url[:-4] if url.endswith(".git") else url


def refuse_develop_apps(path, apps):
    """An error naming every app of LIST that is also a develop app (same name, or same URL and
    folder): a measurement needs apps nobody has read (SPEC §8)."""
    develop = read_apps(DEVELOP_LIST)
    names = {app[0].lower(): app for app in develop}
    places = {(normalized_url(app[1]), os.path.normpath(app[3])): app for app in develop}
    shared = []
    for name, url, _, folder in apps:
        known = names.get(name.lower()) or places.get((normalized_url(url), os.path.normpath(folder)))
        if known:
            shared.append(f"{path}: '{name}' is the develop app '{known[0]}' of {os.path.relpath(DEVELOP_LIST, REPO_ROOT)}")
    if shared:
        shared.append(
            "a measurement needs apps never read (SPEC §8): use a new dated list, or pass --allow-develop "
            "to run on develop apps anyway")
        raise AuditError("\n".join(shared))


def measured_apps(arguments):
    apps = read_apps(arguments.apps)
    if not arguments.allow_develop:
        refuse_develop_apps(arguments.apps, apps)
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


def mirrored_repository(url, mirror):
    """The mirror's git directory for URL, MIRROR/OWNER+NAME/repo or MIRROR/OWNER+NAME, or None."""
    parts = [part for part in re.split(r"[/:]", url.rstrip("/")) if part]
    if len(parts) < 2:
        return None
    owner, name = parts[-2], parts[-1][:-4] if parts[-1].endswith(".git") else parts[-1]
    folder = os.path.join(mirror, f"{owner}+{name}")
    for candidate in (os.path.join(folder, "repo"), folder):
        if os.path.isfile(os.path.join(candidate, "HEAD")) and os.path.isdir(os.path.join(candidate, "objects")):
            return candidate
    return None


def ensure_checkout(app, checkout_root, mirror=None):
    """DIR/NAME at the pinned commit: cloned (from the mirror when one is given) or moved there if
    needed, else an error naming the app."""
    name, url, commit, _ = app
    folder = os.path.join(checkout_root, name)
    advice = f"check out {url} at {commit} into {folder} yourself"
    cloned = not os.path.isdir(folder)
    if cloned:
        source = (mirror and mirrored_repository(url, mirror)) or url
        os.makedirs(checkout_root, exist_ok=True)
        result = git(["clone", "--quiet", "--no-checkout", source, folder])
        if result.returncode != 0:
            shutil.rmtree(folder, ignore_errors=True)
            absent = f" (not in the mirror {mirror})" if mirror and source == url else ""
            raise AuditError(
                f"app '{name}' is missing and cloning {source}{absent} failed ({last_line(result.stderr)}); {advice}")
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
    """The tool's JSON report on the app (default rules, the app's own configuration ignored)."""
    name, _, _, subdir = app
    if not os.path.exists(os.path.join(folder, subdir)):
        raise AuditError(f"app '{name}': the folder '{subdir}' does not exist in {folder}")
    result = run_tool(binary, ["lint", "--format", "json", "--quiet", "--config", empty_config, subdir], folder)
    try:
        report = json.loads(result.stdout)
    except ValueError:
        raise AuditError(f"app '{name}': observation-lint failed (exit {result.returncode}): {last_line(result.stderr)}")
    return report


# MARK: The sheet


def code_excerpt(folder, path, line, before=CONTEXT_BEFORE, after=CONTEXT_AFTER):
    try:
        with open(os.path.join(folder, path), encoding="utf-8", errors="replace") as handle:
            lines = handle.read().splitlines()
    except OSError:
        return ["(the file cannot be read)"]
    first = max(1, line - before)
    last = min(len(lines), line + after)
    width = len(str(last))
    return [
        f"{'>' if number == line else ' '} {str(number).rjust(width)} | {lines[number - 1]}".rstrip()
        for number in range(first, last + 1)
    ]


def lint_apps(apps, arguments, binary):
    """[(app, checkout folder, the tool's JSON report)], each app checked out and linted with
    the default rules."""
    linted = []
    with tempfile.TemporaryDirectory() as scratch:
        empty_config = os.path.join(scratch, "observation-lint.yml")
        open(empty_config, "w").close()
        for app in apps:
            folder = ensure_checkout(app, arguments.checkout, mirror_of(arguments))
            linted.append((app, folder, lint(binary, app, folder, empty_config)))
    return linted


def mirror_of(arguments):
    return arguments.mirror or os.environ.get(MIRROR_VARIABLE) or None


def reading_instructions(command):
    """The reading instructions of an audit sheet (SPEC §8), shared by `sample` and `blind`."""
    out = ["Mark every `verdict:` line with one word (SPEC §8); text after it is a free note:", ""]
    for verdict, meaning in VERDICTS.items():
        out.append(f"- `{verdict}`: {meaning}")
    out.append("")
    out.append(f"Then `{command}` prints the per-rule table.")
    return out


def sample(arguments):
    apps = measured_apps(arguments)
    binary = find_binary(arguments.binary)
    rules = default_rules(binary)
    findings = {rule: [] for rule in rules}
    per_app = []
    for app, folder, report in lint_apps(apps, arguments, binary):
        diagnostics = report["diagnostics"]
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
    out.extend(reading_instructions("scripts/precision/audit.py table SHEET"))
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


# MARK: Hunt sheets


def swift_files(folder):
    return sum(1 for _, _, files in os.walk(folder) for name in files if name.endswith(".swift"))


def hunt(arguments):
    apps = measured_apps(arguments)
    out = ["# observation-lint hunt sheet", ""]
    out.append(
        f"Generated {datetime.date.today().isoformat()} by `scripts/precision/audit.py hunt --apps {arguments.apps}` "
        f"for a blind hunt (SPEC §8): read each app below *without observation-lint* and without its "
        f"findings, and list every real problem of SwiftUI observation you find: a screen that does not "
        f"update, state that is lost or reset, work that repeats, a crash, a write from the wrong thread.")
    out.append("")
    out.append("### What to look for")
    out.append("")
    out.append("Each kind has an id to put in the `kind` column; use `other` for a real problem none of them describes.")
    out.append("")
    for kind, meaning in HUNT_KINDS.items():
        out.append(f"- `{kind}`: {meaning}")
    out.append("")
    out.append("### What counts")
    out.append("")
    out.append("List a problem only with one of these verdicts:")
    out.append("")
    for verdict, meaning in HUNT_VERDICTS.items():
        out.append(f"- `{verdict}`: {meaning}")
    out.append("")
    out.append(NOT_COUNTED)
    out.append("")
    out.append(THREAD_RULES)
    out.append("")
    out.append("### How to fill the tables")
    out.append("")
    out.append(
        "One row per problem, in the table of its app: `path` relative to the app's folder named in its "
        "section, `line` the line at fault (the property, the construction, the write), `kind` an id "
        "above, `verdict` `bug` or `fragile`, `evidence` what changes, where, and what goes wrong "
        "(write `\\|` for a `|`). For example:")
    out.append("")
    out.append("    " + HUNT_HEADER)
    out.append("    |---|---|---|---|---|")
    out.append(
        "    | Sources/Feature/Foo.swift | 42 | missing_published | bug | `count` changes in `refresh()` "
        "without @Published; `FooView.body` reads it |")
    out.append("")
    out.append(
        "Text outside the tables is free. Leave a table empty when the app has no problem. Then "
        "`scripts/precision/audit.py recall SHEET --apps LIST --checkout DIR` measures the recall.")
    for app in apps:
        name, url, commit, subdir = app
        folder = ensure_checkout(app, arguments.checkout, mirror_of(arguments))
        linted = os.path.normpath(os.path.join(folder, subdir))
        if not os.path.isdir(linted):
            raise AuditError(f"app '{name}': the folder '{subdir}' does not exist in {folder}")
        out.append("")
        out.append(f"## {name}")
        out.append("")
        out.append(f"{url} at `{commit}`; read `{linted}` ({swift_files(linted)} Swift files); paths relative to it.")
        out.append("")
        out.append(HUNT_HEADER)
        out.append("|---|---|---|---|---|")
    with open(arguments.out, "w", encoding="utf-8") as handle:
        handle.write("\n".join(out) + "\n")
    print(f"{arguments.out}: hunt sheet for {len(apps)} apps", file=sys.stderr)


def table_cells(line):
    """The cells of a Markdown table row; `\\|` is a `|` inside a cell."""
    cells = re.split(r"(?<!\\)\|", line.strip())[1:]
    if cells and not cells[-1].strip():
        cells.pop()
    return [cell.strip().replace("\\|", "|") for cell in cells]


def plain(cell):
    return cell.strip().strip("`*").strip()


class Problem:
    def __init__(self, app, path, line, kind, verdict, evidence, sheet_line):
        self.app, self.path, self.line, self.kind = app, path, line, kind
        self.verdict, self.evidence, self.sheet_line = verdict, evidence, sheet_line
        self.reported_by = []  # [{rule, file, line}]: the findings that report it


def hunted_problem(app, cells, where):
    """A Problem from the cells of a hunt table row, or the list of what is wrong with it."""
    if len(cells) < 5:
        return None, [f"{where}: expected 5 cells (path, line, kind, verdict, evidence), found {len(cells)}"]
    path, line, kind, verdict = (plain(cell) for cell in cells[:4])
    evidence = "|".join(cells[4:])
    errors = []
    normalized = os.path.normpath(path) if path else ""
    if not path:
        errors.append(f"{where}: no path")
    elif os.path.isabs(normalized) or normalized.split(os.sep)[0] == "..":
        errors.append(f"{where}: the path '{path}' must be relative to the app's linted folder")
    if not re.fullmatch(r"[1-9][0-9]*", line):
        errors.append(f"{where}: the line '{line}' is not a line number")
    if kind not in HUNT_KINDS:
        errors.append(f"{where}: '{kind}' is not a kind (a rule id of SPEC §7, or other)")
    if verdict.lower() not in HUNT_VERDICTS:
        shown = f"'{verdict}' is not a verdict" if verdict else "no verdict"
        errors.append(f"{where}: {shown} (use bug or fragile; leave out what is harmless)")
    if errors:
        return None, errors
    return Problem(app, normalized, int(line), kind, verdict.lower(), evidence, where), []


def read_hunt_sheet(path, app_names):
    """{app: [Problem]} from the `## APP` sections' hunt tables (each runs from its header row to
    the next line of text or heading); every malformed row, and any hunt table outside an app
    section, is listed in one error."""
    lines = read_lines(path, "hunt sheet")
    problems = {}
    errors = []
    section = None
    heading = None
    in_table = False
    expect_separator = False
    for number, line in enumerate(lines, 1):
        where = f"{path}:{number}"
        if line.startswith("## "):
            heading = line[3:].strip()
            section = heading if heading in app_names else None
            if section is not None:
                if section in problems:
                    errors.append(f"{where}: a second section for '{section}'")
                problems.setdefault(section, [])
            in_table = expect_separator = False
            continue
        if not line.startswith("|"):
            # A blank line does not end a hunt table: rows after it are not lost.
            if line.strip():
                in_table = False
            expect_separator = False
            continue
        cells = table_cells(line)
        if [cell.lower() for cell in cells] == ["path", "line", "kind", "verdict", "evidence"]:
            if section is None:
                place = f"under '## {heading}', which is not an app of the list" if heading else "before the first app section"
                errors.append(f"{where}: a hunt table {place}")
            in_table, expect_separator = section is not None, True
            continue
        if expect_separator:
            expect_separator = False
            if not all(re.fullmatch(r":?-+:?", cell) for cell in cells):
                errors.append(f"{where}: expected the table's separator row |---|---|---|---|---|")
            continue
        if not in_table or not any(cells):
            continue
        problem, wrong = hunted_problem(section, cells, where)
        errors.extend(wrong)
        if problem:
            problems[section].append(problem)
    if errors:
        raise AuditError("\n".join(errors))
    return problems


# MARK: Recall


def relative_to_linted(file, subdir):
    """A finding's file (relative to the checkout, as the tool prints it) relative to the app's linted folder."""
    return os.path.normpath(os.path.relpath(os.path.normpath(file), os.path.normpath(subdir)))


def locations(diagnostic, subdir):
    """The finding's primary location, then its notes', as (path in the linted folder, line)."""
    yield relative_to_linted(diagnostic["file"], subdir), diagnostic["line"]
    for note in diagnostic.get("notes", []):
        yield relative_to_linted(note["file"], subdir), note["line"]


def reports(diagnostic, problem, subdir):
    return any(
        path == problem.path and abs(line - problem.line) <= NEARBY_LINES
        for path, line in locations(diagnostic, subdir))


def saved_report(folder, name):
    path = os.path.join(folder, f"{name}.json")
    try:
        with open(path, encoding="utf-8") as handle:
            report = json.load(handle)
    except OSError as error:
        raise AuditError(f"app '{name}': cannot read its saved findings {path} ({error.strerror}); write them with `audit.py lint`")
    except ValueError:
        report = None
    if not isinstance(report, dict) or not isinstance(report.get("diagnostics"), list):
        raise AuditError(f"app '{name}': {path} is not a JSON report of observation-lint")
    return report


def check_places(problems, app, folder):
    """Every hunted problem names a file of the app's linted folder and a line inside it."""
    errors = []
    for problem in problems:
        try:
            with open(os.path.join(folder, app[3], problem.path), encoding="utf-8", errors="replace") as handle:
                count = len(handle.read().splitlines())
        except OSError:
            errors.append(f"{problem.sheet_line}: '{app[0]}' has no file '{problem.path}' in its folder '{app[3]}'")
            continue
        if problem.line > count:
            errors.append(f"{problem.sheet_line}: '{problem.path}' of '{app[0]}' has {count} lines, not {problem.line}")
    return errors


def hunted_apps_reports(arguments, apps, hunted):
    """{app name: the tool's JSON report} for the hunted apps: saved ones with --findings, else
    linted. With --checkout, every hunted place is first checked against the app's files."""
    if arguments.checkout:
        errors = []
        for app in apps:
            folder = ensure_checkout(app, arguments.checkout, mirror_of(arguments))
            errors.extend(check_places(hunted[app[0]], app, folder))
        if errors:
            raise AuditError("\n".join(errors))
    if arguments.findings:
        return {app[0]: saved_report(arguments.findings, app[0]) for app in apps}
    binary = find_binary(arguments.binary)
    return {app[0]: report for app, _, report in lint_apps(apps, arguments, binary)}


def recall(arguments):
    if not arguments.checkout and not arguments.findings:
        raise AuditError("recall needs --checkout DIR (to lint the apps) or --findings D (saved by `audit.py lint`)")
    apps = measured_apps(arguments)
    hunted = read_hunt_sheet(arguments.sheet, {app[0] for app in apps})
    hunted_apps = [app for app in apps if app[0] in hunted]
    for app in apps:
        if app[0] not in hunted:
            print(f"warning: {arguments.sheet} has no section '## {app[0]}': that app was not hunted", file=sys.stderr)
    reports_by_app = hunted_apps_reports(arguments, hunted_apps, hunted)
    problems = []
    for name, _, _, subdir in hunted_apps:
        for problem in hunted[name]:
            problem.reported_by = [
                {"rule": d["rule"], "file": relative_to_linted(d["file"], subdir), "line": d["line"]}
                for d in reports_by_app[name]["diagnostics"] if reports(d, problem, subdir)]
            problems.append(problem)
    rows = []
    for kind in HUNT_KINDS:
        of_kind = [problem for problem in problems if problem.kind == kind]
        rows.append({
            "kind": kind,
            "hunted": len(of_kind),
            "bug": sum(problem.verdict == "bug" for problem in of_kind),
            "fragile": sum(problem.verdict == "fragile" for problem in of_kind),
            "reported": sum(bool(problem.reported_by) for problem in of_kind),
            "reportedByItsRule": sum(any(d["rule"] == kind for d in problem.reported_by) for problem in of_kind),
        })
    total = {key: sum(row[key] for row in rows) for key in rows[0] if key != "kind"}
    versions = sorted({report.get("tool", {}).get("version", "unknown") for report in reports_by_app.values()})
    if arguments.json:
        print(json.dumps({
            "sheet": arguments.sheet,
            "apps": [app[0] for app in hunted_apps],
            "toolVersions": versions,
            "kinds": rows,
            "total": total,
            "recallPercent": round(100 * total["reported"] / total["hunted"], 1) if total["hunted"] else None,
            "goalPercent": RECALL_GOAL,
            "problems": [{
                "app": problem.app, "path": problem.path, "line": problem.line, "kind": problem.kind,
                "verdict": problem.verdict, "evidence": problem.evidence,
                "reportedBy": problem.reported_by,
            } for problem in problems],
        }, indent=2, ensure_ascii=False))
    else:
        print(recall_table(arguments, len(hunted_apps), versions, rows, total, problems))


def recall_table(arguments, app_count, versions, rows, total, problems):
    """The recall per kind and in total, then the misses, in Markdown."""
    out = [
        f"Recall of the default rules on {arguments.sheet}: {total['hunted']} problems hunted in "
        f"{app_count} apps of {arguments.apps}, observation-lint {', '.join(versions) or 'unknown'}.",
        "",
        "| Kind | Hunted | Bug | Fragile | Reported | By its rule | Recall |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        by_rule = "–" if row["kind"] == "other" else str(row["reportedByItsRule"])
        cells = [f"`{row['kind']}`", str(row["hunted"]), str(row["bug"]), str(row["fragile"]), str(row["reported"]), by_rule]
        out.append("| " + " | ".join(cells + [percent(row["reported"], row["hunted"])]) + " |")
    cells = ["**All**"] + [str(total[key]) for key in ("hunted", "bug", "fragile", "reported", "reportedByItsRule")]
    out.append("| " + " | ".join(cells + [percent(total["reported"], total["hunted"])]) + " |")
    out.append("")
    out.append(
        f"Recall: {total['reported']} of {total['hunted']} hunted problems reported, "
        f"{percent(total['reported'], total['hunted'])} (goal: at least {RECALL_GOAL}%, SPEC §8).")
    misses = [problem for problem in problems if not problem.reported_by]
    out.append("")
    out.append(f"Missed: {len(misses)}")
    if misses:
        out.append("")
        out.append("| App | Path | Line | Kind | Verdict | Evidence |")
        out.append("|---|---|---:|---|---|---|")
        for problem in misses:
            cells = [problem.app, problem.path, str(problem.line), problem.kind, problem.verdict, problem.evidence.replace("|", "\\|")]
            out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def save_findings(arguments):
    apps = measured_apps(arguments)
    binary = find_binary(arguments.binary)
    os.makedirs(arguments.out_dir, exist_ok=True)
    for app, _, report in lint_apps(apps, arguments, binary):
        with open(os.path.join(arguments.out_dir, f"{app[0]}.json"), "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=1, ensure_ascii=False)
            handle.write("\n")
    print(f"{arguments.out_dir}: findings of {len(apps)} apps", file=sys.stderr)


# MARK: Two builds read blind


BUILDS = ("a", "b")
BLIND_CONTEXT = 3
VERDICT_TEMPLATE = "verdict: bug | fragile | noise | wrong"


def finding_identity(diagnostic):
    return (diagnostic["rule"], diagnostic["file"], diagnostic["line"], diagnostic["message"])


def merged_findings(reports_by_build):
    """[(identity, {build: diagnostic})] of one app's findings in the builds' reports ({build:
    report}): a finding identical in both builds (same rule, file, line, message) is one entry; the
    k-th copy of an identical finding in one build pairs with the k-th copy in the other."""
    merged = {}
    for build, report in reports_by_build.items():
        seen = {}
        for diagnostic in report["diagnostics"]:
            identity = finding_identity(diagnostic)
            copy = seen[identity] = seen.get(identity, 0) + 1
            merged.setdefault(identity + (copy,), {})[build] = diagnostic
    return sorted(merged.items(), key=lambda item: tuple(str(part) for part in item[0]))


def shown_notes(by_build):
    """The notes of a finding as shown once: the union over the builds, in their order."""
    notes = []
    for build in BUILDS:
        for note in by_build.get(build, {}).get("notes", []):
            if (note["file"], note["line"], note["message"]) not in [(n["file"], n["line"], n["message"]) for n in notes]:
                notes.append(note)
    return notes


def blind_sheet(apps, seed, command):
    """(sheet lines, key) for [(app, checkout folder, {build: report})]: each app's findings
    merged (`merged_findings`), shuffled with the seed, numbered F1..Fn across the apps."""
    generator = random.Random(seed)
    key = {}
    out = ["# observation-lint blind reading sheet", ""]
    out.append(
        f"Generated {datetime.date.today().isoformat()} by `{command}`: every default finding of two builds "
        f"of observation-lint, each shown once, in a shuffled order. Nothing here says which build produced "
        f"a finding: judge each on the code alone.")
    out.append("")
    out.extend(reading_instructions("scripts/precision/audit.py compare --apps LIST --key KEY --sheets SHEET"))
    out.append("")
    out.append("Write why on the `why:` line. Leave the `verdict:` line as it is for a finding you did not read.")
    for app, folder, reports_by_build in apps:
        findings = merged_findings(reports_by_build)
        generator.shuffle(findings)
        out.append("")
        out.append(f"## {app[0]}")
        for identity, by_build in findings:
            ident = f"F{len(key) + 1}"
            rule, path, line, message = identity[:4]
            key[ident] = {
                "app": app[0], "rule": rule, "path": path, "line": line, "message": message,
                "builds": [build for build in BUILDS if build in by_build],
                # Per build, for `compare --hunt`: a hunted problem is reported through notes too.
                "notes": {build: [{"file": note["file"], "line": note["line"]} for note in diagnostic.get("notes", [])]
                          for build, diagnostic in by_build.items()},
            }
            out += ["", f"### {ident}: {rule} — {path}:{line}", "", message]
            notes = shown_notes(by_build)
            if notes:
                out.append("")
            for note in notes:
                out.append(f"- note: `{note['file']}:{note['line']}`: {note['message']}")
            out += ["", "```swift"]
            out.extend(code_excerpt(folder, path, line, BLIND_CONTEXT, BLIND_CONTEXT))
            out += ["```", "", VERDICT_TEMPLATE, "why:"]
    return out, key


def blind(arguments):
    apps = []
    for app in measured_apps(arguments):
        folder = ensure_checkout(app, arguments.checkout, mirror_of(arguments))
        apps.append((app, folder, {"a": saved_report(arguments.a, app[0]), "b": saved_report(arguments.b, app[0])}))
    command = f"scripts/precision/audit.py blind --apps {arguments.apps} --seed {arguments.seed}"
    out, key = blind_sheet(apps, arguments.seed, command)
    with open(arguments.out, "w", encoding="utf-8") as handle:
        handle.write("\n".join(out) + "\n")
    with open(arguments.key, "w", encoding="utf-8") as handle:
        json.dump(key, handle, indent=1, ensure_ascii=False)
        handle.write("\n")
    print(f"{arguments.out}: {len(key)} findings of {len(apps)} apps; key in {arguments.key}", file=sys.stderr)


def sheet_verdicts(text, where):
    """({id: verdict}, [errors]) from a filled blind sheet's text. Tolerant of what readers do:
    the text is split on `### F` anywhere (blank lines may be gone), the last `verdict:` of a
    finding counts, in any case, with or without backticks or bold; an untouched template line or
    an empty one means the finding was not read (it is left out)."""
    verdicts, errors = {}, []
    parts = re.split(r"###\s*F(?=\d)", text)
    for part in parts[1:]:
        ident = "F" + re.match(r"\d+", part).group(0)
        marks = re.findall(r"verdict[*_`\s]*:(.*)", part, re.IGNORECASE)
        if not marks:
            continue
        mark = re.split(r"why\s*:", marks[-1], flags=re.IGNORECASE)[0]
        mark = re.sub(r"[*_`]", "", mark).strip().lower()
        if not mark or re.match(r"(bug|fragile|noise|wrong)\s*\|\s*(bug|fragile|noise|wrong)\b", mark):
            continue  # nothing, or the template's choices: not read
        word = re.split(r"[^a-z]", mark, maxsplit=1)[0]
        if word not in VERDICTS:
            errors.append(f"{where}: '{mark}' is not a verdict for {ident} (use {', '.join(VERDICTS)})")
        elif ident in verdicts and verdicts[ident] != word:
            errors.append(f"{where}: {ident} is marked twice, {verdicts[ident]} and {word}")
        else:
            verdicts[ident] = word
    return verdicts, errors


def read_key(path):
    try:
        with open(path, encoding="utf-8") as handle:
            key = json.load(handle)
    except OSError as error:
        raise AuditError(f"cannot read the key {path}: {error.strerror}")
    except ValueError:
        key = None
    if not isinstance(key, dict) or not all(
            isinstance(entry, dict) and {"app", "rule", "path", "line", "builds"} <= set(entry) for entry in key.values()):
        raise AuditError(f"{path} is not a key written by `audit.py blind`")
    return key


def read_verdicts(sheets, key):
    """{id: verdict} over all sheets (the first sheet's verdict wins when two disagree: both are
    listed as a warning); an id the key lacks, or an unknown verdict, is an error."""
    verdicts, errors, conflicts = {}, [], []
    for sheet in sheets:
        found, wrong = sheet_verdicts("\n".join(read_lines(sheet, "sheet")), sheet)
        errors.extend(wrong)
        for ident, word in found.items():
            if ident not in key:
                errors.append(f"{sheet}: {ident} is not in the key")
            elif ident in verdicts and verdicts[ident][0] != word:
                conflicts.append(f"{ident}: {verdicts[ident][0]} in {verdicts[ident][1]}, {word} in {sheet}")
            else:
                verdicts.setdefault(ident, (word, sheet))
    if errors:
        raise AuditError("\n".join(errors))
    for conflict in conflicts:
        print(f"warning: two verdicts for {conflict}; the first counts", file=sys.stderr)
    return {ident: word for ident, (word, _) in verdicts.items()}


def hunted_reported(arguments, apps, key):
    """The hunt sheet's problems ({app: [Problem]}), their places checked against the checkouts
    when --checkout is given."""
    hunted = read_hunt_sheet(arguments.hunt, {app[0] for app in apps})
    if arguments.checkout:
        errors = []
        for app in apps:
            if app[0] in hunted:
                errors.extend(check_places(hunted[app[0]], app, os.path.join(arguments.checkout, app[0])))
        if errors:
            raise AuditError("\n".join(errors))
    return reported_per_kind(hunted, {app[0]: app[3] for app in apps}, key)


def reported_per_kind(hunted, subdirs, key):
    """{kind: [hunted, {build: reported}]}: a hunted problem is reported by a build when one of
    that build's findings in the key reports it, as in `recall` (`reports`)."""
    rows = {}
    for name, problems in hunted.items():
        findings = [entry for entry in key.values() if entry["app"] == name]
        for problem in problems:
            row = rows.setdefault(problem.kind, [0, dict.fromkeys(BUILDS, 0)])
            row[0] += 1
            for build in BUILDS:
                row[1][build] += any(
                    reports({"file": entry["path"], "line": entry["line"], "notes": entry.get("notes", {}).get(build, [])},
                            problem, subdirs[name])
                    for entry in findings if build in entry["builds"])
    return rows


def compare(arguments):
    apps = measured_apps(arguments)
    key = read_key(arguments.key)
    strangers = sorted({entry["app"] for entry in key.values()} - {app[0] for app in apps})
    if strangers:
        raise AuditError(f"{arguments.key} has findings of apps not in {arguments.apps}: {', '.join(strangers)}")
    verdicts = read_verdicts(arguments.sheets, key)
    hunt_rows = hunted_reported(arguments, apps, key) if arguments.hunt else None
    print("\n".join(compare_table(key, verdicts, hunt_rows, arguments.labels)))


def compare_table(key, verdicts, hunt_rows, labels):
    """The per-rule table of a blind reading (findings a → b; the verdicts of b's findings; noise +
    wrong of each build's read findings; with hunt_rows, hunted and reported per build), the
    summary, and the unread findings, in Markdown."""
    base, measured = labels
    out = [f"| Rule | Findings ({base} → {measured}) | Bug | Fragile | Noise | Wrong | Noise + wrong ({base} → {measured}) |"]
    out.append("|---|---:|---:|---:|---:|---:|---:|")
    if hunt_rows is not None:
        out[0] += f" Hunted | Reported ({base} → {measured}) |"
        out[1] += "---:|---:|"

    def tally(entries):
        """Per build: findings, read ones, noise or wrong ones; and the verdicts of b's findings."""
        of = {build: [ident for ident, entry in entries if build in entry["builds"]] for build in BUILDS}
        found = {build: len(of[build]) for build in BUILDS}
        read = {build: sum(ident in verdicts for ident in of[build]) for build in BUILDS}
        harmless = {build: sum(verdicts.get(ident) in ("noise", "wrong") for ident in of[build]) for build in BUILDS}
        counts = {verdict: sum(verdicts.get(ident) == verdict for ident in of["b"]) for verdict in VERDICTS}
        return found, read, harmless, counts

    def row(label, entries, hunted):
        found, read, harmless, counts = tally(entries)
        cells = [label, f"{found['a']} → {found['b']}"] + [str(counts[verdict]) for verdict in VERDICTS]
        cells.append(" → ".join(percent(harmless[build], read[build]) for build in BUILDS))
        if hunt_rows is not None:
            cells.append(str(hunted[0]))
            cells.append(" → ".join(str(hunted[1][build]) if hunted[0] else "–" for build in BUILDS))
        out.append("| " + " | ".join(cells) + " |")

    hunt_rows = hunt_rows or {}
    for rule in sorted({entry["rule"] for entry in key.values()} | set(hunt_rows)):
        row(f"`{rule}`", [(i, e) for i, e in key.items() if e["rule"] == rule], hunt_rows.get(rule, [0, {}]))
    total = [sum(r[0] for r in hunt_rows.values()), {build: sum(r[1][build] for r in hunt_rows.values()) for build in BUILDS}]
    row("**All**", list(key.items()), total)
    found, read, harmless, _ = tally(list(key.items()))
    out += ["", f"| | {base} | {measured} |", "|---|---:|---:|"]
    out.append("| noise + wrong, all default findings | " + " | ".join(
        f"{percent(harmless[build], read[build])} ({harmless[build]} of {read[build]}"
        + (f" read, {found[build] - read[build]} unread)" if read[build] < found[build] else ")") for build in BUILDS) + " |")
    if total[0]:
        out.append("| recall as hunted | " + " | ".join(
            f"{percent(total[1][build], total[0])} ({total[1][build]} of {total[0]})" for build in BUILDS) + " |")
    unread = sorted((ident for ident in key if ident not in verdicts), key=lambda ident: int(ident[1:]))
    out += ["", f"Read: {len(key) - len(unread)} of {len(key)} findings; unread: {len(unread)}."]
    if unread:
        out += ["", "| Id | App | Rule | Place | Builds |", "|---|---|---|---|---|"]
        for ident in unread:
            entry = key[ident]
            builds = ", ".join(labels[BUILDS.index(build)] for build in entry["builds"])
            out.append(f"| {ident} | {entry['app']} | `{entry['rule']}` | `{entry['path']}:{entry['line']}` | {builds} |")
    return out


def self_test():
    """`blind` and `compare` on a synthetic app: two builds sharing one finding, a sheet filled as
    readers fill them (blank lines gone, bold, backticks, upper case, one left unread)."""
    def finding(rule, line, message, notes=()):
        return {"rule": rule, "file": "Sources/A.swift", "line": line, "message": message,
                "notes": [{"file": "Sources/A.swift", "line": n, "message": "here"} for n in notes]}

    with tempfile.TemporaryDirectory() as folder:
        os.makedirs(os.path.join(folder, "Sources"))
        with open(os.path.join(folder, "Sources", "A.swift"), "w", encoding="utf-8") as handle:
            handle.write("".join(f"let line{number} = {number}\n" for number in range(1, 41)))
        shared = finding("missing_published", 10, "`x` is not @Published")
        builds = {"a": {"diagnostics": [shared, finding("model_created_in_body", 20, "built in body")]},
                  "b": {"diagnostics": [shared, finding("stale_state_copy", 30, "copied once", [35]),
                                        finding("stale_state_copy", 5, "copied once")]}}
        app = ("app", "url", "commit", ".")
        sheet, key = blind_sheet([(app, folder, builds)], 7, "self-test")
    text = "\n".join(sheet)
    assert sorted(key) == ["F1", "F2", "F3", "F4"], key
    assert sorted(tuple(entry["builds"]) for entry in key.values()) == [("a",), ("a", "b"), ("b",), ("b",)]
    assert text.count("### F") == 4 and "`x` is not @Published" in text and "> 10 | let line10 = 10" in text
    assert all("build" not in chunk for chunk in text.split("### F")[1:]), "a finding names its build"
    ids = {(entry["rule"], entry["line"]): ident for ident, entry in key.items()}
    marks = {ids["missing_published", 10]: "**verdict:** Bug, it changes", ids["model_created_in_body", 20]: "`verdict: noise`",
             ids["stale_state_copy", 30]: "verdict: WRONG", ids["stale_state_copy", 5]: VERDICT_TEMPLATE}
    filled = []
    for chunk in text.split("### F")[1:]:
        ident = "F" + re.match(r"\d+", chunk).group(0)
        filled.append("### F" + chunk.replace(VERDICT_TEMPLATE, marks[ident]))
    filled = "".join(filled).replace("\n\n", "\n")
    verdicts, errors = sheet_verdicts(filled, "sheet")
    assert not errors and verdicts == {ids["missing_published", 10]: "bug", ids["model_created_in_body", 20]: "noise",
                                       ids["stale_state_copy", 30]: "wrong"}, (verdicts, errors)
    assert sheet_verdicts("### F1: x\nverdict: maybe", "s")[1] == ["s: 'maybe' is not a verdict for F1 (use bug, fragile, noise, wrong)"]
    # Hunted: line 33 is reported by b's note at 35 only; line 21 by a's finding at 20 only.
    hunted = {"app": [Problem("app", "Sources/A.swift", 33, "stale_state_copy", "bug", "", "h:1"),
                      Problem("app", "Sources/A.swift", 21, "model_created_in_body", "bug", "", "h:2"),
                      Problem("app", "Sources/A.swift", 1, "other", "fragile", "", "h:3")]}
    rows = reported_per_kind(hunted, {"app": "."}, key)
    assert rows == {"stale_state_copy": [1, {"a": 0, "b": 1}], "model_created_in_body": [1, {"a": 1, "b": 0}],
                    "other": [1, {"a": 0, "b": 0}]}, rows
    table = compare_table(key, verdicts, rows, ["base", "new"])
    expected = [
        "| `missing_published` | 1 → 1 | 1 | 0 | 0 | 0 | 0% → 0% | 0 | – → – |",
        "| `model_created_in_body` | 1 → 0 | 0 | 0 | 0 | 0 | 100% → – | 1 | 1 → 0 |",
        "| `other` | 0 → 0 | 0 | 0 | 0 | 0 | – → – | 1 | 0 → 0 |",
        "| `stale_state_copy` | 0 → 2 | 0 | 0 | 0 | 1 | – → 100% | 1 | 0 → 1 |",
        "| **All** | 2 → 3 | 1 | 0 | 0 | 1 | 50% → 50% | 3 | 1 → 1 |",
        "| noise + wrong, all default findings | 50% (1 of 2) | 50% (1 of 2 read, 1 unread) |",
        "| recall as hunted | 33% (1 of 3) | 33% (1 of 3) |",
        "Read: 3 of 4 findings; unread: 1.",
        f"| {ids['stale_state_copy', 5]} | app | `stale_state_copy` | `Sources/A.swift:5` | new |",
    ]
    missing = [line for line in expected if line not in table]
    assert not missing, "\n".join(["missing:"] + missing + ["in:"] + table)
    print("self-test passed")


def add_app_options(parser, checkout_required=True):
    parser.add_argument("--apps", required=True, help="tab-separated app list (name, git_url, commit, subdir_or_dot)")
    parser.add_argument(
        "--checkout", required=checkout_required, help="folder holding (or to receive) one checkout per app")
    parser.add_argument(
        "--mirror", help=f"folder of bare git directories OWNER+NAME/repo to clone missing apps from (default: ${MIRROR_VARIABLE})")
    parser.add_argument(
        "--allow-develop", action="store_true", help="accept apps of apps-develop.tsv (not a measurement)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    sampler = commands.add_parser("sample", help="lint the apps and write an audit sheet")
    add_app_options(sampler)
    sampler.add_argument("--out", required=True, help="the audit sheet to write (Markdown)")
    sampler.add_argument("--seed", type=int, default=1, help="random seed of the sample (default 1)")
    sampler.add_argument("--per-rule", type=int, default=20, help="findings sampled per rule at most (default 20)")
    sampler.add_argument("--binary", help="observation-lint to run (default: on PATH, else .build/release or debug)")
    marker = commands.add_parser("table", help="print the per-rule table of a marked sheet")
    marker.add_argument("sheet")
    hunter = commands.add_parser("hunt", help="check the apps out and write a hunt sheet to fill without the tool")
    add_app_options(hunter)
    hunter.add_argument("--out", required=True, help="the hunt sheet to write (Markdown)")
    recaller = commands.add_parser("recall", help="how many hunted problems the default rules report")
    recaller.add_argument("sheet")
    add_app_options(recaller, checkout_required=False)
    recaller.add_argument("--findings", help="folder of saved findings NAME.json (from `audit.py lint`) instead of linting")
    recaller.add_argument("--binary", help="observation-lint to run (default: on PATH, else .build/release or debug)")
    recaller.add_argument("--json", action="store_true", help="machine-readable output")
    linter = commands.add_parser("lint", help="save each app's default-rule findings as OUT_DIR/NAME.json")
    add_app_options(linter)
    linter.add_argument("--out-dir", required=True, help="folder to write NAME.json into")
    linter.add_argument("--binary", help="observation-lint to run (default: on PATH, else .build/release or debug)")
    blinder = commands.add_parser("blind", help="one shuffled sheet of two builds' findings, blind to the build")
    add_app_options(blinder)
    blinder.add_argument("--a", required=True, help="the base build's findings NAME.json (from `audit.py lint`)")
    blinder.add_argument("--b", required=True, help="the measured build's findings NAME.json (from `audit.py lint`)")
    blinder.add_argument("--out", required=True, help="the reading sheet to write (Markdown)")
    blinder.add_argument("--key", required=True, help="the key to write (JSON): which build produced each finding")
    blinder.add_argument("--seed", type=int, default=1, help="random seed of the order (default 1)")
    comparer = commands.add_parser("compare", help="per-rule table of two builds from filled blind sheets")
    add_app_options(comparer, checkout_required=False)
    comparer.add_argument("--key", required=True, help="the key written by `audit.py blind`")
    comparer.add_argument("--sheets", required=True, nargs="+", help="the filled reading sheets")
    comparer.add_argument("--hunt", help="a filled hunt sheet: recall of each build")
    comparer.add_argument(
        "--labels", nargs=2, default=["base", "measured"], metavar=("A", "B"), help="the builds' names in the table")
    commands.add_parser("self-test", help="check blind and compare on a synthetic sheet")
    arguments = parser.parse_args()
    try:
        if arguments.command == "sample":
            if arguments.per_rule < 1:
                raise AuditError("--per-rule must be at least 1")
            sample(arguments)
        elif arguments.command == "table":
            table(arguments)
        elif arguments.command == "hunt":
            hunt(arguments)
        elif arguments.command == "recall":
            recall(arguments)
        elif arguments.command == "lint":
            save_findings(arguments)
        elif arguments.command == "blind":
            blind(arguments)
        elif arguments.command == "compare":
            compare(arguments)
        else:
            self_test()
    except AuditError as error:
        for line in str(error).splitlines():
            print(f"error: {line}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
