#!/usr/bin/env python3
"""Judges a run of a selection of the service scenarios alone (e2e/arm64.sh): what
e2e/guest/service.py wrote to SHARE/out/service.json, by e2e/service_checks.py, one line per
scenario named, then `N passed, N failed`; exit status 1 on any failure (or no report).

    service_evaluate.py SHARE SCENARIO...
"""
import json
import os
import sys

import service_checks

share, chosen = sys.argv[1], sys.argv[2:]
results = []


def record(name, ok, detail=""):
    results.append(ok)
    print(f"{'PASS' if ok else 'FAIL'}  {name}" + (f" — {detail}" if detail else ""), flush=True)


try:
    report = json.load(open(os.path.join(share, "out", "service.json")))
except (OSError, ValueError) as error:
    report = {}
    print(f"(no service report: {error})")
service_checks.judge(report, record, only=chosen)
failed = results.count(False)
print(f"{len(results) - failed} passed, {failed} failed")
sys.exit(1 if failed or not results else 0)
