import GestureActions
import GestureWire
import Testing

/// What the view's Actions panel sends becomes lines the actions file's reader takes as that
/// very action — and nothing it sends can write YAML of its own.
@Suite struct ActionDraftTests {
    static func draft(_ json: String) throws -> ActionDraft {
        try ActionDraft(json: try JSONParser.parse(json))
    }

    static func added(_ draft: ActionDraft) throws -> ActionSpec {
        let text = try ActionsFileEdit.appending(draft.entry, to: "version: 1\nactions: []\n", file: "a.yml")
        return try #require(try ActionsFile.parse(text, file: "a.yml").actions.last)
    }

    @Test func keysACommandAndAWindowActionAreWrittenAsTheReaderReadsThem() throws {
        let keys = try Self.draft(#"{"gesture":"swipe-left-3","keys":"super+Right"}"#)
        #expect(keys.entry == ["gesture: swipe-left-3", "keys: super+Right"])
        #expect(try Self.added(keys).command == .input(ActionInput(keys: ["super+Right"])))
        let several = try Self.draft(#"{"gesture":"swipe-up-4","keys":"ctrl+c ctrl+v"}"#)
        #expect(several.entry == ["gesture: swipe-up-4", "keys: [ctrl+c, ctrl+v]"])
        let shell = try Self.draft(#"{"gesture":"tap-2x2","shell":"notify-send \"it's: done\" # not a comment","app":"firefox","consume":false}"#)
        #expect(shell.entry == [
            "gesture: tap-2x2", #"when: { app: "firefox" }"#, #"shell: "notify-send \"it's: done\" # not a comment""#, "consume: false",
        ])
        let read = try Self.added(shell)
        #expect(read.command == .shell(#"notify-send "it's: done" # not a comment"#))
        #expect(read.when?.apps == ["firefox"])
        #expect(read.consume == false)
        let window = try Self.draft(#"{"gesture":"swipe-down-4","window":"workspace next"}"#)
        #expect(try Self.added(window).command == .window(.workspace(.next)))
    }

    @Test func namesAYAMLReaderWouldTakeForSomethingElseAreQuoted() throws {
        #expect(try Self.draft(#"{"gesture":"yes","keys":"y"}"#).entry == [#"gesture: "yes""#, #"keys: "y""#])
        #expect(try Self.added(try Self.draft(#"{"gesture":"on","keys":"null"}"#)).gesture == "on")
    }

    @Test(arguments: [
        (#"[]"#, "an action is a JSON object"),
        (#"{"keys":"a"}"#, "`gesture` is a gesture's name"),
        (#"{"gesture":"a\nb","keys":"a"}"#, "`gesture` is a gesture's name"),
        (#"{"gesture":"a: b","keys":"a"}"#, "`gesture` is a gesture's name"),
        (#"{"gesture":"a"}"#, "an action does one thing"),
        (#"{"gesture":"a","keys":"a","shell":"b"}"#, "an action does one thing"),
        (#"{"gesture":"a","shell":"one\n  - gesture: injected"}"#, "`shell` is one line"),
        (#"{"gesture":"a","shell":""}"#, "`shell` is text of 1 to 4096 characters"),
        (#"{"gesture":"a","window":"tile"}"#, "`window` is close, maximize"),
        (#"{"gesture":"a","keys":"a","consume":"yes"}"#, "`consume` is true, false or null"),
    ])
    func aWrongDraftIsAMistakeNamingTheField(json: String, said: String) throws {
        do {
            _ = try Self.draft(json)
            Issue.record("accepted \(json)")
        } catch {
            #expect("\(error)".hasPrefix(said), "\(error)")
        }
    }
}
