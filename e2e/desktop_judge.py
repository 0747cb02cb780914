#!/usr/bin/env python3
"""Judges a desktop guest's report (e2e/guest/desktop.py wrote it): one PASS or FAIL line per
check, each naming the desktop; exits 1 when one failed.

    e2e/desktop_judge.py OUT/desktop-gnome.json | OUT/desktop-plasma.json
"""
import json
import os
import struct
import sys
import zlib


def png(path):
    """Width, height and RGB rows of a PNG e2e/screendump.py wrote (8-bit RGB, filter 0)."""
    with open(path, "rb") as f:
        data = f.read()
    position, width, height, packed = 8, 0, 0, b""
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            packed += body
        position += 12 + length
    raw = zlib.decompress(packed)
    stride = width * 3 + 1
    return width, height, [raw[y * stride + 1:(y + 1) * stride] for y in range(height)]


def finger_drawn(folder, desktop, point, box=30):
    """How many pixels within `box` of `point` (fractions of the screen) are drawn in the
    overlay's colour (#3daee9, blended: clearly blue) in `desktop`'s screenshot with the finger
    down and were not before (0 when a screenshot is missing)."""
    try:
        width, height, before = png(os.path.join(folder, f"{desktop}-overlay-before.png"))
        _, _, during = png(os.path.join(folder, f"{desktop}-overlay-trail.png"))
    except (OSError, ValueError, zlib.error):
        return 0

    def blue(rows, x, y):
        return rows[y][3 * x + 2] > rows[y][3 * x] + 60

    cx, cy = round(point[0] * (width - 1)), round(point[1] * (height - 1))
    return sum(1 for y in range(max(0, cy - box), min(height, cy + box + 1)) for x in range(max(0, cx - box), min(width, cx + box + 1))
               if blue(during, x, y) and not blue(before, x, y))


def swipe_checks(desktop, place, through, read_from, consume, listen):
    """The three-finger swipes (e2e/guest/session.py's swipes), consumed and not, on `desktop`,
    its `place` (workspace, desktop) read from `read_from`."""
    return [
        ("keys: a consumed swipe's `keys: [z, y]` typed into the text field on the user's German layout", consume.get("typed") == "zy"),
        (f"consume: the consumed three-finger swipe left reaches gestured (its keys typed), not {desktop} ({place} 0 → 0)",
         consume.get("grabbed") is True and consume.get("workspace_left") == [0, 0] and consume.get("typed") == "zy"),
        (f"window: `workspace next` through {through} ({place} 0 → 1, read from {read_from})", consume.get("workspace_right") == [0, 1]),
        (f"not consumed (`consume: false`): the same swipe reaches {desktop}, which switches {place} itself (0 → 1)",
         listen.get("grabbed") is False and listen.get("workspace_left") == [0, 1]),
        (f"touchscreen, consumed: three fingers left type `zy`, and {desktop}'s own touchscreen swipe does not happen (0 → 0)",
         consume.get("screen_grabbed") is True and consume.get("screen_typed") == "zy" and consume.get("screen_workspace_left") == [0, 0]),
        (f"touchscreen, not consumed: the same three fingers reach {desktop}, which switches {place} itself",
         listen.get("screen_grabbed") is False and len(set(listen.get("screen_workspace_left") or [0])) == 2),
    ]


def overlay_checks(desktop, name, how, overlay, folder):
    """The overlay (e2e/guest/session.py's overlay) on `desktop` (its file prefix `name`), drawn `how`."""
    pixels = finger_drawn(folder, name, (overlay.get("trail") or [[0, 0], [0, 0]])[-1])
    return [
        (f"overlay: {how} draws where the finger rests, over a maximized window ({pixels} pixels around it blue in the "
         "virtual screen's picture, not before)",
         overlay.get("connected") is True and overlay.get("shown") is True and pixels >= 50),
        ("overlay: a right click at the screen's middle, the finger down and the overlay up, reaches the window under it",
         overlay.get("shown") is True and overlay.get("clicked_through") is True and overlay.get("overlay_up_at_click") is True),
    ]


def overlay_unit_check(r, desktop):
    """The overlay's user unit (e2e/guest/desktop.py enables it before the session starts)."""
    unit = r.get("overlay_unit", {})
    return (f"the overlay's user unit started with the session, found {desktop} and waits for gestured "
            f"(active, started again {unit.get('NRestarts', '?')} times before)",
            r.get("overlay_unit_waiting") is True and unit.get("ActiveState") == "active")


def view_unit_check(r):
    """The view's user unit (e2e/guest/desktop.py's view_unit)."""
    view = r.get("view_unit", {})
    return ("the view's user unit serves the page for the session: its address in the user's runtime folder (0600), "
            "a plain `gesturectl view` prints it, the page answers there, and README's `systemctl --user enable --now gestured-view` exits 0",
            view.get("state", {}).get("ActiveState") == "active" and view.get("owner_only") is True
            and (view.get("enable_as_printed") or [1])[0] == 0
            and view.get("same_address") is True and view.get("page") == [200, True])


def window_checks(desktop, window, place):
    """The window actions (e2e/guest/session.py's window_actions), as seen on `desktop`."""
    moved = window.get("moved_workspaces") or [None, None, {}]
    print(f"{desktop}: seconds from each window action's swipe to its effect: {window.get('seconds')}")
    return [
        (f"window: each action on a gesture of its own, the runner following the focus through {desktop}'s provider, the clickpad grabbed",
         window.get("runner_following") is True and window.get("grabbed") is True),
        ("window: `maximize`: the text field's window says it is maximized", window.get("maximized") is True),
        ("window: `fullscreen`: the window says it is fullscreen", window.get("fullscreen") is True),
        (f"window: `move-to-workspace next`: {place} {moved[0]} → {moved[1]} (read from {desktop}), the window still in front",
         window.get("moved") is True),
        ("window: `close`: the window is closed (its program exits)", window.get("closed") is True),
        (f"window: `workspace previous`: back to {place} {moved[0]}", window.get("back") is True),
        ("window: `minimize`: a new window, minimized (told it is suspended, or, where the desktop does not tell it, no longer "
         "active and the desktop says so: GNOME Shell's focused window is another, KWin's getWindowInfo says minimized)", window.get("minimized") is True),
    ]


