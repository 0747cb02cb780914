#if canImport(Glibc)
import Glibc
#endif
import Evdev
import GestureCore
import GestureTesting

/// The touchscreen load of the peers benchmark (``PeersLoad/touchscreen``), each frame one
/// read's worth of records through the decoder the live path uses, as `EvdevTouchSource.take`
/// calls it (`decode`, for `make bench-instructions`).
struct DecoderWorkload {
    static let description = PeersLoad.touchscreen.description

    var decoder = MultitouchDecoder(device: DeviceID(1), description: Self.description)
    /// One turn's frames as records, made beforehand (so only decoding is counted): the first
    /// also puts the fingers down; the turn then repeats.
    let turn: [[UInt8]]
    var frames: [TouchFrame] = []
    var index = 0

    init() {
        turn = (0...240).map(PeersLoad.touchscreen.records)
    }

    /// Decodes the next frame; returns how many contacts it had.
    mutating func step() -> Int {
        let records = turn[index == 0 ? 0 : 1 + (index - 1) % 240]
        index += 1
        frames.removeAll(keepingCapacity: true)
        // As the live source reads a node: stopping at a SYN_DROPPED (there is none here).
        _ = records.withUnsafeBytes { decoder.feed(records: $0, into: &frames, stoppingAtLoss: true) }
        return frames.first?.contacts.count ?? 0
    }
}
