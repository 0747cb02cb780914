import ArgumentParser
import Evdev
import GestureCommandLine
import GestureCore
import GestureOptions
import GesturePipeline
import GestureWire
import Glibc
import Posix

/// `gesturectl replay`: recordings → decoder → engine → one line per gesture event.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run recordings (libinput record, evemu or evtest output, detected from the content) through the gesture pipeline.",
        discussion: """
            Prints one line per gesture event: JSON objects with --json (the default when stdout is \
            not a terminal), readable lines otherwise. Without --realtime it runs as fast as \
            possible and gives the same output every time.
            """)

    @Option(name: .long, help: ArgumentHelp("Gesture configuration (YAML); the built-in set when omitted.", valueName: "file"))
    var config: String?

    @Option(name: .customLong("device-description"), help: ArgumentHelp("The .desc file for evemu recordings without a device header.", valueName: "desc"))
    var deviceDescription: String?

    @Flag(name: .long, help: "Wait between frames as the recording did.")
    var realtime = false

    @Flag(name: .long, help: "Print JSON lines even on a terminal.")
    var json = false

    @Flag(name: .long, help: "Print readable lines even when stdout is not a terminal.")
    var text = false

    @Option(name: .long, help: ArgumentHelp(
        "Also write one picture of the replay to this file (SVG): the touch paths on each surface and a lane per gesture over time.",
        valueName: "file"))
    var svg: String?

    @Argument(help: ArgumentHelp("Recording files.", valueName: "recording"))
    var recordings: [String]

    func run() throws {
        let session: ReplaySession
        do {
            let config = try RecordingLoader.config(config)
            let recordings = try RecordingLoader.recordings(recordings, description: deviceDescription)
            let quirks = QuirksLoader.load()
            for warning in quirks.warnings { StandardError.line("gesturectl: \(warning)") }
            session = ReplaySession(recordings: recordings, config: config, quirks: quirks.database)
        } catch {
            throw CleanExit.message("gesturectl: \(error)", code: 1)
        }
        guard !(json && text) else { throw CleanExit.message("gesturectl replay: --json and --text exclude each other", code: 2) }
        for clamp in session.clamps { StandardError.line("gesturectl: \(clamp.message)") }
        let asJSON = json || (!text && isatty(STDOUT_FILENO) == 0)
        let start = MonotonicTime.seconds
        let pace: ((Double) -> Void)? = realtime ? { offset in
            let wait = offset - (MonotonicTime.seconds - start)
            if wait > 0 { usleep(useconds_t(min(wait, 3_600) * 1_000_000)) }
        } : nil
        var output = FileHandleOutput()
        var events: [GestureEvent] = []
        session.run(pace: pace) { event in
            if svg != nil { events.append(event) }
            let object = GestureEventJSON.object(event, origin: session.origin)
            output.write(asJSON ? object.serialized : GestureEventText.line(object))
            if realtime { output.flush() }
        }
        output.flush()
        if let svg { try writePicture(session.picture(of: events), to: svg) }
    }

    /// Writes the picture, and says on standard error what it holds.
    func writePicture(_ picture: ReplayPicture, to path: String) throws {
        do {
            try TextFile.write(picture.svg, to: path)
        } catch {
            throw CleanExit.message("gesturectl replay: \(error)", code: 1)
        }
        let touches = picture.touchCount == 1 ? "1 touch" : "\(picture.touchCount) touches"
        StandardError.line("gesturectl replay: wrote \(path): \(touches), \(EventText.count(picture.laneCount, "gesture lane"))")
    }
}
