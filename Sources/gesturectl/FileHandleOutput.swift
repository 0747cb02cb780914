import Foundation

/// Buffered standard output: lines are collected and written in large blocks.
struct FileHandleOutput {
    var buffer = ""

    mutating func write(_ line: String) {
        buffer += line
        buffer += "\n"
        if buffer.utf8.count > 1 << 16 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer.utf8))
        buffer = ""
    }
}
