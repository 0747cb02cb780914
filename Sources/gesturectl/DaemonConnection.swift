import ArgumentParser
import GestureClient
import GestureWire
import Posix

/// Opens a ``GestureClient`` for a command and waits for the daemon's hello. With no daemon, a
/// one-off command fails at once (exit 1) and a waiting one says once what it waits for; a
/// daemon that refuses this user (`forbidden`) ends the command with the daemon's reason and
/// ``refusedStatus``.
enum DaemonConnection {
    /// The exit status when the daemon refuses this user (sysexits' EX_NOPERM).
    static let refusedStatus: Int32 = 77

    /// A started client whose first event was `connected`, and that hello. `command` names the
    /// subcommand in messages.
    static func open(_ command: String, socket: String?, reconnects: Bool = false, subscriptions: [SubscriptionRequest] = []) async throws
        -> (GestureClient, ServerHello, AsyncStream<ClientEvent>.Iterator)
    {
        let client = GestureClient(path: socket, reconnects: reconnects)
        for request in subscriptions { await client.subscribe(request) }
        await client.start()
        var events = client.events.makeAsyncIterator()
        while let event = await events.next() {
            switch event {
            case .connected(let hello): return (client, hello, events)
            case .serverError(let code, let message) where code == "forbidden":
                await client.close()
                throw refused("gesturectl \(command)", message)
            case .disconnected(let reason):
                guard reconnects else {
                    throw CleanExit.message("gesturectl \(command): gestured is not running at \(client.path) (\(reason))", code: 1)
                }
                StandardError.line("gesturectl \(command): gestured is not running at \(client.path) (\(reason)); waiting for it")
            default: continue
            }
        }
        throw CleanExit.message("gesturectl \(command): no connection to gestured at \(client.path)", code: 1)
    }

    /// The error for a refusal: the daemon's reason, and ``refusedStatus``.
    static func refused(_ prefix: String, _ message: String) -> ExitCode {
        CleanExit.message("\(prefix): gestured refuses this connection: \(message)", code: refusedStatus)
    }
}
