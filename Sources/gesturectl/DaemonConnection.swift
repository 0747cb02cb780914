import ArgumentParser
import GestureClient
import GestureWire

/// Opens a ``GestureClient`` for a one-off command and waits for the daemon's hello; a daemon
/// that is not there is a clear error (exit 1), not a hang.
enum DaemonConnection {
    /// A started client whose first event was `connected`, and that hello.
    static func open(socket: String?, reconnects: Bool = false, subscriptions: [SubscriptionRequest] = []) async throws
        -> (GestureClient, ServerHello, AsyncStream<ClientEvent>.Iterator)
    {
        let client = GestureClient(path: socket, reconnects: reconnects)
        for request in subscriptions { await client.subscribe(request) }
        await client.start()
        var events = client.events.makeAsyncIterator()
        while let event = await events.next() {
            switch event {
            case .connected(let hello): return (client, hello, events)
            case .disconnected(let reason):
                if reconnects { continue }
                throw CleanExit.message("gesturectl: gestured is not running at \(client.path) (\(reason))", code: 1)
            default: continue
            }
        }
        throw CleanExit.message("gesturectl: no connection to gestured at \(client.path)", code: 1)
    }
}
