import YAML
import Foundation
import Testing

/// The YAML layer over libyaml: the tree, the scalar rules the readers rely on, lines, and the
/// limits that keep a small hostile file from costing unbounded time and memory.
@Suite struct YAMLSourceTests {
    func compose(_ text: String) throws -> YAMLNode {
        try #require(try YAMLSource.compose(text))
    }

    func failure(_ text: String) -> YAMLSource.Failure? {
        do {
            _ = try YAMLSource.compose(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func composesMappingsSequencesAndScalarsWithTheirLines() throws {
        let root = try compose("version: 1\nlist:\n  - a\n  - { b: 2 }\n")
        #expect(root.mapping?.map { $0.key.string } == ["version", "list"])
        #expect(root["version"]?.int == 1)
        let list = try #require(root["list"]?.sequence)
        #expect(list.map(\.line) == [3, 4])
        #expect(list[0].string == "a")
        #expect(list[1]["b"]?.int == 2)
        #expect(root["missing"] == nil)
    }

    @Test func anEmptyDocumentHasNoRoot() throws {
        #expect(try YAMLSource.compose("") == nil)
        #expect(try YAMLSource.compose("# only a comment\n") == nil)
    }

    /// The scalar rules Yams applied, which the configuration and recording readers keep.
    @Test(arguments: [
        ("12", 12), ("-3", -3), ("+7", 7), ("1_000", 1000), ("0x1F", 31), ("0b101", 5), ("0o17", 15), ("017", 15),
        ("1:30", 90), ("-1:30", -90), ("0", 0),
    ])
    func wholeNumbers(text: String, value: Int) throws {
        #expect(try compose("n: \(text)\n")["n"]?.int == value)
    }

    @Test(arguments: ["'12'", "\"12\"", "1.5", "twelve", "99999999999999999999", "99999999999999:0:0:0", "[1]"])
    func notWholeNumbers(text: String) throws {
        #expect(try compose("n: \(text)\n")["n"]?.int == nil)
    }

    @Test func numbersAndBooleans() throws {
        let root = try compose("a: 2.5\nb: 3\nc: -.inf\nd: 1e3\ne: yes\nf: Off\ng: 'true'\nh: \"0.5\"\n")
        #expect(root["a"]?.float == 2.5)
        #expect(root["b"]?.float == 3)
        #expect(root["c"]?.float == -.infinity)
        #expect(root["d"]?.float == 1000)
        #expect(root["e"]?.bool == true)
        #expect(root["f"]?.bool == false)
        #expect(root["g"]?.bool == nil, "a quoted scalar is text")
        #expect(root["g"]?.string == "true")
        #expect(root["h"]?.float == nil)
    }

    @Test func aliasesAreCopiesOfTheirAnchors() throws {
        let root = try compose("base: &b { fingers: 3 }\ncopy: *b\n")
        #expect(root["copy"]?["fingers"]?.int == 3)
        #expect(root["copy"]?.line == 2)
    }

    @Test func syntaxErrorsNameTheLine() {
        let problem = failure("version: 1\ngestures:\n  - name: [oops\n")
        #expect(problem?.line == 4)
        #expect(problem?.problem.hasPrefix("invalid YAML:") == true)
    }

    /// Found by `make fuzz`: at the end of a text with no final newline libyaml counts a line
    /// that is not there; the error names the last line instead.
    @Test func anErrorAtTheEndNamesALineTheTextHas() throws {
        let error = failure("a: 1\nb: [1\nc")
        #expect(error?.line == 3, "\(String(describing: error))")
        // Lines are YAML's: a lone CR ends one too (found by `make fuzz`), CR LF only one.
        #expect(failure("a: 1\rb: [1\rc")?.line == 3)
        #expect(failure("a: 1\r\nb: [1\r\nc")?.line == 3)
        // Nodes too: `---` alone is an empty document whose null node libyaml puts on line 2.
        #expect(try YAMLSource.compose("---")?.line == 1)
    }

    @Test func undefinedAliasesAndSecondDocumentsAreErrors() {
        #expect(failure("a: *nowhere\n")?.problem.contains("undefined alias") == true)
        #expect(failure("a: 1\n---\nb: 2\n")?.line == 2)
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "[", count: YAMLSource.maximumDepth + 1) + String(repeating: "]", count: YAMLSource.maximumDepth + 1)
        #expect(failure(deep)?.problem.contains("deeper than \(YAMLSource.maximumDepth)") == true)
        let allowed = String(repeating: "[", count: YAMLSource.maximumDepth) + String(repeating: "]", count: YAMLSource.maximumDepth)
        #expect(failure(allowed) == nil)
    }

    /// Each level names the one before twice: 2^30 nodes if expanded. Refused at the alias that
    /// crosses the bound, having built nothing big.
    @Test func anAliasBombIsRefused() {
        var text = "a0: &a0 [x]\n"
        for level in 1...30 { text += "a\(level): &a\(level) [*a\(level - 1), *a\(level - 1)]\n" }
        let problem = failure(text)
        #expect(problem?.problem.contains("aliases expand to more than \(YAMLSource.maximumAliasNodes) nodes") == true)
        #expect(problem?.line ?? 0 > 10)
    }
}

/// Where a node ends and how it was written, for edits that add after it (issue 60).
@Suite struct YAMLNodeExtentTests {
    @Test func aBlockScalarEndsAtItsLastLineCommentLikeLinesIncluded() throws {
        let root = try #require(try YAMLSource.compose("a:\n  - x: 1\n    s: |\n      one\n      # two\n# after\nb: 2\n"))
        let list = try #require(root["a"])
        #expect(list.column == 2 && !list.isFlow && list.line == 2)
        #expect(list.sequence?.last?.lastLine == 5)
        #expect(list.lastLine == 5)
        #expect(root["b"]?.lastLine == 7)
    }

    @Test func flowCollectionsEndAtTheirBracket() throws {
        let root = try #require(try YAMLSource.compose("a: [1,\n  2,\n  3]   # c\n# d\nb: { x: 1 }\n"))
        #expect(root["a"]?.isFlow == true && root["a"]?.lastLine == 3)
        #expect(root["b"]?.isFlow == true && root["b"]?.lastLine == 5 && root["b"]?.column == 3)
    }

    @Test func aDashAloneOnItsLineStartsTheSequenceThere() throws {
        let root = try #require(try YAMLSource.compose("a:\n-\n  x: 1\n"))
        #expect(root["a"]?.column == 0 && root["a"]?.line == 2 && root["a"]?.lastLine == 3)
    }
}
