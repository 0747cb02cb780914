import ArgumentParser

/// `--socket PATH`, shared by the commands that talk to the daemon.
struct SocketOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The daemon's socket (default: as gestured resolves it).", valueName: "path"))
    var socket: String?
}
