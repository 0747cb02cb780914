import Foundation
import PackagePlugin

/// Builds `gesturectl view`'s page into the binary: the page's real files (`Page/view.html`,
/// `view.css`, `view.js`, `actions.js`, which editors and linters read as what they are) become
/// one Swift file, `ViewPage.html`, the document with its style and scripts inline, made by `page-embed`
/// at build time. Nothing is installed beside the binary and nothing is read at run time.
@main
struct PageEmbed: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        // The concrete type: Swift 6.0's PackagePlugin has `directoryURL` there, not on the protocol.
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        let page = target.directoryURL.appending(path: "Page")
        let files = ["view.html", "view.css", "view.js", "actions.js"].map { page.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "ViewPage+Files.swift")
        return [
            .buildCommand(
                displayName: "Building the view's page into \(target.name)", executable: try context.tool(named: "page-embed").url,
                arguments: [output.path] + files.map(\.path), inputFiles: files, outputFiles: [output])
        ]
    }
}
