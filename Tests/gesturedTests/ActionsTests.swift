import Foundation
import GestureActions
import GestureCore
import GesturePipeline
import GestureWire
import Glibc
import Testing

/// `gesturectl actions` against `gestured --replay` over a real socket (issue 13).
@Suite(.serialized) struct ActionsTests {
    /// A scratch folder with an actions file and the files its commands write.
    final class Scratch {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-actions-\(UUID().uuidString.prefix(8))").path
        var actions: String { folder + "/actions.yml" }

        init() throws { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }

        func write(_ text: String) throws { try text.write(toFile: actions, atomically: true, encoding: .utf8) }

        func lines(_ name: String) -> [String] {
            ((try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }
    }

    static let scrollRecording = "Fixtures/real/ts-ep0430m09-2finger-scroll.evemu"

    /// The steps the tracker takes over the scroll recording's reviewed transcript.
    static func expectedSteps(_ step: ActionStep) throws -> [String] {
        let text = try String(contentsOfFile: DaemonProcess.root.appendingPathComponent(scrollRecording + ".expected.jsonl").path, encoding: .utf8)
        return try steps(step, of: "scroll", in: text.split(separator: "\n").map(String.init))
    }

    /// The steps (`forward`, `back`) the tracker takes for `step` over the events of `gesture`
    /// among JSON lines of gesture events: what the runner must have run.
    static func steps(_ step: ActionStep, of gesture: String, in lines: [String]) throws -> [String] {
        var tracker = ActionTracker(actions: [ActionSpec(gesture: gesture, trigger: .update(step), command: .argv(["x"]), back: .argv(["y"]))])
        var steps: [String] = []
        for line in lines {
            let event = try JSONParser.parse(line)
            guard event["gesture"]?.stringValue == gesture, let phase = event["phase"]?.stringValue.flatMap(PhaseKind.init(rawValue:)) else { continue }
            let value = event["value"].flatMap { $0 == .null ? nil : $0 }
            steps += tracker.handle(ActionEvent(gesture: gesture, instance: event["instance"]?.intValue ?? 0, phase: phase, value: value), at: 0)
                .map { $0.isBack ? "back" : "forward" }
        }
        return steps
    }

    @Test func eachTriggerRunsItsCommandsForAReplay() throws {
        let scratch = try Scratch()
        let out = scratch.folder
        try scratch.write("""
            version: 1
            actions:
              - gesture: swipe-left-3
                shell: echo "$GESTURE_NAME $GESTURE_PHASE" >> \(out)/ended
              - gesture: scroll
                on: { update: { every: { distance: 4, axis: y } } }
                shell: echo "$GESTURE_STEP" >> \(out)/steps
                backShell: echo "$GESTURE_STEP" >> \(out)/steps
                overlap: queue
              - gesture: my-pinch
                define: { magnify: { minimumScaleDelta: 0.3 }, priority: simultaneous }
                on: began
                run: [sh, -c, "echo began >> \(out)/began"]
              - gesture: my-pinch
                on: ended
                run: [sh, -c, "echo $GESTURE_VALUE >> \(out)/pinch-ended"]
            """)
        let daemon = try DaemonProcess([
            "--config", "Fixtures/gestures.yml", "--replay", "Fixtures/constructed/swipe-3-left.yml", "--replay", "Fixtures/constructed/pinch-open.yml",
            "--replay", Self.scrollRecording, "--wait-subscribers", "1", "--exit-after-replay",
        ])
        let runner = try ActionsRunnerProcess(["--file", scratch.actions, "--socket", daemon.socket, "--once"])
        #expect(runner.wait() == 0, "\(runner.log)")
        #expect(daemon.wait() == 0)
        #expect(scratch.lines("ended") == ["swipe-left-3 ended"])
        let steps = try Self.expectedSteps(ActionStep(.distance(axis: .y), size: 4))
        #expect(steps.contains("forward") || steps.contains("back"))
        #expect(scratch.lines("steps") == steps)
        #expect(scratch.lines("began") == ["began"])
        #expect(scratch.lines("pinch-ended").count == 1)
        #expect(scratch.lines("pinch-ended").first?.contains(#""kind":"magnify""#) == true)
    }

    /// Issue 34: the runner asks the daemon to consume the gestures it acts on whatever is in
    /// front, and only listens to one that says `consume: false`.
    @Test func theRunnerConsumesTheGesturesItActsOn() throws {
        let scratch = try Scratch()
        let out = scratch.folder
        try scratch.write("""
            version: 1
            actions:
              - gesture: swipe-left-3
                shell: echo "$GESTURE_NAME" >> \(out)/ended
              - gesture: swipe-right-3
                shell: echo "$GESTURE_NAME" >> \(out)/ended
                consume: false
            """)
        let daemon = try DaemonProcess([
            "--config", "Fixtures/gestures.yml", "--replay", "Fixtures/constructed/swipe-3-left.yml", "--wait-subscribers", "2", "--exit-after-replay",
        ])
        let runner = try ActionsRunnerProcess(["--file", scratch.actions, "--socket", daemon.socket, "--once"])
        try daemon.waitForLog(": consuming: swipe-left-3\n")
        #expect(runner.wait() == 0, "\(runner.log)")
        #expect(daemon.wait() == 0)
        #expect(scratch.lines("ended") == ["swipe-left-3"])
        #expect(!daemon.log.contains("consuming: swipe-left-3, swipe-right-3"))
    }

    /// `held` repeats on the runner's own timer while the instance is active, paced by a
    /// real-time replay (a long press held 0.37 s before its drag ends); `failed` runs with the reason.
    @Test func heldRepeatsWhileActiveAndFailedGetsTheReason() throws {
        let scratch = try Scratch()
        let out = scratch.folder
        try scratch.write("""
            version: 1
            actions:
              - gesture: press-drag
                on: { held: 0.1 }
                shell: echo "$GESTURE_PHASE" >> \(out)/held
                overlap: queue
              - gesture: pan
                on: failed
                shell: echo "$GESTURE_REASON" >> \(out)/failed
            """)
        let daemon = try DaemonProcess([
            "--config", "Fixtures/gestures.yml", "--replay", "Fixtures/constructed/long-press-drag.yml", "--replay", "Fixtures/constructed/ts-palm-mid-drag.yml",
            "--realtime", "--wait-subscribers", "1", "--exit-after-replay",
        ])
        let runner = try ActionsRunnerProcess(["--file", scratch.actions, "--socket", daemon.socket, "--once"])
        #expect(runner.wait() == 0, "\(runner.log)")
        #expect(daemon.wait() == 0)
        let held = scratch.lines("held")
        // At 0.5 s (active), then every 0.1 s until the end 0.37 s later, as the events arrive:
        // 4 or 5 here; the bound leaves room for a loaded machine, not for no repeat at all.
        #expect((2...6).contains(held.count), "\(held)")
        #expect(held.allSatisfy { $0 == "active" })
        #expect(scratch.lines("failed") == ["cancelled"])
    }

    @Test func aFileWithAMistakeKeepsTheOldActionsAndTheRunnerComesBackWithTheDaemon() throws {
        let scratch = try Scratch()
        try scratch.write("""
            version: 1
            actions:
              - gesture: swipe-left-3
                run: [true]
            """)
        let socket = DaemonProcess.temporarySocket()
        let arguments = ["--config", "Fixtures/gestures.yml", "--replay", "Fixtures/constructed/swipe-3-left.yml", "--wait-subscribers", "1", "--exit-after-replay"]
        let daemon = try DaemonProcess(arguments, socket: socket)
        let runner = try ActionsRunnerProcess(["--file", scratch.actions, "--socket", socket, "--verbose"])
        try runner.waitForLog("line 3: swipe-left-3 ended: true")
        #expect(daemon.wait() == 0)
        try runner.waitForLog("lost gestured")
        // A mistake, seen on disk: reported with its line, the old actions kept.
        try scratch.write("version: 1\nactions:\n  - gesture: swipe-left-3\n    run: [true]\n    later: yes\n")
        try runner.waitForLog("keeping the previous actions")
        #expect(runner.log.contains("actions.yml:5: unknown key `later`"))
        // A new daemon on the same socket: the runner reconnects and subscribes again. (The
        // first one's object lives on: its end would remove the socket file.)
        let second = try DaemonProcess(arguments, socket: socket)
        try runner.waitForLog("line 3: swipe-left-3 ended: true", count: 2)
        #expect(second.wait() == 0)
        // A corrected file is taken up.
        try scratch.write("version: 1\nactions:\n  - gesture: swipe-right-3\n    run: [true]\n")
        try runner.waitForLog("changed on disk: 1 action from")
        kill(runner.process.processIdentifier, SIGTERM)
        #expect(runner.wait() == 0)
    }

    /// The runner's own program loads libsystemd only to talk to a session bus (GNOME, KDE
    /// Plasma) and libxcb only to talk to an X server: with neither (sway, a phone's compositor,
    /// no desktop), it runs a gesture's command without ever mapping them or what they load.
    @Test func theRunnerMapsNeitherLibsystemdNorLibxcbUntilItTalksToThem() throws {
        let scratch = try Scratch()
        try scratch.write("version: 1\nactions:\n  - gesture: swipe-left-3\n    run: [true]\n")
        let socket = DaemonProcess.temporarySocket()
        let daemon = try DaemonProcess(["--config", "Fixtures/gestures.yml", "--replay", "Fixtures/constructed/swipe-3-left.yml", "--wait-subscribers", "1", "--exit-after-replay"], socket: socket)
        let noDesktop = ["XDG_CURRENT_DESKTOP": "", "WAYLAND_DISPLAY": "", "DISPLAY": "", "SWAYSOCK": "", "I3SOCK": "", "HYPRLAND_INSTANCE_SIGNATURE": "", "NIRI_SOCKET": ""]
        let runner = try ActionsRunnerProcess(["--file", scratch.actions, "--socket", socket, "--verbose"], environment: noDesktop, ownProgram: true)
        try runner.waitForLog("line 3: swipe-left-3 ended: true")
        // Connected, it gave back what only starting used (StartupPages), and ran on.
        #expect(runner.log.contains("gesturectl actions: started: unmapped the code only starting ran"), "\(runner.log)")
        // And again, settled (StartupPages.settlingSeconds on).
        try runner.waitForLog("gesturectl actions: settled: unmapped the code only its first moments ran")
        // Read to its end (a /proc file says its size is 0).
        let file = try #require(FileHandle(forReadingAtPath: "/proc/\(runner.process.processIdentifier)/maps"))
        let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        #expect(maps.contains("libc.so.6"))  // the maps read are the runner's
        for library in ["libsystemd.so", "libgcrypt.so", "liblz4.so", "libxcb.so", "libXdmcp.so"] {
            #expect(!maps.contains(library), "the runner mapped \(library)")
        }
        #expect(daemon.wait() == 0)
        kill(runner.process.processIdentifier, SIGTERM)
        #expect(runner.wait() == 0)
    }

    /// A libinput-gestures user's path: import, then run; what has no equivalent is said.
    @Test func anImportedLibinputGesturesFileRunsItsSwipe() throws {
        let scratch = try Scratch()
        let conf = scratch.folder + "/libinput-gestures.conf"
        try "gesture swipe left 3 sh -c 'echo imported >> \(scratch.folder)/swiped'\ngesture swipe up 3 _internal ws_up\ngesture swipe down 3 _internal --cols 4 ws_left_up\n"
            .write(toFile: conf, atomically: true, encoding: .utf8)
        let imported = try ChildProcess.gesturectl(["import", "libinput-gestures", conf, "--output", scratch.actions]).finish()
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.errors.contains("libinput-gestures.conf:3: not imported: `_internal ws_left_up` moves diagonally in a workspace grid"))
        #expect(imported.errors.contains("2 actions from 2 of 3 lines"))
        let again = try ChildProcess.gesturectl(["import", "libinput-gestures", conf, "--output", scratch.actions]).finish()
        #expect(again.status == 1 && again.errors.contains("exists; give --force to replace it"))
        let daemon = try DaemonProcess([
            "--config", "Fixtures/gestures.yml", "--replay", "Fixtures/constructed/swipe-3-left.yml", "--wait-subscribers", "1", "--exit-after-replay",
        ])
        let runner = try ActionsRunnerProcess(["--file", scratch.actions, "--socket", daemon.socket, "--once"])
        #expect(runner.wait() == 0, "\(runner.log)")
        #expect(daemon.wait() == 0)
        #expect(scratch.lines("swiped") == ["imported"])
    }

