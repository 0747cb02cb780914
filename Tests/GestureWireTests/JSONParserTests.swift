import GestureWire
import Testing

@Suite struct JSONParserTests {
    @Test func parsesEveryKindAndKeepsKeyOrder() throws {
        let value = try JSONParser.parse(#" {"b": [1, -2.5e1, true, false, null], "a": "x\n\u00e9\ud83d\ude00"} "#)
        #expect(value.objectKeys == ["b", "a"])
        #expect(value["b"] == .array([.int(1), .numberText("-2.5e1"), .bool(true), .bool(false), .null]))
        #expect(value["b"]?.arrayValue?[1].doubleValue == -25)
        #expect(value["a"]?.stringValue == "x\né😀")
    }

    @Test func roundTripsWhatTheSerialiserWrites() throws {
        let original: JSONValue = .object([("k", .string("q\"\\\u{1}")), ("n", .number(0.125)), ("l", .array([.int(-3)]))])
        #expect(try JSONParser.parse(original.serialized) == original)
    }

    @Test(arguments: [
        ("{\"a\" 1}", 6, "expected `:`"),
        ("[1, 2", 6, "expected `,` or `]`"),
        ("{\"a\": tru}", 7, "expected `true`"),
        ("\"open", 6, "closing"),
        ("{} x", 4, "end of the line"),
        ("", 1, "expected a value"),
        // Numbers as RFC 8259 writes them, nothing looser (issue 10, fault 8).
        ("01", 1, "may not start with 0"),
        ("-01", 1, "may not start with 0"),
        ("1.", 3, "after the decimal point"),
        ("1.e3", 3, "after the decimal point"),
        ("1e", 3, "in the exponent"),
        ("1e+", 4, "in the exponent"),
        ("-", 2, "expected a digit"),
        ("[-x]", 3, "expected a digit"),
        ("+1", 1, "expected a value"),
        (".5", 1, "expected a value"),
        // A key given twice: which one counts would be a guess (issue 53), at the second key,
        // in small objects and in those past the eight keys looked through one by one.
        (#"{"id":1,"request":"ping","request":"snapshot"}"#, 26, "`request` is given twice in one object"),
        (#"{"a":{"b":1,"b":2}}"#, 13, "`b` is given twice"),
        (#"{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k3":3}"#, 72, "`k3` is given twice"),
        (#"{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k8":9}"#, 65, "`k8` is given twice"),
    ])
    func saysWhereItIsMalformed(_ text: String, _ column: Int, _ message: String) {
        #expect {
            try JSONParser.parse(text)
        } throws: { error in
            guard let failure = error as? JSONParser.Failure else { return false }
            return failure.column == column && failure.message.contains(message)
        }
    }

    @Test func keysThatDifferAreKeptInOrder() throws {
        let keys = (0..<20).map { "k\($0)" }
        let value = try JSONParser.parse("{" + keys.map { #""\#($0)":1"# }.joined(separator: ",") + "}")
        #expect(value.objectKeys == keys)
        #expect(try JSONParser.parse(#"{"a":{"b":1},"b":{"a":1}}"#).objectKeys == ["a", "b"], "the same key in two objects is no repeat")
    }

    @Test func refusesHostileNesting() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(deep) }
    }

    /// Numbers come back exactly as they were written: whole Int64s and round-tripping
    /// doubles as numbers, anything else as its text (a 30-digit id, `1e999999`).
    @Test(arguments: [
        ("123456789012345678901234567890", nil as Double?),
        ("1e999999", Double.infinity),
        ("-0", 0),
        ("1.50", 1.5),
        ("9223372036854775808", 9223372036854775808),
        ("0.1", 0.1),
        ("-9223372036854775808", -9223372036854775808),
    ])
    func numbersRoundTripExactly(_ text: String, _ value: Double?) throws {
        let parsed = try JSONParser.parse(text)
        #expect(parsed.serialized == text)
        if let value { #expect(parsed.doubleValue == value) }
    }
}
