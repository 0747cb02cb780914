#!/usr/bin/env python3
"""`make import-parity`'s plan: each configuration file with the tool whose importer takes it,
the actions file `gesturectl import` makes of it (run as a user runs it), and the program names
its commands may run, which the guest stands in for (effect-log on PATH).

Usage: plan.py --gesturectl PATH --share DIR FILE... > plan.json
Copies each file and its import into DIR/cases/. A file no importer takes (exit 1 from each) is
said on stderr and left out.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

TOOLS = ["libinput-gestures", "fusuma", "touchegg"]
# What the tools themselves run, and the shell's own words: never stood in for.
KEEP = {"python3", "python", "ruby", "sh", "bash", "dash", "libinput", "udevadm", "env", "stdbuf", "grep", "sed", "awk",
        "cat", "sleep", "test", "true", "false", "printf", "echo", "exec", "if", "then", "else", "fi", "for", "do", "done",
        "while", "case", "esac", "in", "touchegg", "gestured", "gestured-actions", "gesturectl", "Xvfb", "timeout",
        "setsid", "nohup", "wmctrl", "openbox", "kill", "ps", "head", "tail", "tr", "cut", "xargs", "id", "uname", "ls", "mkdir", "rm", "wc"}
WORD = re.compile(r"(?<![\w./$+-])([A-Za-z][A-Za-z0-9_.+-]*)")


def programs(text):
    """Every word that could name a program: over-wrapping a word that is none costs nothing."""
    return {w for w in WORD.findall(text) if w not in KEEP and len(w) < 64}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gesturectl", required=True)
    ap.add_argument("--share", required=True)
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    cases, seen = [], set()
    for path in args.files:
        for tool in TOOLS:
            made = subprocess.run([args.gesturectl, "import", tool, path], capture_output=True, text=True)
            if made.returncode == 0:
                break
        else:
            print(f"import-parity: {path}: no importer takes it ({made.stderr.strip().splitlines()[-1] if made.stderr.strip() else 'exit 1'})", file=sys.stderr)
            continue
        base = re.sub(r"[^A-Za-z0-9_.-]", "-", os.path.basename(path))
        name, n = base, 2
        while name in seen:
            name, n = f"{base}-{n}", n + 1
        seen.add(name)
        shutil.copy(path, f"{args.share}/cases/{name}")
        with open(f"{args.share}/cases/{name}.gestured.yml", "w") as f:
            f.write(made.stdout)
        with open(path, encoding="utf-8", errors="replace") as f:
            original = f.read()
        summary = made.stderr.strip().splitlines()[-1] if made.stderr.strip() else ""
        cases.append({"name": name, "path": path, "tool": tool, "config": f"cases/{name}", "imported": f"cases/{name}.gestured.yml",
                      "import": summary, "wrap": sorted(programs(original) | programs(made.stdout))})
    json.dump({"cases": cases}, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
