#!/usr/bin/env python3
"""`make import-parity`'s judgement: for each file, what its own tool did on each gesture
against what gestured did with the imported file, effect by effect, in order and in number.

Effects become tokens both sides share:
  run PROGRAM ARGS   a program run (through PATH; the guest stands in for it)
  keys MODS+KEY      a key typed with the modifiers held: from `xdotool key|keydown|keyup`
                     (libinput-gestures, fusuma), from the X server (touchegg's SEND_KEYS), from
                     gestured's virtual keyboard; keys are named by the key (KEY_EQUAL, X's
                     `equal`: `equal`), so `ctrl+plus` is `ctrl+shift+equal` on either side
  click N            a button: X's numbers (1 left, 2 middle, 3 right, 8 back, 9 forward)
  desktop A→B        the window manager's current desktop changed (EWMH, after the gesture)
  show desktop on|off
  window NAME …      a window closed, minimized, restored, fullscreen (on|off), maximized (on|off),
                     moved to desktop N, or moved/resized to X,Y W×H (a change of place alone)
Window effects are what the window manager says after each gesture against what it said before
it: a state toggled twice during one gesture is no effect, as a person sees it.

A gesture neither side acted on is not counted. A difference is named when it matches an entry
of NAMED (docs/ACTIONS.md, "Where an import differs from its tool"): it is printed with its name
and does not fail the run.

Usage: compare.py results.json plan.json [--table table.md]
Prints `FILE: N of M gestures alike; differs: …` per file (or `not compared` when the tool died
during the gestures) and `P alike, Q differ` last; exits 1 when a difference is not a named one.
"""
import argparse
import json
import re
import shlex
import sys

MODIFIERS = {"super": "super", "super_l": "super", "super_r": "super", "meta": "super", "win": "super", "windows": "super",
             "mod4": "super", "leftmeta": "super", "rightmeta": "super", "ctrl": "ctrl", "control": "ctrl",
             "control_l": "ctrl", "control_r": "ctrl", "leftctrl": "ctrl", "rightctrl": "ctrl", "alt": "alt",
             "alt_l": "alt", "alt_r": "alt", "mod1": "alt", "leftalt": "alt", "rightalt": "alt", "iso_level3_shift": "alt",
             "shift": "shift", "shift_l": "shift", "shift_r": "shift", "leftshift": "shift", "rightshift": "shift"}
# One name per key, whether X (keysym at level 0) or evdev (KEY_… without KEY_) named it.
ALIASES = {"next": "pagedown", "page_down": "pagedown", "prior": "pageup", "page_up": "pageup", "return": "enter",
           "escape": "esc", "kp_add": "kpplus", "kp_subtract": "kpminus", "kp_multiply": "kpasterisk", "kp_divide": "kpslash",
           "kp_enter": "kpenter", "backspace": "backspace", "delete": "delete", "print": "sysrq",
           "xf86audioraisevolume": "volumeup", "xf86audiolowervolume": "volumedown", "xf86audiomute": "mute",
           "xf86audioplay": "playpause", "xf86audionext": "nextsong", "xf86audioprev": "previoussong",
           "xf86monbrightnessup": "brightnessup", "xf86monbrightnessdown": "brightnessdown", "bracketleft": "leftbrace",
           "bracketright": "rightbrace", "apostrophe": "apostrophe", "grave": "grave", "semicolon": "semicolon",
           "comma": "comma", "period": "dot", "slash": "slash", "backslash": "backslash", "caps_lock": "capslock",
           "menu": "compose"}
# Keysyms xdotool types with Shift on a US layout: the key they are on.
SHIFTED = {"plus": "equal", "underscore": "minus", "question": "slash", "exclam": "1", "at": "2", "numbersign": "3",
           "dollar": "4", "percent": "5", "asciicircum": "6", "ampersand": "7", "asterisk": "8", "parenleft": "9",
           "parenright": "0", "colon": "semicolon", "less": "comma", "greater": "period", "braceleft": "bracketleft",
           "braceright": "bracketright", "bar": "backslash", "quotedbl": "apostrophe", "asciitilde": "grave"}
BUTTONS = {"BTN_LEFT": 1, "BTN_MIDDLE": 2, "BTN_RIGHT": 3, "BTN_SIDE": 8, "BTN_EXTRA": 9}
# Differences that stay, each with its reason (docs/ACTIONS.md, "Where an import differs from
# its tool"): a name, and when it applies (tool, gesture, the tool's tokens, gestured's).
def _repeats(peer, ours):
    return bool(peer) and bool(ours) and len(peer) != len(ours) and set(peer) == set(ours)


