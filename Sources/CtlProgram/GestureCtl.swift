import ArgumentParser
import GestureWire

/// `gesturectl`: talk to the daemon, replay recordings through the gesture pipeline, and
/// inspect devices. Its entry point is ``GestureCtlMain``.
struct GestureCtl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gesturectl",
        abstract: "Subscribe to gestured, run commands on gestures, replay touch recordings, and list devices.",
        version: GesturedVersion.current,
        subcommands: [
            SubscribeCommand.self, OnCommand.self, ActionsCommand.self, KeysCommand.self, ImportCommand.self, SnapshotCommand.self, DevicesCommand.self,
            ReplayCommand.self, ViewCommand.self, OverlayCommand.self, RecordCommand.self, StrokeCommand.self, ScreenCommand.self,
        ])
}
