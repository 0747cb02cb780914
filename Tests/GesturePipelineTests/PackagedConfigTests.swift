import Foundation
import GesturePipeline
import Testing

/// The example configuration the Debian package installs as /etc/gestured/gestured.yml
/// (packaging/gestured.yml). Installing it must not change what the daemon recognizes: once the
/// file exists the daemon reads it instead of its built-in set, so the two must agree.
@Suite struct PackagedConfigTests {
    static let path = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("packaging/gestured.yml").path

    @Test func theShippedExampleIsTheBuiltInSet() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        let shipped = try GestureConfig.parse(text, file: "gestured.yml")
        #expect(shipped.bindings == GestureConfig.builtIn.bindings)
        #expect(shipped.access == GestureConfig.builtIn.access)
    }
}
