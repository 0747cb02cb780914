"""What the desktop scenarios (e2e/guest/gnome.py, e2e/guest/plasma.py) share: running a program
as the session's user in the session's environment, waiting with a bound, the touchscreen's
three-finger swipe, the host's screenshots, and whether a compositor holds a device open.
"""
import os
import pwd
import subprocess
import time

from libevdev import EV_ABS, EV_KEY, InputEvent

import touch


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


SWIPES_CONFIG = """version: 1
gestures:
  - name: swipe-left-3
    swipe: { fingers: 3, direction: left }
  - name: swipe-right-3
    swipe: { fingers: 3, direction: right }
"""

# What the user's actions file says decides what is consumed (docs/ACTIONS.md, "Consumed
# gestures"): the first run consumes both swipes, the second neither.
SWIPES_ACTIONS = """version: 1
actions:
  - gesture: swipe-left-3
    when: {{ app: org.gestured.TextField }}
    keys: [z, y]
    consume: {consume}
  - gesture: swipe-right-3
    window: workspace next
    consume: {consume}
"""


def write_files(files):
    """Each path's text, readable by the user's programs."""
    for path, body in files.items():
        with open(path, "w") as f:
            f.write(body)
        os.chmod(path, 0o644)


def start_daemon(bin_dir, out, name, config, spawned):
    """gestured with `config`, its socket /tmp/NAME.sock open to the user, its log
    OUT/NAME-daemon.log: (process, socket, log), or None when it never served."""
    socket_path = f"/tmp/{name}.sock"
    os.environ["GESTURED_SOCKET"] = socket_path  # touch.wait_for_daemon asks it
    daemon_log = f"{out}/{name}-daemon.log"
    daemon = subprocess.Popen([f"{bin_dir}/gestured", "--config", config, "--socket", socket_path], stderr=open(daemon_log, "w"))
    spawned.append(daemon)
    if not wait_for(lambda: "serving on" in text(daemon_log), 60):
        return None
    os.chmod(socket_path, 0o666)
    return daemon, socket_path, daemon_log


def start_runner(bin_dir, out, user, name, actions, socket_path, spawned):
    """`gesturectl actions` as the user, in the session: (process, its log OUT/NAME-runner.log)."""
    runner_log = f"{out}/{name}-runner.log"
    runner = subprocess.Popen(as_user(user, [f"{bin_dir}/gesturectl", "actions", "--file", actions, "--socket", socket_path]),
                              stderr=open(runner_log, "w"))
    spawned.append(runner)
    return runner, runner_log


def stop(*children):
    """Stops each program, in order."""
    for child in children:
        if child.poll() is None:
            child.terminate()
            child.wait()


def swipes(bin_dir, out, user, desktop, mode, field, spawned, workspace, home, following):
    """gestured and the user's runner consuming (or not, `mode` consume|listen) three-finger
    swipes, on a clickpad and a touchscreen: what the text field got and the workspace, read
    from the desktop (`workspace()`), before and after each swipe. `home()` goes to the first
    workspace; `following` is the runner's line for the desktop it found."""
    result = {}
    write_files({"/tmp/swipes.yml": SWIPES_CONFIG, f"/tmp/swipes-{mode}.yml": SWIPES_ACTIONS.format(consume="true" if mode == "consume" else "false")})
    started = start_daemon(bin_dir, out, f"{desktop}-{mode}", "/tmp/swipes.yml", spawned)
    if not started:
        return {"error": "gestured never served"}
    daemon, socket_path, daemon_log = started
    name = f"gestured e2e {desktop} clickpad {mode}"
    pad = touch.clickpad(name)
    touch.wait_for_daemon(name)
    screen_name = f"gestured e2e {desktop} touchscreen {mode}"
    screen = touch.touchscreen(screen_name)
    touch.wait_for_daemon(screen_name)
    runner, runner_log = start_runner(bin_dir, out, user, f"{desktop}-{mode}", f"/tmp/swipes-{mode}.yml", socket_path, spawned)
    result["runner_following"] = bool(wait_for(lambda: following in text(runner_log), 60))
    wait_for(lambda: "connected to gestured" in text(runner_log), 30)
    # The runner's subscription consumes (or not): the daemon grabs the devices for it.
    result["grabbed"] = bool(wait_for(lambda: f"{name}: grabbed;" in text(daemon_log), 30 if mode == "consume" else 5))
    result["screen_grabbed"] = bool(wait_for(lambda: f"{screen_name}: grabbed;" in text(daemon_log), 30 if mode == "consume" else 5))
    time.sleep(3)  # the compositor's libinput has the clickpad (or gestured's twin of it) by now

    def typed(before):
        return (wait_for(lambda: text(field) if len(text(field)) >= len(before) + 2 else None, 20) or text(field))[len(before):]

    typed_before = text(field)
    before = workspace()
    touch.clickpad_swipe(pad, -350)  # three fingers left
    result["typed"] = typed(typed_before)
    if mode == "consume":
        time.sleep(2)  # the compositor has drawn the field's new text by now, under emulation too
        result["screenshot"] = screenshot(out, f"{desktop}-keys-typed")
    time.sleep(2)  # the desktop's own swipe, had it got the fingers, has switched by now
    after_left = workspace()
    result["workspace_left"] = [before, after_left]
    if mode == "consume":
        touch.clickpad_swipe(pad, 350)  # three fingers right: the runner's window action
        wait_for(lambda: workspace() != after_left, 20)
        result["workspace_right"] = [after_left, workspace()]
    # The same on the touchscreen: three fingers sweep left 150 mm, from the first workspace.
    home()
    time.sleep(1)
    typed_before = text(field)
    before = workspace()
    screen_swipe(screen, -1500)
    result["screen_typed"] = typed(typed_before)
    time.sleep(2)
    result["screen_workspace_left"] = [before, workspace()]
    stop(runner, daemon)
    touch.destroy(screen)
    touch.destroy(pad)
    result["runner_log"] = text(runner_log).splitlines()[:12]
    result["daemon_log"] = [line for line in text(daemon_log).splitlines() if name in line or screen_name in line or "keyboard" in line][:12]
    return result


