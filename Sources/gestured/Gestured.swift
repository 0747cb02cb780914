import ArgumentParser
import Foundation
import GestureCore
import GestureDaemon
import GesturePipeline
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// `gestured`: recognizes gestures and publishes them on a Unix socket.
@main
struct Gestured: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gestured",
        abstract: "The gesture daemon: input → gesture engine → clients on a Unix socket (newline-delimited JSON).",
        discussion: "Live input is not wired to the daemon yet; run it on a recording with --replay.")

    @Option(name: .long, help: ArgumentHelp("Gesture configuration; /etc/gestured/gestured.yml when it exists, else the built-in set.", valueName: "file"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("Socket path (default: $GESTURED_SOCKET, /run/gestured/gestured.sock, $XDG_RUNTIME_DIR/gestured.sock).", valueName: "path"))
    var socket: String?

    @Option(name: .long, help: ArgumentHelp("Use a recording as input instead of devices.", valueName: "recording"))
    var replay: [String] = []

    @Option(name: .customLong("device-description"), help: ArgumentHelp("The .desc file for evemu recordings without a header.", valueName: "desc"))
    var deviceDescription: String?

    @Flag(name: .long, help: "Replay again and again.")
    var loop = false

    @Flag(name: .long, help: "Replay at the recording's pace (default: as fast as possible).")
    var realtime = false

    @Option(name: .customLong("wait-subscribers"), help: ArgumentHelp("Start the replay once this many subscriptions exist.", valueName: "n"))
    var waitSubscribers = 0

    @Option(name: .customLong("client-queue-limit"), help: ArgumentHelp("Messages a client may fall behind before it is disconnected.", valueName: "n"))
    var clientQueueLimit = 1024

    @Flag(name: .customLong("exit-after-replay"), help: "Shut down (gestures fail with reason shutdown) once a single replay has played out.")
    var exitAfterReplay = false

    func run() throws {
        LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
        var logger = Logger(label: "gestured")
        logger.logLevel = .info
        guard !replay.isEmpty else {
            throw CleanExit.message("gestured: live input is not wired to the daemon yet; run it with --replay RECORDING (see gesturectl devices for live devices)", code: 2)
        }
        guard let path = socket ?? SocketPath.resolve() else {
            throw CleanExit.message("gestured: no socket path: set --socket, $GESTURED_SOCKET or $XDG_RUNTIME_DIR", code: 2)
        }
        let gestureConfig: GestureConfig
        let plan: ReplayPlan
        do {
            let configPath = config ?? (FileManager.default.fileExists(atPath: "/etc/gestured/gestured.yml") ? "/etc/gestured/gestured.yml" : nil)
            gestureConfig = try RecordingLoader.config(configPath)
            plan = ReplayPlan(recordings: try RecordingLoader.recordings(replay, description: deviceDescription))
        } catch {
            throw CleanExit.message("gestured: \(error)", code: 1)
        }

        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let eventLoop = group.next()
        let start = NIODeadline.now()
        let hub = GestureHub(
            loop: eventLoop, config: gestureConfig, origin: plan.origin, serverVersion: "0.1.0", capabilities: ["replay"],
            outboxLimit: clientQueueLimit, deadlineClock: realtime ? ReplayDriver.clock(start: start) : nil, logger: logger)
        let driver = ReplayDriver(hub: hub, plan: plan, realtime: realtime, repeats: loop)
        try eventLoop.submit { driver.addDevices() }.wait()

        let server: any Channel
        do {
            server = try GestureServer.bind(path: path, hub: hub, group: group)
        } catch {
            try? group.syncShutdownGracefully()
            throw CleanExit.message("gestured: \(error)", code: 1)
        }
        logger.info("serving on \(path) with \(gestureConfig.bindings.count) gestures from \(gestureConfig.source)")

        let stop = { (reason: String) in
            eventLoop.execute {
                logger.info("shutting down (\(reason))")
                hub.shutdown().whenComplete { _ in server.close(promise: nil) }
            }
        }
        if exitAfterReplay { driver.onFinished = { stop("replay finished") } }
        let started = NIOLockedValueBox(false)
        let begin = {
            guard started.withLockedValue({ value in defer { value = true }; return !value }) else { return }
            driver.start()
        }
        if waitSubscribers > 0 {
            let needed = waitSubscribers
            try eventLoop.submit { hub.onSubscriptionsChanged = { if $0 >= needed { begin() } } }.wait()
        } else {
            begin()
        }

        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let signals = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { stop(number == SIGINT ? "SIGINT" : "SIGTERM") }
            source.resume()
            return source
        }
        try server.closeFuture.wait()
        signals.forEach { $0.cancel() }
        unlink(path)
        try group.syncShutdownGracefully()
    }
}

extension CleanExit {
    static func message(_ text: String, code: Int32) -> ExitCode {
        FileHandle.standardError.write(Data((text + "\n").utf8))
        return ExitCode(code)
    }
}
