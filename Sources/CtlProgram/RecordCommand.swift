import ArgumentParser
import Dispatch
import Evdev
import GestureClient
import GestureCommandLine
import GestureCore
import GestureOptions
import GesturePipeline
import GestureWire
import Glibc
import Posix
import Synchronization

/// `gesturectl record`: a device's touches, recorded through the daemon into a `libinput
/// record` file that `gesturectl replay` and libinput's tools read, with its transcript beside
/// it — the first step of an app's test (docs/PROTOCOL.md, "Recording a fixture").
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a device's touches through the daemon into a fixture, with its transcript beside it.",
        discussion: """
            Writes FILE as `libinput record` YAML (gesturectl replay and libinput replay read it) and \
            FILE.expected.jsonl, what `gesturectl replay --json` prints for it under --config: review \
            it and commit both. Where they go is checked before anything is recorded, and an \
            existing file is left alone unless --force. Records from the device's next whole frame until Ctrl-C, --duration, \
            the device going away or the daemon stopping. Only for the user in front of the device's \
            seat (exit 77 otherwise), and only devices gestured reads itself.
            """)

    @Argument(help: ArgumentHelp("The device: its id as `gesturectl devices` lists it (3 or dev3).", valueName: "device"))
    var device: String

    @Argument(help: ArgumentHelp("The recording to write.", valueName: "file"))
    var file: String

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Stop after this many seconds (default: Ctrl-C).", valueName: "seconds"))
    var duration: Double?

    @Option(name: .long, help: ArgumentHelp("Gesture configuration for the transcript (default: the daemon's, else the built-in set).", valueName: "file"))
    var config: String?

    @Flag(name: .customLong("no-transcript"), help: "Write only the recording.")
    var noTranscript = false

    @Flag(name: .long, help: "Replace the file (and its transcript) if it exists.")
    var force = false

    @OptionGroup var daemon: SocketOption

    func validate() throws {
        guard Self.deviceID(device) != nil else { throw ValidationError("the device is its id as gesturectl devices lists it (3 or dev3), not \(device)") }
        if let duration, !(duration > 0 && duration <= 86_400) { throw ValidationError("--duration must be more than 0 and at most 86400 seconds") }
    }

    static func deviceID(_ text: String) -> Int64? {
        Int64(text.hasPrefix("dev") ? String(text.dropFirst(3)) : text).flatMap { $0 > 0 ? $0 : nil }
    }

    func run() async throws {
        let id = Self.deviceID(device)!
        // Where it goes, first: a recording is not made to be lost at the end.
        for path in [file] + (noTranscript ? [] : [file + ".expected.jsonl"]) {
            do {
                // Missing folders are made, as `import --output` makes them: one rule for both.
                try TextFile.makeParentFolders(of: path)
                try TextFile.checkWritable(path)
            } catch {
                throw CleanExit.message("gesturectl record: \(error)", code: 1)
            }
            if !force && FileReader.exists(path) {
                throw CleanExit.message("gesturectl record: \(path) exists; give --force to replace it", code: 1)
            }
        }
        // The configuration next: a mistake in it is said before anything is recorded.
        let transcriptConfig: GestureConfig?
        do {
            transcriptConfig = noTranscript ? nil : try RecordingLoader.config(RecordingLoader.daemonConfigPath(config))
        } catch {
            throw CleanExit.message("gesturectl record: \(error)", code: 1)
        }
        let (client, _, stream) = try await DaemonConnection.open("record", socket: daemon.socket)
        var events = stream
        let description: DeviceDescription
        let udev: [String]
        do {
            let reply = try await client.request(.record(device: id))
            guard let device = reply["device"], let read = DeviceDescriptionJSON.description(device) else {
                throw CleanExit.message("gesturectl record: the daemon's reply has no device description", code: 1)
            }
            (description, udev) = read
        } catch ClientError.rejected(let code, let message) {
            await client.close()
            if code == "forbidden" { throw DaemonConnection.refused("gesturectl record", message) }
            throw CleanExit.message("gesturectl record: \(message)", code: 1)
        }
        let stop = Self.stopOnSignals {
            Self.stopped.store(1, ordering: .sequentiallyConsistent)
            Task { await client.close() }
        }
        defer { for source in stop { source.cancel() } }
        if let duration {
            Task {
                try await Task.sleep(for: .milliseconds(Int(duration * 1000)))
                Self.stopped.store(2, ordering: .sequentiallyConsistent)
                await client.close()
            }
        }
        StandardError.line("gesturectl record: recording dev\(id) (\(description.name)) into \(file); \(duration.map { "for \(GestureEventText.format($0, 1)) s" } ?? "Ctrl-C to stop")")
        var recorded: [InputEvent] = []
        var ended = "stopped"
        loop: while let event = await events.next() {
            switch event {
            case .other(let value) where value["event"]?.stringValue == "recorded" && value["device"]?.intValue == id:
                recorded += RecordedEventsJSON.events(value)
            case .deviceRemoved(let gone) where gone == id:
                ended = "the device went away"
                break loop
            case .paused(_, let message):
                ended = "paused: \(message)"
                break loop
            case .disconnected(let reason):
                switch Self.stopped.load(ordering: .sequentiallyConsistent) {
                case 1: ended = "stopped"
                case 2: ended = "stopped after \(GestureEventText.format(duration ?? 0, 1)) s"
                default: ended = "the daemon went away (\(reason))"
                }
                break loop
            default: continue
            }
        }
        await client.close()
        try write(recorded, description: description, udev: udev, config: transcriptConfig, ended: ended)
    }

    /// Writes the recording (whole frames) and, with a configuration, its transcript.
    func write(_ events: [InputEvent], description: DeviceDescription, udev: [String], config: GestureConfig?, ended: String) throws {
        let whole = events[...]
        guard let last = whole.lastIndex(where: { $0.type == EventCode.EV_SYN && $0.code == EventCode.SYN_REPORT }) else {
            throw CleanExit.message("gesturectl record: \(ended) before a frame came from dev\(Self.deviceID(device)!): nothing written", code: 1)
        }
        let frames = whole[...last].filter { $0.type == EventCode.EV_SYN && $0.code == EventCode.SYN_REPORT }.count
        let writer = RecordingWriter(description: description, udev: udev, note: "Recorded by gesturectl record from \(description.name).")
        let text = writer.text(Array(whole[...last]))
        do {
            try TextFile.write(text, to: file)
        } catch {
            throw CleanExit.message("gesturectl record: \(error)", code: 1)
        }
        let seconds = Double(whole[last].time.microseconds - whole[whole.startIndex].time.microseconds) / 1_000_000
        StandardError.line("gesturectl record: \(ended); wrote \(file): \(EventText.count(frames, "frame")), \(GestureEventText.format(seconds, 3)) s")
        guard let config else { return }
        let transcript: [String]
        do {
            let recording = try Recording.read(text, file: file)
            let quirks = QuirksLoader.load()
            let session = ReplaySession(recordings: [(recording, file)], config: config, quirks: quirks.database)
            var lines: [String] = []
            session.run { lines.append(GestureEventJSON.line($0, origin: session.origin)) }
            transcript = lines
        } catch {
            throw CleanExit.message("gesturectl record: the file written does not read back: \(error)", code: 1)
        }
        let path = file + ".expected.jsonl"
        do {
            try TextFile.write(transcript.map { $0 + "\n" }.joined(), to: path)
        } catch {
            throw CleanExit.message("gesturectl record: \(error)", code: 1)
        }
        StandardError.line("gesturectl record: wrote \(path): \(EventText.count(transcript.count, "gesture event")) (review it, then keep both)")
    }

    /// Why the recording ended, when this process ended it: 1 a signal, 2 --duration.
    static let stopped = Atomic<Int>(0)

    /// Ctrl-C and SIGTERM end the recording (the file is still written).
    static func stopOnSignals(_ handler: @escaping @Sendable () -> Void) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }
}
