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
            Swipes, pinches, twists and holds (each finger count its own gesture) become actions on gestures \
            defined in the actions file itself; `_internal ws_up` and `ws_left` become `window: workspace next`, `ws_down` and \
            `ws_right` `workspace previous`, through the desktop, as libinput-gestures moves, stopping at the first and \
            last on X11 (its grid rows, diagonals and `-w` are left out). Drags, `device`, `swipe_threshold`, `timeout` and lines libinput-gestures refuses (no \
            command) are left out, each with its line and why. Example: gesturectl import libinput-gestures --output ~/.config/gestured/actions.yml
            """)

    @Argument(help: ArgumentHelp("The libinput-gestures configuration (default: ~/.config/libinput-gestures.conf, else /etc/libinput-gestures.conf, as libinput-gestures reads them).", valueName: "file"))
    var file: String?

    @OptionGroup var output: ImportOutput

    func run() throws {
        try output.importFile(file, defaultFile: "libinput-gestures.conf", tool: "libinput-gestures") { LibinputGesturesImporter.read($0, environment: ProcessEnvironment.current) }
    }
}
