@testable import GestureWire
import Testing

/// The parser reads the usual numbers without making a String (``JSONParser/plainNumber(_:integral:)``);
/// each must come out as the general rule has it: `int` when a whole Int64 prints back the same,
/// `number` when the Double formats back to the same text, else the text itself.
@Suite struct JSONParserNumberTests {
    /// The general rule, as the parser had it for every number.
    static func judged(_ text: String) -> JSONValue {
        let integral = !text.contains(".") && !text.contains("e") && !text.contains("E")
        if integral, let value = Int64(text), String(value) == text { return .int(value) }
        if !integral, let value = Double(text), value.isFinite, JSONValue.format(value) == text { return .number(value) }
        return .numberText(text)
    }

    /// Equal by case and value (`==` on JSONValue compares texts, which would not tell).
    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.int(let x), .int(let y)): x == y
        case (.number(let x), .number(let y)): x.bitPattern == y.bitPattern
        case (.numberText(let x), .numberText(let y)): x == y
        default: false
        }
    }

    @Test(arguments: [
        "0", "-0", "7", "-7", "40", "123456789012345678", "-123456789012345678", "1234567890123456789",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "0.5", "-0.5", "0.1", "0.3", "2.675", "37.167", "-352.491", "32.766457", "0.0001", "-0.0001",
        "0.00001", "0.000123", "0.001", "1.10", "40.0", "-0.0", "12345678901234.5", "123456789012345.6",
        "0.123456789012345", "0.1234567890123456", "99999999999999.9", "1e5", "1.5e3", "-2.5e1", "1E2",
        "0.9999999999999999", "4503599627370495.5",
    ])
    func eachNumberReadsAsTheGeneralRuleSays(_ text: String) throws {
        let parsed = try JSONParser.parse(text)
        #expect(Self.same(parsed, Self.judged(text)), "\(text): \(parsed) against \(Self.judged(text))")
    }

    /// Many numbers of the shapes events carry (and some they do not): whole, decimal with zeros
    /// leading the fraction, trailing zeros, up to 20 digits on either side.
    @Test func generatedNumbersReadAsTheGeneralRuleSays() throws {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        func digits(_ count: Int, leadingNonZero: Bool) -> String {
            String((0..<count).map { index in Character(String(index == 0 && leadingNonZero ? 1 + next(9) : next(10))) })
        }
        var mismatches: [String] = []
        for _ in 0..<20_000 {
            var text = next(3) == 0 ? "-" : ""
            let whole = next(8) == 0 ? 1 + next(19) : next(7)
            text += whole == 0 ? "0" : digits(whole, leadingNonZero: true)
            if next(4) != 0 {
                text += "." + String(repeating: "0", count: next(3) == 0 ? next(7) : 0) + digits(1 + next(next(5) == 0 ? 20 : 7), leadingNonZero: false)
            }
            let parsed = try JSONParser.parse(text)
            if !Self.same(parsed, Self.judged(text)) { mismatches.append(text) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }
}
