import Foundation
import Testing

/// `gesturectl stroke record` as a user runs it: a shape drawn three times on a device (a
/// replaying daemon draws them) is saved to the strokes file, and from then on that shape is
/// named by the recorded name — in the daemon's configuration (`strokes:`) and through the
/// actions runner, which sends the file with its subscription.
@Suite(.serialized) struct StrokeRecordCommandTests {
    /// `gesturectl stroke record loop` with XDG_CONFIG_HOME at `configHome`, against a daemon
    /// replaying three circles; both end by themselves, exit 0.
    static func recordLoop(configHome: String) throws {
        let daemon = try DaemonProcess([
            "--config", "Fixtures/strokes/gestures.yml", "--replay", "Fixtures/strokes/ts-circle-3.yml", "--wait-subscribers", "1", "--exit-after-replay",
        ])
        let record = try ChildProcess.gesturectl(["stroke", "record", "loop", "--socket", daemon.socket], environment: ["XDG_CONFIG_HOME": configHome]).finish()
        #expect(record.status == 0, "\(record.errors)")
        #expect(daemon.wait() == 0)
    }

    @Test func aRecordedCircleNamesTheCirclesDrawnAfterwards() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stroke-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // XDG_CONFIG_HOME's own file, in a folder that does not exist yet.
        let strokes = folder.appendingPathComponent("config/gestured/strokes.yml").path
        try Self.recordLoop(configHome: folder.appendingPathComponent("config").path)
        let text = try String(contentsOfFile: strokes, encoding: .utf8)
        #expect(text.components(separatedBy: "  - name: loop\n").count == 4, "three drawings: \(text)")
        // The daemon's own configuration with those drawings: the circles of another
        // recording are `loop`, not the built-in circle.
        let drawings = text.components(separatedBy: "strokes:\n")[1]
        let config = folder.appendingPathComponent("gestured.yml").path
        try """
            version: 1
            strokes:
            \(drawings)gestures:
              - name: shapes
                stroke: { shapes: [loop, check] }
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let replay = try ChildProcess.gesturectl(["replay", "--text", "--config", config, "Fixtures/strokes/ts-shapes.yml"]).finish()
        #expect(replay.status == 0, "\(replay.errors)")
        #expect(replay.lines.map { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).prefix(2).joined(separator: " ") } == ["ended check", "ended loop"])
    }

    /// Issue 60: a strokes file kept in dotfiles (a link) and saved on Windows (CR LF, a
    /// byte-order mark) stays so: written at the link's target, with its line ends and mark.
    @Test func aStrokesFileKeptAsALinkWithCRLFStaysSo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stroke-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("config/gestured"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dotfiles"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("dotfiles/strokes.yml").path
        try "\u{FEFF}# mine\r\nversion: 1\r\nstrokes:\r\n  - name: zed\r\n    points: [[0, 0], [30, 0], [0, 30], [30, 30]]\r\n".write(toFile: target, atomically: false, encoding: .utf8)
        let link = folder.appendingPathComponent("config/gestured/strokes.yml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../../dotfiles/strokes.yml")
        try Self.recordLoop(configHome: folder.appendingPathComponent("config").path)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../../dotfiles/strokes.yml", "the link is still a link")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: target))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]), "the byte-order mark is kept")
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line ends CR LF")
        #expect(text.components(separatedBy: "  - name: loop\r\n").count == 4 && text.contains("  - name: zed\r\n"), "the drawings, the old one kept: \(text)")
    }
}
