import GestureWire
import Testing

@Suite struct JSONParserTests {
    @Test func parsesEveryKindAndKeepsKeyOrder() throws {
        let value = try JSONParser.parse(#" {"b": [1, -2.5e1, true, false, null], "a": "x\n\u00e9\ud83d\ude00"} "#)
        #expect(value.objectKeys == ["b", "a"])
        #expect(value["b"] == .array([.int(1), .number(-25), .bool(true), .bool(false), .null]))
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
    ])
    func saysWhereItIsMalformed(_ text: String, _ column: Int, _ message: String) {
        #expect {
            try JSONParser.parse(text)
        } throws: { error in
            guard let failure = error as? JSONParser.Failure else { return false }
            return failure.column == column && failure.message.contains(message)
        }
    }

    @Test func refusesHostileNesting() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(deep) }
    }
}
