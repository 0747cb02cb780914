"""Issue 64's GNOME scenarios, in the user session gdm started (e2e/guest/desktop.py):

1. the extension: `gesturectl actions --check` refuses `when:` while it is off and says the one
   command to run; the user enables it with that command; GNOME Shell says it is ACTIVE;
2. per-app: Escape leaves the overview GNOME starts in, a GTK 4 text field
   (org.gestured.TextField, e2e/guest/textfield.py) has the focus, and the runner follows it
   through the extension;
3. keys: a consumed three-finger swipe left on a clickpad, `when: { app: org.gestured.TextField }`,
   types `z` and `y` with gestured's virtual keyboard in the user's layout (German: z and y
   swapped against US): the field gets "zy" (a screenshot of the virtual screen shows it), and
   GNOME's own workspace swipe does not happen — the workspace index is read from GNOME Shell
   (mutter's workspace manager, through the extension), not from gestured's log;
4. a window action: a consumed three-finger swipe right runs `window: workspace next` through
   the extension: GNOME is on the next workspace;
5. the same three fingers on a touchscreen: consumed, keys and no workspace switch;
6. not consumed (`consume: false` on the actions): the clickpad's and the touchscreen's swipes
   reach GNOME, which switches workspace itself;
7. `gnome-extensions disable` takes the extension off the bus, enable brings it back, and
   `gnome-extensions pack` packs it;
8. the overlay (gestured-overlay hands its frames to the extension, whose St.DrawingArea
   paints them above the windows) draws where a finger is over a maximized window: screenshots
   before and once the finger swept across and rests (the host compares them where the finger
   is), a right click through it, the finger still down, reaches the window under it, and the
   area is taken away once everything faded (session.overlay, as on Plasma);
9. every `window:` action on a gesture of its own (session.window_actions): maximize,
   fullscreen, move-to-workspace next, close, workspace previous, minimize, each seen by the
   window itself (GTK's own state) or read from GNOME Shell.

Each step's evidence goes into the report; e2e/desktop.sh judges.
"""
import os
import pwd
import time
import zipfile

from libevdev import EV_KEY

import touch
from session import SWIPES_ACTIONS, SWIPES_CONFIG, launch_field, opened_by, output, overlay, press, session_environment, swipes, text, wait_for, window_actions, write_files

UUID = "gestured@gestured.org"
FOLLOWING = "following the focused window through GNOME Shell"


def shell_call(user, method, *arguments):
    """A call to the extension's org.gestured.Shell1, with gdbus: its reply as printed."""
    return output(user, "gdbus", "call", "--session", "--dest", "org.gestured.Shell", "--object-path", "/org/gestured/Shell",
                  "--method", f"org.gestured.Shell1.{method}", *arguments)


def workspace(user):
    """GNOME's active workspace index (from 0), as GNOME Shell says it; None when it does not."""
    status, reply = shell_call(user, "Workspace")
    if status != 0:
        return None
    return int(reply.strip("()\n ").split(",")[0])


def escape_keyboard():
    """A USB keyboard with Escape, for GNOME's libinput (logind hands it to gnome-shell)."""
    return touch.keyboard("gestured e2e gnome keyboard", {"bustype": 0x03, "vendor": 0x1234, "product": 0x0004, "version": 1})


