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

    /// ../shared/repro/deep-sequenced.yml: 16 nested `sequenced` levels, which took 27 s to
    /// replay 2 s (the cost doubled per level; CombinatorCostTests checks that it no longer
    /// does). Now past the depth limit, refused with its line.
    @Test func theDeepSequenceIsRefusedWithItsLine() throws {
        let text = try String(contentsOf: Self.repro.appendingPathComponent("deep-sequenced.yml"), encoding: .utf8)
        #expect {
            try GestureConfig.parse(text, file: "deep-sequenced.yml")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.line == 3 && error.message == "gesture `deep` nests combinators 16 levels deep; at most 8 are allowed"
        }
    }

    static func nested(_ depth: Int) -> String {
        (0..<depth).reduce("{ drag: {} }") { inner, _ in "{ sequenced: [\(inner), { drag: {} }] }" }
    }

    @Test func gesturesUpToTheLimitsLoad() throws {
        let deepest = try GestureConfig.parse("version: 1\ngestures:\n  - { name: d, sequenced: [\(Self.nested(7)), { drag: {} }] }\n", file: "d.yml")
        #expect(deepest.bindings.first?.gesture.depth == 8)
        let parts = Array(repeating: "{ tap: {} }", count: 16).joined(separator: ", ")
        let widest = try GestureConfig.parse("version: 1\ngestures:\n  - { name: w, simultaneously: [\(parts)] }\n", file: "w.yml")
        #expect(widest.bindings.first?.gesture.recognizerCount == 16)
        #expect(throws: ConfigError.self) {
            try GestureConfig.parse("version: 1\ngestures:\n  - { name: w, simultaneously: [\(parts), { tap: {} }] }\n", file: "w.yml")
        }
    }

    @Test func tooManyGesturesAreRefused() throws {
        let entries = (0...ConfigLimits.maximumGestures).map { "  - { name: g\($0), tap: {} }\n" }.joined()
        #expect {
            try GestureConfig.parse("version: 1\ngestures:\n" + entries, file: "many.yml")
        } throws: { error in
            (error as? ConfigError)?.message == "the configuration has 1025 gestures; at most 1024 are allowed"
        }
    }

    /// A file past 1 MiB is refused before it is read (a 50 MB one took 69 s and 1.7 GB).
    @Test func aConfigurationFileOverOneMebibyteIsRefusedUnread() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-big-\(getpid()).yml").path
        defer { unlink(path) }
        let filler = "# " + String(repeating: "x", count: 1021) + "\n"
        try ("version: 1\ngestures:\n" + String(repeating: filler, count: 1024)).write(toFile: path, atomically: false, encoding: .utf8)
        #expect {
            try RecordingLoader.config(path)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.file == path && error.line == nil && error.message == "the configuration is \(1024 * 1024 + 21) bytes; at most 1048576 (1 MiB) are allowed"
        }
    }
}
