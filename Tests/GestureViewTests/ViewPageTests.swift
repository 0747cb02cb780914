import Foundation
@testable import GestureView
import Testing

/// The page is written as real files (`Sources/GestureView/Page`) and built into the binary:
/// what the binary holds is exactly those files, the style and scripts put in place of the tags
/// that name them.
@Suite struct ViewPageTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/GestureView/Page")

    static func file(_ name: String) throws -> String {
        try String(contentsOf: page.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func theBinaryHoldsThePagesFiles() throws {
        var served = try Self.file("view.html")
        for (name, tag, open, close) in [
            ("view.css", #"<link rel="stylesheet" href="view.css">"#, "<style>\n", "</style>"),
            ("view.js", #"<script src="view.js"></script>"#, "<script>\n", "</script>"),
            ("actions.js", #"<script src="actions.js"></script>"#, "<script>\n", "</script>"),
        ] {
            #expect(served.components(separatedBy: tag).count == 2, "the page names \(name) once")
            served = served.replacingOccurrences(of: tag, with: open + (try Self.file(name)) + close)
        }
        #expect(ViewPage.html == served)
    }
}
