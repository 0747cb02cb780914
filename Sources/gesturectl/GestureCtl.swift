import ArgumentParser

/// `gesturectl`: replay recordings through the gesture pipeline and inspect devices.
@main
struct GestureCtl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gesturectl",
        abstract: "Replay touch recordings through gestured's pipeline, and list devices.",
        subcommands: [ReplayCommand.self, DevicesCommand.self])
}
