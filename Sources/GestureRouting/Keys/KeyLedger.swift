import Evdev
import GestureWire

/// Which keys each client holds down on the daemon's virtual keyboard, and what to write to
/// the kernel for a `keys` request or a release: pure, time passed in, so every rule is tested
/// with plain values and the daemon only writes what it returns.
///
/// Rules:
/// - A key is down in the kernel while any client holds it: the first press writes it down,
///   the last release writes it up (two clients holding ctrl do not release each other's).
/// - A request is all or nothing: a code not on the virtual keyboard, a tap of a key that is
///   down, more than ``ProtocolLimits/maximumHeldKeys`` held, or more events than the client's
///   rate allows, and nothing of it is written.
/// - Releases are never limited: a press that went through can always come up. A release of a
///   key the client does not hold does nothing (it was released for it already, say when it
///   was paused).
/// - ``releaseAll(of:)`` (disconnect, pause, refusal) and ``releaseEveryone()`` (stop, reload)
///   leave no key of theirs down.
public struct KeyLedger: Sendable {
    /// The clients' limits.
    public let limits: ProtocolLimits
    /// Keys each client holds, in the order it pressed them.
    public private(set) var held: [Int: [UInt16]] = [:]
    /// How many clients hold each key.
    private var holders: [UInt16: Int] = [:]
    /// Each client's token bucket: tokens left and when it was last filled.
    private var buckets: [Int: (tokens: Double, at: Double)] = [:]

    /// A ledger with nothing held.
    public init(limits: ProtocolLimits = .standard) {
        self.limits = limits
    }

    /// Whether any key is down.
    public var anyDown: Bool { !holders.isEmpty }

    /// Applies `steps` for `client` at `now` (seconds, any monotonic clock): what to write, or
    /// why nothing is.
    public mutating func apply(_ steps: [KeyStep], for client: Int, at now: Double) -> Result<[KeyEmission], ProtocolError> {
        var mine = held[client] ?? []
        var counts = holders
        var out: [KeyEmission] = []
        var cost = 0.0
        for (index, step) in steps.enumerated() {
            switch step {
            case .press(let code), .tap(let code):
                guard VirtualKeys.allows(code) else { return .failure(ProtocolError(.invalidRequest, "steps[\(index)]: \(VirtualKeys.refusal(code))")) }
                if case .tap = step {
                    guard counts[code] == nil else {
                        return .failure(ProtocolError(.invalidRequest, "steps[\(index)]: key \(code) is held down; release it before tapping it"))
                    }
                    out += [.key(code, down: true), .sync, .key(code, down: false), .sync]
                    cost += 2
                    continue
                }
                guard !mine.contains(code) else { continue }
                mine.append(code)
                guard mine.count <= limits.maximumHeldKeys else {
                    return .failure(ProtocolError(.tooManyKeys, "steps[\(index)]: at most \(limits.maximumHeldKeys) keys held down at once per connection"))
                }
                counts[code, default: 0] += 1
                if counts[code] == 1 {
                    out += [.key(code, down: true), .sync]
                    cost += 1
                }
            case .release(let code):
                guard let at = mine.firstIndex(of: code) else { continue }
                mine.remove(at: at)
                if let count = counts[code] {
                    counts[code] = count > 1 ? count - 1 : nil
                    if count == 1 { out += [.key(code, down: false), .sync] }
                }
            case .wheel(let detents):
                out += [.relative(VirtualKeys.REL_WHEEL, detents), .sync]
                cost += 1
            case .hwheel(let detents):
                out += [.relative(VirtualKeys.REL_HWHEEL, detents), .sync]
                cost += 1
            }
        }
        var bucket = buckets[client] ?? (limits.keyEventBurst, now)
        bucket.tokens = min(limits.keyEventBurst, bucket.tokens + max(0, now - bucket.at) * limits.keyEventsPerSecond)
        bucket.at = now
        guard bucket.tokens >= cost else {
            buckets[client] = bucket
            return .failure(ProtocolError(.rateLimited, "at most \(Int(limits.keyEventsPerSecond)) key events a second (bursts of \(Int(limits.keyEventBurst))); nothing of this request was typed"))
        }
        bucket.tokens -= cost
        buckets[client] = bucket
        held[client] = mine.isEmpty ? nil : mine
        holders = counts
        return .success(out)
    }

    /// Everything `client` holds comes up (it disconnected, was paused or refused); what to write.
    public mutating func releaseAll(of client: Int) -> [KeyEmission] {
        guard let mine = held.removeValue(forKey: client) else { return [] }
        var out: [KeyEmission] = []
        for code in mine.reversed() {
            guard let count = holders[code] else { continue }
            holders[code] = count > 1 ? count - 1 : nil
            if count == 1 { out.append(.key(code, down: false)) }
        }
        return out.isEmpty ? [] : out + [.sync]
    }

    /// Forgets a client that disconnected (after ``releaseAll(of:)``): its rate starts afresh
    /// if the id ever came back.
    public mutating func forget(_ client: Int) {
        buckets[client] = nil
    }

    /// Every key comes up (the daemon stops or reloads); what to write.
    public mutating func releaseEveryone() -> [KeyEmission] {
        let down = holders.keys.sorted()
        held.removeAll()
        holders.removeAll()
        return down.isEmpty ? [] : down.map { .key($0, down: false) } + [.sync]
    }
}
