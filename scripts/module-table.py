#!/usr/bin/env python3
"""docs/ARCHITECTURE.md's module table, its `imports` column generated from Package.swift.

Reads the package as `swift package dump-package` gives it, and checks:
  * every module a target's sources import is a dependency Package.swift declares for it
    (the compiler lets a transitive one through; the map must not rely on that), and every
    dependency it declares is imported by one of its files;
  * each row of the module table that names one target of the package has, as its last cell,
    that target's declared dependencies, in Package.swift's order;
  * every target of the package that is not a test has a row (a new module's role is
    written by hand; --write cannot make it up);
  * no file imports a module of the package it names nothing of (a symbol check by name);
  * the runner, the overlay and the importers link none of the daemon's rooms (its routing,
    forwarding and input), and no module the runner or the daemon links imports Dispatch.

  scripts/module-table.py           # check: exit 1 and say what differs
  scripts/module-table.py --write   # rewrite the table's imports cells from Package.swift

Rows naming system libraries, several modules, or modules of the benchmark and fuzz packages
are left as written. `make test` runs the check.
"""
import glob, json, os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(ROOT, "docs", "ARCHITECTURE.md")
# Modules of the toolchain, not of the package.
TOOLCHAIN = {"Glibc", "Foundation", "FoundationXML", "FoundationEssentials", "Testing", "XCTest", "Dispatch",
             "Synchronization", "_Concurrency", "SwiftShims"}


def package():
    text = os.environ.get("GESTURED_PACKAGE_JSON")
    if text:
        return json.load(open(text))
    out = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def dependencies(target):
    names = []
    for dependency in target["dependencies"]:
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.append(dependency[kind][0])
    return names


def sources(target):
    if target["type"] == "system":
        return []
    path = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])
    return sorted(glob.glob(os.path.join(ROOT, path, "**", "*.swift"), recursive=True))


IMPORT = re.compile(r"^\s*(?:@testable\s+|@_implementationOnly\s+|(?:public|internal|package)\s+)?import\s+(\w+)")


def imports(path):
    """The modules a Swift file imports, each with its line number; not a line inside a
    multi-line string literal (a script a test runs, say)."""
    quoted = False
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        if line.count('"""') % 2:
            quoted = not quoted
            continue
        match = None if quoted else IMPORT.match(line)
        if match:
            yield number, match.group(1)


def undeclared(targets):
    problems = []
    for target in targets:
        declared = set(dependencies(target)) | TOOLCHAIN | {target["name"]}
        for path in sources(target):
            for number, module in imports(path):
                if module not in declared:
                    problems.append("%s:%d: %s imports %s, which Package.swift does not declare for it"
                                    % (os.path.relpath(path, ROOT), number, target["name"], module))
    return problems


def unused(targets):
    """A declared dependency that no source file of the target imports: the map would show a
    link that is not there. Executables (built for a test to run) and plugins are not imported."""
    kinds = {t["name"]: t["type"] for t in targets}
    problems = []
    for target in targets:
        if target["type"] in ("system", "plugin"):
            continue
        imported = {module for path in sources(target) for _, module in imports(path)}
        for name in dependencies(target):
            if kinds.get(name) in ("executable", "plugin") or name in imported:
                continue
            problems.append("Package.swift: %s declares %s, which none of its files imports" % (target["name"], name))
    return problems


# A module's public names (types, members, enum cases, what it extends), read from its sources.
PUBLIC = re.compile(r"\b(?:public|open|package)\s+(?:(?:final|static|class|override|mutating|nonmutating|convenience|required|"
                    r"indirect|nonisolated|private\(set\)|internal\(set\)|fileprivate\(set\))\s+)*"
                    r"(?:class|struct|enum|protocol|actor|typealias|func|var|let|init|subscript|case|associatedtype)\s+`?(\w+)")
CASE = re.compile(r"^\s*case\s+([^:=\n]+)", re.M)
EXTENDS = re.compile(r"\bextension\s+(\w+)")


def code(path):
    """A Swift file's text without its comments (roughly: enough to tell which names it uses)."""
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def declared_names(target):
    names = {target["name"]}
    for path in sources(target):
        text = code(path)
        names.update(PUBLIC.findall(text))
        names.update(EXTENDS.findall(text))
        for cases in CASE.findall(text):
            names.update(m.group(1) for m in (re.match(r"\s*`?(\w+)", part) for part in cases.split(",")) if m)
    return names


