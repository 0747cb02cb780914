import Glibc
import Posix

/// Buffered standard output: lines are collected and written in large blocks. A reader that
/// goes away (`gesturectl subscribe --json | head -5`) ends the program quietly with status 0,
/// as Unix tools do; any other write error is named on standard error (status 1).
public struct FileHandleOutput {
    /// What is written and not yet flushed.
    public var buffer = ""

    /// Nothing written yet.
    public init() {}

    /// SIGPIPE would kill the process before `write` could report EPIPE; ignored once, here.
    static let pipeSignalIgnored: Bool = {
        signal(SIGPIPE, SIG_IGN)
        return true
    }()

    /// Adds `line` and a newline; flushes past 64 KiB.
    public mutating func write(_ line: String) {
        buffer += line
        buffer += "\n"
        if buffer.utf8.count > 1 << 16 { flush() }
    }

    /// Writes what is buffered to standard output.
    public mutating func flush() {
        guard !buffer.isEmpty else { return }
        _ = Self.pipeSignalIgnored
        let bytes = Array(buffer.utf8)
        buffer = ""
        guard let error = WholeWrite.bytes(bytes, to: STDOUT_FILENO) else { return }
        if error == EPIPE { exit(0) }
        StandardError.line("gesturectl: cannot write to standard output: \(String(cString: strerror(error)))")
        exit(1)
    }
}
