import Foundation
import GesturePipeline
import Testing

/// Configurations that would cost unbounded time or memory to load are refused with the line.
@Suite struct ConfigLimitsTests {
    static let repro = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/repro")

    /// ../shared/repro/alias-bomb.yml (763 bytes): nested `simultaneously` anchors, each level
    /// naming the one before twice. It grew past 1 GB before; now the YAML layer stops it.
    @Test func theAliasBombIsRefusedWithItsLine() throws {
        let text = try String(contentsOf: Self.repro.appendingPathComponent("alias-bomb.yml"), encoding: .utf8)
        #expect {
            try GestureConfig.parse(text, file: "alias-bomb.yml")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.file == "alias-bomb.yml" && error.line == 4 && error.message.contains("aliases expand to more than")
        }
    }
}
