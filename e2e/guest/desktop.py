#!/usr/bin/env python3
"""Issue 64: GNOME 48 or KDE Plasma 6.3 on Wayland in a guest with a GPU, the user's session
started the way a display manager starts it, with the compositor (gnome-shell, kwin_wayland)
reading the guest's evdev devices through its own libinput under systemd-logind — then the
desktop's scenarios (e2e/guest/gnome.py, e2e/guest/plasma.py) in that session.

The guest boots systemd as PID 1 (qi.systemd) with a virtio-gpu (`run.sh -g`); this makes a
user, puts gestured's GNOME Shell extension where the package puts it (GNOME), writes the
user's settings a user would have chosen before (Plasma: three desktops in a row, the German
layout), tells the display manager (gdm3, sddm) to log the user in automatically, starts it
again and waits (bounded) for the user's compositor (the login screen's, when the automatic
login did not happen) and for it to hold the KMS device. Then a uinput clickpad and
touchscreen are made, and whether the compositor opened them (its file descriptors, handed over
by logind) is read. Times are seconds since the guest's kernel started.

    desktop.py gnome|plasma OUT

Writes OUT/desktop-DESKTOP.json and OUT/journal.txt; e2e/desktop.sh prints the report and judges.
"""
import json
import os
import pwd
import shutil
import subprocess
import sys
import traceback
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gnome  # noqa: E402
import plasma  # noqa: E402
import touch  # noqa: E402
from session import opened_by, wait_for  # noqa: E402

SPAWNED = []

USER = "tester"

# Per desktop: its display manager's unit, the user its login screen runs as, the compositor's
# process name, the scenarios.
DESKTOPS = {
    "gnome": {"manager": "gdm.service", "greeter": "Debian-gdm", "compositor": "gnome-shell", "scenarios": gnome.scenarios},
    "plasma": {"manager": "sddm.service", "greeter": "sddm", "compositor": "kwin_wayland", "scenarios": plasma.scenarios},
}


