import Evdev

/// A recording's text (evemu or `libinput record`, as the daemon and `gesturectl replay`
/// detect it), read and each device's events decoded. Invariants: a refusal names a line the
/// text has (or none); a recording never holds more events than the text has lines; decoding
/// keeps the decoder's invariants (``DecoderHarness/decode(_:description:)``).
enum RecordingHarness {
    static func run(_ data: UnsafeRawBufferPointer) {
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        do {
            let recording = try Recording.read(text, file: "fuzz")
            for device in recording.devices {
                Invariant.check(device.events.count <= lines, "\(device.events.count) events from \(lines) lines")
                DecoderHarness.decode(device.events, description: device.description)
            }
        } catch let error as FileError {
            Invariant.check(error.line.map { (1...lines).contains($0) } ?? true, "error at line \(error.line!) of \(lines): \(error.message)")
        } catch {
            Invariant.check(false, "an error that is not a FileError: \(error)")
        }
    }
}
