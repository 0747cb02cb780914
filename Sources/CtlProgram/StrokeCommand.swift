import ArgumentParser

/// `gesturectl stroke`: the shapes stroke gestures match (docs/ACTIONS.md, "Strokes").
struct StrokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stroke",
        abstract: "Record the shapes stroke gestures match, and list them.",
        subcommands: [StrokeRecordCommand.self, StrokeListCommand.self])
}