def replace(source, path):
    """Copies `source` to `path`, removing what is there first (a link is removed, not followed)."""
    if os.path.lexists(path):
        os.remove(path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    shutil.copy(source, path)

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


def view_unit():
    """The view's user unit in the session: its state, its address file (the user's alone), what
    a plain `gesturectl view --no-open` says as the user, and whether the page answers there."""
    uid = pwd.getpwnam(USER).pw_uid
    path = f"/run/user/{uid}/gestured/view-address"
    result = {"file": bool(wait_for(lambda: os.path.exists(path), 60))}
    # README's command, as printed, as the user: the unit is already wanted by the session; it
    # must say nothing wrong and leave it running.
    result["enable_as_printed"] = run("systemctl", "--user", "enable", "--now", "gestured-view", user=USER)
    result["state"] = dict(line.split("=", 1) for line in run(
        "systemctl", "--user", "show", "-p", "ActiveState", "-p", "SubState", "gestured-view.service", user=USER)[1].splitlines() if "=" in line)
    if not result["file"]:
        result["journal"] = run("journalctl", "-b", "--no-pager", "-o", "cat", "_SYSTEMD_USER_UNIT=gestured-view.service")[1].splitlines()[-10:]
        return result
    status = os.stat(path)
    result["owner_only"] = status.st_uid == uid and (status.st_mode & 0o777) == 0o600
    address = open(path).read().strip()
    said = subprocess.run(["runuser", "-u", USER, "--", "env", f"XDG_RUNTIME_DIR=/run/user/{uid}", "gesturectl", "view", "--no-open"],
                          capture_output=True, text=True, timeout=60)
    result["plain_view"] = [said.returncode, said.stdout, said.stderr]
    result["same_address"] = said.returncode == 0 and said.stdout.strip() == address
    try:
        with urllib.request.urlopen(address, timeout=30) as page:
            result["page"] = [page.status, "<title>gestured view</title>" in page.read().decode("utf-8", "replace")]
    except OSError as error:
        result["page"] = [None, str(error)]
    return result


def compositor_of(name, user):
    """The pid of `user`'s compositor called `name`, with the user (None: none runs)."""
    status, output = run("pgrep", "-u", user, "-x", name)
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


def write(path, body):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(body)


def main():
    which, out = sys.argv[1], sys.argv[2]
    desktop = DESKTOPS[which]
    report = {"desktop": which, "booted": round(uptime(), 1)}
    run("useradd", "-m", "-s", "/bin/bash", USER)
    run("passwd", "-d", USER)  # no password, not a locked account: PAM's account check passes
    home = pwd.getpwnam(USER).pw_dir
    if which == "gnome":
        for name in ("daemon.conf", "custom.conf"):
            write(f"/etc/gdm3/{name}", f"[daemon]\nAutomaticLoginEnable=true\nAutomaticLogin={USER}\nWaylandEnable=true\n")
        # gestured's GNOME Shell extension where the package puts it: GNOME Shell finds it as
        # it starts; the user enables it (gnome.py).
        shutil.copytree("/host/gnome-shell/gestured@gestured.org", "/usr/share/gnome-shell/extensions/gestured@gestured.org")
    else:
        # sddm logs the user into Plasma on Wayland; the user had chosen three desktops in a
        # row, the German layout, and no screen lock while the tests run.
        write("/etc/sddm.conf.d/autologin.conf", f"[Autologin]\nUser={USER}\nSession=plasma.desktop\n")
        write(f"{home}/.config/kwinrc", "[Desktops]\nNumber=3\nRows=1\n")
        write(f"{home}/.config/kxkbrc", "[Layout]\nLayoutList=de\nUse=true\n")
        write(f"{home}/.config/kscreenlockerrc", "[Daemon]\nAutolock=false\nLockOnResume=false\n")
    # The runner's user unit as the package installs it, enabled by the user in an earlier
    # session (systemctl --global enable reads its [Install] as --user enable does), with an
    # actions file that asks for the focused window: the unit must start with the GNOME session
    # and find GNOME Shell in its environment.
    # In place of what is there, never through it: the package's is a link to /usr/bin/gestured.
    replace("/host/bin/gestured-actions", "/usr/libexec/gestured-actions")
    shutil.copy("/host/systemd/gestured-actions.service", "/usr/lib/systemd/user/gestured-actions.service")
    report["unit_enable"] = run("systemctl", "--global", "enable", "gestured-actions.service")
    # The overlay's user unit too: it must find the session's display (on GNOME the extension,
    # once the user enabled it: until then it says why and is started again) and wait for gestured.
    shutil.copy("/host/bin/gestured-overlay", "/usr/libexec/gestured-overlay")
    shutil.copy("/host/systemd/gestured-overlay.service", "/usr/lib/systemd/user/gestured-overlay.service")
    report["overlay_unit_enable"] = run("systemctl", "--global", "enable", "gestured-overlay.service")
    # And the view's: `gesturectl view` served for the session, its address for the user alone.
    replace("/host/bin/gesturectl", "/usr/bin/gesturectl")
    shutil.copy("/host/systemd/gestured-view.service", "/usr/lib/systemd/user/gestured-view.service")
    report["view_unit_enable"] = run("systemctl", "--global", "enable", "gestured-view.service")
    os.makedirs(f"{home}/.config/gestured", exist_ok=True)
    with open(f"{home}/.config/gestured/actions.yml", "w") as f:
        f.write("version: 1\nactions:\n  - gesture: swipe-left-3\n    when: { app: org.gestured.TextField }\n    keys: [z, y]\n")
    run("chown", "-R", f"{USER}:{USER}", f"{home}/.config")
    # The display manager reads its configuration once, as it starts; the guest's
    # graphical.target may have started it already, before this script ran: it is started
    # again, as after an upgrade.
    step(f"starting {desktop['manager']}")
    report["manager_start"] = run("systemctl", "restart", desktop["manager"], timeout=300)
    report["manager_started"] = round(uptime(), 1)
    report["dri"] = sorted(os.listdir("/dev/dri")) if os.path.isdir("/dev/dri") else []
    report["seat0"] = run("loginctl", "show-seat", "seat0", "-p", "CanGraphical", "-p", "CanTTY")[1].split()
    # The display manager starts the compositor: the user's, when its automatic login logged
    # the user in, else its own login screen's.
    name = desktop["compositor"]
    found = wait_for(lambda: compositor_of(name, USER), 400) or compositor_of(name, desktop["greeter"])
    pid, owner = found if found else (None, None)
    report["shell_user"] = owner
    report["shell_at"] = round(uptime(), 1) if pid else None
    step(f"{name}: {pid} ({owner})")
    report["user_manager"] = run("pgrep", "-u", USER, "-x", "systemd")[0] == 0
    report["sessions"] = run("loginctl", "list-sessions", "--no-legend")[1].splitlines()
    seat_sessions = [line.split()[0] for line in report["sessions"] if " seat0 " in f" {line} "]
    report["session_properties"] = [run("loginctl", "show-session", session, "-p", "Name", "-p", "Type", "-p", "Seat", "-p", "Class")[1]
                                    for session in seat_sessions]
    if pid:
        report["on_drm"] = bool(wait_for(lambda: opened_path(pid, "/dev/dri/card0"), 120))
        report["drm_at"] = round(uptime(), 1)
        report["version"] = run("gnome-shell", "--version")[1].strip() if which == "gnome" else \
            "Plasma " + run("dpkg-query", "-W", "-f", "${Version}", "plasma-workspace")[1].strip()
        pad = touch.clickpad(f"gestured e2e {which} clickpad")
        screen = touch.touchscreen(f"gestured e2e {which} touchscreen")
        report["clickpad_opened"] = bool(wait_for(lambda: opened_by(pid, f"gestured e2e {which} clickpad"), 60))
        report["touchscreen_opened"] = bool(wait_for(lambda: opened_by(pid, f"gestured e2e {which} touchscreen"), 60))
        report["opened_at"] = round(uptime(), 1)
        touch.destroy(pad)
        touch.destroy(screen)
        if owner == USER:
            # The unit's first word on the desktop: which one it found, or why none.
            def unit_desktop():
                # By the unit, or by the program's name (the field a user journal has).
                lines = run("journalctl", "-b", "--no-pager", "-o", "cat", "_SYSTEMD_USER_UNIT=gestured-actions.service", "+",
                            "SYSLOG_IDENTIFIER=gestured-actions")[1].splitlines()
                return next((line for line in lines if "following the focused window" in line or "`when:` entries are skipped" in line), None)
            # Plasma reaches graphical-session.target, which starts the unit, a minute or more
            # after KWin under emulation.
            report["unit_desktop"] = wait_for(unit_desktop, 240)
            report["unit"] = dict(line.split("=", 1) for line in run(
                "systemctl", "--user", "show", "-p", "ActiveState", "-p", "SubState", "-p", "UnitFileState", "gestured-actions.service",
                user=USER)[1].splitlines() if "=" in line)
            report["unit_journal"] = run("journalctl", "-b", "--no-pager", "-o", "short-monotonic", "_SYSTEMD_USER_UNIT=gestured-actions.service",
                                         "+", "SYSLOG_IDENTIFIER=gestured-actions")[1].splitlines()[-12:]
            step(f"the {which} scenarios")
            try:
                report[which] = desktop["scenarios"]("/host/bin", out, USER, pid, SPAWNED)
            except Exception:  # said in the report, which the host judges
                report[which] = {"error": traceback.format_exc()}
            step(f"the {which} scenarios done")

            def overlay_journal():
                return run("journalctl", "-b", "--no-pager", "-o", "cat", "_SYSTEMD_USER_UNIT=gestured-overlay.service", "+",
                           "SYSLOG_IDENTIFIER=gestured-overlay")[1].splitlines()
            # Its surface made (on GNOME: the extension answered), it waits for the daemon.
            report["overlay_unit_waiting"] = bool(wait_for(lambda: any("waiting for it" in line for line in overlay_journal()), 120))
            report["overlay_unit"] = dict(line.split("=", 1) for line in run(
                "systemctl", "--user", "show", "-p", "ActiveState", "-p", "SubState", "-p", "NRestarts", "gestured-overlay.service",
                user=USER)[1].splitlines() if "=" in line)
            report["overlay_unit_journal"] = overlay_journal()[:12]
            report["view_unit"] = view_unit()
    report["journal"] = run("journalctl", "-b", "--no-pager", "-o", "cat", "-n", "60", f"_COMM={name[:15]}")[1].splitlines()[-30:]
    if owner != USER:
        report["processes"] = [line for line in run("ps", "-eo", "user,pid,etimes,comm")[1].splitlines() if any(
            word in line for word in ("gdm", "gnome", "sddm", "kwin", "plasma", "Xwayland", "Xorg", "session"))]
        report["manager_journal"] = run("journalctl", "-b", "--no-pager", "-o", "short-monotonic", "-n", "60", "-u", desktop["manager"])[1].splitlines()[-60:]
        report["auth_journal"] = [line for line in run("journalctl", "-b", "--no-pager", "-o", "cat")[1].splitlines()
                                  if "autologin" in line.lower() or "pam" in line.lower() or "gdm-session-wor" in line or "sddm-helper" in line][-40:]
    # The whole journal beside the report, for a look when something did not come.
    with open(f"{out}/journal.txt", "w") as f:
        subprocess.run(["journalctl", "-b", "--no-pager", "-o", "short-monotonic"], stdout=f, stderr=subprocess.STDOUT)
    with open(f"{out}/desktop-{which}.json", "w") as f:
        json.dump(report, f, indent=1)
    print(json.dumps(report, indent=1), flush=True)


if __name__ == "__main__":
    main()