def _desktops(token, test):
    """Whether `token` is a change of desktop A→B for which test(A, B) holds."""
    if token[0] != "desktop":
        return False
    a, b = (int(x) for x in token[1].split("→"))
    return test(a, b)


def _round(a, b):
    """From the first desktop to the last of four, or back: going round."""
    return {a, b} == {0, 3}


def _placed(token):
    return token[0] == "window" and " to " in token[1] and "desktop" not in token[1]


def _unnamed(tokens_):
    """The tokens with the windows' names (x-windows' `parity N`) left out: which window was
    acted on aside."""
    return [(t[0], re.sub(r"^parity \d+ ", "", t[1])) if t[0] == "window" else t for t in tokens_]


NAMED = [
    ("fusuma repeats by its own clock",
     lambda tool, g, peer, ours: tool == "fusuma" and _repeats(peer, ours)),
    ("fusuma decides a pinch's way at every update",
     lambda tool, g, peer, ours: tool == "fusuma" and g.startswith("pinch") and bool(ours) and set(ours) < set(peer)),
    ("a turn is a pinch to libinput-gestures and fusuma",
     lambda tool, g, peer, ours: tool in ("fusuma", "libinput-gestures") and g.startswith("rotate") and not ours
     and all(t[0] != "run" or "rotate" not in t[1] for t in peer)),
    ("three fingers closing are a swipe to the guest's libinput",
     lambda tool, g, peer, ours: g.startswith("pinch 3")),
    ("a --cols grid's rows are not imported",
     lambda tool, g, peer, ours: tool == "libinput-gestures" and not ours and bool(peer) and all(_desktops(t, lambda a, b: abs(b - a) > 1 and not _round(a, b)) for t in peer)),
    ("going round (-w, cyclic) is left out",
     lambda tool, g, peer, ours: tool in ("libinput-gestures", "touchegg") and not ours and bool(peer) and all(_desktops(t, _round) for t in peer)),
    ("touchegg's threshold counts from where libinput began the pinch",
     lambda tool, g, peer, ours: tool == "touchegg" and g.startswith("pinch 2") and g.endswith("short") and not peer and bool(ours)),
    ("touchegg's TILE_WINDOW is not imported",
     lambda tool, g, peer, ours: tool == "touchegg" and not ours and bool(peer) and all(_placed(t) for t in peer)),
    ("touchegg acts on the window under the pointer, gestured on the focused one",
     lambda tool, g, peer, ours: tool == "touchegg" and _unnamed(peer) == _unnamed(ours)),
    ("touchegg's `auto` desktop goes by natural scrolling (off under Xvfb; the import takes it on)",
     lambda tool, g, peer, ours: tool == "touchegg" and g.startswith("swipe") and all(t[0] == "desktop" for t in peer + ours)),
]


def key_name(name):
    n = name.lower()
    n = n[4:] if n.startswith("key_") else n
    return MODIFIERS.get(n) or ALIASES.get(n, n)


class Combos:
    """A press/release stream as combinations: a key pressed while modifiers are down is one
    `MODS+KEY`; a modifier pressed and let go alone is itself."""

    def __init__(self):
        self.down, self.used, self.out = [], False, []

    def press(self, name):
        k = key_name(name)
        if k in ("super", "ctrl", "alt", "shift"):
            if k not in self.down:
                self.down.append(k)
            return
        self.used = True
        self.out.append(("keys", "+".join(sorted(self.down) + [k])))

    def release(self, name):
        k = key_name(name)
        if k in self.down:
            self.down.remove(k)
            if not self.used and not self.down:
                self.out.append(("keys", k))
            if not self.down:
                self.used = False


# Lower-case names that are keysyms (XStringToKeysym is case-sensitive: `Tab`, not `tab`).
LOWER_KEYSYMS = {"minus", "equal", "space", "comma", "period", "slash", "grave", "apostrophe", "semicolon", "backslash",
                 "bracketleft", "bracketright"} | set(SHIFTED)


def x_keysyms():
    """X's keysym names, from libx11-dev's headers (what XStringToKeysym knows); empty without them."""
    names = set()
    for path, prefix, given in (("/usr/include/X11/keysymdef.h", "#define XK_", ""), ("/usr/include/X11/XF86keysym.h", "#define XF86XK_", "XF86")):
        try:
            with open(path) as f:
                names |= {given + line.split()[1][len(prefix) - len("#define "):] for line in f if line.startswith(prefix)}
        except OSError:
            pass
    return names


