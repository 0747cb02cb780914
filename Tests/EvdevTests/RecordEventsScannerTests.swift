import GestureCore
import Testing

@testable import Evdev

@Suite struct RecordEventsScannerTests {
    @Test func scansTheEventsAndBlanksThemOutKeepingLineNumbers() throws {
        let text = RecordingReaderTests.libinputRecord
        let scanned = try #require(try RecordEventsScanner.scan(text, file: "touch.yml"))
        #expect(scanned.blocks.count == 1)
        let (line, block) = try #require(scanned.blocks.first)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[line - 1].contains("events:"))
        #expect(block.events.count == 6)
        #expect(block.events[0] == InputEvent(time: Timestamp(microseconds: 0), type: 3, code: 57, value: 3))
        #expect(block.lines.count == 6)
        #expect(block.lines.allSatisfy { lines[$0 - 1].contains("- [") })
        #expect(scanned.header.split(separator: "\n", omittingEmptySubsequences: false).count
            == text.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(!scanned.header.contains("SYN_REPORT"))
        // Read through the scanner, the recording is what the YAML parser alone made of it.
        #expect(try Recording.read(text, file: "touch.yml") == LibinputRecordParser.parseWithYAMLOnly(text, file: "touch.yml"))
    }

    @Test func anotherShapeFallsBackToTheYAMLParser() throws {
        let flow = RecordingReaderTests.libinputRecord.replacingOccurrences(
            of: "    - evdev:\n      - [  0,  12000,   3,  57,    -1]\n      - [  0,  12000,   0,   0,     0]",
            with: "    - evdev: [[0, 12000, 3, 57, -1], [0, 12000, 0, 0, 0]]")
        #expect(flow != RecordingReaderTests.libinputRecord)
        #expect(try RecordEventsScanner.scan(flow, file: "flow.yml") == nil)
        #expect(try Recording.read(flow, file: "flow.yml").devices.first?.events.count == 6)
    }
}
