/// A text file's lines as an edit needs them: each line's text without its line end, the end it
/// had (LF, CR LF, or none on a last line without one), and a byte-order mark at the start. A
/// file saved on Windows is edited in place and written back with CR LF and its mark; a line
/// added takes the end most of the file's lines have (issue 60). Line breaks YAML counts but an
/// editor rarely writes (a lone CR, NEL, LS, PS) are refused: an edit could not find YAML's
/// lines in such a file.
public struct FileLines: Sendable, Equatable {
    /// Why a text cannot be taken apart into lines that YAML numbers the same way.
    public struct Unsupported: Error, Sendable, CustomStringConvertible {
        /// The 1-based line (counted by LF) holding the break.
        public var line: Int
        /// What the break is.
        public var what: String
        public var description: String { "line \(line) has a \(what) as a line break; save the file with LF or CR LF line ends" }
    }

    /// Whether the text began with a byte-order mark (U+FEFF).
    public var byteOrderMark: Bool
    /// The lines' text, without line ends.
    public var lines: [String]
    /// Each line's end: `"\n"`, `"\r\n"`, or `""` for a last line that has none.
    public var ends: [String]

    /// Takes `text` apart; a text with a lone CR, NEL, LS or PS is refused.
    public init(_ text: String) throws(Unsupported) {
        var scalars = Substring(text).unicodeScalars[...]
        byteOrderMark = scalars.first == "\u{FEFF}"
        if byteOrderMark { scalars = scalars.dropFirst() }
        lines = []
        ends = []
        var current = String.UnicodeScalarView()
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            index = scalars.index(after: index)
            switch scalar {
            case "\n":
                lines.append(String(current))
                ends.append("\n")
                current = String.UnicodeScalarView()
            case "\r":
                guard index < scalars.endIndex, scalars[index] == "\n" else { throw Unsupported(line: lines.count + 1, what: "lone carriage return (CR)") }
                index = scalars.index(after: index)
                lines.append(String(current))
                ends.append("\r\n")
                current = String.UnicodeScalarView()
            case "\u{85}": throw Unsupported(line: lines.count + 1, what: "next-line character (U+0085)")
            case "\u{2028}": throw Unsupported(line: lines.count + 1, what: "line separator (U+2028)")
            case "\u{2029}": throw Unsupported(line: lines.count + 1, what: "paragraph separator (U+2029)")
            default: current.append(scalar)
            }
        }
        if !current.isEmpty {
            lines.append(String(current))
            ends.append("")
        }
    }

    /// The end a new line takes: CR LF when more of the file's lines end so than with LF.
    public var newline: String {
        let crlf = ends.filter { $0 == "\r\n" }.count
        return crlf > ends.filter { $0 == "\n" }.count ? "\r\n" : "\n"
    }

    /// Inserts `added` before line index `at` (0-based; `lines.count`: at the end), each ending
    /// with ``newline``; a last line without an end gets one first.
    public mutating func insert(_ added: [String], at: Int) {
        guard !added.isEmpty else { return }
        let end = newline
        if at == lines.count, let last = ends.indices.last, ends[last].isEmpty { ends[last] = end }
        lines.insert(contentsOf: added, at: at)
        ends.insert(contentsOf: Array(repeating: end, count: added.count), at: at)
    }

    /// The text again: the mark, every line with its own end.
    public var text: String {
        var result = byteOrderMark ? "\u{FEFF}" : ""
        for index in lines.indices {
            result += lines[index]
            result += ends[index]
        }
        return result
    }
}
