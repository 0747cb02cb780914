#!/usr/bin/env python3
"""Package@swift-6.0.swift: the manifest a Swift 6.0 or 6.1 toolchain reads (Debian 13's 6.0.3).

SwiftPM reads `Package@swift-6.0.swift` on a 6.0 or 6.1 toolchain and `Package.swift` (tools
version 6.2) on 6.2 and newer, as swift-collections does. The 6.0 manifest is made from
Package.swift, never written by hand: the same products, targets and dependencies, at tools
version 6.0, without the `make bench` block, whose ordo-one/benchmark dependency needs package
traits (tools version 6.1). Package.swift stays the one truth.

  scripts/package-6.0.py           # check: exit 1 when Package@swift-6.0.swift is stale
  scripts/package-6.0.py --write   # write it from Package.swift
"""
import os, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "Package.swift")
TARGET = os.path.join(ROOT, "Package@swift-6.0.swift")
BENCH_START = "// `make bench` sets GESTURED_BENCHMARKS=1"
BENCH_END = "// `make fuzz` sets GESTURED_FUZZ=1"


def generated():
    text = open(SOURCE, encoding="utf-8").read()
    first, rest = text.split("\n", 1)
    if first != "// swift-tools-version: 6.2":
        sys.exit(f"package-6.0: Package.swift's first line is {first!r}; this script expects tools version 6.2")
    if BENCH_START not in rest or BENCH_END not in rest:
        sys.exit("package-6.0: Package.swift's `make bench` block is not where this script looks for it")
    start, end = rest.index(BENCH_START), rest.index(BENCH_END)
    rest = rest[:start] + "// `make bench` (ordo-one/benchmark, which needs package traits) is left out: it needs\n// Swift 6.2 and Package.swift.\n\n" + rest[end:]
    return ("// swift-tools-version: 6.0\n"
            "// Generated from Package.swift by scripts/package-6.0.py: do not edit. What a Swift 6.0 or 6.1\n"
            "// toolchain (Debian 13's swiftlang 6.0.3) reads; Swift 6.2 and newer read Package.swift.\n" + rest)


def main():
    want = generated()
    have = open(TARGET, encoding="utf-8").read() if os.path.exists(TARGET) else None
    if "--write" in sys.argv[1:]:
        if have != want:
            open(TARGET, "w", encoding="utf-8").write(want)
            print("package-6.0: wrote Package@swift-6.0.swift", file=sys.stderr)
        return 0
    if have != want:
        print("package-6.0: Package@swift-6.0.swift differs from what Package.swift makes; "
              "run scripts/package-6.0.py --write", file=sys.stderr)
        return 1
    print("package-6.0: Package@swift-6.0.swift matches Package.swift", file=sys.stderr)
    return 0


sys.exit(main())
