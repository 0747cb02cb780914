import ArgumentParser

/// `gesturectl import TOOL FILE`: another gesture tool's configuration as an actions file.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write an actions file (docs/ACTIONS.md) from another gesture tool's configuration.",
        discussion: """
            Each line without an equivalent is said on standard error, and kept in the file as a comment that says why. \
            Without FILE, each reads where its tool reads, in the tool's order. A file of another tool, or of none, \
            is refused with exit status 1.
            """,
        subcommands: [LibinputGesturesImportCommand.self, FusumaImportCommand.self, ToucheggImportCommand.self, InputActionsImportCommand.self])
}
