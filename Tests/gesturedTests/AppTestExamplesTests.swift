import Foundation
import GestureClient
import GestureWire
import Testing

/// docs/PROTOCOL.md's "Replaying a fixture in an app's tests", run as written: the standard-library
/// Python example file, and the Swift example, which the document quotes verbatim from this file
/// (between the `example` markers); its pytest example is run by `make test-python`. A changed
/// example fails here until the document says the same.
@Suite(.serialized) struct AppTestExamplesTests {
    static let protocolDoc = DaemonProcess.root.appendingPathComponent("docs/PROTOCOL.md")

    @Test func thePythonExamplePasses() throws {
        let bin = DaemonProcess.root.appendingPathComponent(".build/debug").path
        let run = try ChildProcess(
            "python3", ["examples/python/replay_test.py"], environment: ["GESTURED": bin + "/gestured", "GESTURECTL": bin + "/gesturectl"]
        ).finish()
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.hasSuffix("OK\n"))
    }

    @Test func theSwiftExamplePasses() async throws {
        let daemon = try DaemonProcess([
            "--config", "Fixtures/gestures.yml", "--replay", "Fixtures/constructed/long-press-drag.yml", "--realtime", "--wait-subscribers", "1",
            "--exit-after-replay",
        ])
        let socket = daemon.socket
        // example begin
        let client = GestureClient(path: socket, reconnects: false)
        await client.subscribe(SubscriptionRequest(gestures: ["press-drag"]))
        await client.start()  // the replay starts with this subscription
        var seen: [String] = []
        for await event in client.events {  // ends when the replay has played out
            if case .gesture(let update) = event, update.phase != .active || seen.last != "active" {
                seen.append(update.phase.rawValue)
            }
        }
        #expect(seen == ["active", "ended"])
        // example end
        #expect(daemon.wait() == 0)
    }

    /// The document's Swift block is this file's example, and its Python block is in the Python
    /// client's test of it (clients/python/tests/test_protocol_example.py, run by `make test`).
    @Test func theDocumentQuotesTheExamplesVerbatim() throws {
        let doc = try String(contentsOf: Self.protocolDoc, encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let begin = try #require(lines.firstIndex { $0.hasSuffix("// example begin") })
        let end = try #require(lines.firstIndex { $0.hasSuffix("// example end") })
        let swift = lines[(begin + 1)..<end].map { $0.dropFirst(8) }.joined(separator: "\n")
        #expect(doc.contains("```swift\n" + swift + "\n```"), "docs/PROTOCOL.md must quote the Swift example")
        let python = try String(
            contentsOf: DaemonProcess.root.appendingPathComponent("clients/python/tests/test_protocol_example.py"), encoding: .utf8)
        // Named before #require: Swift 6.0's swift-testing expands `#require(x?.y.first)` wrongly.
        let quoted = doc.components(separatedBy: "```python\n").dropFirst().first?.components(separatedBy: "\n```").first
        let block = try #require(quoted)
        let body = block.split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: "\n")
        let file = python.split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: "\n")
        #expect(file.contains(body), "docs/PROTOCOL.md's Python block must be lines of clients/python/tests/test_protocol_example.py")
    }
}
