import Foundation
import Glibc
import Testing

/// The YAML examples of the README and docs, copied out of the documents as they are and run
/// the way a reader would run them: an actions file through `gesturectl actions --check`
/// (against the built-in configuration, the one a fresh install has), a configuration or a part
/// of one through `gesturectl replay --config` on a recording. A doc example that stopped
/// working fails here (issue 21: ACTIONS.md's example named a gesture the built-in set lacks).
@Suite struct DocExamplesTests {
    /// Every ```yaml block of a document, with the line it starts on.
    static func yamlBlocks(_ document: String) throws -> [(line: Int, text: String)] {
        let text = try String(contentsOf: DaemonProcess.root.appendingPathComponent(document), encoding: .utf8)
        var blocks: [(Int, String)] = []
        var current: (Int, [Substring])?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if current == nil, line == "```yaml" {
                current = (index + 2, [])
            } else if let open = current {
                if line == "```" {
                    blocks.append((open.0, open.1.joined(separator: "\n") + "\n"))
                    current = nil
                } else {
                    current = (open.0, open.1 + [line])
                }
            }
        }
        return blocks
    }

    static let documents = ["README.md", "docs/ACTIONS.md", "docs/CONFIG.md", "docs/OWNERSHIP.md", "docs/OVERLAY.md"]

    @Test(arguments: documents) func everyYAMLExampleWorks(_ document: String) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-doc-\(UUID().uuidString.prefix(8)).yml").path
        defer { unlink(scratch) }
        var ran = 0
        for (line, block) in try Self.yamlBlocks(document) {
            let arguments: [String]
            if block.contains("\nactions:\n") {
                try block.write(toFile: scratch, atomically: true, encoding: .utf8)
                arguments = ["actions", "--check", "--file", scratch]
            } else if block.hasPrefix("version: 1") || block.hasPrefix("devices:") || block.hasPrefix("access:") {
                // A whole configuration, or its top-level `devices:` or `access:` on its own.
                try (block.hasPrefix("version: 1") ? block : "version: 1\ngestures: []\n" + block).write(toFile: scratch, atomically: true, encoding: .utf8)
                arguments = ["replay", "--json", "--config", scratch, "Fixtures/constructed/swipe-3-left.yml"]
            } else {
                continue  // a fragment shown key by key (regions)
            }
            let run = try ChildProcess.gesturectl(arguments).finish()
            #expect(run.status == 0, "\(document):\(line): \(run.errors)")
            ran += 1
            if block.contains("\noverlay:\n") {
                // Its `overlay:` section as the overlay reads it, too.
                let overlay = try ChildProcess.gesturectl(["overlay", "--check", "--file", scratch]).finish()
                #expect(overlay.status == 0, "\(document):\(line): \(overlay.errors)")
            }
        }
        #expect(ran > 0, "\(document) has no runnable YAML example")
    }
}