def field_state(field):
    """The text field's window state, as its last line in FIELD.state says it: {"active": 1, …}."""
    lines = text(field + ".state").splitlines()
    return dict((key, int(value)) for key, _, value in (word.partition("=") for word in lines[-1].split())) if lines else {}


def launch_field(user, field, out, spawned, maximized=False):
    """The GTK 4 text field (e2e/guest/textfield.py), as the user, writing into `field`;
    `maximized`: a window of its own, maximized."""
    for path in (field, field + ".state", field + ".clicks"):
        open(path, "w").close()
        os.chmod(path, 0o666)
    child = subprocess.Popen(as_user(user, ["python3", "/host/e2e/guest/textfield.py", field] + (["--maximized"] if maximized else [])),
                             stdout=open(f"{out}/textfield.log", "a"), stderr=subprocess.STDOUT)
    spawned.append(child)
    return child


WINDOW_CONFIG = """version: 1
gestures:
  - name: swipe-up-3
    swipe: { fingers: 3, direction: up }
  - name: swipe-down-3
    swipe: { fingers: 3, direction: down }
  - name: swipe-up-4
    swipe: { fingers: 4, direction: up }
  - name: swipe-down-4
    swipe: { fingers: 4, direction: down }
  - name: swipe-left-4
    swipe: { fingers: 4, direction: left }
  - name: swipe-right-4
    swipe: { fingers: 4, direction: right }
"""

# Each window action on a gesture of its own, all consumed — an action with `when:` consumes
# only when it says so — so that the desktop's own three- and four-finger swipes (KWin's
# overview on four fingers up, which under emulation holds KWin for a minute) stay out of it;
# all but `workspace previous` only while the text field is in front.
WINDOW_ACTIONS = """version: 1
actions:
  - gesture: swipe-up-3
    when: { app: org.gestured.TextField }
    window: maximize
    consume: true
  - gesture: swipe-down-3
    when: { app: org.gestured.TextField }
    window: fullscreen
    consume: true
  - gesture: swipe-up-4
    when: { app: org.gestured.TextField }
    window: move-to-workspace next
    consume: true
  - gesture: swipe-left-4
    window: workspace previous
  - gesture: swipe-right-4
    when: { app: org.gestured.TextField }
    window: close
    consume: true
  - gesture: swipe-down-4
    when: { app: org.gestured.TextField }
    window: minimize
    consume: true
"""


