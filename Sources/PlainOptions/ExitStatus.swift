import Glibc
import Posix

/// The process ends with ``code``, what it had to say already said on standard error: what the
/// code shared by the programs throws to end them (the actions runner's, the connection's),
/// without swift-argument-parser (``CleanExit`` is its counterpart there), so that
/// `gestured-actions` links neither it nor FoundationEssentials. Each program's `main` ends
/// with it (``end(_:otherwise:)``).
public struct ExitStatus: Error, Sendable, Equatable {
    /// The exit status.
    public let code: Int32

    /// Ends with `code`; nothing said.
    public init(code: Int32) {
        self.code = code
    }

    /// Says `text` on standard error (a line) and ends with `code`.
    public static func message(_ text: String, code: Int32) -> ExitStatus {
        StandardError.line(text)
        return ExitStatus(code: code)
    }

    /// Ends the process for `error`: with its status when it is an ``ExitStatus``, else as
    /// `otherwise` says (the argument parser's own errors, or any other).
    public static func end(_ error: any Error, otherwise: (any Error) -> Never) -> Never {
        if let status = error as? ExitStatus { Glibc.exit(status.code) }
        otherwise(error)
    }
}
