import ArgumentParser
import GestureRunner

/// `gesturectl actions`: the actions runner (``ActionsSettings``), as the command users type;
/// `gestured-actions` is the same runner as a program of its own, for the user service.
struct ActionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "actions",
        abstract: "Run the commands of an actions file (default: ~/.config/gestured/actions.yml) when gestures begin, move, end or fail.",
        discussion: ActionsSettings.discussion)

    @OptionGroup var options: ActionsOptions

    func run() async throws { try await options.settings.run() }
}