KEYSYMS = x_keysyms()
# xdotool's own names for modifiers (its symbol_map), before X's keysyms.
XDOTOOL_MODIFIERS = {"alt", "ctrl", "control", "meta", "super", "shift"}


def xdotool_types(name):
    """Whether xdotool can type `name`: it looks each one up with XStringToKeysym (after its
    own modifier names) and skips one it cannot find ("No such key name … Ignoring it") — as a
    comment's words after `xdotool key super+Tab # switch desktops` are."""
    if name in XDOTOOL_MODIFIERS or len(name) == 1 and name.isalnum() or name.isdigit():
        return True
    if KEYSYMS:
        return name in KEYSYMS
    return name[:1].isupper() or name in LOWER_KEYSYMS  # without the headers: X's names are mostly capitalized


def xdotool_keys(words):
    """`xdotool key super+Right`'s keys as combinations (options skipped); None when the command
    is not only keys."""
    out, i = [], 0
    if not words:
        return None
    verb = words[0]
    if verb not in ("key", "keydown", "keyup", "click"):
        return None
    rest = [w for w in words[1:] if not w.startswith("-")]
    if verb == "click":
        return [("click", int(w)) for w in rest if w.isdigit()]
    for combo in rest:
        parts = combo.split("+")
        parts = [p for p in parts if p and xdotool_types(p)]
        if not parts:
            continue
        mods = sorted({MODIFIERS[p.lower()] for p in parts[:-1] if p.lower() in MODIFIERS})
        last = parts[-1]
        if last.lower() in MODIFIERS:
            key, mods = MODIFIERS[last.lower()], mods
            token = "+".join(sorted(set(mods + [key]))) if mods else key
        else:
            if last in SHIFTED:
                mods, last = sorted(set(mods) | {"shift"}), SHIFTED[last]
            elif len(last) == 1 and last.isupper():
                mods, last = sorted(set(mods) | {"shift"}), last.lower()
            token = "+".join(mods + [key_name(last)])
        if verb == "key":
            out.append(("keys", token))
    return out


def tokens(run, who):
    """Every effect of a run, in time order, as (ns, token)."""
    found = []
    for stamp, argv in run["run"]:
        program, args = argv[0], argv[1:]
        keys = xdotool_keys(args) if program == "xdotool" else None
        if keys is not None:
            found += [(stamp, k) for k in keys]
        else:
            found.append((stamp, ("run", " ".join([program] + [shlex.quote(a) for a in args]))))
    for source in ("x", "key"):
        combos = Combos()
        for stamp, line in run[source]:
            words = line.split()
            if words[0] == "key":
                if words[2] in BUTTONS:
                    if words[1] == "down":
                        found.append((stamp, ("click", BUTTONS[words[2]])))
                    continue
                before = len(combos.out)
                (combos.press if words[1] == "down" else combos.release)(words[2])
                found += [(stamp, t) for t in combos.out[before:]]
            elif words[0] == "button" and words[1] == "down":
                found.append((stamp, ("click", int(words[2])) if int(words[2]) not in (4, 5, 6, 7) else ("wheel", int(words[2]))))
            elif words[0] == "wheel":
                found.append((stamp, ("wheel", words[1], int(words[2]))))
    return sorted(found, key=lambda t: t[0])


# A window's EWMH states as what a person sees: minimized, fullscreen, maximized.
SEEN_STATES = (("HIDDEN", "minimized", "restored"), ("FULLSCREEN", "fullscreen on", "fullscreen off"))


def window_changes(before, after):
    """What changed between two of the window manager's states (x-windows' JSON), as tokens:
    the desktop, the desktop shown, then each window in the window manager's order."""
    if not before or not after:
        return []
    out = []
    if before["desktop"] != after["desktop"]:
        out.append(("desktop", f"{before['desktop']}→{after['desktop']}"))
    showing = before["showing"] != after["showing"]
    if showing:
        out.append(("show desktop", "on" if after["showing"] else "off"))
    now = {w["name"]: w for w in after["windows"]}
    for was in before["windows"]:
        name, w = was["name"], now.get(was["name"])
        if w is None:
            out.append(("window", f"{name} closed"))
            continue
        changed = False
        for state, on, off in SEEN_STATES:
            if (state in was["state"]) != (state in w["state"]):
                changed = True
                if not (showing and state == "HIDDEN"):  # showing the desktop hides every window
                    out.append(("window", f"{name} {on if state in w['state'] else off}"))
        maximized = lambda x: "MAXIMIZED_VERT" in x["state"] and "MAXIMIZED_HORZ" in x["state"]
        if maximized(was) != maximized(w):
            changed = True
            out.append(("window", f"{name} maximized {'on' if maximized(w) else 'off'}"))
        if was["desktop"] != w["desktop"]:
            changed = True
            out.append(("window", f"{name} to desktop {w['desktop']}"))
        place = lambda x: (x["x"], x["y"], x["w"], x["h"])
        if not changed and place(was) != place(w):
            out.append(("window", f"{name} to {w['x']},{w['y']} {w['w']}×{w['h']}"))
    return out


