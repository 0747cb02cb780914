import GestureRunner
import PlainOptions
import Posix

/// `gestured-actions`: the actions runner as a program of its own, what the user service
/// `gestured-actions.service` starts (the `gestured` executable by that name, or the
/// `gestured-actions` executable of a build folder). It takes what `gesturectl actions` takes
/// and does the same (``ActionsSettings``), and runs only what runs actions: its command line is
/// read by ``RunnerCommandLine``, not swift-argument-parser, so that what stays resident all day
/// is small. Its `main` is synchronous, as `gesturectl`'s, so that the runner lives on one event
/// loop and never starts libdispatch (``ActionsSettings/runOnLoop()``); `--check` too runs
/// there, since nothing else would.
public enum GesturedActionsMain {
    /// Reads the command line, runs the actions and ends the process.
    public static func main() {
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
