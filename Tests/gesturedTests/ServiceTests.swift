import Foundation
import GestureClient
import GestureWire
import Glibc
import Testing

/// The daemon as a service: socket activation, sd_notify, SIGHUP reload, reconnecting clients,
/// and commands run on gestures.
@Suite(.serialized) struct ServiceTests {
    /// Creates the listening socket at argv[1], makes it fd 3, sets LISTEN_FDS/LISTEN_PID and
    /// execs the rest of argv — what systemd does for gestured.socket.
    static let activate = """
        import os, socket, sys
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.bind(sys.argv[1]); s.listen(16)
        if s.fileno() != 3: os.dup2(s.fileno(), 3)
        os.set_inheritable(3, True)
        os.environ["LISTEN_FDS"] = "1"; os.environ["LISTEN_PID"] = str(os.getpid())
        os.execv(sys.argv[2], sys.argv[2:])
        """

    @Test func socketActivationServesThePassedSocketAndNotifiesSystemd() throws {
        let notify = try NotifyListener()
        let socket = DaemonProcess.temporarySocket()
        let daemon = try DaemonProcess(
            ["--replay", "Fixtures/constructed/double-tap.yml", "--wait-subscribers", "1"], socket: socket,
            launcher: ["python3", "-c", Self.activate, socket], environment: ["NOTIFY_SOCKET": notify.path])
        #expect(daemon.log.contains("serving the socket systemd passed in"))
        #expect(notify.wait(for: "READY=1")?.contains("STATUS=serving") == true)
        let client = try LineClient(path: socket)
        #expect(client.readLine()?.contains(#""event":"hello""#) == true)
        client.send(#"{"id": 1, "request": "ping"}"#)
        #expect(client.readLine() == #"{"id":1,"ok":true,"pong":true}"#)
        daemon.terminate()
        #expect(notify.wait(for: "STOPPING=1") != nil)
        #expect(daemon.wait() == 0)
        // The socket file is systemd's: left in place for the next activation.
        #expect(FileManager.default.fileExists(atPath: socket))
        unlink(socket)
    }

    @Test func theWatchdogIsFedFromTheEventLoop() throws {
        let notify = try NotifyListener()
        // systemd's WatchdogSec=0.2s: a ping every 0.1 s.
        let daemon = try DaemonProcess(
            ["--replay", "Fixtures/constructed/double-tap.yml", "--wait-subscribers", "1"],
            environment: ["NOTIFY_SOCKET": notify.path, "WATCHDOG_USEC": "200000"])
        #expect(notify.wait(for: "READY=1") != nil)
        #expect(notify.wait(for: "WATCHDOG=1") != nil)
        #expect(notify.wait(for: "WATCHDOG=1") != nil)
        daemon.terminate()
        #expect(notify.wait(for: "STOPPING=1") != nil)
        #expect(daemon.wait() == 0)
    }

    /// Issue 12: the idle live daemon is its main thread (waiting for the end), the event loop
    /// (which also runs every Swift task) and the input thread — no libdispatch workers, not
    /// even after a reload and a client. SIGINT shuts it down as SIGTERM does.
    @Test func theIdleLiveDaemonHasItsEventLoopAndInputThreadOnly() throws {
        let daemon = try DaemonProcess([])
        let client = try LineClient(path: daemon.socket)
        #expect(client.readLine()?.contains(#""event":"hello""#) == true)
        client.send(#"{"id": 1, "request": "subscribe"}"#)
        var answer: String?
        while answer == nil, let line = client.readLine() {
            if line.contains(#""id":1,"#) { answer = line }
        }
        #expect(answer?.contains(#""ok":true"#) == true)
        daemon.signal(SIGHUP)
        try daemon.waitForLog("SIGHUP: reloaded")
        let pid = daemon.process.processIdentifier
        let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").map {
            try String(contentsOfFile: "/proc/\(pid)/task/\($0)/comm", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(threads.count <= 3, "threads: \(threads)")
        #expect(threads.allSatisfy { $0 == "gestured" || $0 == "gestured-input" || $0.hasPrefix("NIO-") }, "threads: \(threads)")
        daemon.signal(SIGINT)
        try daemon.waitForLog("SIGINT: shutting down")
        #expect(daemon.wait() == 0)
    }

    /// Issue 66: once ready, the daemon unmaps what only starting used (StartupPages) and
    /// serves on; once settled (five seconds on), it does so again and still serves.
    @Test func theReadyDaemonGivesBackItsStartupPagesAndServesOn() throws {
        let daemon = try DaemonProcess(["--log-level", "debug"])
        try daemon.waitForLog("ready: unmapped the read-only pages of")
        let said = try #require(daemon.log.split(separator: "\n").first { $0.contains("ready: unmapped the read-only pages of") })
        #expect(said.contains(" loaded files ("), "\(said)")
        let client = try LineClient(path: daemon.socket)
        #expect(client.readLine()?.contains(#""event":"hello""#) == true)
        client.send(#"{"id": 1, "request": "ping"}"#)
        #expect(client.readLine() == #"{"id":1,"ok":true,"pong":true}"#)
        try daemon.waitForLog("settled: unmapped the read-only pages of")
        client.send(#"{"id": 2, "request": "ping"}"#)
        #expect(client.readLine() == #"{"id":2,"ok":true,"pong":true}"#)
        daemon.terminate()
        #expect(daemon.wait() == 0)
    }

    /// `THP_enabled:` of a process's /proc/PID/status (Linux 5.0 and later).
    static func transparentHugePages(_ pid: String) throws -> String {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("THP_enabled:") })
        return line.dropFirst("THP_enabled:".count).trimmingCharacters(in: .whitespaces)
    }

    @Test func theDaemonDeclinesHugePagesAndOnlyItself() throws {
        // This process (which started the daemon) keeps them: the setting is the daemon's own.
        try #require(try Self.transparentHugePages("self") == "1")
        let daemon = try DaemonProcess([])
        let client = try LineClient(path: daemon.socket)
        #expect(client.readLine()?.contains(#""event":"hello""#) == true)
        #expect(try Self.transparentHugePages(String(daemon.process.processIdentifier)) == "0")
        daemon.terminate()
        #expect(daemon.wait() == 0)
    }

    @Test func aPassedDescriptorThatIsNotAListeningSocketIsAClearError() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let daemon = DaemonProcess.root.appendingPathComponent(".build/debug/gestured").path
        // fd 3 is a regular file here.
        process.arguments = [
            "python3", "-c",
            "import os,sys; fd=os.open('/dev/null', os.O_RDONLY); os.dup2(fd, 3); os.set_inheritable(3, True); os.environ['LISTEN_FDS']='1'; os.environ['LISTEN_PID']=str(os.getpid()); os.execv(sys.argv[1], sys.argv[1:])",
            daemon, "--replay", "Fixtures/constructed/double-tap.yml",
        ]
        process.currentDirectoryURL = DaemonProcess.root
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains("descriptor 3 is not a socket"))
    }

    /// A config file in a temporary directory, rewritten by the test.
    final class ConfigFile {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-\(UUID().uuidString.prefix(8)).yml").path
        let original: String

        init() throws {
            original = try String(contentsOfFile: DaemonProcess.root.appendingPathComponent("Fixtures/gestures.yml").path, encoding: .utf8)
            try write(original)
        }

        func write(_ text: String) throws { try text.write(toFile: path, atomically: true, encoding: .utf8) }

        deinit { unlink(path) }
    }

    @Test func sighupKeepsAnUnchangedGestureInFlightFailsAChangedOneAndRejectsABadConfig() throws {
        let config = try ConfigFile()
        let daemon = try DaemonProcess([
            "--config", config.path, "--replay", "Fixtures/constructed/long-press-drag.yml", "--loop", "--realtime",
            "--wait-subscribers", "1",
        ])
        let client = try LineClient(path: daemon.socket)
        _ = client.readLine()
        client.send(#"{"id": 1, "request": "subscribe", "gestures": ["press-drag"]}"#)
        #expect(client.readLine() == #"{"id":1,"ok":true,"subscription":1}"#)
        func next(_ text: String) -> String? {
            while let line = client.readLine() { if line.contains(text) { return line } }
            return nil
        }

        // 1. Another gesture changes while press-drag is in flight: press-drag carries on.
        let active = try #require(next(#""phase":"active""#))
        let instance = try #require(try JSONParser.parse(active)["instance"])
        try config.write(config.original.replacingOccurrences(of: "tap: { fingers: 2 }", with: "tap: { fingers: 2, count: 2 }"))
        daemon.signal(SIGHUP)
        let reloaded = try #require(next(#""event":"config-reloaded""#))
        #expect(reloaded.contains(#""press-drag""#))
        let end = try #require(next(#""gesture":"press-drag""#).flatMap { line in
            line.contains(#""phase":"active""#) ? next(#""phase":"ended""#) ?? next(#""phase":"failed""#) : line
        })
        #expect(try JSONParser.parse(end)["instance"] == instance)
        #expect(end.contains(#""phase":"ended""#), "\(end)")

        // 2. press-drag itself changes while in flight: it fails with reconfigured.
        _ = try #require(next(#""phase":"active""#))
        try config.write(config.original.replacingOccurrences(of: "minimumDuration: 0.5", with: "minimumDuration: 0.4"))
        daemon.signal(SIGHUP)
        let failed = try #require(next(#""gesture":"press-drag","instance""#).flatMap { line in
            line.contains(#""phase":"active""#) ? next(#""phase":"failed""#) : line
        })
        #expect(failed.contains(#""reason":"reconfigured""#), "\(failed)")
        #expect(next(#""event":"config-reloaded""#) != nil)

        // 3. A config that does not parse is rejected with a logged error; the old one stays.
        try config.write("version: 1\ngestures:\n  - name: broken\n    tap: { count: zero }\n")
        daemon.signal(SIGHUP)
        try daemon.waitForLog("keeping the old configuration")
        #expect(daemon.log.contains("\(config.path):4: expected `count` to be a whole number"))
        client.send(#"{"id": 2, "request": "ping"}"#)
        #expect(next(#""id":2"#) == #"{"id":2,"ok":true,"pong":true}"#)
        // Still recognizing with the old configuration.
        #expect(next(#""gesture":"press-drag""#) != nil)
        daemon.terminate()
        #expect(daemon.wait() == 0)
    }

    /// The Swift client across a daemon restart: `failed(shutdown)` and the mirror's reset,
    /// `disconnected`, then a new connection with the subscription made again — events flow.
    /// (A pan that lasts 2 s: the stop must come while it is in flight, on a loaded machine too.)
    @Test func theSwiftClientReconnectsAndResubscribesAfterARestart() async throws {
        let socket = DaemonProcess.temporarySocket()
        let arguments = [
            "--config", "Fixtures/gestures.yml", "--replay", "Fixtures/real/ts-atmel-maxtouch-1finger-drag-up-down.evemu", "--loop", "--realtime",
            "--wait-subscribers", "1",
        ]
        var first: DaemonProcess? = try DaemonProcess(arguments, socket: socket)
        let client = GestureClient(path: socket)
        let handle = await client.subscribe(SubscriptionRequest(gestures: ["pan"]))
        await client.start()
        var mirror = GestureStateMirror(gesture: "pan")
        var log: [String] = []
        var second: DaemonProcess?
        for await event in client.events {
            mirror.apply(event)
            switch event {
            case .connected: log.append("connected")
            case .gesture(let update):
                #expect(update.subscription == handle)
                if update.phase == .active, log.last != "active" {
                    log.append("active")
                    #expect(mirror.instance == update.instance)
                    if first != nil {
                        first?.terminate()
                        #expect(first?.wait() == 0)
                        first = nil
                    }
                }
                if update.phase == .failed { log.append("failed(\(update.reason ?? ""))") }
                if update.phase == .ended { log.append("ended") }
            case .disconnected:
                log.append("disconnected")
                #expect(mirror.instance == nil)
                // The daemon comes back on the same path.
                second = try DaemonProcess(arguments, socket: socket)
            default:
                break
            }
            if log.count >= 5 { break }
        }
        #expect(Array(log.prefix(5)) == ["connected", "active", "failed(shutdown)", "disconnected", "connected"])
        // After reconnecting, the subscription delivers again.
        for await event in client.events {
            if case .gesture(let update) = event, update.phase == .active {
                #expect(update.subscription == handle)
                break
            }
        }
        await client.close()
        second?.terminate()
        #expect(second?.wait() == 0)
    }

    @Test func gesturectlOnRunsTheCommandForEachMatchingEvent() throws {
        let daemon = try DaemonProcess([
            "--config", "Fixtures/gestures.yml", "--replay", "Fixtures/constructed/double-tap.yml", "--loop", "--wait-subscribers", "1",
        ])
        let marks = FileManager.default.temporaryDirectory.appendingPathComponent("on-\(UUID().uuidString.prefix(8))").path
        defer { unlink(marks) }
        let on = try ChildProcess.gesturectl([
            "on", "taps", "--count", "2", "--socket", daemon.socket, "--",
            "sh", "-c", "echo \"$GESTURE_NAME $GESTURE_PHASE $GESTURE_VALUE\" >> \(marks)",
        ])
        let result = on.finish()
        #expect(result.status == 0, "\(result.errors)")
        let lines = try String(contentsOfFile: marks, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.hasPrefix("taps ended {\"kind\":\"exclusiveFirst\"") }, "\(lines)")
        daemon.terminate()
        #expect(daemon.wait() == 0)
    }

    @Test func clientCommandsSayClearlyWhenNoDaemonRuns() throws {
        let result = try ChildProcess.gesturectl(["snapshot", "--socket", "/nonexistent/gestured.sock"]).finish()
        #expect(result.status == 1)
        #expect(result.errors.contains("gestured is not running at /nonexistent/gestured.sock"))
        let python = try ChildProcess("python3", ["examples/python/subscribe.py", "--socket", "/nonexistent/gestured.sock"]).finish()
        #expect(python.status == 1)
        #expect(python.errors.contains("gestured is not running"))
    }
}
