import GestureImport
import Testing

/// The XML reader over Expat: elements with their lines, bounded cost, no entity expansion.
@Suite struct XMLReaderTests {
    @Test func elementsKeepAttributesTextAndLines() throws {
        let root = try XMLReader.parse("<?xml version=\"1.0\"?>\n<a x=\"1\" y='two'>\n  <b>  text &amp; more </b>\n  <!-- c -->\n  <c/>\n</a>\n")
        #expect(root.name == "a" && root.line == 2)
        #expect(root[attribute: "x"] == "1" && root[attribute: "y"] == "two" && root[attribute: "z"] == nil)
        #expect(root.children.map(\.name) == ["b", "c"])
        #expect(root.children[0].text == "text & more" && root.children[0].line == 3)
        #expect(root.children(named: "c").first?.line == 5)
        #expect(try XMLReader.parse("<touchégg/>").name == "touchégg")
    }

    /// `--` inside a comment, as pugixml (touchegg's reader) takes it; lines stay where they were.
    @Test func commentsAreReadAsPugixmlReadsThem() throws {
        let root = try XMLReader.parse("<a>\n<!-- x -- y\n -- z --->\n<b/>\n</a>\n")
        #expect(root.children.first?.name == "b" && root.children.first?.line == 4)
    }

    @Test func mistakesAndHostileDocumentsAreRefusedWithTheirLine() {
        #expect(throws: XMLReader.Failure(line: 2, problem: "invalid XML: not well-formed (invalid token)")) { try XMLReader.parse("<a>\n<b <</a>") }
        #expect(throws: XMLReader.Failure(line: 1, problem: "invalid XML: no element found")) { try XMLReader.parse("") }
        // Entities can only be declared in a document type declaration: none is read.
        let laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE l [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;\">]>\n<l>&b;</l>"
        #expect(throws: XMLReader.Failure(line: 2, problem: "a document type declaration (<!DOCTYPE …>) is not read")) { try XMLReader.parse(laughs) }
        let deep = String(repeating: "<a>", count: XMLReader.maximumDepth + 1) + String(repeating: "</a>", count: XMLReader.maximumDepth + 1)
        #expect(throws: XMLReader.Failure(line: 1, problem: "elements nest deeper than \(XMLReader.maximumDepth)")) { try XMLReader.parse(deep) }
        let large = "<a>" + String(repeating: " ", count: XMLReader.maximumSize) + "</a>"
        #expect(throws: XMLReader.Failure.self) { try XMLReader.parse(large) }
    }
}