def unused_imports(targets):
    """A file that imports a module of the package (a Swift one) and names nothing it declares:
    an import that is not used. A symbol check by name, so a name the module shares with another
    counts as used: it finds the import nothing uses, not every one."""
    by_name = {t["name"]: t for t in targets}
    names = {}
    problems = []
    for target in targets:
        if target["type"] in ("system", "plugin"):
            continue
        for path in sources(target):
            words = set(re.findall(r"\b\w+\b", re.sub(r"^\s*(?:@testable\s+)?import\s+\w+.*$", "", code(path), flags=re.M)))
            for number, module in imports(path):
                other = by_name.get(module)
                if other is None or other["type"] in ("system", "plugin") or not sources(other):
                    continue
                if module not in names:
                    names[module] = declared_names(other)
                if not names[module] & words:
                    problems.append("%s:%d: %s imports %s and uses nothing it declares"
                                    % (os.path.relpath(path, ROOT), number, target["name"], module))
    return problems


# What the daemon alone links: its routing and access, its forwarding, its input.
DAEMON_ONLY = ("GestureDaemon", "GestureRouting", "GestureForwarding", "LinuxInput")
# What a user's session keeps running, and what reads other tools' files: none links the daemon.
NOT_THE_DAEMON = ("gestured-actions", "gestured-overlay", "GestureRunner", "GestureImport", "GestureView",
                  "GestureDesktop", "OverlayScreen")
# Programs that live on one event loop: no module they link imports Dispatch (a DispatchQueue
# would start libdispatch's worker pool, whose monitor wakes the process every second). The
# daemon and the runner, as libraries: the `gestured` executable is gesturectl too (CtlProgram,
# whose asynchronous commands wait on a semaphore), and runs only one of them at a time.
ONE_LOOP = ("gestured-actions", "DaemonProgram", "ActionsProgram")


def closure(targets, name):
    """Every target `name` links, itself included."""
    by_name = {t["name"]: t for t in targets}
    seen, stack = set(), [name]
    while stack:
        current = stack.pop()
        if current in seen or current not in by_name:
            continue
        seen.add(current)
        stack.extend(dependencies(by_name[current]))
    return seen


def boundaries(targets):
    """The runner, the overlay and the importers link none of the daemon's rooms; the programs
    on one loop link no module that imports Dispatch."""
    by_name = {t["name"]: t for t in targets}
    problems = []
    for name in NOT_THE_DAEMON:
        for room in sorted(closure(targets, name) & set(DAEMON_ONLY)):
            problems.append("Package.swift: %s links %s, which only the daemon may link" % (name, room))
    for name in ONE_LOOP:
        for module in sorted(closure(targets, name)):
            for path in sources(by_name[module]):
                for number, imported in imports(path):
                    if imported == "Dispatch":
                        problems.append("%s:%d: %s imports Dispatch, and %s, which links it, runs on one loop"
                                        % (os.path.relpath(path, ROOT), number, module, name))
    return problems


def table(text, targets, write):
    by_name = {t["name"]: t for t in targets}
    lines = text.split("\n")
    start = lines.index("## Modules")
    problems = []
    rowed = set()
    for index in range(start, len(lines)):
        line = lines[index]
        if index > start + 2 and not line.startswith("|"):
            if any(l.startswith("|") for l in lines[start:index]):
                break
            continue
        if not line.startswith("| `"):
            continue
        cells = line.split(" | ")
        named = re.findall(r"`([^`]+)`", cells[0])
        rowed.update(named)
        if len(named) != 1 or named[0] not in by_name or by_name[named[0]]["type"] == "system":
            continue
        wanted = ", ".join("`%s`" % d for d in dependencies(by_name[named[0]])) or "—"
        have = cells[-1].rstrip(" |")
        if have != wanted:
            problems.append("docs/ARCHITECTURE.md:%d: %s imports %s, the table says %s" % (index + 1, named[0], wanted, have))
            cells[-1] = wanted + " |"
            lines[index] = " | ".join(cells)
    missing = []
    for target in targets:
        if target["type"] not in ("test", "plugin") and target["name"] not in rowed:
            missing.append("docs/ARCHITECTURE.md: the module table has no row for %s (%s target): write its role" % (target["name"], target["type"]))
    return problems, missing, "\n".join(lines)


def main():
    if any(a in ("-h", "--help") for a in sys.argv[1:]):
        print(__doc__.strip())
        return 0
    write = "--write" in sys.argv[1:]
    targets = package()["targets"]
    problems = undeclared(targets) + unused(targets) + unused_imports(targets) + boundaries(targets)
    text = open(DOC, encoding="utf-8").read()
    stale, missing, fresh = table(text, targets, write)
    if write and stale:
        open(DOC, "w", encoding="utf-8").write(fresh)
        print("module-table: rewrote %d rows of docs/ARCHITECTURE.md" % len(stale), file=sys.stderr)
        stale = []
    problems += stale + missing
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print("module-table: %d problems (scripts/module-table.py --write rewrites the table from Package.swift)" % len(problems), file=sys.stderr)
        return 1
    print("module-table: the imports of %d targets are declared, and docs/ARCHITECTURE.md's table matches Package.swift" % len(targets), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
