#!/usr/bin/env python3
"""Issue 64: GNOME 48 on Wayland in a guest with a GPU, the user's session started the way a
display manager starts it, with gnome-shell reading the guest's evdev devices through its own
libinput under systemd-logind — then the GNOME scenarios (e2e/guest/gnome.py) in that session.

The guest boots systemd as PID 1 (qi.systemd) with a virtio-gpu (`run.sh -g`); this makes a
user, puts gestured's GNOME Shell extension where the package puts it, tells gdm3 to log the
user in automatically, starts gdm again and waits (bounded) for the user's gnome-shell (gdm's
own login screen's, when the automatic login did not happen) and for it to hold the KMS device.
Then a uinput clickpad and touchscreen are made, and whether gnome-shell opened them (its file
descriptors, handed over by logind) is read. Times are seconds since the guest's kernel started.

    desktop.py OUT

Writes OUT/desktop-gnome.json and OUT/journal.txt; e2e/desktop.sh prints the report and judges.
"""
import atexit
import json
import os
import pwd
import shutil
import subprocess
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gnome  # noqa: E402
import touch  # noqa: E402

SPAWNED = []

USER = "tester"


def uptime():
    with open("/proc/uptime") as f:
        return float(f.read().split()[0])


def step(text):
    print(f"[guest {uptime():.1f}s] desktop: {text}", flush=True)


def run(*command, timeout=60, user=None):
    if user:
        uid = pwd.getpwnam(user).pw_uid
        command = ("runuser", "-u", user, "--", "env", f"XDG_RUNTIME_DIR=/run/user/{uid}",
                   f"DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/{uid}/bus") + command
    try:
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=timeout)
        return done.returncode, done.stdout
    except subprocess.TimeoutExpired:
        return None, f"timed out after {timeout} s"


def shell_of(user):
    """gnome-shell's pid for `user`, with the user (None: none runs)."""
    status, output = run("pgrep", "-u", user, "-x", "gnome-shell")
    return (int(output.split()[0]), user) if status == 0 and output.split() else None


def opened_path(pid, path):
    """Whether process `pid` holds `path` open."""
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            if os.readlink(f"/proc/{pid}/fd/{fd}") == path:
                return True
        except OSError:
            pass
    return False


def reap():
    for child in SPAWNED:
        if child.poll() is None:
            child.kill()
            child.wait()


