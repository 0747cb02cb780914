import GestureActions
import Testing

/// A file's lines with their own ends (issue 60).
@Suite struct FileLinesTests {
    @Test(arguments: ["", "a", "a\n", "a\r\nb\r\n", "\u{FEFF}a\nb", "a\n\r\n\nb\r\n", "é\r\n👍🏽\n"])
    func theTextComesBackByteForByte(text: String) throws {
        #expect(try FileLines(text).text == text)
    }

    @Test func linesEndsAndTheMarkAreTakenApart() throws {
        let lines = try FileLines("\u{FEFF}a\r\nb\nc")
        #expect(lines.byteOrderMark && lines.lines == ["a", "b", "c"] && lines.ends == ["\r\n", "\n", ""])
        #expect(lines.newline == "\n")
        #expect(try FileLines("a\r\nb\r\nc\n").newline == "\r\n")
    }

    @Test func anInsertTakesTheCommonEndAndEndsALastLine() throws {
        var lines = try FileLines("a\r\nb")
        lines.insert(["c", "d"], at: 2)
        #expect(lines.text == "a\r\nb\r\nc\r\nd\r\n")
        var middle = try FileLines("a\nb\n")
        middle.insert(["x"], at: 1)
        #expect(middle.text == "a\nx\nb\n")
    }

    @Test(arguments: [("a\rb", 1, "lone carriage return"), ("a\nb\u{85}", 2, "U+0085"), ("\u{2028}", 1, "U+2028"), ("a\n\n\u{2029}", 3, "U+2029")])
    func breaksAnEditorRarelyWritesAreRefused(text: String, line: Int, what: String) {
        #expect { try FileLines(text) } throws: { error in
            guard let unsupported = error as? FileLines.Unsupported else { return false }
            return unsupported.line == line && unsupported.description.contains(what)
        }
    }
}
