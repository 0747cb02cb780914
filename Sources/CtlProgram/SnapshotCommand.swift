import ArgumentParser
import GestureClient
import GestureCommandLine
import GestureOptions
import GestureWire

/// `gesturectl snapshot`: the gesture instances active in the daemon now.
struct SnapshotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot", abstract: "Print every gesture instance active in the running daemon, with value and state.")

    @Flag(name: .long, help: "Print the daemon's reply as JSON.")
    var json = false

    @OptionGroup var daemon: SocketOption

    func run() async throws {
        let (client, _, _) = try await DaemonConnection.open("snapshot", socket: daemon.socket)
        let reply: JSONValue
        do {
            reply = try await client.request(.snapshot)
        } catch {
            throw CleanExit.message("gesturectl snapshot: \(error)", code: 1)
        }
        await client.close()
        var output = FileHandleOutput()
        if json {
            output.write(reply.serialized)
        } else {
            let instances = reply["instances"]?.arrayValue ?? []
            for instance in instances { output.write(GestureEventText.line(instance)) }
            if instances.isEmpty { output.write("no gesture in flight") }
        }
        output.flush()
    }
}
