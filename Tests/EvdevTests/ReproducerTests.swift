import Evdev
import GestureCore
import Testing

/// The recordings from ../shared/repro (copied to Fixtures/repro) that crashed the readers with
/// an arithmetic-overflow trap: each is now a clear error naming its line, or — where the
/// numbers are legal, only large — read and decoded in wider arithmetic.
@Suite struct ReproducerTests {
    @Test(arguments: [
        ("min_hex_overflow.evemu", 120),  // a 16-hex-digit type field
        ("min_code_hex_overflow.evemu", 120),  // a 16-hex-digit code field
        ("min_seconds_overflow.evemu", 120),  // 17-digit seconds, the fast path
        ("min_seconds_overflow_slowpath.evemu", 120),  // 18-digit seconds, the general path
        ("min_libinput_seconds_overflow.yml", 35),  // 13-digit seconds in a libinput record
        ("min_libinput_seconds_overflow2.yml", 35),
    ])
    func overflowingNumbersAreErrorsWithTheirLine(file: String, line: Int) throws {
        let text = try FixtureFiles.text("repro/\(file)")
        #expect {
            try Recording.read(text, file: file)
        } throws: { error in
            guard let error = error as? RecordingError else { return false }
            return error.file == file && error.line == line
        }
    }

    /// A full Int32 axis (minimum −2147483648, maximum 2147483647) and a position of 2147483647
    /// on an axis whose minimum is −1: spans and offsets that do not fit in Int32.
    @Test(arguments: ["min_absinfo_span_overflow.evemu", "min_absinfo_span_overflow_libinput.yml", "min_decoder_position_overflow.evemu"])
    func fullRangeAxesAreDecoded(file: String) throws {
        let recording = try Recording.read(try FixtureFiles.text("repro/\(file)"), file: file)
        for device in recording.devices {
            // The estimated size of an absurd axis is degenerate (300 × 0 mm), but finite.
            let surface = device.description.surface
            #expect(surface.width.isFinite && surface.width >= 0 && surface.height.isFinite && surface.height >= 0)
            var decoder = MultitouchDecoder(device: DeviceID(1), description: device.description)
            var frames = 0
            for event in device.events {
                if let frame = decoder.feed(event) {
                    frames += 1
                    for contact in frame.contacts { #expect(contact.position.x.isFinite && contact.normalized.x.isFinite) }
                }
            }
            // The two AbsInfo files are headers only; the decoder file has a drag.
            #expect((frames > 0) == !device.events.isEmpty)
        }
    }
}
