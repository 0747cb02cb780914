import Evdev
import GestureCore
import GestureForwarding
import GestureTesting

/// The same ten-finger touchscreen load as ``DecoderWorkload``, as events through the
/// ``TouchForwarder`` of a grabbed device on which no contact is claimed (every verdict
/// `forward`): what forwarding costs a frame beside decoding and recognizing it (`forward`,
/// for `make bench-instructions`).
struct ForwarderWorkload {
    /// An owner that claims nothing.
    struct Free: TouchOwnership {
        func verdict(forContact trackingID: Int32) -> TouchVerdict? { .forward }
        var isDeciding: Bool { false }
        var consumptions: UInt64 { 0 }
    }

    var forwarder = TouchForwarder(
        description: DecoderWorkload.description, state: DeviceState(), decisionWindow: TouchForwarder.defaultDecisionWindow, cancelsWithPalm: true)
    /// One turn's frames as events, made beforehand (only forwarding is counted).
    let turn: [[InputEvent]]
    var out: [InputEvent] = []
    var index = 0

    init() {
        turn = (0...240).map(Self.events)
        out.reserveCapacity(128)
    }

    /// The decoder workload's records of frame `index`, as events.
    static func events(_ index: Int) -> [InputEvent] {
        PeersLoad.touchscreen.records(index).withUnsafeBytes { bytes in
            stride(from: 0, to: bytes.count, by: MultitouchDecoder.recordSize).map { offset in
                let seconds = bytes.loadUnaligned(fromByteOffset: offset, as: Int64.self)
                let microseconds = bytes.loadUnaligned(fromByteOffset: offset + 8, as: Int64.self)
                return InputEvent(
                    time: Timestamp(microseconds: seconds * 1_000_000 + microseconds),
                    type: bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt16.self),
                    code: bytes.loadUnaligned(fromByteOffset: offset + 18, as: UInt16.self),
                    value: bytes.loadUnaligned(fromByteOffset: offset + 20, as: Int32.self))
            }
        }
    }

    /// Forwards the next frame; returns how many events the twin was written.
    mutating func step() -> Int {
        let events = turn[index == 0 ? 0 : 1 + (index - 1) % 240]
        index += 1
        out.removeAll(keepingCapacity: true)
        forwarder.forward(events, owner: Free(), into: &out)
        return out.count
    }
}
