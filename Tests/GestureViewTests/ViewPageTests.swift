import Foundation
@testable import GestureView
import Testing

/// The page is written as real files (`Sources/GestureView/Page`) and built into the binary:
/// what the binary holds is exactly those files, the style and script put in place of the tags
/// that name them.
@Suite struct ViewPageTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/GestureView/Page")

    static func file(_ name: String) throws -> String {
        try String(contentsOf: page.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func theBinaryHoldsThePagesFiles() throws {
        let html = try Self.file("view.html"), css = try Self.file("view.css"), js = try Self.file("view.js")
        let link = #"<link rel="stylesheet" href="view.css">"#, script = #"<script src="view.js"></script>"#
        #expect(html.components(separatedBy: link).count == 2 && html.components(separatedBy: script).count == 2)
        let served = html.replacingOccurrences(of: link, with: "<style>\n" + css + "</style>")
            .replacingOccurrences(of: script, with: "<script>\n" + js + "</script>")
        #expect(ViewPage.html == served)
    }
}
