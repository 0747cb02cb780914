@testable import GestureDaemon
import Foundation
import Logging
import Testing

/// Issue 53: `hello` lists `keys` only when the daemon can make a virtual keyboard — live, not
/// turned off, and its uinput node opening for writing now (PROTOCOL.md, "Typing").
@Suite struct DaemonCapabilitiesTests {
    static let logger = Logger(label: "test")

    @Test func keysOnlyWhenTheKeyboardCanBeMade() throws {
        let writable = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-uinput-\(UUID().uuidString.prefix(8))").path
        try Data().write(to: URL(fileURLWithPath: writable))
        defer { try? FileManager.default.removeItem(atPath: writable) }
        #expect(Daemon.capabilities(live: true, keyboard: writable, logger: Self.logger) == ["live", "touchpad-gestures", "define", "snapshot", "keys"])
        #expect(
            Daemon.capabilities(live: true, keyboard: "/nonexistent/uinput", logger: Self.logger) == ["live", "touchpad-gestures", "define", "snapshot"],
            "no /dev/uinput: no keys")
        #expect(Daemon.capabilities(live: true, keyboard: nil, logger: Self.logger) == ["live", "touchpad-gestures", "define", "snapshot"], "--no-virtual-keyboard")
        #expect(Daemon.capabilities(live: false, keyboard: writable, logger: Self.logger) == ["replay", "define", "snapshot"], "a replay types nothing")
    }
}
