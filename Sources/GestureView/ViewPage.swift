/// The single page `gesturectl view` serves: surfaces with touches and trails, a lane per
/// gesture, the event list, the controls that play, step and scrub a recording, and the
/// Actions panel. It is written as real files in `Page/` (`view.html`, `view.css`, `view.js`,
/// `actions.js`), which SwiftPM embeds in the binary (`.embedInCode`, `PackageResources`), and
/// served as ``html``, the document with its style and scripts inline: no CDN, nothing
/// installed beside the binary, nothing fetched or read at run time.
enum ViewPage {
    /// The document as served: `Page/view.html` with each `<link rel="stylesheet" href="NAME.css">`
    /// replaced by that file in a `<style>` element and each `<script src="NAME.js"></script>` by
    /// that script inline. Made once, on first use.
    static let html: String = compose(
        html: String(decoding: PackageResources.view_html, as: UTF8.self),
        files: [
            ("view.css", String(decoding: PackageResources.view_css, as: UTF8.self)),
            ("view.js", String(decoding: PackageResources.view_js, as: UTF8.self)),
            ("actions.js", String(decoding: PackageResources.actions_js, as: UTF8.self)),
        ])

    /// `html` with each file (its name and text) put in place of the tag that names it; a tag
    /// the HTML lacks is a mistake in the page's files, caught by `ViewPageEmbedTests`.
    static func compose(html: String, files: [(name: String, text: String)]) -> String {
        var page = html
        for file in files {
            let (tag, inline) = file.name.hasSuffix(".css")
                ? (#"<link rel="stylesheet" href="\#(file.name)">"#, "<style>\n" + file.text + "</style>")
                : (#"<script src="\#(file.name)"></script>"#, "<script>\n" + file.text + "</script>")
            guard let range = page.firstRange(of: tag) else {
                preconditionFailure("Page/view.html has no \(tag)")
            }
            page = String(page[..<range.lowerBound]) + inline + String(page[range.upperBound...])
        }
        return page
    }
}
