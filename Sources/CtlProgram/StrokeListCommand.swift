import ArgumentParser
import GestureActions
import GestureCommandLine
import GestureCore
import GestureOptions
import GesturePipeline
import GestureRunner

/// `gesturectl stroke list`: the built-in shapes and the user's recorded ones.
struct StrokeListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the shapes a stroke gesture matches: the built-in ones and the ones you recorded.")

    @Option(name: .long, help: ArgumentHelp("The recorded strokes (default: $XDG_CONFIG_HOME/gestured/strokes.yml, ~/.config/gestured/strokes.yml).", valueName: "path"))
    var strokes: String?

    func run() throws {
        let recorded: [StrokeTemplate]
        do {
            recorded = try UserStrokes.load(strokes)
        } catch {
            throw CleanExit.message("gesturectl stroke list: \(error)", code: 1)
        }
        let file = StrokesFile(templates: recorded)
        let source = strokes ?? UserStrokes.defaultPath ?? "the strokes file"
        let names = StrokeTemplate.builtIn.map(\.name).filter { !file.names.contains($0) } + file.names
        let width = names.map(\.count).max() ?? 0
        for name in names {
            let drawings = recorded.filter { $0.name == name }.count
            let padded = name + String(repeating: " ", count: width - name.count)
            print("\(padded)  \(drawings == 0 ? "built-in" : "\(EventText.count(drawings, "drawing")) in \(source)")")
        }
    }
}
