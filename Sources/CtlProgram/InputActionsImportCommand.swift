import ArgumentParser
import GestureImport

/// `gesturectl import inputactions FILE`: InputActions' stroke triggers as actions.
struct InputActionsImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inputactions",
        abstract: "Import the stroke triggers of ~/.config/inputactions/config.yaml (or FILE).",
        discussion: """
            The strokes InputActions recorded (inputactions record-stroke) become the shapes of a stroke gesture per \
            device kind and finger count, written into its definition; each trigger's commands and keys become actions \
            that pick their shape with stroke:. Other triggers, mouse gestures and conditions are explained. \
            Example: gesturectl import inputactions --output ~/.config/gestured/actions.yml
            """)

    @Argument(help: ArgumentHelp("The InputActions configuration (default: ~/.config/inputactions/config.yaml).", valueName: "file"))
    var file: String?

    @OptionGroup var output: ImportOutput

    func run() throws {
        try output.importFile(file, defaultFile: "inputactions/config.yaml", tool: "inputactions") { try InputActionsImporter.read($0) }
    }
}