def by_gesture(run, who):
    """Each gesture's effects: what happened from its start to the next one's, then what the
    window manager said changed over it."""
    windows = run["windows"]
    per = {w["gesture"]: [] for w in windows}
    for stamp, token in tokens(run, who):
        for i, w in enumerate(windows):
            end = windows[i + 1]["start"] if i + 1 < len(windows) else float("inf")
            if w["start"] <= stamp < end:
                per[w["gesture"]].append(token)
                break
    before = run.get("initial")
    for w in windows:
        per[w["gesture"]] += window_changes(before, w.get("after"))
        before = w.get("after")
    return per


def said(tokens_):
    return ", ".join(f"{t[0]} {' '.join(str(x) for x in t[1:])}" for t in tokens_) or "nothing"


def named(tool, gesture, peer, ours):
    for name, applies in NAMED:
        if applies(tool, gesture, peer, ours):
            return name
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("results")
    ap.add_argument("plan")
    ap.add_argument("--table")
    args = ap.parse_args()
    results = json.load(open(args.results))
    plan = {c["name"]: c for c in json.load(open(args.plan))["cases"]}
    alike_total = differ_total = unnamed = 0
    rows, unjudged = [], []
    for case in results["cases"]:
        name, tool = case["name"], case["tool"]
        runs = case["runs"]
        if "gestured" not in runs:
            print(f"{plan[name]['path']}: not imported")
            continue
        if not runs["peer"]["alive"]:
            # The tool died under the gestures (touchegg's client with window actions and no
            # window manager: SIGSEGV): what it would have done after is unknown.
            status = runs["peer"].get("status")
            said_status = f"signal {-status}" if isinstance(status, int) and status < 0 else f"status {status}"
            print(f"{plan[name]['path']}: not compared: {tool} exited ({said_status}) during the gestures")
            unjudged.append(plan[name]["path"])
            rows.append((plan[name]["path"], tool, None, None, [f"{tool} exited ({said_status})"], 0))
            continue
        peer, ours = by_gesture(runs["peer"], "peer"), by_gesture(runs["gestured"], "gestured")
        acted = [g for g in peer if peer[g] or ours[g]]
        alike = [g for g in acted if peer[g] == ours[g]]
        differs = []
        for g in acted:
            if peer[g] == ours[g]:
                continue
            reason = named(tool, g, peer[g], ours[g])
            differs.append((g, reason))
            if reason is None:
                unnamed += 1
        alike_total += len(alike)
        differ_total += len(differs)
        detail = "; ".join(f"{g}: {tool} {said(peer[g])} / gestured {said(ours[g])}" + (f" (named: {r})" if r else "") for g, r in differs)
        print(f"{plan[name]['path']}: {len(alike)} of {len(acted)} gestures alike" + (f"; differs: {detail}" if differs else ""))
        rows.append((plan[name]["path"], tool, len(acted), len(alike), sorted({r for _, r in differs if r}), len([1 for _, r in differs if not r])))
    print(f"{alike_total} alike, {differ_total} differ" + (f" ({differ_total - unnamed} of them named)" if differ_total else "")
          + (f"; {len(unjudged)} files not compared" if unjudged else ""))
    if args.table:
        with open(args.table, "w") as f:
            f.write("| file | tool | gestures acted on | alike | named differences | other differences |\n| --- | --- | --- | --- | --- | --- |\n")
            for path, tool, acted, alike, names, other in rows:
                f.write(f"| {path} | {tool} | {'—' if acted is None else acted} | {'—' if alike is None else alike} | {'; '.join(names) or '—'} | {other} |\n")
    sys.exit(1 if unnamed else 0)


if __name__ == "__main__":
    main()
