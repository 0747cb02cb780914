"""Issue 64's Plasma scenarios, in the user session sddm started (e2e/guest/desktop.py), KWin 6.3
on the virtio-gpu's KMS device reading the uinput devices through logind:

1. per-app: a GTK 4 text field (org.gestured.TextField, e2e/guest/textfield.py) is in front,
   and the runner follows it through its KWin script (Plasma 6's `workspace.activeWindow`);
2. keys: a consumed three-finger swipe left on a clickpad, `when: { app: org.gestured.TextField }`,
   types `z` and `y` with gestured's virtual keyboard in the user's layout (German, set in
   kxkbrc before the session started): the field gets "zy", and KWin's own three-finger desktop
   switch does not happen — the desktop is read from KWin's VirtualDesktopManager over D-Bus,
   not from gestured's log;
3. a window action: a consumed three-finger swipe right runs `window: workspace next` through
   kglobalaccel: KWin is on the next desktop;
4. the same three fingers on a touchscreen: consumed, keys, and no desktop switch (KWin's
   touchscreen swipe);
5. not consumed: the clickpad's and the touchscreen's swipes reach KWin, which switches itself;
6. the overlay (gestured-overlay, a wlr-layer-shell surface on KWin) draws where a finger is
   over a maximized window: screenshots before and once the finger swept across and rests (the
   host compares them where the finger is), and a right click through the overlay, the finger
   still down, reaches the window under it;
7. every `window:` action on a gesture of its own (session.window_actions): maximize,
   fullscreen, move-to-workspace next, close, workspace previous, minimize, each seen by the
   window itself (GTK's own state) or read from KWin.

Each step's evidence goes into the report; e2e/desktop.sh judges.
"""
import json
import os
import subprocess
import time

from libevdev import EV_ABS, EV_KEY, InputEvent

import touch
from session import SWIPES_CONFIG, as_user, launch_field, output, screenshot, session_environment, start_daemon, stop, swipes, text, wait_for, window_actions, write_files

# The overlay's settings: the default colour, #3daee9.
OVERLAY_ACTIONS = """version: 1
actions:
  - gesture: swipe-left-3
    keys: [z, y]
"""

FOLLOWING = "following the focused window through KWin"


def busctl(user, *arguments):
    """busctl on the user's session bus, its JSON reply (None when the call failed)."""
    status, reply = output(user, "busctl", "--user", "--json=short", *arguments)
    try:
        return json.loads(reply) if status == 0 else None
    except ValueError:
        return None


def desktop(user):
    """KWin's current virtual desktop (from 0), as KWin's VirtualDesktopManager says it."""
    current = busctl(user, "get-property", "org.kde.KWin", "/VirtualDesktopManager", "org.kde.KWin.VirtualDesktopManager", "current")
    desktops = busctl(user, "get-property", "org.kde.KWin", "/VirtualDesktopManager", "org.kde.KWin.VirtualDesktopManager", "desktops")
    if not current or not desktops:
        return None
    ids = [entry[1] for entry in desktops["data"]]
    return ids.index(current["data"]) if current["data"] in ids else None


def switch_to(user, number):
    """KWin's own "Switch to Desktop N" shortcut, invoked through kglobalaccel; waits for it."""
    output(user, "busctl", "--user", "call", "org.kde.kglobalaccel", "/component/kwin", "org.kde.kglobalaccel.Component",
           "invokeShortcut", "s", f"Switch to Desktop {number}")
    return wait_for(lambda: desktop(user) == number - 1, 20)


def scenarios(bin_dir, out, user, kwin, spawned):
    report = {"environment": session_environment(user)}
    write_files({"/tmp/overlay.yml": SWIPES_CONFIG, "/tmp/overlay-actions.yml": OVERLAY_ACTIONS})
    # KWin is up once its desktops answer on the session bus.
    started = time.monotonic()
    report["kwin_answers"] = wait_for(lambda: desktop(user) is not None, 240) is not None
    report["kwin_answers_after"] = round(time.monotonic() - started, 1)
    report["desktops"] = busctl(user, "get-property", "org.kde.KWin", "/VirtualDesktopManager", "org.kde.KWin.VirtualDesktopManager", "desktops")
    report["version"] = next((line for line in output(user, "kwin_wayland", "--version")[1].splitlines() if line.startswith("kwin")), "?")
    # Plasma's shell, its panel and the rest come after KWin: a moment, so that the text field
    # is not pushed back by them.
    wait_for(lambda: output(user, "pgrep", "-u", user, "-x", "plasmashell")[0] == 0, 120)
    time.sleep(10)
    field = "/tmp/plasma-field.txt"
    launch_field(user, field, out, spawned)
    report["field_active"] = bool(wait_for(lambda: "active=1" in text(field + ".state"), 60))
    report["desktop_start"] = desktop(user)
    if not report["field_active"]:
        report["field_state"] = text(field + ".state")
        return report
    for mode in ("consume", "listen"):
        switch_to(user, 1)
        report[mode] = swipes(bin_dir, out, user, "plasma", mode, field, spawned, lambda: desktop(user), lambda: switch_to(user, 1), FOLLOWING)
    switch_to(user, 1)
    report["overlay"] = overlay(bin_dir, out, user, spawned)
    switch_to(user, 1)
    report["window"] = window_actions(bin_dir, out, user, "plasma", field, spawned, lambda: desktop(user), FOLLOWING)
    return report


