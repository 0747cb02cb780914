import Foundation
import GestureCore
@testable import GestureWire
import Testing

/// Issue 61: docs/protocol.schema.json is the protocol as a checked contract. Its lists are the
/// Swift types' own (a reason, an error code, a combinator, a request's fields added in Swift
/// and not in the schema fails here); what the daemon really sends is validated against it by
/// clients/python/tests/test_schema.py.
@Suite struct ProtocolSchemaTests {
    static let schema: JSONValue = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/protocol.schema.json")
        return try! JSONParser.parse(String(contentsOf: url, encoding: .utf8))
    }()

    static func definition(_ name: String) -> JSONValue? { schema["$defs"]?[name] }

    /// The `const`s of a `oneOf` list.
    static func consts(_ name: String) -> [String] {
        (definition(name)?["oneOf"]?.arrayValue ?? []).compactMap { $0["const"]?.stringValue }
    }

    @Test func everyFailureReasonIsListedWithALine() {
        #expect(Self.consts("reason") == FailureReason.allCases.map(\.rawValue))
        let described = (Self.definition("reason")?["oneOf"]?.arrayValue ?? []).allSatisfy { !($0["description"]?.stringValue ?? "").isEmpty }
        #expect(described)
    }

    /// PROTOCOL.md lists the reasons with the schema's lines.
    @Test func theDocumentListsEveryReason() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/PROTOCOL.md")
        let doc = try String(contentsOf: url, encoding: .utf8)
        for reason in Self.definition("reason")?["oneOf"]?.arrayValue ?? [] {
            let row = "| `\(reason["const"]?.stringValue ?? "")` | \(reason["description"]?.stringValue ?? "") |"
            #expect(doc.contains(row), "PROTOCOL.md lacks \(row)")
        }
    }

    @Test func everyErrorCodeAndPhase() {
        #expect(Self.consts("errorCode") == ProtocolError.Code.allCases.map(\.rawValue))
        #expect(Self.consts("phase") == PhaseKind.allCases.filter { $0 != .possible }.map(\.rawValue))
    }

    @Test func everyCombinatorsKind() {
        let kinds = Self.definition("compositeValue")?["properties"]?["kind"]?["enum"]?.arrayValue?.compactMap(\.stringValue)
        #expect(kinds == CompositeValue.Kind.allCases.map(\.rawValue))
    }

    /// Each request's properties in the schema are the fields RequestParser accepts for it.
    @Test func everyRequestWithItsFields() throws {
        let variants = try #require(Self.definition("request")?["oneOf"]?.arrayValue)
        var schemaFields: [String: Set<String>] = [:]
        for variant in variants {
            let name = try #require(variant["properties"]?["request"]?["const"]?.stringValue)
            schemaFields[name] = Set(variant["properties"]?.objectKeys ?? [])
        }
        #expect(schemaFields == RequestParser.fields.mapValues(Set.init))
    }
}
