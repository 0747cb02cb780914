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
   `gnome-extensions pack` packs it.

Each step's evidence goes into the report; e2e/desktop.sh judges.
"""
import os
import pwd
import subprocess
import time
import zipfile

from libevdev import EV_KEY, InputEvent

import touch

UUID = "gestured@gestured.org"


def session_environment(user):
    """What the session's programs get: the user manager's environment, which GNOME fills in
    as it starts (WAYLAND_DISPLAY, XDG_CURRENT_DESKTOP, …), as the user units see it."""
    entry = pwd.getpwnam(user)
    runtime = f"/run/user/{entry.pw_uid}"
    base = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": entry.pw_dir, "USER": user, "LANG": "C.UTF-8",
            "XDG_RUNTIME_DIR": runtime, "DBUS_SESSION_BUS_ADDRESS": f"unix:path={runtime}/bus"}
    shown = subprocess.run(["runuser", "-u", user, "--", "env", "-i"] + [f"{k}={v}" for k, v in base.items()]
                           + ["systemctl", "--user", "show-environment"], capture_output=True, text=True)
    for line in shown.stdout.splitlines():
        key, _, value = line.partition("=")
        if key in ("WAYLAND_DISPLAY", "DISPLAY", "XDG_SESSION_TYPE", "XDG_CURRENT_DESKTOP", "XAUTHORITY"):
            base[key] = value
    return base


def as_user(user, command):
    """`command` as `user` in the session's environment (runuser keeps no other)."""
    environment = session_environment(user)
    return ["runuser", "-u", user, "--", "env", "-i"] + [f"{k}={v}" for k, v in environment.items()] + list(command)


def output(user, *command, timeout=60):
    try:
        done = subprocess.run(as_user(user, command), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=timeout)
        return done.returncode, done.stdout
    except subprocess.TimeoutExpired:
        return None, f"timed out after {timeout} s"


def text(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def wait_for(check, timeout):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.2)
    return None


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


def screenshot(out, name):
    """The virtual screen as the user sees it, taken by the host (e2e/screendump.py) into
    OUT/NAME.png; whether it came."""
    open(f"{out}/{name}.screenshot", "w").close()
    return bool(wait_for(lambda: os.path.exists(f"{out}/{name}.png"), 60))


def screen_swipe(screen, dx):
    """Three fingers on the touchscreen (10 units a mm) sweep `dx` sideways in 30 frames 10 ms
    apart, and lift; then a second for the desktop to finish."""
    start = {0: (2200, 600), 1: (2350, 800), 2: (2200, 1000)}
    touch.frame(screen, touch.fingers_frame(start, first=True))
    time.sleep(0.1)
    for step in range(1, 31):
        touch.frame(screen, touch.fingers_frame({s: (x + dx * step / 30, y) for s, (x, y) in start.items()}))
        time.sleep(0.01)
    touch.frame(screen, touch.lift(start))
    time.sleep(1.0)


def press(keyboard, key):
    touch.frame(keyboard, [InputEvent(key, 1)])
    touch.frame(keyboard, [InputEvent(key, 0)])


CONFIG = """version: 1
gestures:
  - name: swipe-left-3
    swipe: { fingers: 3, direction: left }
  - name: swipe-right-3
    swipe: { fingers: 3, direction: right }
"""

# What the user's actions file says decides what is consumed (docs/ACTIONS.md, "Consumed
# gestures"): the first run consumes both swipes, the second neither.
ACTIONS = """version: 1
actions:
  - gesture: swipe-left-3
    when: {{ app: org.gestured.TextField }}
    keys: [z, y]
    consume: {consume}
  - gesture: swipe-right-3
    window: workspace next
    consume: {consume}
"""


def opened_by(pid, name):
    """Whether process `pid` holds the event node of the input device called `name`."""
    nodes = set()
    for entry in os.listdir("/sys/class/input"):
        try:
            with open(f"/sys/class/input/{entry}/device/name") as f:
                if f.read().strip() == name and entry.startswith("event"):
                    nodes.add(f"/dev/input/{entry}")
        except OSError:
            pass
    held = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            held.add(os.readlink(f"/proc/{pid}/fd/{fd}"))
        except OSError:
            pass
    return bool(nodes & held)


