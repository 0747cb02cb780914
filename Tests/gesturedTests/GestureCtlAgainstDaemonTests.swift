import Foundation
@testable import GestureClient
import GestureWire
import Glibc
import Testing

/// `gesturectl` against a running daemon where the CLI contract's single commands are not
/// enough: an instance in flight, and a user the daemon refuses (issue 21, items 1 and 6).
@Suite(.serialized) struct GestureCtlAgainstDaemonTests {
    /// Item 1: the readable snapshot shows what `--json` carries (it printed "no gesture in
    /// flight" while the reply had the instance).
    @Test func snapshotPrintsTheInstanceInFlight() throws {
        let daemon = try DaemonProcess([
            "--config", "Fixtures/gestures.yml", "--replay", "Fixtures/real/ts-atmel-maxtouch-1finger-drag-up-down.evemu", "--realtime",
            "--wait-subscribers", "1",
        ])
        let watcher = try LineClient(path: daemon.socket)
        _ = watcher.readLine()
        watcher.send(#"{"id": 1, "request": "subscribe", "gestures": ["pan"]}"#)
        // The pan is in flight once its first update arrived (it lasts 2 s).
        while let line = watcher.readLine(), !line.contains(#""phase":"active""#) {}
        let text = try ChildProcess.gesturectl(["snapshot", "--socket", daemon.socket]).finish()
        #expect(text.status == 0, "\(text.errors)")
        #expect(text.lines.count == 1)
        #expect(text.lines.first?.contains("dev1  pan#1  active  translation (") == true, "\(text.lines)")
        let json = try ChildProcess.gesturectl(["snapshot", "--json", "--socket", daemon.socket]).finish()
        #expect(json.lines.first?.contains(#""gesture":"pan","instance":1,"phase":"active""#) == true)
    }

    /// Item 6: a user the daemon refuses is told the daemon's reason with status 77, by every
    /// command that talks to it, and nothing waits forever.
    @Test(.enabled(if: getuid() == 0, "runs a client as another user")) func aRefusedUserIsToldWhy() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-refused-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let config = scratch + "/gestured.yml"
        try (try String(contentsOfFile: DaemonProcess.root.appendingPathComponent("Fixtures/gestures.yml").path, encoding: .utf8)
            + "access:\n  policy: any-member\n  users: [daemon]\n").write(toFile: config, atomically: true, encoding: .utf8)
        let socket = scratch + "/gestured.sock"
        chmod(scratch, 0o755)
        let daemon = try DaemonProcess(
            ["--config", config, "--socket-group", "nogroup", "--replay", "Fixtures/constructed/swipe-3-left.yml", "--wait-subscribers", "1"], socket: socket)
        let gesturectl = DaemonProcess.root.appendingPathComponent(".build/debug/gesturectl").path
        for command in [["snapshot"], ["devices"], ["subscribe"], ["on", "swipe-left-3"]] {
            let arguments = ["--reuid=nobody", "--regid=nogroup", "--clear-groups", gesturectl] + command + ["--socket", socket]
                + (command[0] == "on" ? ["--", "true"] : [])
            let run = try ChildProcess("/usr/bin/setpriv", arguments).finish()
            #expect(run.status == 77, "\(command): \(run.errors)")
            #expect(run.errors == "gesturectl \(command[0]): gestured refuses this connection: uid 65534 is not in gestured's access list\n")
        }
        let actions = scratch + "/actions.yml"
        try "version: 1\nactions:\n  - gesture: swipe-left-3\n    run: [true]\n".write(toFile: actions, atomically: true, encoding: .utf8)
        chmod(actions, 0o644)
        // `actions --once` (a script's run) ends with the reason and 77, not "not running".
        let once = try ChildProcess(
            "/usr/bin/setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", gesturectl, "actions", "--once", "--file", actions, "--socket", socket]
        ).finish()
        #expect(once.status == 77, "\(once.errors)")
        #expect(once.errors.hasSuffix("gesturectl actions: gestured refuses this connection: uid 65534 is not in gestured's access list\n"), "\(once.errors)")
        // The actions runner, as the user unit runs it, waits for its user to come to the
        // front: it says so once, and asks again seconds apart, not in a tight loop.
        let runner = try ChildProcess(
            "/usr/bin/setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", gesturectl, "actions", "--file", actions, "--socket", socket])
        // The five commands above were refused once each; the runner's first two attempts follow.
        try daemon.waitForLog("refused client", count: 7)
        kill(runner.process.processIdentifier, SIGTERM)
        let result = runner.finish()
        let said = result.errors.components(separatedBy: "gestured does not serve this user now: uid 65534 is not in gestured's access list").count - 1
        #expect(said == 1, "\(result.errors)")
        daemon.terminate()
        #expect(daemon.wait() == 0)
    }

    /// Issue 47, item 9: a user who may not open the socket (not in its group) is told that
    /// gestured runs and what grants it, by each command that connects, not that it is not running.
    @Test(.enabled(if: getuid() == 0, "runs a client as another user")) func aUserOutsideTheSocketsGroupIsToldWhatGrantsIt() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-group-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        chmod(scratch, 0o755)
        let socket = scratch + "/gestured.sock"
        let daemon = try DaemonProcess(
            ["--socket-group", "daemon", "--replay", "Fixtures/constructed/swipe-3-left.yml", "--wait-subscribers", "1"], socket: socket)
        let gesturectl = DaemonProcess.root.appendingPathComponent(".build/debug/gesturectl").path
        let said = "gestured runs at \(socket), but this user may not connect to it (Permission denied): the socket is for root and group daemon; "
            + "to be served, be a member of daemon (`sudo usermod -aG daemon nobody`, then log in again; docs/SECURITY.md)"
        for command in [["snapshot"], ["subscribe", "--no-reconnect"], ["record", "--duration", "1", "dev1", "/tmp/gestured-nobody-\(getpid()).yml"]] {
            let run = try ChildProcess("/usr/bin/setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", gesturectl] + command + ["--socket", socket]).finish()
            #expect(run.status == 1, "\(command): \(run.errors)")
            #expect(run.errors == "gesturectl \(command[0]): \(said)\n", "\(command)")
        }
        daemon.terminate()
        #expect(daemon.wait() == 0)
    }

    /// Item 7: with no daemon, subscribe and on say once that they wait for it (they printed
    /// nothing until killed); the daemon that comes then is used.
    @Test func waitingForADaemonIsSaid() throws {
        let socket = DaemonProcess.temporarySocket()
        let subscriber = try ChildProcess.gesturectl(["subscribe", "--socket", socket])
        var said = ""
        while !said.contains("\n") { said += DaemonProcess.read(subscriber.errors) ?? "\n" }
        #expect(said == "gesturectl subscribe: gestured is not running at \(socket) (no socket there); waiting for it\n")
        let daemon = try DaemonProcess(
            ["--config", "Fixtures/gestures.yml", "--replay", "Fixtures/constructed/swipe-3-left.yml", "--wait-subscribers", "1", "--exit-after-replay"],
            socket: socket)
        #expect(daemon.wait() == 0)
        kill(subscriber.process.processIdentifier, SIGTERM)
        let run = subscriber.finish()
        #expect(run.lines.contains { $0.hasSuffix("swipe-left-3#1  ended  left 40.0 mm") }, "\(run.lines)")
    }

    /// Item 6: a client the daemon refuses waits 2 s, then longer, up to 10 s, before it asks
    /// again; a daemon that is simply gone is asked again after 50 ms doubling to 2 s.
    @Test func aRefusedClientBacksOff() async {
        let client = GestureClient(path: "/nonexistent/gestured.sock")
        var gone: [Duration] = []
        for _ in 0..<8 { gone.append(await client.nextDelay()) }
        #expect(gone == [.milliseconds(50), .milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .milliseconds(1600), .seconds(2), .seconds(2)])
        var refused: [Duration] = []
        for _ in 0..<5 {
            await client.markRefused()
            refused.append(await client.nextDelay())
        }
        #expect(refused == [.seconds(4), .seconds(8), .seconds(10), .seconds(10), .seconds(10)])
    }
}
