import ArgumentParser
import GestureCommandLine

/// `--socket PATH`, shared by the commands that talk to the daemon.
public struct SocketOption: ParsableArguments, Sendable {
    /// No socket named: the daemon's default.
    public init() {}

    @Option(name: .long, help: ArgumentHelp(DaemonConnection.socketHelp, valueName: "path"))
    public var socket: String?
}