    /// Issue 21, item 3: an action on a gesture the daemon does not have is off, said once with
    /// its line; every other action runs (the daemon used to refuse the whole subscription).
    @Test func anUnknownGestureDisablesOnlyItsAction() throws {
        let scratch = try Scratch()
        try scratch.write("""
            version: 1
            actions:
              - gesture: hold-9
                run: [true]
              - gesture: swipe-left-3
                shell: echo "$GESTURE_NAME" >> \(scratch.folder)/ran
            """)
        let daemon = try DaemonProcess([
            "--config", "Fixtures/gestures.yml", "--replay", "Fixtures/constructed/swipe-3-left.yml", "--wait-subscribers", "1", "--exit-after-replay",
        ])
        let runner = try ActionsRunnerProcess(["--file", scratch.actions, "--socket", daemon.socket, "--once"])
        #expect(runner.wait() == 0, "\(runner.log)")
        #expect(daemon.wait() == 0)
        #expect(scratch.lines("ran") == ["swipe-left-3"])
        let said = runner.log.split(separator: "\n").filter { $0.contains("hold-9") }
        #expect(said.count == 1)
        #expect(said.first?.hasPrefix("gesturectl actions: \(scratch.actions):3: gesture `hold-9` is neither configured") == true, "\(runner.log)")
        #expect(said.first?.hasSuffix("; this action is off, the others run") == true)
        #expect(!runner.log.contains("invalid-request"))
    }

