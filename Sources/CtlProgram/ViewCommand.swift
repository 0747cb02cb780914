import ArgumentParser
import Evdev
import GestureActions
import GestureClient
import GestureCommandLine
import GestureDesktop
import GestureOptions
import GesturePipeline
import GestureRunner
import GestureView
import GestureWire
import Posix

/// `gesturectl view`: a page in the browser showing what gestured sees — every touch on each
/// surface, a lane per gesture with its phases and failures, and the event lines — live from the
/// daemon, or from recordings played, stepped and scrubbed.
struct ViewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Show what gestured sees in the browser: touches, gesture lanes and events, live or from recordings.",
        discussion: """
            Serves a page on 127.0.0.1 only, at a free port, and prints its address with a secret \
            token: every request needs it, and a request from another site is refused. Opens it with \
            xdg-open when there is a desktop (--no-open: just print it). From another machine: \
            ssh -L 8080:127.0.0.1:PORT HOST, then open http://localhost:8080/?token=TOKEN. When \
            the view already runs as your user unit (systemctl --user enable --now gestured-view), \
            `gesturectl view` opens that one.

            Without recordings the page is live: touches (your session in front) and gestures \
            from the daemon, waiting for it when it is not there. With recordings, the page plays \
            them as `gesturectl replay` does; a recording opened or dropped on the page plays too.

            Live, the Actions panel lists your actions file and adds to it: press Add, do the \
            gesture (or draw a shape of your own), give it keys, a command or a window action, \
            try it, save. Only that file (and, for a shape, your strokes file) is written, every \
            other byte of it kept; a running gesturectl actions reads it again (docs/ACTIONS.md, \
            "In the view").
            """)

    @Argument(help: ArgumentHelp("Recordings to show instead of the daemon's input.", valueName: "recording"))
    var recordings: [String] = []

    @Option(name: .long, help: ArgumentHelp("Gesture configuration for recordings (YAML); the built-in set when omitted.", valueName: "file"))
    var config: String?

    @Option(name: .customLong("device-description"), help: ArgumentHelp("The .desc file for evemu recordings without a device header.", valueName: "desc"))
    var deviceDescription: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The port on 127.0.0.1 (default: a free one).", valueName: "port"))
    var port: Int?

    @Flag(name: .customLong("no-open"), help: "Only print the address; do not start a browser.")
    var noOpen = false

    @Option(name: .long, help: ArgumentHelp(
        "Live: the actions file the Actions panel shows and adds to, whose actions are also listed for each event as gesturectl actions decides them (default: ~/.config/gestured/actions.yml).",
        valueName: "path"))
    var actions: String?

    @Flag(name: .customLong("no-actions"), help: "Live: no Actions panel, and no actions listed.")
    var noActions = false

    @Option(name: .customLong("address-file"), help: ArgumentHelp(
        "Also write the address, with its token, to this file (yours alone, mode 0600) while serving. The user unit gestured-view.service writes $XDG_RUNTIME_DIR/gestured/view-address, and a plain `gesturectl view` opens the view found there instead of starting another.",
        valueName: "path"))
    var addressFile: String?

    @OptionGroup var daemon: SocketOption

    func validate() throws {
        if let port, !(0...65_535).contains(port) { throw ValidationError("--port must be 0 to 65535 (0: a free one), not \(port)") }
    }

    /// Reads the actions file once before serving: one that was asked for (`--actions`) and
    /// cannot be read ends the command; a mistake in it is said, and the Actions panel shows it.
    func checkActionsFile() throws {
        guard let path = deskPath else { return }
        let text: String
        do {
            text = try FileReader.text(path)
        } catch {
            // (No `catch where`: Swift 6.0.3 crashes on it after a typed throw.)
            if error.reason == "no such file" { return }  // not written yet: the Actions panel writes it when an action is saved
            if actions != nil { throw CleanExit.message("gesturectl view: \(error)", code: 1) }
            StandardError.line("gesturectl view: \(error); its actions are not listed")
            return
        }
        do {
            _ = try ActionsFile.parse(text, file: path, strokes: try UserStrokes.load(nil))
        } catch {
            StandardError.line("gesturectl view: \(error); its actions are not listed until it is mended (the Actions panel shows it)")
        }
    }

    /// The actions file the Actions panel shows and adds to (nil: none, with recordings or
    /// `--no-actions`); it need not exist yet.
    var deskPath: String? {
        noActions || !recordings.isEmpty ? nil : actions ?? UserConfigHome.path("gestured/actions.yml")
    }

    /// A plain `gesturectl view` (live, nothing asked of it but perhaps --no-open) opens the
    /// view that already runs for this user (the user unit), found by its address file.
    var mayOpenTheRunningView: Bool {
        recordings.isEmpty && config == nil && port == nil && actions == nil && !noActions && addressFile == nil && daemon.socket == nil
    }

    func run() async throws {
        if mayOpenTheRunningView, let path = ViewAddressFile.standardPath(ProcessEnvironment.current), let address = ViewAddressFile.running(at: path) {
            var output = FileHandleOutput()
            output.write(address)
            output.flush()
            StandardError.line("gesturectl view: the view runs already (gestured-view.service; its address is in \(path))")
            if !noOpen && Self.hasDesktop { Self.openBrowser(address) }
            return
        }
        try checkActionsFile()
        let loaded: GestureConfig
        let quirks = QuirksLoader.load()
        let initial: JSONValue?
        do {
            loaded = try RecordingLoader.config(config)
            for warning in quirks.warnings { StandardError.line("gesturectl: \(warning)") }
            initial = recordings.isEmpty ? nil : ViewReplayDocument.make(
                ReplaySession(
                    recordings: try RecordingLoader.recordings(recordings, description: deviceDescription), config: loaded,
                    quirks: quirks.database),
                files: recordings)
        } catch {
            throw CleanExit.message("gesturectl: \(error)", code: 1)
        }
        let database = quirks.database
        let broadcast = ViewBroadcast()
        let link = DaemonLink()
        let recorder = ViewRecorder()
        let replay: ViewServer.Replay = { name, text in
            let recording = try Recording.read(text, file: name)
            return ViewReplayDocument.make(ReplaySession(recordings: [(recording, name)], config: loaded, quirks: database), files: [name])
        }
        let live: ViewServer.Record = { @Sendable device, seconds in
            try await ViewLive.record(device, seconds: seconds, link: link, recorder: recorder, replay: replay)
        }
        let record = recordings.isEmpty ? live : nil
        let desk = deskPath.map { ViewActionsDesk(path: $0) }
        let panel: ViewServer.Actions? = desk.map { desk in
            { @Sendable verb, body in
                let answer = try await desk.answer(verb, body)
                await link.define([await desk.file(), await desk.trial].compactMap { $0 })
                return answer
            }
        }
        let server = ViewServer(
            access: ViewAccess(token: ViewToken.make()), broadcast: broadcast, recordings: initial, replay: replay, record: record, actions: panel)
        let open = !noOpen && Self.hasDesktop
        // The daemon is followed once the page is served: a port in use is then the one thing said.
        // Each task says whether it ran (true) or never started (false); the first that ran and
        // ended, or threw, ends the command.
        let (served, serving) = AsyncStream<Void>.makeStream()
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                defer { serving.finish() }
                do {
                    try await server.run(port: port ?? 0) { bound in
                        serving.yield()
                        let address = "http://127.0.0.1:\(bound)/?token=\(server.access.token)"
                        var output = FileHandleOutput()
                        output.write(address)
                        output.flush()
                        StandardError.line("gesturectl view: serving on 127.0.0.1:\(bound) only; from another machine: ssh -L 8080:127.0.0.1:\(bound) HOST")
                        if let addressFile, let failure = ViewAddressFile.write(address, to: addressFile) {
                            StandardError.line("gesturectl view: \(failure)")
                        }
                        if open { Self.openBrowser(address) }
                    }
                } catch {
                    throw CleanExit.message("gesturectl view: \(error)", code: 1)
                }
                return true
            }
            if recordings.isEmpty {
                group.addTask {
                    var started = served.makeAsyncIterator()
                    guard await started.next() != nil else { return false }
                    // The window in front, for `when:` (the file's and the panel's), when the
                    // desktop can say it.
                    let desktop = desk == nil ? nil : ViewLive.startDesktop()
                    defer { desktop?.stop() }
                    await desk?.setDesktop(desktop?.name)
                    try await ViewLive.follow(broadcast, socket: daemon.socket, link: link, recorder: recorder, desk: desk, desktop: desktop)
                    return true
                }
            } else {
                await broadcast.setGreeting([ViewMessage.status("showing recordings: gesturectl view was started with \(recordings.joined(separator: ", "))").serialized])
            }
            while let ran = try await group.next(), !ran {}
            group.cancelAll()
        }
    }

    /// A desktop session to open a browser in, and xdg-open to do it.
    static var hasDesktop: Bool {
        (ProcessEnvironment.value("WAYLAND_DISPLAY") != nil || ProcessEnvironment.value("DISPLAY") != nil)
            && ChildProcess.canRun("xdg-open", path: ProcessEnvironment.value("PATH"))
    }

    static func openBrowser(_ address: String) {
        do {
            // Reaped on a thread of its own (xdg-open hands the address to the browser and exits).
            nonisolated(unsafe) let child = try ChildProcess(["xdg-open", address], environment: [:], inheriting: true)
            Task.detached { _ = child.wait() }
        } catch {
            StandardError.line("gesturectl view: cannot start xdg-open (\(error)); open the address yourself")
        }
    }
}