def settled(log, quiet):
    """Whether gestured-overlay (run with WAYLAND_DEBUG=client) has had its last frame shown —
    a frame callback's `done` came after its last commit — and its log has been quiet for
    `quiet` seconds."""
    lines = text(log).splitlines()
    commits = [i for i, line in enumerate(lines) if "wl_surface" in line and ".commit()" in line]
    dones = [i for i, line in enumerate(lines) if "wl_callback" in line and ".done(" in line]
    return bool(commits and dones and dones[-1] > commits[-1] and time.time() - os.path.getmtime(log) > quiet)


# Where the overlay scenario's finger goes, in the touchscreen's units (2936 x 1652, e2e/guest/touch.py).
TRAIL = ((700, 900), (2200, 900))


def overlay(bin_dir, out, user, spawned):
    """gestured-overlay in the session over a maximized text field: screenshots before and with
    a finger drawn across the touchscreen, and whether a right click at the screen's middle,
    from an absolute pointer, lands in the window under the overlay while the trail is shown."""
    result = {"trail": [[x / 2936, y / 1652] for x, y in TRAIL]}
    field = "/tmp/plasma-overlay-field.txt"
    launch_field(user, field, out, spawned, maximized=True)
    result["field"] = bool(wait_for(lambda: "active=1 maximized=1" in text(field + ".state"), 60))
    started = start_daemon(bin_dir, out, "plasma-overlay", "/tmp/overlay.yml", spawned)
    if not started:
        return {"error": "gestured never served"}
    daemon, socket_path, _ = started
    name = "gestured e2e plasma overlay touchscreen"
    screen = touch.touchscreen(name)
    touch.wait_for_daemon(name)
    pointer = touch.absolute_pointer("gestured e2e plasma pointer")
    overlay_log = f"{out}/plasma-overlay.log"
    # WAYLAND_DEBUG: the overlay's Wayland messages in its log (frame callbacks, buffer releases).
    shown = subprocess.Popen(as_user(user, ["env", "WAYLAND_DEBUG=client", f"{bin_dir}/gestured-overlay", "--socket", socket_path, "--config", "/tmp/overlay.yml",
                                            "--file", "/tmp/overlay-actions.yml", "--verbose"]), stderr=open(overlay_log, "w"))
    spawned.append(shown)
    result["connected"] = bool(wait_for(lambda: "connected" in text(overlay_log), 60))
    time.sleep(3)  # KWin's libinput has the pointer and the touchscreen by now
    result["before"] = screenshot(out, "plasma-overlay-before")
    # The finger sweeps across and rests there: the overlay draws a ring where it is, and stops
    # drawing once the tail behind it has faded (half a second; KWin under emulation shows
    # about a frame a second). The screenshot waits for that: the overlay's last commit shown
    # (a frame callback after it) and nothing drawn for 3 s.
    (x0, y), (x1, _) = TRAIL
    touch.frame(screen, touch.fingers_frame({0: (x0, y)}, first=True))
    for step in range(1, 21):
        touch.frame(screen, touch.fingers_frame({0: (x0 + (x1 - x0) * step / 20, y)}))
        time.sleep(0.02)
    started = time.monotonic()
    result["settled"] = bool(wait_for(lambda: settled(overlay_log, 3), 90))
    result["settled_after"] = round(time.monotonic() - started, 1)
    started = time.monotonic()
    result["with_trail"] = screenshot(out, "plasma-overlay-trail")
    result["screenshot_seconds"] = round(time.monotonic() - started, 1)
    result["shown"] = "shown" in text(overlay_log)
    result["with_trail"] = screenshot(out, "plasma-overlay-trail")
    # The finger still resting (the overlay up), the pointer right-clicks the screen's middle.
    touch.frame(pointer, [InputEvent(EV_ABS.ABS_X, 16384), InputEvent(EV_ABS.ABS_Y, 16384)])
    time.sleep(0.3)
    touch.frame(pointer, [InputEvent(EV_KEY.BTN_RIGHT, 1)])
    touch.frame(pointer, [InputEvent(EV_KEY.BTN_RIGHT, 0)])
    result["clicked_through"] = bool(wait_for(lambda: "button=3" in text(field + ".clicks"), 15))
    result["overlay_up_at_click"] = "taken away" not in text(overlay_log)
    touch.frame(screen, touch.lift({0: None}))
    stop(shown, daemon)
    touch.destroy(pointer)
    touch.destroy(screen)
    result["overlay_log"] = text(overlay_log).splitlines()[:20]
    # The maximized field is closed again: the window scenarios want the first one in front.
    output(user, "pkill", "-f", f"textfield.py {field}")
    return result
