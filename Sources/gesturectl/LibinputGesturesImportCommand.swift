import ArgumentParser
import GesturePipeline
import GestureImport
import Posix

/// `gesturectl import libinput-gestures FILE`: a libinput-gestures configuration as actions.
struct LibinputGesturesImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "libinput-gestures",
        abstract: "Import ~/.config/libinput-gestures.conf (or FILE).",
        discussion: """
            Swipes, pinches, twists and holds become actions on gestures defined in the actions file itself; \
            `_internal`, drags, `device`, `swipe_threshold` and `timeout` have no equivalent \
            and are explained. Example: gesturectl import libinput-gestures --output ~/.config/gestured/actions.yml
            """)

    @Argument(help: ArgumentHelp("The libinput-gestures configuration (default: ~/.config/libinput-gestures.conf).", valueName: "file"))
    var file: String?

    @OptionGroup var output: ImportOutput

    func run() throws {
        try output.importFile(file, defaultFile: "libinput-gestures.conf", tool: "libinput-gestures") { LibinputGesturesImporter.read($0, environment: ProcessEnvironment.current) }
    }
}
