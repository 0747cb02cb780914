@testable import GestureActions
import Posix
import Testing

/// docs/ACTIONS.md's key table names every key an action takes (``ActionsReader/actionKeys``),
/// and no key the reader refuses: adding a key without its row fails here (issue 63).
@Suite struct ActionKeysDocTests {
    static let root: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    /// The `key:` names of the table's rows (not those marked top level).
    static func documented() throws -> Set<String> {
        let text = try FileReader.text(root + "/docs/ACTIONS.md")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let header = lines.firstIndex(of: "| key | what | default |") else { return [] }
        var names: Set<String> = []
        for line in lines[(header + 2)...] {
            guard line.hasPrefix("| ") else { break }
            let key = line.dropFirst(2).prefix { $0 != "|" }
            guard !key.contains("top level") else { continue }
            var rest = Substring(key)
            while let open = rest.firstIndex(of: "`") {
                let after = rest[rest.index(after: open)...]
                guard let close = after.firstIndex(of: "`") else { break }
                let name = after[..<close]
                if name.hasSuffix(":") { names.insert(String(name.dropLast())) }
                rest = after[after.index(after: close)...]
            }
        }
        return names
    }

    @Test func theTableNamesEveryKeyAnActionTakes() throws {
        let documented = try Self.documented()
        let taken = Set(ActionsReader.actionKeys)
        #expect(taken.subtracting(documented).sorted() == [], "keys an action takes that docs/ACTIONS.md's table does not name")
        #expect(documented.subtracting(taken).sorted() == [], "keys the table names that no action takes")
    }
}
