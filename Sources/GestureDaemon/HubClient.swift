import GesturePipeline
import NIOCore

/// One connected client's connection: its channel, its credentials, its outbox. What it sees
/// and what it subscribed to are the router's (``SubscriptionRouter``, by ``routerID``).
final class HubClient {
    let channel: any Channel
    /// Its id in the hub's ``SubscriptionRouter``.
    let routerID: Int
    /// Its credentials from the kernel (nil when the socket had none).
    let peer: PeerCredentials?
    var outbox: ClientOutbox
    /// Set once it overflowed or is being shut down: nothing more is queued.
    var closing = false
    /// Lines were written to the channel and not flushed yet.
    var unflushed = false
    /// Set at shutdown: once the outbox is empty and written out, the channel closes.
    var draining = false
    /// The write that closes a draining client once it completes has been issued.
    var drainIssued = false
    /// It typed on the virtual keyboard (logged once).
    var typed = false

    init(channel: any Channel, routerID: Int, peer: PeerCredentials?, outboxLimit: Int) {
        self.channel = channel
        self.routerID = routerID
        self.peer = peer
        outbox = ClientOutbox(limit: outboxLimit)
    }

    /// How logs name it.
    var label: String { peer.map(\.description) ?? "with unknown credentials" }
}
