import ArgumentParser
import Foundation

extension CleanExit {
    /// Prints `text` to standard error and exits with `code`.
    static func message(_ text: String, code: Int32) -> ExitCode {
        FileHandle.standardError.write(Data((text + "\n").utf8))
        return ExitCode(code)
    }
}