    /// Issue 47, item 1: definitions the daemon refuses at run time (here: the daemon holds all
    /// the defined recognizers it takes from every client together, which no reading of the
    /// file can know) leave out only the actions on them, said once with the daemon's reason;
    /// the configured swipe's action runs, and `--once` ends with the replay. The file's 20
    /// definitions go in two subscriptions (a subscribe takes 16).
    @Test func aRefusedDefinitionTurnsOffOnlyItsActions() throws {
        let scratch = try Scratch()
        let taps = (1...20).map { "  - gesture: tap-\($0)\n    define: { tap: { count: 2 } }\n    run: [true]\n" }.joined()
        try scratch.write("""
            version: 1
            actions:
              - gesture: swipe-left-3
                shell: echo "$GESTURE_NAME" >> \(scratch.folder)/ran

            """ + taps)
        let check = try ChildProcess.gesturectl(["actions", "--check", "--file", scratch.actions]).finish()
        #expect(check.status == 0, "\(check.errors)")
        let daemon = try DaemonProcess([
            "--config", "Fixtures/gestures.yml", "--replay", "Fixtures/constructed/swipe-3-left.yml", "--wait-subscribers", "17", "--exit-after-replay",
        ])
        // Four other clients hold 256 defined recognizers, the daemon's limit for all.
        let others = try (0..<4).map { _ in try LineClient(path: daemon.socket) }
        for (c, other) in others.enumerated() {
            _ = other.readLine()
            for s in 0..<4 {
                let defines = (0..<16).map { #"{"name":"o\#(c)-\#(s)-\#($0)","tap":{}}"# }.joined(separator: ",")
                other.send(#"{"id":\#(s + 1),"request":"subscribe","define":[\#(defines)]}"#)
                #expect(other.readLine()?.contains(#""subscription""#) == true)
            }
        }
        let runner = try ActionsRunnerProcess(["--file", scratch.actions, "--socket", daemon.socket, "--once"])
        #expect(runner.wait() == 0, "\(runner.log)")
        #expect(daemon.wait() == 0)
        #expect(scratch.lines("ran") == ["swipe-left-3"])
        let said = runner.log.split(separator: "\n").filter { $0.contains("gestured refuses the gesture") }
        #expect(said == [
            "gesturectl actions: \(scratch.actions): gestured refuses the gestures `tap-1`, `tap-2` and 14 more this file defines: these definitions hold 16 recognizers and all clients' others 256; the daemon takes at most 256 in all (invalid-gesture); their actions (lines 5, 8, …) are off, the others run",
            "gesturectl actions: \(scratch.actions): gestured refuses the gestures `tap-17`, `tap-18` and 2 more this file defines: these definitions hold 4 recognizers and all clients' others 256; the daemon takes at most 256 in all (invalid-gesture); their actions (lines 53, 56, …) are off, the others run",
        ], "\(runner.log)")
        _ = others
    }

