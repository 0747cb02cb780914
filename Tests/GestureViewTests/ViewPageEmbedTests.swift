@testable import GestureView
import Posix
import Testing

/// The page as served is Page/view.html with its style and scripts inline, each file whole, as
/// SwiftPM embedded them: nothing left for the browser to fetch.
@Suite struct ViewPageEmbedTests {
    static let page: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/Sources/GestureView/Page/"
    }()

    @Test func theDocumentHasEveryFileInlineAndNothingToFetch() throws {
        let html = ViewPage.html
        for name in ["view.css", "view.js", "actions.js"] {
            let text = try FileReader.text(Self.page + name)
            #expect(html.contains(text), "\(name) inline, whole")
            #expect(!html.contains(#"src="\#(name)""#) && !html.contains(#"href="\#(name)""#), "\(name) not fetched")
        }
        #expect(html.hasPrefix(String(try FileReader.text(Self.page + "view.html").prefix(40))))
    }

    @Test func eachTagIsReplacedByItsFile() {
        let composed = ViewPage.compose(
            html: #"<head><link rel="stylesheet" href="a.css"></head><body><script src="b.js"></script></body>"#,
            files: [("a.css", "p {}\n"), ("b.js", "go();\n")])
        #expect(composed == "<head><style>\np {}\n</style></head><body><script>\ngo();\n</script></body>")
    }
}
