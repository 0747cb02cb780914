import Evdev
import GestureCore

/// What a grabbed node's reader keeps while it forwards (docs/OWNERSHIP.md): where the events
/// go (its twin), the forwarder's decisions, the node's state as the grab began (written back as
/// it ends), and the buffers a frame is read into, reused.
public final class NodeForwarding {
    /// Where the frames' events go: the device's twin, or a test's double.
    public let twin: any TwinOutput
    /// The decisions, frame by frame.
    public var forwarder: TouchForwarder
    /// The node's state as the grab began: what the desktop last read of it.
    public let seen: DeviceState
    /// The events of the frame being read (a read may end inside a frame).
    var frame: [InputEvent] = []
    /// What the twin is written, reused.
    var out: [InputEvent] = []
    /// The frame's decoded frames, reused.
    var frames: [TouchFrame] = []

    /// Forwarding to `twin` with `forwarder`'s decisions, from a grab that found `seen`.
    public init(twin: any TwinOutput, forwarder: TouchForwarder, seen: DeviceState) {
        self.twin = twin
        self.forwarder = forwarder
        self.seen = seen
        frame.reserveCapacity(64)
        out.reserveCapacity(128)
    }

    /// One read's records while forwarding, frame by frame, in order: split and decoded by
    /// `node`, recognized (`recognizer.feed`), decided by the forwarder with the verdicts the
    /// recognizer then hands down (once a frame), written to the twin. Throws when the twin
    /// refuses events.
    public func forward(_ bytes: UnsafeRawBufferPointer, from node: some FrameSplitter, to recognizer: some FrameRecognizer) throws {
        var offset = 0
        while let read = node.nextFrame(in: bytes, at: &offset, events: &frame, frames: &frames) {
            if !frames.isEmpty { recognizer.feed(frames) }
            out.removeAll(keepingCapacity: true)
            switch read {
            case .partial:
                continue
            case .frame:
                forwarder.forward(frame, owner: recognizer.verdicts(of: node.device), into: &out)
                frame.removeAll(keepingCapacity: true)
            case .lost(let state, let time):
                forwarder.resynchronize(to: state, at: time, owner: recognizer.verdicts(of: node.device), into: &out)
            }
            try twin.write(out)
        }
    }

    /// Time passed with no frame: held contacts whose window closed, or whose verdict came with
    /// time (a long press that began while the finger rested), written to the twin. Throws when
    /// the twin refuses events.
    public func advance(to time: Timestamp, owner: some TouchOwnership) throws {
        out.removeAll(keepingCapacity: true)
        forwarder.advance(to: time, owner: owner, into: &out)
        try twin.write(out)
    }

    /// Forwarding ends: everything down on the twin comes up (a twin that refuses it is going
    /// away anyway).
    public func release(at time: Timestamp) {
        out.removeAll(keepingCapacity: true)
        forwarder.release(at: time, into: &out)
        try? twin.write(out)
    }
}
