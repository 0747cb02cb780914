import ArgumentParser
import Posix

extension CleanExit {
    /// Prints `text` to standard error and exits with `code`.
    public static func message(_ text: String, code: Int32) -> ExitCode {
        StandardError.line(text)
        return ExitCode(code)
    }
}