def main():
    out = sys.argv[1]
    report = {"booted": round(uptime(), 1)}
    run("useradd", "-m", "-s", "/bin/bash", USER)
    run("passwd", "-d", USER)  # no password, not a locked account: PAM's account check passes
    os.makedirs("/etc/gdm3", exist_ok=True)
    for name in ("daemon.conf", "custom.conf"):
        with open(f"/etc/gdm3/{name}", "w") as f:
            f.write(f"[daemon]\nAutomaticLoginEnable=true\nAutomaticLogin={USER}\nWaylandEnable=true\n")
    # gestured's GNOME Shell extension where the package puts it: GNOME Shell finds it as it
    # starts; the user enables it (gnome.py).
    shutil.copytree("/host/gnome-shell/gestured@gestured.org", "/usr/share/gnome-shell/extensions/gestured@gestured.org")
    # The runner's user unit as the package installs it, enabled by the user in an earlier
    # session (systemctl --global enable reads its [Install] as --user enable does), with an
    # actions file that asks for the focused window: the unit must start with the GNOME session
    # and find GNOME Shell in its environment.
    shutil.copy("/host/bin/gestured-actions", "/usr/libexec/gestured-actions")
    shutil.copy("/host/systemd/gestured-actions.service", "/usr/lib/systemd/user/gestured-actions.service")
    report["unit_enable"] = run("systemctl", "--global", "enable", "gestured-actions.service")
    home = pwd.getpwnam(USER).pw_dir
    os.makedirs(f"{home}/.config/gestured", exist_ok=True)
    with open(f"{home}/.config/gestured/actions.yml", "w") as f:
        f.write("version: 1\nactions:\n  - gesture: swipe-left-3\n    when: { app: org.gestured.TextField }\n    keys: [z, y]\n")
    run("chown", "-R", f"{USER}:{USER}", f"{home}/.config")
    # gdm reads its configuration once, as it starts; the guest's graphical.target may have
    # started it already, before this script ran: it is started again, as after an upgrade.
    step("starting gdm")
    report["gdm_start"] = run("systemctl", "restart", "gdm.service", timeout=300)
    report["gdm_started"] = round(uptime(), 1)
    report["dri"] = sorted(os.listdir("/dev/dri")) if os.path.isdir("/dev/dri") else []
    report["seat0"] = run("loginctl", "show-seat", "seat0", "-p", "CanGraphical", "-p", "CanTTY")[1].split()
    # gdm starts gnome-shell: the user's, when its automatic login logged the user in, else its
    # own login screen's (user Debian-gdm), which is the same shell on the same seat.
    found = gnome.wait_for(lambda: shell_of(USER), 400) or shell_of("Debian-gdm")
    pid, owner = found if found else (None, None)
    report["shell_user"] = owner
    report["shell_at"] = round(uptime(), 1) if pid else None
    step(f"gnome-shell: {pid} ({owner})")
    report["user_manager"] = run("pgrep", "-u", USER, "-x", "systemd")[0] == 0
    report["sessions"] = run("loginctl", "list-sessions", "--no-legend")[1].splitlines()
    seat_sessions = [line.split()[0] for line in report["sessions"] if " seat0 " in f" {line} "]
    report["session_properties"] = [run("loginctl", "show-session", session, "-p", "Name", "-p", "Type", "-p", "Seat", "-p", "Class")[1]
                                    for session in seat_sessions]
    if pid:
        report["on_drm"] = bool(gnome.wait_for(lambda: opened_path(pid, "/dev/dri/card0"), 120))
        report["drm_at"] = round(uptime(), 1)
        report["version"] = run("gnome-shell", "--version")[1].strip()
        pad = touch.clickpad("gestured e2e gnome clickpad")
        screen = touch.touchscreen("gestured e2e gnome touchscreen")
        report["clickpad_opened"] = bool(gnome.wait_for(lambda: gnome.opened_by(pid, "gestured e2e gnome clickpad"), 60))
        report["touchscreen_opened"] = bool(gnome.wait_for(lambda: gnome.opened_by(pid, "gestured e2e gnome touchscreen"), 60))
        report["opened_at"] = round(uptime(), 1)
        touch.destroy(pad)
        touch.destroy(screen)
        if owner == USER:
            # The unit's first word on the desktop: which one it found, or why none.
            def unit_desktop():
                lines = run("journalctl", "-b", "--no-pager", "-o", "cat", "_SYSTEMD_USER_UNIT=gestured-actions.service")[1].splitlines()
                return next((line for line in lines if "following the focused window" in line or "`when:` entries are skipped" in line), None)
            report["unit_desktop"] = gnome.wait_for(unit_desktop, 90)
            report["unit"] = dict(line.split("=", 1) for line in run(
                "systemctl", "--user", "show", "-p", "ActiveState", "-p", "SubState", "-p", "UnitFileState", "gestured-actions.service",
                user=USER)[1].splitlines() if "=" in line)
            report["unit_journal"] = run("journalctl", "-b", "--no-pager", "-o", "short-monotonic",
                                         "_SYSTEMD_USER_UNIT=gestured-actions.service")[1].splitlines()[-12:]
            step("the GNOME scenarios")
            try:
                report["gnome"] = gnome.scenarios("/host/bin", out, USER, pid, SPAWNED)
            except Exception:  # said in the report, which the host judges
                report["gnome"] = {"error": traceback.format_exc()}
            step("the GNOME scenarios done")
    report["journal"] = run("journalctl", "-b", "--no-pager", "-o", "cat", "-n", "60", "_COMM=gnome-shell")[1].splitlines()[-30:]
    if owner != USER:
        report["processes"] = [line for line in run("ps", "-eo", "user,pid,etimes,comm")[1].splitlines() if any(
            word in line for word in ("gdm", "gnome", "Xwayland", "session"))]
        report["gdm_journal"] = run("journalctl", "-b", "--no-pager", "-o", "short-monotonic", "-n", "60", "-u", "gdm.service")[1].splitlines()[-60:]
        report["auth_journal"] = [line for line in run("journalctl", "-b", "--no-pager", "-o", "cat")[1].splitlines()
                                  if "autologin" in line.lower() or "pam" in line.lower() or "gdm-session-wor" in line][-40:]
    # The whole journal beside the report, for a look when something did not come.
    with open(f"{out}/journal.txt", "w") as f:
        subprocess.run(["journalctl", "-b", "--no-pager", "-o", "short-monotonic"], stdout=f, stderr=subprocess.STDOUT)
    with open(f"{out}/desktop-gnome.json", "w") as f:
        json.dump(report, f, indent=1)
    print(json.dumps(report, indent=1), flush=True)


if __name__ == "__main__":
    main()
