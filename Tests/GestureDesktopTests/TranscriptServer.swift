import Dispatch
import Glibc
import GestureWire
import Posix
@testable import GestureDesktop

/// Serves a desktop's IPC from a transcript (Fixtures/desktop): real Unix sockets, each request
/// answered with the transcript's reply, events written on the event connection one at a time
/// when the test asks. For desktops that do not run here (Fixtures/desktop/README.md).
final class TranscriptServer: @unchecked Sendable {
    var replies: [String: String] = [:]
    var events: [String] = []
    /// Requests the transcript has no reply for.
    var unknown: [String] = []
    var eventConnection: Int32 = -1
    let lock = NSLockLike()
    let connected = DispatchSemaphore(value: 0)
    var listeners: [Int32] = []
    let queue = DispatchQueue(label: "transcript-server", attributes: .concurrent)

    /// Reads `Fixtures/desktop/NAME.txt`.
    init(_ name: String) throws {
        let text = try FileReader.text(ReplayRun.root + "/Fixtures/desktop/\(name).txt")
        var request: String?
        for line in text.split(separator: "\n").map(String.init) {
            if line.hasPrefix("> ") { request = String(line.dropFirst(2)) }
            if line.hasPrefix("< "), let request { replies[request, default: ""] += (replies[request] == nil ? "" : "\n") + line.dropFirst(2) }
            if line.hasPrefix("! ") { events.append(String(line.dropFirst(2))) }
        }
    }

    deinit {
        for fd in listeners { close(fd) }
        if eventConnection >= 0 { close(eventConnection) }
    }

    /// Listens at `path`: each connection's request is answered (and the connection closed),
    /// or, with `events` (or for the request `"EventStream"`), kept for the events.
    func listen(_ path: String, events isEvents: Bool = false) throws {
        unlink(path)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        let bound = UnixSocketAddress.with(path) { bind(fd, $0, $1) }
        guard bound == 0, Glibc.listen(fd, 8) == 0 else { throw DesktopError("cannot listen at \(path)") }
        listeners.append(fd)
        queue.async { [self] in
            while true {
                let client = accept(fd, nil, nil)
                guard client >= 0 else { return }
                if isEvents {
                    lock.run { eventConnection = client }
                    connected.signal()
                    continue
                }
                queue.async { [self] in answer(client) }
            }
        }
    }

    func answer(_ client: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = buffer.withUnsafeMutableBytes { read(client, $0.baseAddress, $0.count) }
        guard n > 0 else { close(client); return }
        var request = String(decoding: buffer[..<n], as: UTF8.self)
        while request.hasSuffix("\n") { request.removeLast() }
        let reply = lock.run { () -> String? in
            guard let reply = replies[request] else { unknown.append(request); return nil }
            return reply
        }
        let text = (reply ?? "unknown request") + "\n"
        _ = text.withCString { send(client, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        if request == "\"EventStream\"" {
            lock.run { eventConnection = client }
            connected.signal()
            return
        }
        close(client)
    }

    /// Writes the transcript's next event; false when none is left or nobody listens.
    @discardableResult
    func emitNext() -> Bool {
        guard connected.wait(timeout: .now() + 20) == .success else { return false }
        connected.signal()
        let (fd, line) = lock.run { () -> (Int32, String?) in (eventConnection, events.isEmpty ? nil : events.removeFirst()) }
        guard let line else { return false }
        let text = line + "\n"
        return text.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) } > 0
    }
}
