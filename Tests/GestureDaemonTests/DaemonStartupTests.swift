import Foundation
import GestureDaemon
import Glibc
import Logging
import NIOConcurrencyHelpers
import Testing

/// The daemon's start-up order in-process (issue 22): configuration, then input, then (live)
/// sessions, then the socket. A daemon that cannot read its input or bind its socket says so
/// and has served nothing.
@Suite struct DaemonStartupTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs a daemon for `options` until it fails; returns the steps it completed and its error.
    static func failedStart(_ options: DaemonOptions) async -> (steps: [Daemon.Step], error: String?) {
        let steps = NIOLockedValueBox<[Daemon.Step]>([])
        var daemon = Daemon(options, logger: Logger(label: "test"))
        daemon.onStep = { step in steps.withLockedValue { $0.append(step) } }
        do {
            try await daemon.run()
            return (steps.withLockedValue { $0 }, nil)
        } catch {
            return (steps.withLockedValue { $0 }, "\(error)")
        }
    }

    @Test func anUnreadableRecordingStopsItBeforeAnything() async {
        var options = DaemonOptions()
        options.replay = [Self.root.appendingPathComponent("Fixtures/no-such-recording.yml").path]
        let (steps, error) = await Self.failedStart(options)
        #expect(steps.isEmpty)
        #expect(error?.hasSuffix("no-such-recording.yml: cannot read: no such file") == true)
    }

    @Test func theInputIsOpenBeforeTheSocketIsTried() async throws {
        // A regular file where the socket should go: binding is refused, after the input.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-startup-\(UUID().uuidString.prefix(8))").path
        _ = FileManager.default.createFile(atPath: path, contents: Data("not a socket".utf8))
        defer { unlink(path) }
        var options = DaemonOptions()
        options.config = Self.root.appendingPathComponent("Fixtures/gestures.yml").path
        options.replay = [Self.root.appendingPathComponent("Fixtures/constructed/swipe-3-left.yml").path]
        options.socket = path
        let (steps, error) = await Self.failedStart(options)
        #expect(steps == [.configuration, .input])
        #expect(error?.contains(path) == true, "\(error ?? "no error")")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "not a socket")
    }
}
