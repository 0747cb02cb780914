import ArgumentParser
import GestureRunner
import GestureWire

/// `gestured-actions`: the actions runner as a program of its own, what the user service
/// `gestured-actions.service` starts. It takes what `gesturectl actions` takes and does the
/// same (``ActionsOptions``), and links only what runs actions: not the importers, the view's
/// HTTP server or the recorder, so that what stays resident all day is small.
struct GesturedActions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gestured-actions",
        abstract: "Run the commands of an actions file (default: ~/.config/gestured/actions.yml) when gestures begin, move, end or fail: `gesturectl actions`, for the user service gestured-actions.service.",
        discussion: ActionsOptions.discussion,
        version: GesturedVersion.current)

    @OptionGroup var options: ActionsOptions
}
