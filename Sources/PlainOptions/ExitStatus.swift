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

    /// Ends the process for `error` in a program without the argument parser: with its status
    /// when it is an ``ExitStatus``, else `Error: …` said and exit 1.
    public static func end(_ error: any Error) -> Never {
        end(error) { error in
            StandardError.line("Error: \(error)")
            Glibc.exit(1)
        }
    }

    /// Ends a program as its command line asked before it ran (``OptionReader/Outcome``): help,
    /// the version, the dump or a script on standard output (exit 0), a mistake on standard
    /// error (exit 64, EX_USAGE).
    public static func end(printing text: String) -> Never {
        WholeWrite.write(text, to: STDOUT_FILENO)
        Glibc.exit(0)
    }

    /// Says a usage mistake (``OptionReader/mistake(_:)``'s text) and exits 64 (EX_USAGE).
    public static func end(mistake text: String) -> Never {
        WholeWrite.write(text, to: STDERR_FILENO)
        Glibc.exit(64)
    }
}