def scenarios(bin_dir, out, user, shell, spawned):
    report = {"environment": session_environment(user), "runtime": sorted(os.listdir(f"/run/user/{pwd.getpwnam(user).pw_uid}"))}
    write_files({"/tmp/swipes.yml": SWIPES_CONFIG, "/tmp/swipes-consume.yml": SWIPES_ACTIONS.format(consume="true")})
    # GNOME Shell is up once it answers on the session bus (its Wayland socket comes earlier).
    started = time.monotonic()
    report["shell_answers"] = bool(wait_for(lambda: output(user, "gdbus", "call", "--session", "--dest", "org.gnome.Shell", "--object-path",
                                                           "/org/gnome/Shell", "--method", "org.gnome.Shell.Extensions.ListExtensions")[0] == 0, 240))
    report["shell_answers_after"] = round(time.monotonic() - started, 1)
    # GNOME starts in the overview; the user leaves it with Escape, on a keyboard of the seat.
    keyboard = escape_keyboard()
    report["keyboard_opened"] = bool(wait_for(lambda: opened_by(shell, "gestured e2e gnome keyboard"), 60))
    time.sleep(1)
    press(keyboard, EV_KEY.KEY_ESC)
    # 1. The extension, off: what the runner says; then the one command, as the user.
    # (GNOME Shell under emulation may be too busy to answer in 5 s, which the check says: asked again.)
    def check_off():
        said = output(user, f"{bin_dir}/gesturectl", "actions", "--check", "--file", "/tmp/swipes-consume.yml", "--config", "/tmp/swipes.yml")
        return said if "did not answer" not in said[1] else None
    report["check_off"] = wait_for(check_off, 90)
    report["enable"] = output(user, "gnome-extensions", "enable", UUID)
    report["info"] = wait_for(lambda: (lambda r: r if "ACTIVE" in r[1] else None)(output(user, "gnome-extensions", "info", UUID)), 60) \
        or output(user, "gnome-extensions", "info", UUID)
    # The user's layout: German, where z and y sit the other way round from US.
    report["layout"] = output(user, "gsettings", "set", "org.gnome.desktop.input-sources", "sources", "[('xkb', 'de')]")
    # 2. A Wayland-native window with a text field, in front.
    field = "/tmp/gnome-field.txt"
    launch_field(user, field, out, spawned)
    def focused():
        status, reply = shell_call(user, "Focused")
        return reply.strip() if status == 0 and "org.gestured.TextField" in reply else None
    report["focused"] = wait_for(focused, 45)
    if not report["focused"]:
        press(keyboard, EV_KEY.KEY_ESC)  # the overview again?
        report["focused"] = wait_for(focused, 30) or shell_call(user, "Focused")
    report["workspace_start"] = workspace(user)
    report["field_state"] = text(field + ".state").split()
    if "org.gestured.TextField" not in str(report["focused"]):
        return report  # nothing further can be shown; the report says where it stopped
    def home():
        shell_call(user, "Act", "workspace 1")
        wait_for(lambda: workspace(user) == 0, 20)

    for mode in ("consume", "listen"):
        report[mode] = swipes(bin_dir, out, user, "gnome", mode, field, spawned, lambda: workspace(user), home, FOLLOWING)
    # 8. The overlay, drawn by the extension.
    home()
    report["overlay"] = overlay(bin_dir, out, user, "gnome", spawned)
    # 9. Every window action, each on a gesture of its own, from the first workspace, with four
    # fixed workspaces (as many set GNOME): with GNOME's dynamic ones, the workspace a window
    # leaves empty is removed, and the one it went to becomes the first.
    output(user, "gsettings", "set", "org.gnome.mutter", "dynamic-workspaces", "false")
    output(user, "gsettings", "set", "org.gnome.desktop.wm.preferences", "num-workspaces", "4")
    home()
    report["window"] = window_actions(bin_dir, out, user, "gnome", field, spawned, lambda: workspace(user), FOLLOWING,
                                      focused=lambda: shell_call(user, "Focused")[1])
    # disable() undoes enable(): the name leaves the bus; enabled again, it is back.
    report["disable"] = output(user, "gnome-extensions", "disable", UUID)
    report["gone_when_disabled"] = bool(wait_for(lambda: "ServiceUnknown" in shell_call(user, "Workspace")[1], 30))
    output(user, "gnome-extensions", "enable", UUID)
    report["back_when_enabled"] = wait_for(lambda: workspace(user) is not None, 30) or False
    # As GNOME's extension site takes it: `gnome-extensions pack` packs the folder (the overlay's
    # two modules named, as pack takes only extension.js, metadata.json, prefs.js and stylesheet.css by itself).
    os.makedirs("/tmp/gnome-pack", exist_ok=True)
    os.chmod("/tmp/gnome-pack", 0o777)
    report["pack"] = output(user, "gnome-extensions", "pack", f"/usr/share/gnome-shell/extensions/{UUID}", "--extra-source=overlay.js",
                            "--extra-source=painter.js", "--out-dir", "/tmp/gnome-pack", "--force")
    packed = f"/tmp/gnome-pack/{UUID}.shell-extension.zip"
    report["packed"] = sorted(zipfile.ZipFile(packed).namelist()) if os.path.exists(packed) else []
    return report
