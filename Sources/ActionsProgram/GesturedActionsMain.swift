import GestureRunner
import PlainOptions
import Posix

/// `gestured-actions`: the actions runner as a program of its own, what the user service
/// `gestured-actions.service` starts. It takes what `gesturectl actions` takes and does the
/// same (``ActionsSettings``), and links only what runs actions: not the importers, the view's
/// HTTP server, the recorder or swift-argument-parser (its command line is read by
/// ``RunnerCommandLine``), so that what stays resident all day is small. Its `main` is
/// synchronous, as `gesturectl`'s, so that the runner lives on one event loop and never starts
/// libdispatch (``ActionsSettings/runOnLoop()``); `--check` too runs there, since nothing else
/// would.
@main
enum GesturedActionsMain {
    static func main() {
        switch RunnerCommandLine.read(Array(CommandLine.arguments.dropFirst()), width: OptionReader.screenWidth(ProcessEnvironment.current)) {
        case .print(let text):
            ExitStatus.end(printing: text)
        case .mistake(let text):
            ExitStatus.end(mistake: text)
        case .run(let settings):
            do {
                try settings.runOnLoop()
            } catch {
                ExitStatus.end(error)
            }
        }
    }
}