def scenarios(bin_dir, out, user, shell, spawned):
    report = {"environment": session_environment(user), "runtime": sorted(os.listdir(f"/run/user/{pwd.getpwnam(user).pw_uid}"))}
    with open("/tmp/gnome.yml", "w") as f:
        f.write(CONFIG)
    for mode in ("consume", "listen"):
        with open(f"/tmp/gnome-actions-{mode}.yml", "w") as f:
            f.write(ACTIONS.format(consume="true" if mode == "consume" else "false"))
    for path in ("/tmp/gnome.yml", "/tmp/gnome-actions-consume.yml", "/tmp/gnome-actions-listen.yml"):
        os.chmod(path, 0o644)
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
    report["check_off"] = output(user, f"{bin_dir}/gesturectl", "actions", "--check", "--file", "/tmp/gnome-actions-consume.yml",
                                 "--config", "/tmp/gnome.yml")
    report["enable"] = output(user, "gnome-extensions", "enable", UUID)
    report["info"] = wait_for(lambda: (lambda r: r if "ACTIVE" in r[1] else None)(output(user, "gnome-extensions", "info", UUID)), 60) \
        or output(user, "gnome-extensions", "info", UUID)
    # The user's layout: German, where z and y sit the other way round from US.
    report["layout"] = output(user, "gsettings", "set", "org.gnome.desktop.input-sources", "sources", "[('xkb', 'de')]")
    # 2. A Wayland-native window with a text field, in front.
    field = "/tmp/gnome-field.txt"
    open(field, "w").close()
    os.chmod(field, 0o666)
    spawned.append(subprocess.Popen(as_user(user, ["python3", "/host/e2e/guest/textfield.py", field]),
                                    stdout=open(f"{out}/gnome-textfield.log", "w"), stderr=subprocess.STDOUT))
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
    for mode in ("consume", "listen"):
        report[mode] = run(bin_dir, out, user, mode, field, spawned)
    # disable() undoes enable(): the name leaves the bus; enabled again, it is back.
    report["disable"] = output(user, "gnome-extensions", "disable", UUID)
    report["gone_when_disabled"] = bool(wait_for(lambda: "ServiceUnknown" in shell_call(user, "Workspace")[1], 30))
    output(user, "gnome-extensions", "enable", UUID)
    report["back_when_enabled"] = wait_for(lambda: workspace(user) is not None, 30) or False
    # As GNOME's extension site takes it: `gnome-extensions pack` packs the folder.
    os.makedirs("/tmp/gnome-pack", exist_ok=True)
    os.chmod("/tmp/gnome-pack", 0o777)
    report["pack"] = output(user, "gnome-extensions", "pack", f"/usr/share/gnome-shell/extensions/{UUID}", "--out-dir", "/tmp/gnome-pack", "--force")
    packed = f"/tmp/gnome-pack/{UUID}.shell-extension.zip"
    report["packed"] = sorted(zipfile.ZipFile(packed).namelist()) if os.path.exists(packed) else []
    return report


def run(bin_dir, out, user, mode, field, spawned):
    """gestured, the user's runner consuming (or not) three-finger swipes, a clickpad and a
    touchscreen: what the field got and GNOME's workspace before and after each swipe."""
    result = {}
    config = "/tmp/gnome.yml"
    socket_path = f"/tmp/gnome-{mode}.sock"
    os.environ["GESTURED_SOCKET"] = socket_path  # touch.wait_for_daemon asks it
    daemon_log = f"{out}/gnome-{mode}-daemon.log"
    daemon = subprocess.Popen([f"{bin_dir}/gestured", "--config", config, "--socket", socket_path], stderr=open(daemon_log, "w"))
    spawned.append(daemon)
    if not wait_for(lambda: "serving on" in text(daemon_log), 60):
        return {"error": "gestured never served", "daemon_log": text(daemon_log)[-2000:]}
    os.chmod(socket_path, 0o666)
    name = f"gestured e2e gnome clickpad {mode}"
    pad = touch.clickpad(name)
    touch.wait_for_daemon(name)
    screen_name = f"gestured e2e gnome touchscreen {mode}"
    screen = touch.touchscreen(screen_name)
    touch.wait_for_daemon(screen_name)
    runner_log = f"{out}/gnome-{mode}-runner.log"
    runner = subprocess.Popen(as_user(user, [f"{bin_dir}/gesturectl", "actions", "--file", f"/tmp/gnome-actions-{mode}.yml", "--socket", socket_path]),
                              stderr=open(runner_log, "w"))
    spawned.append(runner)
    result["runner_following"] = bool(wait_for(lambda: "following the focused window through GNOME Shell" in text(runner_log), 60))
    wait_for(lambda: "connected to gestured" in text(runner_log), 30)
    # The runner's subscription consumes (or not): the daemon grabs the clickpad for it.
    result["grabbed"] = bool(wait_for(lambda: f"{name}: grabbed;" in text(daemon_log), 30 if mode == "consume" else 5))
    result["screen_grabbed"] = bool(wait_for(lambda: f"{screen_name}: grabbed;" in text(daemon_log), 30 if mode == "consume" else 5))
    # GNOME's libinput has the clickpad (or gestured's twin of it) by now: give it a moment.
    time.sleep(3)
    typed_before = text(field)
    before = workspace(user)
    touch.clickpad_swipe(pad, -350)  # three fingers left
    result["typed"] = (wait_for(lambda: text(field) if len(text(field)) >= len(typed_before) + 2 else None, 20) or text(field))[len(typed_before):]
    if mode == "consume":
        result["screenshot"] = screenshot(out, "gnome-keys-typed")
    time.sleep(2)  # GNOME's own swipe, if it got the fingers, has switched by now
    after_left = workspace(user)
    result["workspace_left"] = [before, after_left]
    if mode == "consume":
        touch.clickpad_swipe(pad, 350)  # three fingers right: the runner's window action
        wait_for(lambda: workspace(user) != after_left, 20)
        result["workspace_right"] = [after_left, workspace(user)]
    # The same on the touchscreen: three fingers sweep left 150 mm, from workspace 0 (gone back
    # to through the extension).
    shell_call(user, "Act", "workspace 1")
    wait_for(lambda: workspace(user) == 0, 20)
    time.sleep(1)
    typed_before = text(field)
    before = workspace(user)
    screen_swipe(screen, -1500)
    result["screen_typed"] = (wait_for(lambda: text(field) if len(text(field)) >= len(typed_before) + 2 else None, 20) or text(field))[len(typed_before):]
    time.sleep(2)
    result["screen_workspace_left"] = [before, workspace(user)]
    runner.terminate()
    runner.wait()
    touch.destroy(screen)
    touch.destroy(pad)
    daemon.terminate()
    daemon.wait()
    result["runner_log"] = text(runner_log).splitlines()[:12]
    result["daemon_log"] = [line for line in text(daemon_log).splitlines() if name in line or screen_name in line or "keyboard" in line][:12]
    return result

