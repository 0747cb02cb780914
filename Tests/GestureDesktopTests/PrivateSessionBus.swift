import Glibc
import GestureWire
import Posix
@testable import GestureDesktop

/// A session bus of a test's own: a real dbus-daemon listening in a fresh folder, stopped with
/// ``stop()`` (FakeKWin serves KWin on one; GnomeShellProviderTests asks one with no GNOME Shell).
final class PrivateSessionBus: @unchecked Sendable {
    let daemon: ChildProcess
    /// The bus's address (`unix:path=…`).
    let address: String
    /// The folder the bus listens in, the test's to use.
    let folder: String

    static var available: Bool { ChildProcess.canRun("dbus-daemon", path: ProcessEnvironment.current["PATH"]) }

    init(prefix: String) throws {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        folder = String(cString: mkdtemp(&template)!)
        // It says its address once it listens.
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw DesktopError("pipe failed") }
        defer { close(fds[0]) }
        daemon = try ChildProcess(["dbus-daemon", "--session", "--nofork", "--nopidfile", "--address=unix:path=\(folder)/bus", "--print-address=\(fds[1])"],
                                  environment: ProcessEnvironment.current, ownGroup: true)
        close(fds[1])
        var descriptor = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
        var bytes = [UInt8](repeating: 0, count: 512)
        guard poll(&descriptor, 1, 30_000) > 0, case let n = bytes.withUnsafeMutableBytes({ read(fds[0], $0.baseAddress, $0.count) }), n > 0 else {
            daemon.signalGroup(SIGTERM)
            throw DesktopError("dbus-daemon did not start")
        }
        address = String(decoding: bytes[..<n], as: UTF8.self).trimmed
    }

    /// Stops the bus.
    func stop() {
        daemon.signalGroup(SIGTERM)
        daemon.wait()
    }
}
