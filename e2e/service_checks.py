"""Judges the service scenarios (e2e/guest/service.py wrote SHARE/out/service.json): gestured
installed from its package and run by systemd as PID 1. One PASS/FAIL line per scenario through
`record`; each names what it checked and, on failure, what it found instead."""

# The exposure score of gestured.service (`systemd-analyze security`) once the unit worked with
# hotplug: it may only go down (docs/BENCHMARKS.md, systemd/README.md).
MAXIMUM_EXPOSURE = 1.2

# What libinput reads from the virtual keyboard for one stroke of alice's keys actions: alt held
# from began to the end, ctrl+z typed at the end (on a French layout, whose Z key is evdev's
# KEY_W), then alt up.
ALT_THEN_CTRL_Z = ["KEY_LEFTALT pressed", "KEY_LEFTCTRL pressed", "KEY_W pressed", "KEY_W released", "KEY_LEFTCTRL released",
                   "KEY_LEFTALT released"]


def judge(report, record, only=None):
    """One line per scenario (those named in `only`, when given: a selection's run)."""
    notes = {}  # what a passing scenario measured, shown on its line

    def scenario(name, label, checks):
        """`checks` returns a list of problems (empty: pass)."""
        seen = report.get(name)
        if seen is None:
            record(label, False, "the scenario never ran (the guest stopped before it)")
            return
        if "error" in seen:
            record(label, False, "the scenario broke: " + seen["error"].strip().splitlines()[-1])
            return
        try:
            problems = checks(seen)
        except (KeyError, TypeError, ValueError, IndexError) as error:
            problems = [f"missing observation: {error!r}"]
        record(label, not problems, "; ".join(problems[:4]) if problems else notes.get(name, ""))

    def expect(problems, ok, text):
        if not ok:
            problems.append(text)

    def boot(seen):
        problems = []
        expect(problems, seen["pid1"] == "systemd", f"PID 1 is {seen['pid1']}")
        return problems

    def install(seen):
        p = []
        expect(p, seen["user_before"] == 2, "a gestured user existed before the install")
        expect(p, seen["dpkg"]["status"] == 0, "dpkg -i failed: " + seen["dpkg"]["output"][-200:])
        sock = seen["socket"]
        expect(p, (sock["ActiveState"], sock["SubState"], sock["UnitFileState"]) == ("active", "listening", "enabled"),
               f"gestured.socket {sock}")
        expect(p, seen["socket_file"] == "srw-rw---- gestured gestured", f"socket file {seen['socket_file']}")
        expect(p, seen["service_before_client"] == "inactive", f"the service was {seen['service_before_client']} before any client")
        expect(p, bool(seen["hello"]), "no hello from the socket-activated daemon")
        service = seen["service"]
        expect(p, (service["ActiveState"], service["SubState"]) == ("active", "running"),
               f"after the first client: {service['ActiveState']} ({service['SubState']}); READY=1 missing?")
        expect(p, "gestured.socket" in service["TriggeredBy"], f"TriggeredBy={service['TriggeredBy']}")
        expect(p, service["User"] == "gestured" and service["Type"] == "notify", f"User={service['User']} Type={service['Type']}")
        return p

    def hardening(seen):
        p = []
        lines = [line for line in seen["analyze"].splitlines() if "Overall exposure level" in line]
        score = float(lines[-1].split(":")[1].split()[0]) if lines else None
        expect(p, score is not None and score <= MAXIMUM_EXPOSURE, f"exposure {score} (at most {MAXIMUM_EXPOSURE})")
        status = seen["proc_status"]
        uid, gid = seen["passwd"].split(":")[2:4]
        input_gid = seen["input_group"].split(":")[2]
        expect(p, status["Uid"].split() == [uid] * 4, f"Uid {status['Uid']}, gestured is {uid}")
        expect(p, status["Gid"].split() == [gid] * 4, f"Gid {status['Gid']}")
        expect(p, input_gid in status["Groups"].split(), f"groups {status['Groups']} lack input ({input_gid})")
        for cap in ("CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"):
            expect(p, int(status[cap], 16) == 0, f"{cap} {status[cap]}")
        expect(p, status["NoNewPrivs"] == "1" and status["Seccomp"] == "2", f"NoNewPrivs {status['NoNewPrivs']} Seccomp {status['Seccomp']}")
        writable = sorted(line.split()[0] for line in seen["writes"].splitlines() if line.endswith(" writable"))
        expect(p, writable == ["/tmp", "/var/tmp"], f"writable: {writable} (only its private /tmp and /var/tmp may be)")
        notes["hardening"] = f"exposure {score}, uid {uid}, writable only {writable}"
        return p

    def hotplug(seen):
        p = []
        pan = seen["touchscreen_pan"]
        expect(p, bool(pan) and pan["phase"] == "ended", f"touchscreen added after start: pan {pan and pan['phase']}")
        swipe = seen["touchpad_swipe"]
        expect(p, bool(swipe) and swipe["phase"] == "ended" and swipe["device"] == seen["touchpad_id"],
               f"touchpad added after start: swipe-left-3 {swipe and swipe['phase']}; its gestures {seen.get('touchpad_gestures')}")
        stages = seen["touchpad_libinput"]
        expect(p, bool(stages) and stages[0] == ["swipe", "begin", 3] and stages[-1][:2] == ["swipe", "end"],
               f"libinput's swipe {stages[:1]}…{stages[-1:]}")
        expect(p, seen["main_pid"] == seen["main_pid_after"], "the daemon restarted")
        return p

    def resume(seen):
        p = []
        expect(p, all(seen["in_flight"]), f"in flight before removal: {seen['in_flight']}")
        expect(p, all(seen["removed"]), f"device-removed: {seen['removed']}")
        expect(p, seen["failures"] == ["deviceRemoved", "deviceRemoved"], f"failures {seen['failures']}")
        expect(p, not set(seen["ids_after"].values()) & set(seen["ids_before"].values()), f"ids {seen['ids_before']} → {seen['ids_after']}")
        expect(p, all(seen["ended_after"]), f"gestures on the re-added devices ended: {seen['ended_after']}")
        expect(p, seen["client_still_connected"], "the subscriber was disconnected")
        expect(p, seen["main_pid"] == seen["main_pid_after"] and seen["restarts"] == "0", "the daemon was restarted")
        return p

    def touched_before_start(seen):
        p = []
        expect(p, seen["service_before"] == "inactive" and seen["service_after_touches"] == "inactive",
               f"the service was {seen['service_before']}, then {seen['service_after_touches']} before the first client")
        expect(p, "gestured.socket" in seen["socket_activated_service"]["TriggeredBy"]
               and seen["socket_activated_service"]["SubState"] == "running", f"first client: {seen['socket_activated_service']}")
        expect(p, seen["restart"]["status"] == 0 and seen["restarted_service"]["MainPID"] != seen["socket_activated_service"]["MainPID"],
               f"systemctl restart: {seen['restart']}, {seen['restarted_service']}")
        def at_height(ends, y, count):
            return len(ends) == count and all(end == "ended" and height is not None and abs(height - y) <= 1 for end, height in ends)

        for label in ("socket_activated", "restarted"):
            got = seen[label]
            expect(p, at_height(got["edge-left"], 80, 3), f"{label}: edge-left (phase, y) {got['edge-left']}, expected 3 ended at y = 80 mm")
            expect(p, [end for end, _ in got["swipe-left-3"]] == ["ended"] * 3, f"{label}: swipe-left-3 {got['swipe-left-3']}")
            expect(p, at_height(got["pinch"], 27.5, 1), f"{label}: pinch (phase, y) {got['pinch']}, expected 1 ended at y = 27.5 mm")
            expect(p, not got["other on the screen"], f"{label}: also ended on the screen: {got['other on the screen']}")
        notes["touched-before-start"] = "3 + 3 edge swipes at y = 80 mm, 3 + 3 touchpad swipes, 1 + 1 pinches at y = 27.5 mm"
        return p

    def upgrade(seen):
        p = []
        expect(p, seen["dpkg"]["status"] == 0, "dpkg -i over the installed package failed: " + seen["dpkg"]["output"][-200:])
        expect(p, seen["socket_kept"] and seen["socket_state"] == "active", "the listening socket was restarted or stopped")
        after = seen["service_after"]
        expect(p, after["MainPID"] != seen["main_pid_before"] and after["SubState"] == "running",
               f"service {seen['main_pid_before']} → {after}")
        expect(p, seen["hello_after"], "no hello after the upgrade")
        return p

    def reload(seen):
        p = []
        expect(p, seen["reload_a"] == [0, True] and seen["reload_b"] == [0, True], f"reloads {seen['reload_a']} {seen['reload_b']}")
        expect(p, all(seen["both_active"]), f"both in flight before the reload: {seen['both_active']}")
        keep = seen["keep"]
        expect(p, len({i for i, _, _ in keep}) == 1 and keep[-1][1] == "ended", f"unchanged gesture: {keep[-2:]}")
        change = seen["change"]
        expect(p, change[-1][1:] == ["failed", "reconfigured"], f"changed gesture: {change[-1:]}")
        return p

    def logs(seen):
        p = []
        expect(p, "gestured.yml:6: unknown key `colour`" in seen["warnings"], f"journalctl -p warning: {seen['warnings'][-200:]!r}")
        expect(p, not seen["info_in_warning_view"], "info lines show at -p warning (priorities lost)")
        expect(p, bool(seen["info_lines"]), "no info lines in the journal")
        expect(p, seen["still_serving"], "the daemon stopped answering after the rejected reload")
        expect(p, not seen["noise"], f"noise in the journal: {seen['noise'][:1]}")
        return p

    def hung_grab(seen):
        p = []
        expect(p, seen["reload"] == [0, True] or seen["reload"] == (0, True), f"reload {seen['reload']}")
        expect(p, seen["twin_exists"], f"no twin listed for the clickpad: {seen['twin']}")
        gone = seen["twin_gone_after"]
        expect(p, gone is not None and gone <= 9, f"the twin went {gone} s after SIGSTOP (bound: WatchdogSec 5 s + TimeoutAbortSec 2 s, and 2 s of slack)")
        expect(p, bool(seen["restarted"]), "the service did not come back")
        expect(p, seen["grabbed_again"], "the restarted service did not grab the clickpad again")
        expect(p, any("atchdog" in line for line in seen["journal"]), f"journal: {seen['journal']}")
        given = seen.get("given_back", [])
        expect(p, any("given back" in line and "written back" in line for line in given) and not any("state back" in line for line in given),
               f"given back without writing the desktop's values back: {given}")
        return p

    def watchdog(seen):
        p = []
        settings, after = seen["settings"], seen["after"]
        expect(p, settings["WatchdogUSec"] == "5s", f"WatchdogUSec {settings['WatchdogUSec']}")
        expect(p, after["MainPID"] == settings["MainPID"] and after["NRestarts"] == "0" and after["SubState"] == "running",
               f"after 20 s of load: {after}")
        expect(p, not any("timeout" in line.lower() for line in seen["watchdog_lines"]), f"journal: {seen['watchdog_lines'][:2]}")
        expect(p, seen["strokes_delivered"] >= seen["strokes"] - 1,
               f"{seen['strokes_delivered']} of {seen['strokes']} strokes ended for a reader: the load did not get through")
        return p

    def stop(seen):
        p = []
        expect(p, seen["active"], "no gesture in flight before the stop")
        pan = seen["pan"]
        last = pan[-1] if pan else None
        expect(p, bool(last) and last[1:3] == ["failed", "shutdown"] and last[3] == {"x": 0, "y": 0},
               f"last event of the gesture in flight before the close: {last}")
        expect(p, seen["stop"] == 0 and seen["closed"], "systemctl stop failed or the connection stayed open")
        after = seen["after_stop"]
        expect(p, after == {"socket": "active", "service": "inactive", "socket_file": True}, f"after stop: {after}")
        expect(p, seen["hello_again"] and seen["service_again"]["SubState"] == "running", "the next client did not start it again")
        return p

    def sessions(seen):
        p = []
        expect(p, seen["gettys"] == 0 and "alice" in seen["sessions"] and "bob" in seen["sessions"],
               f"autologin sessions: {seen['sessions'].strip()[:200]}")
        expect(p, seen["to_bob"] and seen["to_alice"] and seen["to_bob_midstroke"] and seen["back_to_alice"], "a chvt did not change the active session")
        expect(p, seen["bob_hello"] and seen["alice_hello"], f"a client of the user in front was not served: {seen.get('client_errors')}")
        expect(p, bool(seen["bob_paused"]) and seen["bob_paused"].get("reason") == "sessionInactive", f"bob's client when alice came to the front: {seen['bob_paused']}")
        late = seen["late_lines"]
        expect(p, any(e.get("code") == "forbidden" and "no active session" in e.get("message", "") for e in late),
               f"a new client of bob while alice is in front: {late[:2]}")
        stroke = seen["stroke_alice"]
        expect(p, stroke["alice"][-2:] == ["active", "ended"] and "active" not in stroke["bob"] and stroke["root"][-2:] == ["active", "ended"],
               f"a stroke with alice in front: {stroke}")
        # Alice: served, a stroke; the next fails once when bob comes to the front, paused, resumed
        # (that stroke is not told again), and the one after is hers again.
        expect(p, seen["alice"] == ["hello", "ok", "active", "ended", "active", "failed(sessionInactive)", "paused", "resumed", "active", "ended"],
               f"alice's client: {seen['alice']}")
        expect(p, len(seen["alice_sessioninactive"]) == 1, f"sessionInactive for alice's instances {seen['alice_sessioninactive']}")
        expect(p, seen["bob"][:4] == ["hello", "ok", "paused", "resumed"] and seen["bob"].count("paused") == 2,
               f"bob's client: {seen['bob']}")
        expect(p, "paused" not in seen["root"] and seen["root"].count("ended") == 3, f"root's client: {seen['root']}")
        grab = seen.get("consuming_client", {})
        expect(p, all(grab.get(k) for k in ("grabbed", "to_bob", "given_back", "to_alice", "grabbed_again", "released")),
               f"a consuming client of alice's: the screen grabbed with her in front, given back with bob, grabbed again, released: {grab}")
        notes["sessions"] = "alice " + " ".join(seen["alice"][2:])
        return p

    def keys(seen):
        p = []
        expect(p, seen["uinput"] == "660 root gestured-uinput", f"/dev/uinput is {seen['uinput']!r}, not 660 root gestured-uinput")
        expect(p, "gestured-uinput" in seen["service_groups"], f"SupplementaryGroups={seen['service_groups']}")
        expect(p, seen["in_front"], "alice's session could not be brought to the front")
        expect(p, seen["check"]["status"] == 0 and "press 29, tap 17, release 29" in seen["check"]["output"]
               and "layout fr" in seen["check"]["output"], "actions --check: " + seen["check"]["output"][-300:])
        typed = seen["typed"]
        first = typed.index("KEY_LEFTALT pressed") if "KEY_LEFTALT pressed" in typed else None
        expect(p, first is not None and typed[first:first + 6] == ALT_THEN_CTRL_Z,
               f"libinput saw {typed[:8]} after {seen['strokes']} strokes (wanted {ALT_THEN_CTRL_Z}); runner: {seen['runner_log'][-300:]}")
        expect(p, bool(seen["device_added"]), "libinput never saw the gestured virtual keyboard")
        bob = seen["bob"]
        expect(p, bob["status"] == 77 and "no active session" in bob["output"], f"bob (not in front) typing: {bob['status']} {bob['output'][-200:]}")
        held = seen["held"] or {}
        expect(p, held.get("held") == [56], f"alice's client holding alt got {held}")
        expect(p, seen["killed_client"] == ["KEY_LEFTALT pressed", "KEY_LEFTALT released"],
               f"a client killed while holding alt: libinput saw {seen['killed_client']}")
        expect(p, seen["kill"] == 0 and seen["crash"] == ["KEY_LEFTSHIFT pressed", "KEY_LEFTSHIFT released"],
               f"the daemon killed while shift was down: libinput saw {seen['crash']}")
        restarted = seen["restarted"]
        expect(p, restarted["SubState"] == "running" and int(restarted["NRestarts"]) == int(seen["restarts_before"]) + 1,
               f"after the kill: {restarted} (restarts before: {seen['restarts_before']})")
        expect(p, seen["after_restart"]["status"] == 0 and seen["after_restart_keys"] == ["KEY_X pressed", "KEY_X released"],
               f"typing after the restart: {seen['after_restart']['output'][-200:]} {seen['after_restart_keys']}")
        expect(p, not any("KEY_" in line for line in seen["journal"]), f"the journal names keys: {seen['journal'][-2:]}")
        notes["keys"] = f"{seen['strokes']} stroke(s); " + " ".join(k.replace("KEY_", "").replace(" pressed", "↓").replace(" released", "↑") for k in typed[first:first + 6]) if first is not None else ""
        return p

    def user_actions(seen):
        p = []
        expect(p, seen["in_front"], "alice's session could not be brought to the front")
        expect(p, seen["manager"]["SubState"] == "running", f"the user manager: {seen['manager']}")
        expect(p, seen["enable"]["status"] == 0, "systemctl --user enable --now failed: " + seen["enable"]["output"][-200:])
        unit = seen["unit"]
        expect(p, unit.get("SubState") == "running" and unit.get("UnitFileState") == "enabled", f"gestured-actions.service: {unit}")
        expect(p, seen["runner_uid"] == seen["uid"], f"the runner's uid {seen['runner_uid']}, the user's {seen['uid']}")
        expect(p, seen.get("runner_link") == "../bin/gestured" and seen.get("runner_exe") == "/usr/bin/gestured" and seen.get("runner_comm") == "gestured-action",
               f"the unit started {seen.get('runner_exe')} as {seen.get('runner_comm')!r} (/usr/libexec/gestured-actions links to {seen.get('runner_link')}), "
               "not the one executable by the runner's name")
        expect(p, any(line.startswith("user-pan ended alice") for line in seen["ran"]),
               f"after {seen['strokes']} strokes the command ran {seen['ran'][:3]}; journal: {seen['journal'][-3:]}")
        expect(p, seen["disable"] == 0, "systemctl --user disable --now failed")
        notes["user-actions"] = f"{seen['strokes']} stroke(s) until the first ran"
        footprint = seen.get("footprint", {})
        if "rss_kib" in footprint.get("gestured", {}) and "rss_kib" in footprint.get("gestured-actions", {}):
            notes["user-actions"] += (f"; idle RSS ({footprint['machine']}): gestured {footprint['gestured']['rss_kib'] / 1024:.1f} MiB, "
                                      f"gestured-actions {footprint['gestured-actions']['rss_kib'] / 1024:.1f} MiB")
        return p

    def consumed(seen):
        p = []
        expect(p, seen["reload"] == [0, True] or seen["reload"] == (0, True), f"the reload to `consume: true`: {seen['reload']}")
        expect(p, bool(seen["twin"]) and seen["desktop_has_twin"], f"twin {seen['twin']}, the desktop listed it: {seen['desktop_has_twin']}")
        ended = [gesture for gesture, phase, _ in seen["gestured"] if phase == "ended"]
        expect(p, ended == ["swipe-left-3", "swipe-right-3"], f"gestured: {seen['gestured']}")
        expect(p, seen["desktop_swipes"] == ["right"], f"the desktop's swipes: {seen['desktop_swipes']} ({seen['desktop_lines'][-4:]})")
        return p

    def overlay_package(seen):
        p = []
        expect(p, not any(library in seen["gestured_depends"] for library in ("cairo", "pango", "glib")),
               f"gestured depends on the overlay's libraries: {seen['gestured_depends']}")
        without = seen["without"]
        expect(p, without["status"] == 1 and "it is the package gestured-overlay: apt install gestured-overlay" in without["output"],
               f"gesturectl overlay without the overlay: {without['status']} {without['output'][-200:]!r}")
        expect(p, seen["dpkg"]["status"] == 0, "apt install ./gestured-overlay_*.deb failed: " + seen["dpkg"]["output"][-200:])
        expect(p, "libcairo2" in seen["overlay_depends"] and "gestured (= " in seen["overlay_depends"],
               f"gestured-overlay's Depends: {seen['overlay_depends']}")
        expect(p, "/usr/libexec/gestured-overlay" in seen["files"] and "/usr/lib/systemd/user/gestured-overlay.service" in seen["files"],
               f"gestured-overlay's files: {seen['files']}")
        expect(p, seen["with"]["status"] == 0 and seen["with"]["output"].startswith("shows: "),
               f"gesturectl overlay --check with the overlay: {seen['with']['status']} {seen['with']['output'][-200:]!r}")
        expect(p, seen["unit"] == "disabled", f"the overlay's user unit is {seen['unit']!r}, not disabled until a user enables it")
        expect(p, seen["remove_gestured"]["status"] != 0 and "gestured-overlay depends on gestured" in seen["remove_gestured"]["output"],
               f"dpkg -r gestured with the overlay installed: {seen['remove_gestured']['status']} {seen['remove_gestured']['output'][-200:]!r}")
        after = seen["after"]
        expect(p, seen["dpkg_r"]["status"] == 0 and not after["left"], f"dpkg -r gestured-overlay: {seen['dpkg_r']['status']}, left {after['left']}")
        # dpkg's refused removal leaves gestured selected for removal ("deinstall ok installed"), installed.
        expect(p, after["gestured"].endswith(" ok installed") and after["without_again"] == 1,
               f"after removing the overlay: gestured {after['gestured']!r}, gesturectl overlay exits {after['without_again']}")
        return p

    def remove(seen):
        p = []
        expect(p, seen["dpkg_r"]["status"] == 0 and seen["dpkg_p"]["status"] == 0, "dpkg -r or -P failed")
        removed = seen["after_remove"]
        expect(p, removed["socket"]["LoadState"] == "not-found" and removed["service"]["LoadState"] == "not-found",
               f"units after remove: {removed['socket']} {removed['service']}")
        expect(p, not removed["socket_file"] and not removed["processes"], "a socket file or a gestured process is left after remove")
        expect(p, removed["conffile_kept"] and removed["user_kept"], "remove deleted the configuration or the user (purge's job)")
        purged = seen["after_purge"]
        expect(p, not purged["user"] and not purged["group"], f"after purge: user {purged['user']!r} group {purged['group']!r}")
        expect(p, not purged["files"] and not purged["unit_files"] and not purged["units"], f"left after purge: {purged['files'] or purged['unit_files'] or purged['units']}")
        return p

    for name, label, checks in (
        ("boot", "systemd: the guest booted systemd as PID 1", boot),
        ("install", "package: dpkg -i installs; gestured.socket listens; the first client starts the service (READY=1)", install),
        ("hardening", "package: the service runs as gestured, no capabilities, read-only file system, exposure within bound", hardening),
        ("hotplug", "service: a touchscreen and a touchpad added after start are found and their gestures delivered", hotplug),
        ("resume", "service: every device removed and re-added (resume): deviceRemoved, then gestures flow, nothing restarted", resume),
        ("touched-before-start", "service: devices touched before socket activation and before systemctl restart: every edge swipe and "
                                 "touchpad swipe at the heights of those touches recognized", touched_before_start),
        ("upgrade", "package: upgrade restarts the service behind the open socket", upgrade),
        ("reload", "service: systemctl reload keeps an unchanged gesture in flight and fails a changed one (reconfigured)", reload),
        ("logs", "service: a rejected configuration is in the journal at warning or above, with its line", logs),
        ("watchdog", "service: 4 × WatchdogSec (5 s, as shipped) under load without a watchdog kill", watchdog),
        ("hung-grab", "service: a hung daemon (SIGSTOP) holding a grab is killed by the watchdog, the grab and twin go, the restart grabs again; a reload gives the pad back with the desktop's values written back", hung_grab),
        ("consumed", "service: a consumed three-finger swipe never reaches a libinput reader (the desktop), the free one does; gestured ends both", consumed),
        ("sessions", "sessions: two users on two VTs, chvt between them: only the one in front is served, the other paused and resumed, root always", sessions),
        ("keys", "keys: alice's actions hold alt and type ctrl+z on AZERTY through the virtual keyboard, as libinput reads it; bob may not type; "
                 "a killed client's and a killed daemon's keys come up", keys),
        ("user-actions", "user unit: systemctl --user enable --now gestured-actions runs a user's actions file for a real touch", user_actions),
        ("stop", "service: systemctl stop delivers failed(shutdown) before closing; the socket stays and starts it again", stop),
        ("overlay-package", "package: gestured alone pulls no cairo or pango and gesturectl overlay names the overlay's package; "
                            "gestured-overlay installs beside it, keeps gestured installed, and removes alone", overlay_package),
        ("remove", "package: remove stops and unloads it; purge leaves no unit, user, group or file", remove),
    ):
        if only is None or name in only:
            scenario(name, label, checks)
