import Evdev
import GestureCore
@testable import GestureDaemon
@testable import GestureForwarding
import GestureWire
import LinuxInput
import Testing

/// A grabbed node's reads forwarded frame by frame (issue 48): split and decoded, recognized by
/// the hub's engine, decided by the forwarder, written to the twin — here a double that records
/// what it is written, the node a decoder over hand-made records. (The real twin, a uinput
/// device, is `make e2e`'s.)
@Suite struct NodeForwardingTests {
    /// What the twin was written, a write each.
    final class RecordingTwin: TwinOutput {
        let node: String? = "/dev/input/event99"
        let hasToolType = false
        var writes: [[InputEvent]] = []
        func write(_ events: [InputEvent]) throws { writes.append(events) }
    }

    /// The node: the records of a read split at each SYN_REPORT and decoded, as the source does.
    final class RecordSplitter: FrameSplitter {
        let device = DeviceID(1)
        var decoder = MultitouchDecoder(device: DeviceID(1), description: HubRig.screen)

        func nextFrame(in bytes: UnsafeRawBufferPointer, at offset: inout Int, events: inout [InputEvent], frames: inout [TouchFrame]) -> ForwardedRead? {
            let size = MultitouchDecoder.recordSize
            guard offset + size <= bytes.count else { return nil }
            let start = offset
            frames.removeAll(keepingCapacity: true)
            while offset + size <= bytes.count {
                let event = EvdevTouchSource.events(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + size]))[0]
                offset += size
                events.append(event)
                if event.type == EventCode.EV_SYN && event.code == EventCode.SYN_REPORT {
                    decoder.feed(records: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), into: &frames)
                    return .frame
                }
            }
            decoder.feed(records: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), into: &frames)
            return .partial
        }
    }

    /// `input_event` records as the kernel gives them.
    static func records(_ events: [(Int64, UInt16, UInt16, Int32)]) -> [UInt8] {
        var bytes: [UInt8] = []
        for (micros, type, code, value) in events {
            withUnsafeBytes(of: micros / 1_000_000) { bytes += $0 }
            withUnsafeBytes(of: micros % 1_000_000) { bytes += $0 }
            withUnsafeBytes(of: type) { bytes += $0 }
            withUnsafeBytes(of: code) { bytes += $0 }
            withUnsafeBytes(of: value) { bytes += $0 }
        }
        return bytes
    }

    /// A one-finger stroke from (x, y) moving right 4 mm a frame, `frames` frames, then the lift.
    static func stroke(from x: Int32, _ y: Int32, frames: Int, at start: Int64) -> [(Int64, UInt16, UInt16, Int32)] {
        let (abs, syn) = (EventCode.EV_ABS, EventCode.EV_SYN)
        var events: [(Int64, UInt16, UInt16, Int32)] = [
            (start, abs, EventCode.ABS_MT_SLOT, 0), (start, abs, EventCode.ABS_MT_TRACKING_ID, 7),
            (start, abs, EventCode.ABS_MT_POSITION_X, x), (start, abs, EventCode.ABS_MT_POSITION_Y, y), (start, syn, EventCode.SYN_REPORT, 0),
        ]
        for step in 1...frames {
            let time = start + Int64(step) * 10_000
            events += [(time, abs, EventCode.ABS_MT_POSITION_X, x + Int32(step) * 40), (time, syn, EventCode.SYN_REPORT, 0)]
        }
        let end = start + Int64(frames + 1) * 10_000
        return events + [(end, abs, EventCode.ABS_MT_TRACKING_ID, -1), (end, syn, EventCode.SYN_REPORT, 0)]
    }

    static let config = """
        version: 1
        gestures:
          - name: back
            edgeSwipe: { edge: left, minimumDistance: 10 }
            region: { edge: left, width: 10 }
            consume: true
        """

    func forwarding(_ rig: HubRig) -> (NodeForwarding, RecordingTwin) {
        let twin = RecordingTwin()
        let forwarder = TouchForwarder(description: HubRig.screen, state: DeviceState(), twin: DeviceState(), decisionWindow: rig.hub.decisionWindow, cancelsWithPalm: false)
        return (NodeForwarding(twin: twin, forwarder: forwarder, seen: DeviceState()), twin)
    }

    /// A touch no consuming gesture can claim (in the middle, away from the edge swipe's
    /// region) reaches the twin at once: one write a frame, in the read's order, the finger's
    /// own positions; and the engine saw every frame before its write.
    @Test func aTouchNoGestureCanClaimGoesToTheTwinFrameByFrame() throws {
        let rig = try HubRig(config: Self.config)
        #expect(rig.hub.consumes(DeviceID(1)))
        let (forwarding, twin) = forwarding(rig)
        let node = RecordSplitter()
        let bytes = Self.records(Self.stroke(from: 1000, 500, frames: 5, at: 1_000_000))
        try bytes.withUnsafeBytes { try forwarding.forward($0, from: node, to: rig.hub) }
        #expect(twin.writes.count == 7, "a write for each of the 7 frames")
        let xs = twin.writes.flatMap { $0 }.filter { $0.code == EventCode.ABS_MT_POSITION_X }.map(\.value)
        #expect(xs == [1000, 1040, 1080, 1120, 1160, 1200])
        #expect(twin.writes.last?.contains { $0.code == EventCode.ABS_MT_TRACKING_ID && $0.value == -1 } == true, "the lift")
        #expect(forwarding.forwarder.twinIsNeutral)
    }

    /// A touch the consuming edge swipe takes never reaches the twin, while the engine, fed
    /// every frame first, ends the swipe: the verdicts it holds after each frame decided it.
    @Test func aTouchTheConsumingSwipeTakesNeverReachesTheTwin() throws {
        let rig = try HubRig(config: Self.config)
        let client = try rig.connect()
        rig.send(#"{"id": 1, "request": "subscribe", "gestures": ["back"]}"#, from: client)
        _ = try rig.lines(client)
        let (forwarding, twin) = forwarding(rig)
        let node = RecordSplitter()
        // Cut into two reads inside the second frame, as a read may be.
        let bytes = Self.records(Self.stroke(from: 20, 500, frames: 8, at: 1_000_000))
        let cut = MultitouchDecoder.recordSize * 6
        try bytes[..<cut].withUnsafeBytes { try forwarding.forward($0, from: node, to: rig.hub) }
        #expect(forwarding.frame.count == 1, "the cut frame's first event waits for the rest")
        try bytes[cut...].withUnsafeBytes { try forwarding.forward($0, from: node, to: rig.hub) }
        let downs = twin.writes.flatMap { $0 }.filter { $0.code == EventCode.ABS_MT_TRACKING_ID && $0.value >= 0 }
        #expect(downs.isEmpty, "the twin never saw the touch: \(twin.writes)")
        #expect(HubRig.summary(try rig.lines(client)).contains("back ended"))
    }
}
