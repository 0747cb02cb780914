import Foundation
import GestureWire
import Testing

/// Issue 47: one reading of a definition. The same definitions, written in an actions file's
/// YAML and sent by a client as JSON, are judged alike by `gesturectl actions --check` and by a
/// running daemon's `subscribe` — accepted by both, or refused by both with the same words.
@Suite(.serialized) struct DefinitionAgreementTests {
    /// A definition as an actions file writes it (`define:`) and as a client sends it (`define`,
    /// with its name).
    struct Definition: CustomStringConvertible {
        let yaml: String
        let json: String
        var description: String { yaml }
    }

    static let definitions: [Definition] = [
        // Valid.
        Definition(yaml: "{ swipe: { fingers: 3, direction: left } }", json: #"{"swipe":{"fingers":3,"direction":"left"}}"#),
        Definition(
            yaml: "{ simultaneously: [ { magnify: {} }, { rotate: { fingers: 3 } } ], priority: simultaneous }",
            json: #"{"simultaneously":[{"magnify":{}},{"rotate":{"fingers":3}}],"priority":"simultaneous"}"#),
        Definition(yaml: "{ drag: {}, state: translation, region: { edge: left } }", json: #"{"drag":{},"state":"translation","region":{"edge":"left"}}"#),
        Definition(yaml: "{ stroke: { shapes: [check, Z] } }", json: #"{"stroke":{"shapes":["check","Z"]}}"#),
        // Each kind of mistake.
        Definition(yaml: "{ swipe: { fingers: 3, direction: left }, consume: true }", json: #"{"swipe":{"fingers":3,"direction":"left"},"consume":true}"#),
        Definition(yaml: "{ swipe: { fingers: 3, direction: left, speed: 2 } }", json: #"{"swipe":{"fingers":3,"direction":"left","speed":2}}"#),
        Definition(yaml: "{ tap: { fingers: 11 } }", json: #"{"tap":{"fingers":11}}"#),
        Definition(yaml: "{ tap: { count: two } }", json: #"{"tap":{"count":"two"}}"#),
        Definition(yaml: #"{ tap: { fingers: "2" } }"#, json: #"{"tap":{"fingers":"2"}}"#),
        Definition(yaml: "{ tap: {}, priority: simultaneous, priority: exclusive }", json: #"{"tap":{},"priority":"simultaneous","priority":"exclusive"}"#),
        Definition(yaml: "{ tap: {}, drag: {} }", json: #"{"tap":{},"drag":{}}"#),
        Definition(yaml: "{ priority: simultaneous }", json: #"{"priority":"simultaneous"}"#),
        Definition(yaml: "{ tap: {}, state: magnification }", json: #"{"tap":{},"state":"magnification"}"#),
        Definition(yaml: "{ stroke: { shapes: [blob] } }", json: #"{"stroke":{"shapes":["blob"]}}"#),
        Definition(yaml: "{ tap: {}, region: { x: 0, y: 0, width: 0, height: 5 } }", json: #"{"tap":{},"region":{"x":0,"y":0,"width":0,"height":5}}"#),
        Definition(yaml: "{ sequenced: [ { tap: {} } ] }", json: #"{"sequenced":[{"tap":{}}]}"#),
        Definition(yaml: "{ swipe: { direction: sideways } }", json: #"{"swipe":{"direction":"sideways"}}"#),
        Definition(yaml: "{ rotate: { fingers: 1 } }", json: #"{"rotate":{"fingers":1}}"#),
        Definition(yaml: "{ magnify: {}, enabled: \"yes\" }", json: #"{"magnify":{},"enabled":"yes"}"#),
    ]

    /// The judgement in what one side said: without where a duplicate's first stands (a line in
    /// a file, an entry in a list) and without the advice after `; ` (`consume`: on the action,
    /// or on the subscription).
    static func words(_ message: String) -> String {
        let message = message.range(of: "; ").map { String(message[..<$0.lowerBound]) } ?? message
        guard let first = message.range(of: " (first ") else { return message }
        return String(message[..<first.lowerBound]) + String(message[first.lowerBound...].drop { $0 != ")" }.dropFirst())
    }

    @Test func checkAndTheDaemonJudgeEveryDefinitionAlike() throws {
        let daemon = try DaemonProcess(["--replay", "Fixtures/constructed/swipe-3-left.yml", "--wait-subscribers", "1000"])
        defer { daemon.terminate() }
        let client = try LineClient(path: daemon.socket)
        _ = client.readLine()  // hello
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-agree-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var refused = 0
        for (index, definition) in Self.definitions.enumerated() {
            let file = folder + "/actions-\(index).yml"
            try "version: 1\nactions:\n  - gesture: mine\n    define: \(definition.yaml)\n    shell: echo mine\n".write(toFile: file, atomically: true, encoding: .utf8)
            let check = try ChildProcess.gesturectl(["actions", "--check", "--file", file]).finish()
            // `gesturectl actions: FILE:LINE: MESSAGE`
            let text = check.errors.trimmingCharacters(in: .newlines)
            let checkSays = check.status == 0 ? nil : text.range(of: file + ":").map { Self.words(String(text[$0.upperBound...].drop { $0 != " " }.dropFirst())) }

            // The definition as the client writes it, its name first (as text: a key given twice
            // is the JSON reader's to refuse, issue 53).
            let named = #"{"name":"mine","# + definition.json.dropFirst()
            client.send(#"{"id":\#(index + 1),"request":"subscribe","define":[\#(named)]}"#)
            let reply = try JSONParser.parse(try #require(client.readLine()))
            var daemonSays = reply["error"]?["message"]?.stringValue.map { Self.words(String($0.dropFirst("define[0]: ".count))) }
            if reply["error"]?["code"]?.stringValue == "bad-json", let message = reply["error"]?["message"]?.stringValue {
                // Refused as JSON, before it is read as a definition: the same words, where it stands
                // in place of which entry.
                // (`not JSON: `priority` is given twice in one object at column 37`)
                let said = message.drop { $0 != "`" }
                daemonSays = said.range(of: " in one object").map { String(said[..<$0.lowerBound]) + " in a gesture entry" }
            }
            if reply["error"] == nil, let id = reply["subscription"]?.intValue {
                client.send(#"{"id":0,"request":"unsubscribe","subscription":\#(id)}"#)
                _ = client.readLine()
            }

            #expect(checkSays == daemonSays, "\(definition)\n--check: \(check.status) \(check.errors)\ndaemon: \(reply.serialized)")
            #expect((check.status == 0) == (reply["error"] == nil), "\(definition)")
            if check.status != 0 { refused += 1 }
        }
        // The table holds both outcomes: four valid definitions, every other one a mistake.
        #expect(refused == Self.definitions.count - 4)
    }
}
