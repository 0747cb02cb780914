import Evdev
import GestureCore
import LinuxInput

/// What a grabbed node's reader keeps while it forwards (docs/OWNERSHIP.md): where the events
/// go (its twin), the forwarder's decisions, the node's state as the grab began (written back as
/// it ends), and the buffers a frame is read into, reused.
final class NodeForwarding {
    let twin: any TwinOutput
    var forwarder: TouchForwarder
    /// The node's state as the grab began: what the desktop last read of it.
    let seen: DeviceState
    /// The events of the frame being read (a read may end inside a frame).
    var frame: [InputEvent] = []
    /// What the twin is written, reused.
    var out: [InputEvent] = []
    /// The frame's decoded frames, reused.
    var frames: [TouchFrame] = []

    init(twin: any TwinOutput, forwarder: TouchForwarder, seen: DeviceState) {
        self.twin = twin
        self.forwarder = forwarder
        self.seen = seen
        frame.reserveCapacity(64)
        out.reserveCapacity(128)
    }
}

/// What splits a grabbed node's reads into frames and decodes them: the node's source
/// (``EvdevTouchSource/nextFrame(in:at:events:frames:)``), or a test's decoder over records.
protocol FrameSplitter: AnyObject {
    /// The device the frames are of.
    var device: DeviceID { get }
    /// The next frame of a read (``EvdevTouchSource/nextFrame(in:at:events:frames:)``).
    func nextFrame(in bytes: UnsafeRawBufferPointer, at offset: inout Int, events: inout [InputEvent], frames: inout [TouchFrame]) -> ForwardedRead?
}

extension EvdevTouchSource: FrameSplitter {}

extension NodeForwarding {
    /// One read's records while forwarding, frame by frame, in order: split and decoded by
    /// `node`, recognized by the engine (`hub.feed`), decided by the forwarder with the
    /// verdicts the engine then holds, written to the twin. Throws when the twin refuses events.
    func forward(_ bytes: UnsafeRawBufferPointer, from node: some FrameSplitter, to hub: GestureHub) throws {
        let owner = hub.ownership(of: node.device)
        var offset = 0
        while let read = node.nextFrame(in: bytes, at: &offset, events: &frame, frames: &frames) {
            if !frames.isEmpty { hub.feed(frames) }
            out.removeAll(keepingCapacity: true)
            switch read {
            case .partial:
                continue
            case .frame:
                forwarder.forward(frame, owner: owner, into: &out)
                frame.removeAll(keepingCapacity: true)
            case .lost(let state, let time):
                forwarder.resynchronize(to: state, at: time, owner: owner, into: &out)
            }
            try twin.write(out)
        }
    }
}
