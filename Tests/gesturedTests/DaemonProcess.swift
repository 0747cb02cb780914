import Foundation
import GestureWire
import Glibc

/// A `gestured` process started for a test, on a socket of its own. Ready once it logs
/// "serving on" (read from its standard error — no sleeping).
final class DaemonProcess {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    let process = Process()
    let socket: String
    let errors = Pipe()
    /// What it logged so far (read as needed).
    var log = ""

    /// A fresh socket path in the temporary directory.
    static func temporarySocket() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("gestured-test-\(getpid())-\(UUID().uuidString.prefix(8)).sock").path
    }

    /// Starts `gestured --socket PATH ARGUMENTS…` (through `launcher` when given, e.g. a
    /// socket-activation wrapper) and waits until it logs `ready` (default: "serving").
    init(
        _ arguments: [String], socket: String = DaemonProcess.temporarySocket(), launcher: [String] = [], ready: String = "serving",
        environment: [String: String] = [:]
    ) throws {
        self.socket = socket
        let daemon = Self.root.appendingPathComponent(".build/debug/gestured").path
        if launcher.isEmpty {
            process.executableURL = URL(fileURLWithPath: daemon)
            process.arguments = ["--socket", socket] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = launcher + [daemon] + arguments
        }
        process.currentDirectoryURL = Self.root
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        try waitForLog(ready)
    }

    /// Reads the daemon's log until it contains `text` `count` times (it must appear; the
    /// daemon exiting first is an error).
    func waitForLog(_ text: String, count: Int = 1) throws {
        while log.components(separatedBy: text).count - 1 < count {
            guard let chunk = Self.read(errors) else { throw Self.ended("gestured", process, errors, log: log) }
            log += chunk
        }
    }

    /// The next bytes from a pipe, nil at its end. `read(2)` itself, retried on EINTR: the
    /// SIGCHLD of another test's child interrupts a blocking read, and Foundation's
    /// `availableData` then returns no data, as if the writer had gone.
    static func read(_ pipe: Pipe) -> String? {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(pipe.fileHandleForReading.fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
        }
    }

    /// The error for a log that ended before the text a test waits for: how the process ended
    /// (a signal is worth knowing), or that the test's end of the pipe was closed under it.
    static func ended(_ name: String, _ process: Process, _ pipe: Pipe, log: String) -> CocoaError {
        let how: String
        if fcntl(pipe.fileHandleForReading.fileDescriptor, F_GETFD) < 0 {
            how = "cannot be read: the test's end of its log pipe was closed (\(String(cString: strerror(errno))))"
        } else {
            // The end of the pipe: every writer has gone, so it exits (or has).
            process.waitUntilExit()
            how = "\(process.terminationReason == .uncaughtSignal ? "was killed by signal" : "exited with status") \(process.terminationStatus)"
        }
        return CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "\(name) \(how); its log: \(log)"])
    }

    /// Sends a signal.
    func signal(_ number: Int32) {
        if process.isRunning { kill(process.processIdentifier, number) }
    }

    /// Waits for the process to end; returns its status.
    func wait() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    func terminate() {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
    }

    deinit {
        // Tests that care assert a graceful exit with `terminate()` + `wait()`; whatever is
        // still running here must not outlive the test.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        unlink(socket)
    }
}

/// A raw Unix-socket client that reads JSON lines, as any language could.
final class LineClient {
    private(set) var fd: Int32
    var buffer: [UInt8] = []

    init(path: String, timeout: Int = 20) throws {
        fd = try UnixSocketAddress.connect(path).get()
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Closes the connection now. (Once: a second `close` of the number could close what a
    /// test running in parallel opened under it since — another test's pipe, say.)
    func hangUp() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
    }

    deinit { hangUp() }

    func send(_ line: String) {
        send(bytes: Array((line + "\n").utf8))
    }

    /// Writes `bytes` as they are (a line that is not UTF-8, a line without its newline).
    func send(bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// The next line, or nil at end of stream (or timeout).
    func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                Self.keep(buffer[...newline])
                buffer.removeFirst(newline + 1)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }  // another test's SIGCHLD
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }

    /// With $GESTURED_PROTOCOL_LINES, every line the daemon sent a test is appended there, for
    /// clients/python/tests/test_schema.py to validate against docs/protocol.schema.json.
    static let kept: Int32 = ProcessInfo.processInfo.environment["GESTURED_PROTOCOL_LINES"].map { open($0, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644) } ?? -1

    static func keep(_ line: ArraySlice<UInt8>) {
        guard kept >= 0 else { return }
        _ = line.withUnsafeBytes { write(kept, $0.baseAddress, $0.count) }
    }

    /// Every line until the server closes the connection.
    func readAll() -> [String] {
        var lines: [String] = []
        while let line = readLine() { lines.append(line) }
        return lines
    }
}
