/// The touches routed to one recognizer in one frame, in the order they began.
///
/// It includes the touches that ended or were cancelled in this frame (with that phase), so a
/// recognizer sees every lift. Iterating allocates nothing.
public struct TouchInput: Sequence {
    /// The frame's time.
    public let time: Timestamp
    let table: TouchTable
    let mask: UInt64

    /// The surface the touches are on (its device's, kept with its touches: an input stays
    /// three words, built for every recognizer a frame reaches).
    public var geometry: DeviceGeometry { table.geometry }

    init(time: Timestamp, table: TouchTable, mask: UInt64) {
        self.time = time
        self.table = table
        self.mask = mask
    }

    /// Iterates the routed touches in begin order.
    public struct Iterator: IteratorProtocol {
        let table: TouchTable
        let mask: UInt64
        var index = 0

        public mutating func next() -> TrackedTouch? {
            while index < table.count {
                let slot = table.orderStorage[index]
                index += 1
                if mask & (1 << UInt64(slot)) != 0 {
                    return table.slots[slot]
                }
            }
            return nil
        }
    }

    public func makeIterator() -> Iterator { Iterator(table: table, mask: mask) }

    /// The same touches at a later time (used when a deadline hands control to a gesture
    /// that has not seen the touches yet).
    @usableFromInline func at(_ time: Timestamp) -> TouchInput {
        TouchInput(time: time, table: table, mask: mask)
    }

    /// Summarises the live touches whose key is at most `maxKey` (all live touches when nil).
    public func summary(upTo maxKey: UInt64? = nil) -> TouchSummary {
        table.summary(of: mask, upTo: maxKey ?? .max)
    }

    /// The key of the `n`-th live touch in begin order (1-based), if there are that many.
    public func key(ofLive n: Int) -> UInt64? {
        var seen = 0
        for touch in self where touch.isLive {
            seen += 1
            if seen == n { return touch.key }
        }
        return nil
    }
}