def window_actions(bin_dir, out, user, desktop, field, spawned, workspace, following, focused=None, minimized_here=None):
    """gestured and the user's runner with WINDOW_ACTIONS, on a clickpad, the text field in
    front: each action's effect as the window itself sees it (its state line) and as the
    desktop tells the workspace (`workspace()`, read from the compositor). `following` is the
    runner's log line for the desktop it found. A minimized window is not always told it is
    suspended (GNOME never tells it, KWin not always): `focused()`, where the desktop says
    which window has the focus, or `minimized_here()`, where it says whether the field's
    window is minimized, is asked after `minimize`."""
    result = {}
    write_files({"/tmp/window.yml": WINDOW_CONFIG, "/tmp/window-actions.yml": WINDOW_ACTIONS})
    started = start_daemon(bin_dir, out, f"{desktop}-window", "/tmp/window.yml", spawned)
    if not started:
        return {"error": "gestured never served"}
    daemon, socket_path, daemon_log = started
    name = f"gestured e2e {desktop} window clickpad"
    pad = touch.clickpad(name)
    touch.wait_for_daemon(name)
    runner, runner_log = start_runner(bin_dir, out, user, f"{desktop}-window", "/tmp/window-actions.yml", socket_path, spawned)
    result["runner_following"] = bool(wait_for(lambda: following in text(runner_log), 60))
    result["grabbed"] = bool(wait_for(lambda: f"{name}: grabbed;" in text(daemon_log), 30))
    time.sleep(3)

    # Seconds from each swipe to its effect: under emulation a compositor takes from one to
    # tens of seconds for each.
    result["seconds"] = {}

    def after(name, swipe, check, timeout=90):
        """The swipe, then whether `check` came true, and in how many seconds (in the report)."""
        started = time.monotonic()
        swipe()
        passed = bool(wait_for(check, timeout))
        result["seconds"][name] = round(time.monotonic() - started, 1)
        return passed

    result["start"] = [workspace(), field_state(field)]
    result["maximized"] = after("maximize", lambda: touch.clickpad_swipe(pad, 0, -220), lambda: field_state(field).get("maximized") == 1)
    before = workspace()
    result["moved"] = after("move-to-workspace", lambda: touch.clickpad_swipe(pad, 0, -220, fingers=4),
                            lambda: before is not None and workspace() == before + 1 and field_state(field).get("active") == 1)
    result["moved_workspaces"] = [before, workspace(), field_state(field)]
    result["fullscreen"] = after("fullscreen", lambda: touch.clickpad_swipe(pad, 0, 220), lambda: field_state(field).get("fullscreen") == 1)
    # The window went along: it is still in front (fullscreen now), so `close` closes it.
    child = next((c for c in reversed(spawned) if c.args[-2:] == ["/host/e2e/guest/textfield.py", field]), None)
    result["closed"] = after("close", lambda: touch.clickpad_swipe(pad, 300, 0, fingers=4), lambda: child is not None and child.poll() is not None)
    result["back"] = after("workspace previous", lambda: touch.clickpad_swipe(pad, -300, 0, fingers=4), lambda: workspace() == before)
    # A new text field, in front, minimized.
    launch_field(user, field, out, spawned)
    result["second_field_active"] = bool(wait_for(lambda: field_state(field).get("active") == 1, 45))
    result["second_field_states"] = text(field + ".state").splitlines()[:6]
    time.sleep(2)
    def minimized():
        state = field_state(field)
        if state.get("suspended") == 1:
            return True
        if minimized_here is not None:
            return state.get("active") == 0 and minimized_here() is True
        return focused is not None and state.get("active") == 0 and "org.gestured.TextField" not in str(focused())

    result["minimized"] = after("minimize", lambda: touch.clickpad_swipe(pad, 0, 220, fingers=4), minimized)
    result["minimized_state"] = [field_state(field), focused() if focused else minimized_here() if minimized_here else None]
    if not result["minimized"]:
        # For a look: every state the window was told since it started, and the screen.
        result["minimize_states"] = text(field + ".state").splitlines()[-10:]
        screenshot(out, f"{desktop}-not-minimized")
    stop(runner, daemon)
    touch.destroy(pad)
    result["runner_log"] = text(runner_log).splitlines()[:20]
    return result


# The overlay's settings: the default colour, #3daee9.
OVERLAY_ACTIONS = """version: 1
actions:
  - gesture: swipe-left-3
    keys: [z, y]
"""

# Where the overlay scenario's finger goes, in the touchscreen's units (2936 x 1652, e2e/guest/touch.py).
TRAIL = ((700, 900), (2200, 900))


def quiet_for(log, seconds):
    """Whether `log` has not changed for `seconds`."""
    return time.time() - os.path.getmtime(log) > seconds


def wayland_settled(log, quiet):
    """Whether gestured-overlay (run with WAYLAND_DEBUG=client) has had its last frame shown —
    a frame callback's `done` came after its last commit — and its log has been quiet for
    `quiet` seconds."""
    lines = text(log).splitlines()
    commits = [i for i, line in enumerate(lines) if "wl_surface" in line and ".commit()" in line]
    dones = [i for i, line in enumerate(lines) if "wl_callback" in line and ".done(" in line]
    return bool(commits and dones and dones[-1] > commits[-1] and quiet_for(log, quiet))