    /// Issue 21, item 8: a command that fails is logged at its line with its status.
    @Test func aFailingCommandIsLoggedAtItsLine() throws {
        let scratch = try Scratch()
        try scratch.write("version: 1\nactions:\n  - gesture: swipe-left-3\n    shell: exit 7\n")
        let daemon = try DaemonProcess([
            "--config", "Fixtures/gestures.yml", "--replay", "Fixtures/constructed/swipe-3-left.yml", "--wait-subscribers", "1", "--exit-after-replay",
        ])
        let runner = try ActionsRunnerProcess(["--file", scratch.actions, "--socket", daemon.socket, "--once"])
        #expect(runner.wait() == 0, "\(runner.log)")
        #expect(daemon.wait() == 0)
        #expect(runner.log.contains("gesturectl actions: line 3: `/bin/sh` exited with status 7"), "\(runner.log)")
    }

    /// Issue 38: the runner is its main thread and one event loop. libdispatch's worker pool,
    /// whose monitor wakes a process every second for as long as it lives, never starts: not
    /// for the connection, a command, the command's end (its SIGCHLD, read from a signalfd:
    /// the failure is said only once the child was reaped, and no timer looks for it), a
    /// change to the file (inotify) or SIGHUP. SIGTERM, also from the signalfd, ends it.
    @Test func theRunnerStaysOneLoopThreadThroughCommandsSignalsAndReloads() throws {
        let scratch = try Scratch()
        try scratch.write("version: 1\nactions:\n  - gesture: swipe-left-3\n    shell: exit 7\n")
        let daemon = try DaemonProcess(["--config", "Fixtures/gestures.yml", "--replay", "Fixtures/constructed/swipe-3-left.yml", "--wait-subscribers", "1"])
        let runner = try ActionsRunnerProcess(["--file", scratch.actions, "--socket", daemon.socket])
        try runner.waitForLog("gesturectl actions: line 3: `/bin/sh` exited with status 7")
        try scratch.write("version: 1\nactions:\n  - gesture: swipe-right-3\n    run: [true]\n")
        try runner.waitForLog("changed on disk: 1 action from")
        // A mistake written and SIGHUP: the reload is the signal's.
        try scratch.write("version: 1\nactions:\n  - gesture: swipe-right-3\n    run: [true]\n    later: yes\n")
        try runner.waitForLog("changed on disk: keeping the previous actions")
        kill(runner.process.processIdentifier, SIGHUP)
        try runner.waitForLog("SIGHUP: keeping the previous actions")
        let pid = runner.process.processIdentifier
        let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").map {
            try String(contentsOfFile: "/proc/\(pid)/task/\($0)/comm", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(threads.count == 2, "threads: \(threads)")
        #expect(threads.allSatisfy { $0 == "gesturectl" || $0.hasPrefix("NIO-") }, "threads: \(threads)")
        kill(pid, SIGTERM)
        #expect(runner.wait() == 0, "\(runner.log)")
        daemon.signal(SIGTERM)
        #expect(daemon.wait() == 0)
    }

    @Test func checkListsTheActionsOrNamesTheMistake() throws {
        let scratch = try Scratch()
        try scratch.write("version: 1\nactions:\n  - gesture: zoom\n    on: { update: { every: { scale: 0.1 } } }\n    run: [louder]\n    back: [quieter]\n")
        let good = try ChildProcess.gesturectl(["actions", "--check", "--config", "Fixtures/gestures.yml", "--file", scratch.actions]).finish()
        #expect(good.status == 0)
        #expect(good.lines.first == "line 3: zoom every 0.1 of scale → louder; back → quieter [consumes: the desktop does not get these touches]")
        try scratch.write("version: 1\nactions:\n  - gesture: zoom\n    on: sometimes\n    run: [x]\n")
        let bad = try ChildProcess.gesturectl(["actions", "--check", "--file", scratch.actions]).finish()
        #expect(bad.status == 1)
        #expect(bad.errors.contains("actions.yml:4: expected `on:` began, ended, failed"))
        let missing = try ChildProcess.gesturectl(["actions", "--file", scratch.folder + "/none.yml"]).finish()
        #expect(missing.status == 1)
        #expect(missing.errors.contains("no such file"))
        // --once with no daemon at all: a clear error, not a silent exit.
        try scratch.write("version: 1\nactions:\n  - gesture: zoom\n    run: [x]\n")
        let alone = try ChildProcess.gesturectl(["actions", "--once", "--file", scratch.actions, "--socket", scratch.folder + "/none.sock"]).finish()
        #expect(alone.status == 1)
        #expect(alone.errors.contains("gestured is not running at \(scratch.folder)/none.sock"))
    }
}
