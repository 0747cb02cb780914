import GestureCore

/// One client's queue of outgoing lines, so the input path never waits on a client.
///
/// - Bounded: at most `limit` lines wait; one more is an overflow (the server then sends
///   `overflow` and disconnects the client).
/// - An `active` update of an instance replaces that instance's update still waiting: the old
///   line is dropped and the new one queued at the end, so order and `seq` stay increasing and
///   a slow reader gets the latest value. A phase transition (`ended`, `failed`) is never
///   coalesced or dropped, and no later update coalesces across it.
/// - The bound: coalescing leaves at most one waiting update per instance in flight, so a
///   queue this long means the client has not read for seconds of gesture traffic — stuck, not
///   slow. 1,024 lines (about 400 KiB) by default.
public struct ClientOutbox {
    /// Identifies the updates that may replace each other.
    public struct UpdateKey: Hashable, Sendable {
        /// The client's subscription.
        public var subscription: Int64
        /// The instance.
        public var instance: InstanceID

        /// Creates a key.
        public init(subscription: Int64, instance: InstanceID) {
            self.subscription = subscription
            self.instance = instance
        }
    }

    /// What a line is, for coalescing.
    public enum Kind: Sendable {
        /// An `active` gesture event: may replace the same key's waiting update.
        case update(UpdateKey)
        /// An `ended` or `failed` gesture event: never dropped; ends coalescing for the key.
        case transition(UpdateKey)
        /// Anything else (replies, device events): never dropped.
        case other
    }

    /// What became of a pushed line.
    public enum Outcome: Equatable, Sendable {
        /// Queued.
        case queued
        /// Queued, replacing a waiting update of the same instance.
        case coalesced
        /// Not queued: the client is too far behind.
        case overflow
    }

    /// Most lines that may wait.
    public let limit: Int
    var entries: [String?] = []  // internal for tests
    var head = 0
    var live = 0
    var waitingUpdate: [UpdateKey: Int] = [:]

    /// Creates an empty outbox.
    public init(limit: Int = 1024) {
        self.limit = limit
    }

    /// Lines waiting.
    public var count: Int { live }

    /// Whether nothing waits.
    public var isEmpty: Bool { live == 0 }

    /// Queues a line; `bounded: false` (used at shutdown, for the endings) ignores the limit.
    public mutating func push(_ line: String, _ kind: Kind, bounded: Bool = true) -> Outcome {
        var replaced = false
        switch kind {
        case .update(let key):
            if let index = waitingUpdate[key] {
                entries[index] = nil
                live -= 1
                replaced = true
            }
        case .transition(let key):
            waitingUpdate[key] = nil
        case .other:
            break
        }
        guard live < limit || !bounded else { return .overflow }
        if case .update(let key) = kind { waitingUpdate[key] = entries.count }
        entries.append(line)
        live += 1
        compactIfSparse()
        return replaced ? .coalesced : .queued
    }

    /// Takes up to `maximum` lines, oldest first.
    public mutating func pop(_ maximum: Int = .max) -> [String] {
        var lines: [String] = []
        while head < entries.count && lines.count < maximum {
            if let line = entries[head] {
                lines.append(line)
                live -= 1
            }
            head += 1
        }
        if head == entries.count {
            entries.removeAll(keepingCapacity: true)
            head = 0
            waitingUpdate.removeAll(keepingCapacity: true)
        } else {
            waitingUpdate = waitingUpdate.filter { $0.value >= head }
        }
        return lines
    }

    /// Drops tombstones once they outnumber the waiting lines, keeping memory bounded.
    mutating func compactIfSparse() {
        let tombstones = entries.count - head - live
        guard tombstones > max(64, live) else { return }
        var kept: [String?] = []
        kept.reserveCapacity(live)
        var moved: [Int: Int] = [:]
        for index in head..<entries.count where entries[index] != nil {
            moved[index] = kept.count
            kept.append(entries[index])
        }
        waitingUpdate = waitingUpdate.compactMapValues { moved[$0] }
        entries = kept
        head = 0
    }
}
