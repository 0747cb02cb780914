import Foundation
import Testing

/// `gesturectl record` as an app developer runs it: a device of a daemon recorded into a file,
/// which replays to the transcript the device's own input gave, with that transcript beside it.
/// (make e2e records a uinput device on a real kernel stack the same way.)
@Suite(.serialized) struct RecordCommandTests {
    @Test(arguments: ["tp-swipe-3-left.yml", "pinch-open.yml", "two-finger-tap-drift-typeA.yml"])
    func aRecordedFixtureReplaysToTheSameTranscript(_ fixture: String) throws {
        let source = "Fixtures/constructed/" + fixture
        let daemon = try DaemonProcess(["--config", "Fixtures/gestures.yml", "--replay", source, "--wait-subscribers", "1", "--exit-after-replay"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("mine.yml").path
        let record = try ChildProcess.gesturectl(["record", "--socket", daemon.socket, "--config", "Fixtures/gestures.yml", "1", file]).finish()
        #expect(record.status == 0, "\(record.errors)")
        #expect(daemon.wait() == 0)
        let expected = try String(contentsOfFile: DaemonProcess.root.appendingPathComponent(source + ".expected.jsonl").path, encoding: .utf8)
        #expect(try String(contentsOfFile: file + ".expected.jsonl", encoding: .utf8) == expected, "the transcript written beside it")
        let replay = try ChildProcess.gesturectl(["replay", "--json", "--config", "Fixtures/gestures.yml", file]).finish()
        #expect(replay.status == 0)
        #expect(replay.lines.joined(separator: "\n") + "\n" == expected, "the recording replayed")
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("# libinput record\n"))
    }
}
