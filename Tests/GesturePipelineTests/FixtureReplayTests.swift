import Evdev
import Foundation
import GestureCore
import GesturePipeline
import GestureTesting
import GestureWire
import Testing

/// Every fixture in Fixtures/replays.txt, replayed with Fixtures/gestures.yml, must give exactly
/// its reviewed transcript (`<recording>.expected.jsonl`). A changed transcript is a reviewed
/// change: regenerate with `make fixtures-update` and read the diff.
@Suite struct FixtureReplayTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    struct Entry: Sendable, CustomStringConvertible {
        var recording: String
        var deviceDescription: String?
        var path: String { FixtureReplayTests.root.appendingPathComponent(recording).path }
        var descriptionPath: String? { deviceDescription.map { FixtureReplayTests.root.appendingPathComponent($0).path } }
    }

    static let entries: [Entry] = {
        guard let text = try? String(contentsOf: root.appendingPathComponent("replays.txt"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ").map(String.init)
            guard let first = fields.first, !first.hasPrefix("#") else { return nil }
            return Entry(recording: first, deviceDescription: fields.count > 1 ? fields[1] : nil)
        }
    }()

    static let quirks = QuirksLoader.load().database

    static func transcript(_ entry: Entry) throws -> [String] {
        let config = try RecordingLoader.config(root.appendingPathComponent("gestures.yml").path)
        // libinput's quirks as gesturectl replay reads them (make fixtures-update).
        let session = ReplaySession(
            recordings: try RecordingLoader.recordings([entry.path], description: entry.descriptionPath), config: config,
            quirks: quirks)
        var lines: [String] = []
        var ledger = EventLedger()
        session.run { event in
            ledger.record(event)
            lines.append(GestureEventJSON.line(event, origin: session.origin))
        }
        #expect(ledger.violations.isEmpty, "\(entry): \(ledger.violations)")
        #expect(ledger.open.isEmpty, "\(entry): instances left open")
        return lines
    }

    @Test func theManifestListsEveryFixture() throws {
        #expect(Self.entries.count >= 29)
        let constructed = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("constructed").path)
            .filter { $0.hasSuffix(".yml") }
        for file in constructed { #expect(Self.entries.contains { $0.recording == "constructed/" + file }, "\(file) is not in replays.txt") }
    }

    @Test(arguments: entries)
    func replayMatchesItsTranscript(_ entry: Entry) throws {
        let actual = try Self.transcript(entry)
        let expectedPath = entry.path + ".expected.jsonl"
        guard let expectedText = try? String(contentsOfFile: expectedPath, encoding: .utf8) else {
            Issue.record("\(entry.recording): no transcript at \(expectedPath); run `make fixtures-update` and review it")
            return
        }
        let expected = expectedText.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        if let index = zip(actual, expected).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            Issue.record("""
                \(entry.recording): line \(index + 1) differs
                  expected: \(expected[index])
                  actual:   \(actual[index])
                """)
        }
        #expect(actual.count == expected.count, "\(entry.recording): \(actual.count) events, transcript has \(expected.count)")
    }

    @Test func replaysAreBitIdentical() throws {
        for entry in Self.entries.prefix(6) {
            #expect(try Self.transcript(entry) == Self.transcript(entry), "\(entry)")
        }
    }
}

extension FixtureReplayTests.Entry {
    var description: String { recording }
}
