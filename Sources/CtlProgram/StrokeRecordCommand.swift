import ArgumentParser
import GestureActions
import GestureClient
import GestureCommandLine
import GestureCore
import GestureOptions
import GesturePipeline
import GestureRunner
import GestureWire
import Posix

/// `gesturectl stroke record NAME`: the user draws a shape a few times on their own touch
/// device, through the daemon (a `touches` subscription: only for the user the access policy
/// serves), and the drawings are saved to their strokes file, where `gesturectl actions` finds
/// them (docs/ACTIONS.md, "Strokes").
struct StrokeRecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a shape by drawing it a few times on your touchscreen or touchpad.",
        discussion: """
            Draw the shape when asked, the same way each time (where it starts and which way it \
            goes are part of the shape). A drawing shorter than --minimum-length, or unlike the \
            ones before it, is asked for again. The drawings replace any of the same name in the \
            strokes file; a built-in shape of that name is replaced by yours, and a built-in shape \
            yours resembles gives way to it where the two score alike (it says which). Nothing is \
            written until every drawing is in.
            """)

    @Argument(help: ArgumentHelp("The shape's name: letters, digits, '-', '_' and '.', starting with a letter.", valueName: "name"))
    var name: String

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("How many drawings to take (1 to 10).", valueName: "count"))
    var times = 3

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Fingers that draw together, 1 to 10 (use the count your stroke gesture has).", valueName: "count"))
    var fingers = 1

    @Option(name: .customLong("minimum-length"), parsing: .unconditional, help: ArgumentHelp("The shortest drawing taken, millimetres (0 to 10000).", valueName: "mm"))
    var minimumLength: Double = GestureSettings.standard.strokeMinimumLength

    @Option(name: .long, help: ArgumentHelp("The strokes file to write (default: $XDG_CONFIG_HOME/gestured/strokes.yml, ~/.config/gestured/strokes.yml).", valueName: "path"))
    var strokes: String?

    @OptionGroup var daemon: SocketOption

    func validate() throws {
        guard UserStrokes.isName(name) else {
            throw ValidationError("the name is letters, digits, '-', '_' and '.', starting with a letter, at most 64 characters; not \(name)")
        }
        guard (1...10).contains(times) else { throw ValidationError("--times must be 1 to 10") }
        guard (1...10).contains(fingers) else { throw ValidationError("--fingers must be 1 to 10") }
        guard minimumLength >= 0 && minimumLength <= 10_000 else { throw ValidationError("--minimum-length must be 0 to 10000 mm") }
    }

    func run() async throws {
        guard let path = strokes ?? UserStrokes.defaultPath else {
            throw CleanExit.message("gesturectl stroke record: no strokes file: give --strokes, or set HOME", code: 1)
        }
        // The file first: one with a mistake is said now, and never overwritten.
        let existing: [StrokeTemplate]
        do {
            existing = try UserStrokes.load(path, missingIsEmpty: true)
        } catch {
            throw CleanExit.message("gesturectl stroke record: \(error); nothing recorded", code: 1)
        }
        let (client, _, stream) = try await DaemonConnection.open(
            "stroke record", socket: daemon.socket, subscriptions: [SubscriptionRequest(touches: true)])
        var events = stream
        var recording = StrokeRecording(name: name, times: times, fingers: fingers, minimumLength: minimumLength)
        let hands = fingers == 1 ? "one finger" : "\(fingers) fingers"
        StandardError.line("gesturectl stroke record: draw \(name) with \(hands) (1 of \(times))")
        loop: while !recording.isDone, let event = await events.next() {
            switch event {
            case .touches(let value):
                if let step = recording.take(value) { StandardError.line("gesturectl stroke record: " + recording.said(step)) }
            case .paused(_, let message):
                await client.close()
                throw CleanExit.message("gesturectl stroke record: the daemon paused this connection (\(message)); nothing saved", code: 1)
            case .disconnected(let reason):
                await client.close()
                throw CleanExit.message("gesturectl stroke record: the daemon went away (\(reason)) after \(recording.drawings.count) of \(times) drawings; nothing saved", code: 1)
            default:
                continue loop
            }
        }
        await client.close()
        let said: [String]
        do {
            said = try UserStrokes.save(recording.drawings, name: name, existing: existing, to: path)
        } catch {
            throw CleanExit.message("gesturectl stroke record: \(error); nothing saved", code: 1)
        }
        for line in said { StandardError.line("gesturectl stroke record: " + line) }
        StandardError.line("gesturectl stroke record: an action runs on it with `stroke: \(name)` (docs/ACTIONS.md)")
    }
}
