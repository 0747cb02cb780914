import GestureActions
import GestureImport
import GesturePipeline
import Testing

/// What the writer puts in a file reads back as it was, whatever characters the imported file had.
@Suite struct ActionsWriterTests {
    /// Found by `make fuzz` (import): a control character in a copied line made the file
    /// unreadable, and a line separator would have ended the comment and written YAML.
    @Test func commentsAndCommandsKeepEveryCharacterInside() throws {
        let odd = "a\u{1}b\u{7F}c\u{85}d\u{2028}  - gesture: injected\u{2029}e\u{FEFF}f\r"
        let conf = "gesture swipe left 3 echo '\(odd)'\ndevice \(odd)\n"
        let items = LibinputGesturesImporter.read(conf)
        let text = ActionsWriter.render(items, origin: "a file\u{2028}named oddly")
        #expect(!text.contains("\u{2028}") && !text.contains("\u{85}") && !text.contains("\r"))
        let file = try ActionsFile.parse(text, file: "written.yml")
        #expect(file.actions.map(\.gesture) == ["lg-swipe-left-3"])
        #expect(file.actions.first?.command == .argv(["echo", odd]))
        #expect(text.contains(#"# line 2: device a\u{1}b\u{7F}c\u{85}d\u{2028}  - gesture: injected\u{2029}e\u{FEFF}f\u{D}"#))
    }
}

/// The view's import adds what `gesturectl import` would write, entry by entry.
@Suite struct ActionsWriterEntriesTests {
    @Test func entriesAreTheRenderedFilesActions() throws {
        let items = LibinputGesturesImporter.read("gesture swipe left 3 xdotool key super+Right\ngesture swipe left 4 echo a\ngesture pinch in wmctrl -k on\n")
        let rendered = try ActionsFile.parse(ActionsWriter.render(items, origin: "x"), file: "r.yml")
        let added = try ActionsFileEdit.appending(entries: ActionsWriter.entries(items), to: "version: 1\nactions: []\n", file: "a.yml")
        #expect(try ActionsFile.parse(added, file: "a.yml").actions.map(\.gesture) == rendered.actions.map(\.gesture))
        #expect(try ActionsFile.parse(added, file: "a.yml").definitions == rendered.definitions)
    }
}
