import Evdev

/// A recording's text (evemu, `libinput record` or evtest, as the daemon and `gesturectl replay`
/// detect it), read and each device's events decoded. Invariants: a refusal names a line the
/// text has (or none); a recording never holds more events than the text has lines; decoding
/// keeps the decoder's invariants (``DecoderHarness/decode(_:description:)``).
enum RecordingHarness {
    static func run(_ data: UnsafeRawBufferPointer) {
        let text = String(decoding: data, as: UTF8.self)
        let lines = max(text.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }, yamlLines(text))
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

    /// Lines as YAML counts them (`libinput record` files are YAML): CR LF, CR, LF, NEL, LS
    /// and PS each end a line. A file with lone CRs has more YAML lines than newlines, and its
    /// errors are numbered as YAML numbers them (found by this harness).
    static func yamlLines(_ text: String) -> Int {
        var count = 1
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": if previous != "\r" { count += 1 }
            case "\r", "\u{85}", "\u{2028}", "\u{2029}": count += 1
            default: break
            }
            previous = scalar
        }
        return count
    }
}
