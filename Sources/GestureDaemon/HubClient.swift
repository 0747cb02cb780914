import GesturePipeline
import NIOCore

/// One connected client: its channel, who it is, what it sees, its outbox and its subscriptions.
final class HubClient {
    let channel: any Channel
    /// Its credentials from the kernel (nil when the socket had none).
    let peer: PeerCredentials?
    /// The seats whose devices it sees now (none: paused, its user's session is not active).
    var seats: SeatAccess
    var outbox: ClientOutbox
    var subscriptions: [Int64: HubSubscription] = [:]
    /// Set once it overflowed or is being shut down: nothing more is queued.
    var closing = false
    /// Lines were written to the channel and not flushed yet.
    var unflushed = false
    /// Set at shutdown: once the outbox is empty and written out, the channel closes.
    var draining = false
    /// The write that closes a draining client once it completes has been issued.
    var drainIssued = false

    init(channel: any Channel, peer: PeerCredentials?, seats: SeatAccess, outboxLimit: Int) {
        self.channel = channel
        self.peer = peer
        self.seats = seats
        outbox = ClientOutbox(limit: outboxLimit)
    }

    var id: ObjectIdentifier { ObjectIdentifier(channel) }
}
