import ArgumentParser
import GestureImport

/// `gesturectl import touchegg FILE`: a touchegg configuration as actions.
struct ToucheggImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchegg",
        abstract: "Import ~/.config/touchegg/touchegg.conf (or FILE).",
        discussion: """
            Gestures that run something — RUN_COMMAND, SEND_KEYS and MOUSE_CLICK, repeated ones included — and \
            window management (maximize, minimize, fullscreen, close, show desktop, change desktop) become \
            actions on gestures defined in the actions file itself; an <application name="…"> block's gestures \
            become actions with `when: { app: … }`. TILE_WINDOW, animations and drawing settings have no \
            equivalent; each is left out with its line and why. \
            Example: gesturectl import touchegg --output ~/.config/gestured/actions.yml
            """)

    @Argument(help: ArgumentHelp("The touchegg configuration (default: ~/.config/touchegg/touchegg.conf, else /usr/share/touchegg/touchegg.conf, as touchegg reads them).", valueName: "file"))
    var file: String?

    @OptionGroup var output: ImportOutput

    func run() throws {
        try output.importFile(file, defaultFile: "touchegg/touchegg.conf", tool: "touchegg") { try ToucheggImporter.read($0) }
    }
}
