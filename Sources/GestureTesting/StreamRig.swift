import GestureCore

/// An engine with the ``StandardScene`` fed from a ``SyntheticStream`` one frame per ``step()``,
/// with the stream's loop replayed shifted in time so timestamps keep increasing. Built for
/// measuring: after `init` (touch-down plus one full warm-up lap) every pool has its working
/// size, and `step()` reuses the event buffer.
public final class StreamRig {
    /// The engine.
    public let engine = GestureEngine()
    /// The bindings.
    public let scene: StandardScene
    /// The events of the last frame.
    @exclusivity(unchecked) public private(set) var events: [GestureEvent] = []
    let frames: [TouchFrame]
    @exclusivity(unchecked) var index = 0
    @exclusivity(unchecked) var shift: Int64 = 0
    let span: Int64

    /// Prepares `stream`.
    public init(_ stream: SyntheticStream) {
        let root = engine.addDevice(SyntheticStream.device, geometry: SyntheticStream.geometry)
        scene = StandardScene(engine: engine, root: root)
        frames = stream.loop
        span = frames.last!.time.microseconds - frames.first!.time.microseconds + SyntheticStream.interval
        events.reserveCapacity(64)
        for frame in stream.prefix { feed(frame) }
        for _ in frames.indices { step() }
    }

    func feed(_ frame: TouchFrame) {
        events.removeAll(keepingCapacity: true)
        engine.feed(frame, into: &events)
    }

    /// Feeds the next frame.
    @inline(__always) public func step() {
        var frame = frames[index]
        frame.time.microseconds += shift
        feed(frame)
        index += 1
        if index == frames.count {
            index = 0
            shift += span
        }
    }
}
