import ArgumentParser
import GestureImport

/// `gesturectl import touchegg FILE`: a touchegg configuration as actions.
struct ToucheggImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchegg",
        abstract: "Import ~/.config/touchegg/touchegg.conf (or FILE).",
        discussion: """
            The gestures of <application name="All"> that run something — RUN_COMMAND, SEND_KEYS and MOUSE_CLICK, \
            repeated ones included — become actions on gestures defined in the actions file itself. Window \
            management, animations and application-specific gestures have no equivalent and are explained. \
            Example: gesturectl import touchegg --output ~/.config/gestured/actions.yml
            """)

    @Argument(help: ArgumentHelp("The touchegg configuration (default: ~/.config/touchegg/touchegg.conf).", valueName: "file"))
    var file: String?

    @OptionGroup var output: ImportOutput

    func run() throws {
        try output.importFile(file, defaultFile: "touchegg/touchegg.conf", tool: "touchegg") { try ToucheggImporter.read($0) }
    }
}
