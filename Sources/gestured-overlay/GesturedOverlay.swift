import ArgumentParser
import GestureActions
import GestureClient
import GestureCommandLine
import GestureCore
import GestureOptions
import GestureOverlay
import GesturePipeline
import GestureWire
import LoopExecutor
import NIOPosix
import OverlayScreen
import Posix

/// `gestured-overlay` (and `gesturectl overlay`, which starts it): shows on the desktop itself
/// where the fingers go and what gestured made of them — touchscreen trails, the touchpad's
/// fingers in a miniature, each gesture's name and progress, and what the actions file ran —
/// on a click-through surface above everything (docs/OVERLAY.md).
struct GesturedOverlay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gestured-overlay",
        abstract: OverlayOptions.abstract, discussion: OverlayOptions.discussion,
        version: GesturedVersion.current)

    @OptionGroup var options: OverlayOptions

    /// What its messages begin with: the command the user typed — `gesturectl overlay` starts
    /// it with that as its `argv[0]` — or its own name.
    static let name = CommandLine.arguments.first == OverlayOptions.startedAs ? OverlayOptions.startedAs : "gestured-overlay"

    /// The actions file, or nil when none was given and the user's does not exist.
    func actionsFile() throws -> ActionsFile? {
        let given = options.file
        guard let path = given ?? UserConfigHome.path("gestured/actions.yml") else { return nil }
        do {
            let recorded = try UserStrokes.load(options.strokes)
            return try ActionsFile.parse(try FileReader.text(path), file: path, strokes: recorded)
        } catch let error as FileReadError where error.reason == "no such file" && given == nil {
            return nil
        } catch {
            throw CleanExit.message("\(Self.name): \(error)", code: 1)
        }
    }

    func run() throws {
        let actions = try actionsFile()
        let settings = actions?.overlay ?? ActionsOverlay()
        let wanted = options.output ?? settings.output
        // The daemon's configuration, as it chooses it, for the progress bars' goals.
        let configPath = RecordingLoader.daemonConfigPath(options.config)
        let config: GestureConfig
        do {
            config = try RecordingLoader.config(configPath)
        } catch {
            throw CleanExit.message("\(Self.name): \(error)", code: 1)
        }
        let goals = OverlayGoals.of(config)
        if options.check {
            let shown = ActionsOverlay.Part.allCases.filter(settings.show.contains).map(\.rawValue)
            print("shows: \(shown.isEmpty ? "nothing" : shown.joined(separator: ", "))")
            print("touchpad miniature: \(settings.padCorner.rawValue), \(GestureEventText.format(settings.padWidth, 0)) px wide")
            switch OverlayOptions.displayKind(options.display, environment: ProcessEnvironment.current) {
            case .x11?: print("output: \(wanted.map { "\($0) (a Wayland output: ignored on X11, where the whole screen is covered)" } ?? "the whole screen (X11)")")
            case .gnomeShell?: print("output: \(wanted ?? "GNOME's primary monitor") (drawn by gestured's GNOME Shell extension)")
            default: print("output: \(wanted ?? "the compositor's choice")")
            }
            let bars = goals.sorted { $0.key < $1.key }.map { "\($0.key) \(GestureEventText.format($0.value, 0)) mm" }
            print("progress bars (from \(configPath ?? "the built-in set")): \(bars.isEmpty ? "none" : bars.joined(separator: ", "))")
            print("actions named on cards: \(actions.map { "\($0.actions.count) from \($0.source)" } ?? "none (no actions file)")")
            return
        }
        let surface: OverlaySurface
        do {
            switch OverlayOptions.displayKind(options.display, environment: ProcessEnvironment.current) {
            case .wayland(let name): surface = try WaylandOverlaySurface(display: name, output: wanted)
            case .x11(let name):
                // A file written for Wayland still draws on X11 (and the user unit does not loop).
                if let wanted { StandardError.line("\(Self.name): on X11 the overlay covers the whole screen; `output: \(wanted)` names a Wayland output and is ignored here (docs/OVERLAY.md)") }
                surface = try X11OverlaySurface(display: name)
            case .gnomeShell: surface = try GnomeShellOverlaySurface(address: nil, output: wanted)
            case nil: throw OverlayError("no display: neither WAYLAND_DISPLAY nor DISPLAY is set (give --display)")
            }
        } catch {
            throw CleanExit.message("\(Self.name): \(error)", code: 1)
        }
        let loop = OverlayLoop(scene: OverlayScene(settings: settings, goals: goals))
        let socket = options.daemon.socket
        // The daemon's connection on NIO's event loop, as the task's executor too: the concurrency
        // runtime never starts libdispatch's worker pool, whose monitor would wake the process every
        // second (EventLoopTaskExecutor).
        let nioLoop = MultiThreadedEventLoopGroup.singleton.next()
        // The file read again when it changes on disk (its links followed), on the same loop.
        let reload = actions.map { OverlayReload(path: $0.source, strokes: options.strokes) }
        reload?.start(on: nioLoop, into: loop)
        let follower = Task(executorPreference: EventLoopTaskExecutor(nioLoop)) {
            await Self.follow(socket: socket, actions: actions, reload: reload, into: loop, verbose: options.verbose)
        }
        // SIGTERM and SIGINT end it as they come: the compositor takes its surface away with the connection.
        do {
            try loop.run(on: surface, painter: OverlayPainter(settings: settings), clock: { MonotonicTime.seconds }) { shown in
                guard options.verbose else { return }
                StandardError.line(shown.map { "\(Self.name): shown, \($0.width)×\($0.height) pixels" } ?? "\(Self.name): taken away")
            }
        } catch {
            follower.cancel()
            throw CleanExit.message("\(Self.name): \(error)", code: 1)
        }
        follower.cancel()
    }

    /// The daemon's events into the loop, for as long as the program runs (reconnecting);
    /// `verbose` says when the start's pages were given back.
    static func follow(socket: String?, actions: ActionsFile?, reload: OverlayReload?, into loop: OverlayLoop, verbose: Bool) async {
        let client = GestureClient(path: socket, reconnects: true)
        await client.subscribe(SubscriptionRequest(touches: true))
        await client.start()
        let actionsPath = actions?.source
        var feed = OverlayFeed(actions: actions)
        var runnerCheckedAt = -Double.infinity
        var waiting = false  // said once per absence, not at every retry
        var started = false
        for await event in client.events {
            if Task.isCancelled { break }
            switch event {
            case .serverError(let code, let message) where code == "forbidden", .subscriptionRefused(_, let code, let message) where code == "forbidden":
                StandardError.line("\(name): gestured refused this user: \(message)")
            case .disconnected(let reason) where !waiting:
                StandardError.line("\(name): \(DaemonConnection.absence(client.path, reason)); waiting for it")
                waiting = true
            case .connected(let hello):
                StandardError.line("\(name): connected to gestured \(hello.server) at \(client.path)")
                waiting = false
                // Started (the display's surface made, the daemon met): the code only starting
                // ran — options, the files, the display's and the fonts' setup — is unmapped;
                // drawing maps its own again (StartupPages).
                if !started {
                    if StartupPages.release() != nil, verbose { StandardError.line("\(name): started: unmapped the code only starting ran") }
                    started = true
                }
            default: break
            }
            let now = MonotonicTime.seconds
            if let file = reload?.take() {
                let runs = feed.runnerRuns
                feed = OverlayFeed(actions: file)
                feed.runnerRuns = runs
            }
            // Whether a runner runs the file, looked up at most once a second, on a gesture.
            if case .gesture = event, let actionsPath, now - runnerCheckedAt >= 1 {
                feed.runnerRuns = RunnerStatus.folder().map { !RunnerStatus.read(running: actionsPath, in: $0).isEmpty } ?? false
                runnerCheckedAt = now
            }
            loop.take(feed.events(event, at: now), at: now)
        }
        await client.close()
    }
}