def gnome(r):
    g = r.get("gnome", {})
    props = " ".join(r.get("session_properties", []))
    consume, listen, overlay = g.get("consume", {}), g.get("listen", {}), g.get("overlay", {})
    folder = os.path.dirname(sys.argv[1])
    enable = "gnome-extensions enable gestured@gestured.org"
    checks = [
        ("gdm logged the test user in: a Wayland session on seat0, its systemd --user running",
         r.get("shell_user") == "tester" and "Seat=seat0" in props and "Type=wayland" in props and "Class=user" in props and r.get("user_manager") is True),
        ("gnome-shell runs on the virtio-gpu's KMS device (/dev/dri/card0)", r.get("on_drm") is True),
        ("gnome-shell opened the uinput clickpad and touchscreen through logind", r.get("clickpad_opened") is True and r.get("touchscreen_opened") is True),
        ("with the extension off, `gesturectl actions --check` says to run `" + enable + "`",
         f"installed but not enabled: run `{enable}`" in (g.get("check_off") or [0, ""])[1]),
        ("`" + enable + "`, as the user: GNOME Shell runs it (State: ACTIVE)", "State: ACTIVE" in (g.get("info") or [0, ""])[1]),
        ("per-app: the runner follows the focus through the extension (a GTK 4 text field in front)",
         consume.get("runner_following") is True and "org.gestured.TextField" in str(g.get("focused"))),
    ] + swipe_checks("GNOME", "workspace", "the extension", "GNOME Shell", consume, listen) \
      + overlay_checks("GNOME", "gnome", "the extension's drawing area, painting the frames gestured-overlay hands it,", overlay, folder) + [
        (f"overlay: taken away once everything faded, after {overlay.get('frames_handed', 0)} frames handed to the extension",
         overlay.get("hidden") is True and overlay.get("frames_handed", 0) > 0),
    ] + window_checks("GNOME Shell", g.get("window", {}), "workspace") + [
        ("disable() undoes enable(): org.gestured.Shell leaves the bus, and is back when enabled",
         g.get("gone_when_disabled") is True and g.get("back_when_enabled") is True),
        ("`gnome-extensions pack` packs the extension with the overlay's modules",
         g.get("packed") == ["extension.js", "metadata.json", "overlay.js", "painter.js"]),
        ("the runner's user unit, enabled, started with the session and found GNOME Shell (not \"no desktop found\")",
         r.get("unit", {}).get("ActiveState") == "active" and "GNOME Shell (gestured's extension over the session bus)" in (r.get("unit_desktop") or "")),
        overlay_unit_check(r, "the extension once enabled"),
        view_unit_check(r),
    ]
    print(f"GNOME: {r.get('version', '?')}; guest uptime at gdm started {r.get('manager_started')} s, the user's gnome-shell "
          f"{r.get('shell_at')} s, on the KMS device by {r.get('drm_at')} s, answering on the bus "
          f"{g.get('shell_answers_after')} s after the scenarios began")
    return "GNOME", checks


def plasma(r):
    p = r.get("plasma", {})
    props = " ".join(r.get("session_properties", []))
    consume, listen, overlay = p.get("consume", {}), p.get("listen", {}), p.get("overlay", {})
    checks = [
        ("sddm logged the test user in: a Wayland session on seat0, its systemd --user running",
         r.get("shell_user") == "tester" and "Seat=seat0" in props and "Type=wayland" in props and "Class=user" in props and r.get("user_manager") is True),
        ("kwin_wayland runs on the virtio-gpu's KMS device (/dev/dri/card0)", r.get("on_drm") is True),
        ("kwin_wayland opened the uinput clickpad and touchscreen through logind", r.get("clickpad_opened") is True and r.get("touchscreen_opened") is True),
        ("per-app: the runner follows the focus through its KWin script (a GTK 4 text field in front)",
         consume.get("runner_following") is True and p.get("field_active") is True),
    ] + swipe_checks("KWin", "desktop", "kglobalaccel", "KWin's VirtualDesktopManager", consume, listen) \
      + overlay_checks("KWin", "plasma", "gestured-overlay's layer-shell surface on KWin", overlay, os.path.dirname(sys.argv[1])) \
      + window_checks("KWin", p.get("window", {}), "desktop") + [
        ("the runner's user unit, enabled, started with the session and found KWin (not \"no desktop found\")",
         r.get("unit", {}).get("ActiveState") == "active" and "following the focused window through KWin" in (r.get("unit_desktop") or "")),
        overlay_unit_check(r, "KWin's layer-shell"),
        view_unit_check(r),
    ]
    print(f"Plasma: {r.get('version', '?')}, {p.get('version', '?')}; guest uptime at sddm started {r.get('manager_started')} s, "
          f"the user's kwin_wayland {r.get('shell_at')} s, on the KMS device by {r.get('drm_at')} s, its desktops answering on the bus "
          f"{p.get('kwin_answers_after')} s after the scenarios began")
    return "Plasma", checks


def main():
    report = json.load(open(sys.argv[1]))
    name, checks = {"gnome": gnome, "plasma": plasma}[report.get("desktop", "gnome")](report)
    failed = 0
    for text, passed in checks:
        print(("PASS  " if passed else "FAIL  ") + f"{name}: " + text)
        failed += not passed
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
