import ArgumentParser

/// `--socket PATH`, shared by the commands that talk to the daemon.
public struct SocketOption: ParsableArguments, Sendable {
    /// No socket named: the daemon's default.
    public init() {}

    @Option(name: .long, help: ArgumentHelp("The daemon's socket (default: as gestured resolves it).", valueName: "path"))
    public var socket: String?
}
