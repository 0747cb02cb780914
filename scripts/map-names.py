#!/usr/bin/env python3
"""Checks that every name docs/ARCHITECTURE.md (the map) points at is in the code.

The map names files, folders, types and their members in backticks. Each is checked:
  * a path (`e2e/parity/compare.py`, `Forwarding/`, `Fixtures/cli`): a file or folder of the
    repository, from its root, or a folder of that name under Sources/ or Tests/;
  * a Swift file (`GestureEngine+Claims.swift`, `ConfigReader+Strokes`): a file of that name
    under Sources/ or Tests/ (or the package's manifests at the root);
  * a type or module (`TouchForwarder`, `GestureCore`, `HubRig`): a module of the package or of
    its dependencies, a type, protocol, typealias or enum declared in Sources/, Tests/ or
    Plugins/ (or an extension's file), or a class of the Python client; then the member after it
    (`SubscriptionRouter.route`) declared in a file that declares or extends that type, and a
    bare function (`verdict(forContact:on:)`) declared anywhere (func, var, let, case, a label);
  * words in capitals (`SIGHUP`, `ABS_MT_TOOL_TYPE`), lower-case words (`consume:`, `keys`) and
    anything with a space, `$` or `*` are not names of the code and are left alone.

  scripts/map-names.py [DOC...]   # exit 1, naming each line and name the code lacks

`make test` runs it on docs/ARCHITECTURE.md.
"""
import glob, os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Modules of the toolchain and of the package's dependencies, which no file of ours declares.
OUTSIDE = {"Glibc", "Foundation", "FoundationEssentials", "Testing", "XCTest", "Dispatch", "Synchronization",
           "RealModule", "ArgumentParser", "Logging", "ServiceLifecycle", "OrderedCollections", "NIOCore", "NIOPosix",
           "NIOHTTP1", "NIOWebSocket", "NIOConcurrencyHelpers", "NIOEmbedded", "Benchmark", "EngineBenchmarks",
           "InlineArray", "AsyncStream", "TaskExecutor", "UnownedJob", "OrderedDictionary", "ServiceGroup", "Task",
           "dispatch_main"}
DECLARATION = re.compile(r"\b(?:class|struct|enum|protocol|actor|typealias|extension)\s+([A-Z]\w*)")
MEMBER = re.compile(r"\b(?:func|var|let|case|init|associatedtype)\s+`?(\w+)|\bcase\s+(?:\w+\s*(?:\([^)]*\))?\s*,\s*)+(\w+)")
IDENTIFIER = re.compile(r"^[A-Z]\w*(?:\.\w+)*(?:\([\w:]*\))?$|^\w+\([\w:]*\)$")


def code_names():
    """The types Sources/, Tests/ and Plugins/ declare, the members each file declares (by the
    types the file declares or extends; "" holds them all), their Swift files' names; the Python
    client's classes."""
    types, members, files = set(), {}, set()
    swift = [p for base in ("Sources", "Tests", "Plugins") for p in glob.glob(os.path.join(ROOT, base, "**", "*.swift"), recursive=True)]
    for path in glob.glob(os.path.join(ROOT, "clients", "python", "**", "*.py"), recursive=True):
        types.update(re.findall(r"^class\s+(\w+)", open(path, encoding="utf-8").read(), re.M))
    for path in swift:
        name = os.path.basename(path)[:-len(".swift")]
        files.add(name)
        types.add(name.split("+")[0])
        text = open(path, encoding="utf-8").read()
        declared = set(DECLARATION.findall(text)) | {name.split("+")[0]}
        types.update(declared)
        found = {m for match in MEMBER.finditer(text) for m in match.groups() if m}
        # An init's or a function's labels name it in the map (`EvdevTouchSource(standIn:)`).
        found.update(re.findall(r"\b(\w+):\s", text))
        # A member is the type's when a file that declares the type (or extends it) declares it.
        for owner in declared | {""}:
            members.setdefault(owner, set()).update(found)
    targets = {os.path.basename(p) for base in ("Sources", "Tests", "Plugins") for p in glob.glob(os.path.join(ROOT, base, "*"))}
    return types | targets | OUTSIDE, members, files


def folder_named(name):
    for base in ("Sources", "Tests"):
        if glob.glob(os.path.join(ROOT, base, "**", name), recursive=True):
            return True
    return False


def problem(name, types, members, files):
    """Why `name` is not in the code, or None when it is (or is no name of the code)."""
    if " " in name or "$" in name or "*" in name or name.startswith(("/", "-", "~")):
        return None
    if name.endswith(".h"):
        return None
    if "/" in name:
        bare = name.rstrip("/")
        if os.path.exists(os.path.join(ROOT, bare)) or os.path.exists(os.path.join(ROOT, bare + ".swift")) or folder_named(bare):
            return None
        return "no such file or folder"
    if name.endswith(".swift"):
        if os.path.exists(os.path.join(ROOT, name)):
            return None
        return None if name[:-len(".swift")] in files else "no such Swift file under Sources/ or Tests/"
    if re.fullmatch(r"[A-Z][A-Za-z]*\+[A-Za-z]+", name):
        return None if name in files else "no such Swift file under Sources/ or Tests/"
    if re.fullmatch(r"[A-Z0-9_]+", name) or not IDENTIFIER.match(name):
        return None
    head, *rest = re.sub(r"\(.*\)$", "", name).split(".")
    if head[0].isupper() and head not in types:
        return f"no type or module `{head}` in the package"
    if head in OUTSIDE:
        return None
    if head[0].islower():
        rest, head = [head], ""
    for member in rest:
        known = members.get(head, members[""])
        if member not in known and member not in types:
            return f"nothing in the package declares `{member}`" + (f" in `{head}`" if head else "")
        head = ""
    return None


def check(doc, types, members, files):
    problems = []
    fenced = False
    for number, line in enumerate(open(doc, encoding="utf-8"), 1):
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        for name in re.findall(r"`([^`]+)`", line):
            why = problem(name, types, members, files)
            if why:
                problems.append(f"{os.path.relpath(doc, ROOT)}:{number}: `{name}`: {why}")
    return problems


def main(argv):
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    docs = argv or [os.path.join(ROOT, "docs", "ARCHITECTURE.md")]
    for doc in docs:
        if not os.path.isfile(doc):
            print(f"map-names: no such file: {doc}", file=sys.stderr)
            return 2
    types, members, files = code_names()
    problems = [p for doc in docs for p in check(doc, types, members, files)]
    for p in problems:
        print(p)
    if problems:
        print(f"map-names: {len(problems)} name(s) the code does not have")
        return 1
    print(f"map-names: every name {', '.join(os.path.relpath(d, ROOT) for d in docs)} points at is in the code")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
