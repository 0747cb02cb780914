import NIOCore

/// One connected client: its channel, its outbox and its subscriptions.
final class HubClient {
    let channel: any Channel
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

    init(channel: any Channel, outboxLimit: Int) {
        self.channel = channel
        outbox = ClientOutbox(limit: outboxLimit)
    }

    var id: ObjectIdentifier { ObjectIdentifier(channel) }
}
