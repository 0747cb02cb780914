import ArgumentParser
import GesturePipeline
import Posix

/// `gesturectl import libinput-gestures FILE`: a libinput-gestures configuration as actions.
struct LibinputGesturesImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "libinput-gestures",
        abstract: "Import ~/.config/libinput-gestures.conf (or FILE).",
        discussion: """
            Swipes, pinches, twists and holds become actions on gestures defined in the actions file itself; \
            `_internal`, diagonal swipes, drags, `device`, `swipe_threshold` and `timeout` have no equivalent \
            and are explained. Example: gesturectl import libinput-gestures --output ~/.config/gestured/actions.yml
            """)

    @Argument(help: ArgumentHelp("The libinput-gestures configuration (default: ~/.config/libinput-gestures.conf).", valueName: "file"))
    var file: String?

    @OptionGroup var output: ImportOutput

    func run() throws {
        guard let path = file ?? UserConfigHome.path("libinput-gestures.conf") else { throw CleanExit.message("gesturectl import: give the file", code: 1) }
        let text: String
        do {
            text = try FileReader.text(path)
        } catch {
            throw CleanExit.message("gesturectl import: \(error)", code: 1)
        }
        try output.write(LibinputGesturesImporter.read(text), from: path, tool: "libinput-gestures")
    }
}