def overlay(bin_dir, out, user, desktop, spawned):
    """gestured-overlay in the session over a maximized text field — on Plasma its layer-shell
    surface, on GNOME the extension's drawing area — screenshots before and with a finger drawn
    across the touchscreen, and whether a right click at the screen's middle, from an absolute
    pointer, lands in the window under the overlay while the trail is shown."""
    write_files({"/tmp/overlay.yml": SWIPES_CONFIG, "/tmp/overlay-actions.yml": OVERLAY_ACTIONS})
    result = {"trail": [[x / 2936, y / 1652] for x, y in TRAIL]}
    field = f"/tmp/{desktop}-overlay-field.txt"
    launch_field(user, field, out, spawned, maximized=True)
    result["field"] = bool(wait_for(lambda: "active=1 maximized=1" in text(field + ".state"), 60))
    started = start_daemon(bin_dir, out, f"{desktop}-overlay", "/tmp/overlay.yml", spawned)
    if not started:
        return {"error": "gestured never served"}
    daemon, socket_path, _ = started
    name = f"gestured e2e {desktop} overlay touchscreen"
    screen = touch.touchscreen(name)
    touch.wait_for_daemon(name)
    pointer = touch.absolute_pointer(f"gestured e2e {desktop} pointer")
    overlay_log = f"{out}/{desktop}-overlay.log"
    monitor = None
    if desktop == "gnome":
        # The frames gestured-overlay hands the extension, as the session bus carries them.
        bus_log = f"{out}/gnome-overlay-bus.log"
        monitor = subprocess.Popen(as_user(user, ["dbus-monitor", "--session", "type='method_call',interface='org.gestured.Shell1'"]),
                                   stdout=open(bus_log, "w"), stderr=subprocess.STDOUT)
        spawned.append(monitor)
        environment = []

        def settled():
            return "member=OverlayDraw" in text(bus_log) and quiet_for(bus_log, 3)
    else:
        # WAYLAND_DEBUG: the overlay's Wayland messages in its log (frame callbacks, buffer releases).
        environment = ["WAYLAND_DEBUG=client"]

        def settled():
            return wayland_settled(overlay_log, 3)
    shown = subprocess.Popen(as_user(user, ["env", *environment, f"{bin_dir}/gestured-overlay", "--socket", socket_path, "--config", "/tmp/overlay.yml",
                                            "--file", "/tmp/overlay-actions.yml", "--verbose"]), stderr=open(overlay_log, "w"))
    spawned.append(shown)
    result["connected"] = bool(wait_for(lambda: "connected" in text(overlay_log), 60))
    time.sleep(3)  # the compositor's libinput has the pointer and the touchscreen by now
    result["before"] = screenshot(out, f"{desktop}-overlay-before")
    # The finger sweeps across and rests there: the overlay draws a ring where it is, and stops
    # drawing once the tail behind it has faded (half a second; the compositor under emulation
    # shows about a frame a second). The screenshot waits for that: the last frame shown (on
    # Wayland a frame callback after the last commit; on GNOME the last frame handed to the
    # extension) and nothing drawn for 3 s.
    (x0, y), (x1, _) = TRAIL
    touch.frame(screen, touch.fingers_frame({0: (x0, y)}, first=True))
    for step in range(1, 21):
        touch.frame(screen, touch.fingers_frame({0: (x0 + (x1 - x0) * step / 20, y)}))
        time.sleep(0.02)
    started = time.monotonic()
    result["settled"] = bool(wait_for(settled, 90))
    result["settled_after"] = round(time.monotonic() - started, 1)
    started = time.monotonic()
    result["with_trail"] = screenshot(out, f"{desktop}-overlay-trail")
    result["screenshot_seconds"] = round(time.monotonic() - started, 1)
    result["shown"] = "shown" in text(overlay_log)
    # The finger still resting (the overlay up), the pointer right-clicks the screen's middle.
    touch.frame(pointer, [InputEvent(EV_ABS.ABS_X, 16384), InputEvent(EV_ABS.ABS_Y, 16384)])
    time.sleep(0.3)
    touch.frame(pointer, [InputEvent(EV_KEY.BTN_RIGHT, 1)])
    touch.frame(pointer, [InputEvent(EV_KEY.BTN_RIGHT, 0)])
    result["clicked_through"] = bool(wait_for(lambda: "button=3" in text(field + ".clicks"), 15))
    result["overlay_up_at_click"] = "taken away" not in text(overlay_log)
    touch.frame(screen, touch.lift({0: None}))
    if desktop == "gnome":
        # Taken away once everything faded: the extension was told (OverlayHide), and once the
        # program stops GNOME Shell has no area of gestured's left.
        result["hidden"] = bool(wait_for(lambda: "taken away" in text(overlay_log), 60))
        result["frames_handed"] = text(bus_log).count("member=OverlayDraw")
    stop(shown, daemon, *([monitor] if monitor else []))
    touch.destroy(pointer)
    touch.destroy(screen)
    result["overlay_log"] = text(overlay_log).splitlines()[:20]
    # The maximized field is closed again: the window scenarios want the first one in front.
    output(user, "pkill", "-f", f"textfield.py {field}")
    return result

