import Foundation

/// One golden transcript of Fixtures/cli: what to start, what to run, what it must print.
///
/// ```
/// # what the case shows (comments start with #)
/// daemon: --config Fixtures/gestures.yml --replay REC --wait-subscribers 1   (optional)
/// file actions.yml:                                                         (optional, repeatable;
///                                          `file NAME (crlf, bom):` writes it as Windows saves it)
/// | version: 1
/// run: subscribe --socket $SOCKET --no-reconnect swipe-left-9
/// status: 1
/// stdout:
/// | connected to gestured …
/// stderr:
/// | gesturectl subscribe: …
/// ```
///
/// Words are split on spaces; `$SOCKET` is the daemon's socket (or an unused path),
/// `$SCRATCH` a folder holding the case's files (the daemon's line may name them too) and `$VERSION` gestured's version; a word `''`
/// is an empty argument (as a shell's `""` passes one). Content lines
/// start with `| `. `run: gestured …` runs the daemon instead of gesturectl, `run: gestured-actions …`
/// the user service's runner, `run: gestured-overlay …` the overlay.
struct CLIContractCase {
    /// What a run printed and returned.
    struct Outcome: Equatable, CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String

        var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)---" }
    }

    /// The case's lines up to and including `run:` (what an update keeps).
    var header = ""
    var daemon: [String]?
    var files: [(String, String)] = []
    var arguments: [String] = []
    var status: Int32 = 0
    var stdout = ""
    var stderr = ""

    init(_ text: String, name: String) throws {
        var block: ((inout CLIContractCase, String) -> Void)?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(line)
            if line.hasPrefix("| ") || line == "|" {
                guard let block else { throw Self.error(name, index, "a content line outside stdout:, stderr: or file:") }
                block(&self, String(line.dropFirst(2)) + "\n")
                continue
            }
            block = nil
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("daemon: ") {
                daemon = line.dropFirst(8).split(separator: " ").map(String.init)
            } else if line.hasPrefix("run: ") {
                arguments = line.dropFirst(5).split(separator: " ").map { $0 == "''" ? "" : String($0) }
                header = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(index + 1).joined(separator: "\n") + "\n"
            } else if line.hasPrefix("status: "), let value = Int32(line.dropFirst(8)) {
                status = value
            } else if line == "stdout:" {
                block = { $0.stdout += $1 }
            } else if line == "stderr:" {
                block = { $0.stderr += $1 }
            } else if line.hasPrefix("file "), line.hasSuffix(":") {
                // `file NAME (crlf, bom):` — its lines end in CR LF, and it starts with a byte-order mark.
                var file = String(line.dropFirst(5).dropLast())
                var options: [Substring] = []
                if file.hasSuffix(")"), let open = file.lastIndex(of: "(") {
                    options = file[file.index(after: open)..<file.index(before: file.endIndex)].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces)[...] }
                    file = String(file[..<open]).trimmingCharacters(in: .whitespaces)
                }
                files.append((file, options.contains("bom") ? "\u{FEFF}" : ""))
                let slot = files.count - 1
                let end = options.contains("crlf") ? "\r\n" : "\n"
                block = { $0.files[slot].1 += $1.hasSuffix("\n") ? String($1.dropLast()) + end : $1 }
            } else {
                throw Self.error(name, index, "expected daemon:, file NAME:, run:, status:, stdout: or stderr:")
            }
        }
        guard !arguments.isEmpty else { throw Self.error(name, 0, "no run: line") }
    }

    /// The lines after `run:` that say what a run did.
    static func render(_ outcome: Outcome) -> String {
        func block(_ name: String, _ text: String) -> String {
            guard !text.isEmpty else { return "" }
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "|" : "| " + $0 }
            if text.hasSuffix("\n") { lines.removeLast() }
            return "\(name):\n" + lines.joined(separator: "\n") + "\n"
        }
        return "status: \(outcome.status)\n" + block("stdout", outcome.stdout) + block("stderr", outcome.stderr)
    }

    static func error(_ name: String, _ index: Int, _ message: String) -> CocoaError {
        CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "Fixtures/cli/\(name):\(index + 1): \(message)"])
    }
}
