import GestureActions
import GestureImport
import Testing

/// What an importer's item may say is what an actions file can say: a name the actions file's
/// reader would refuse turns the line into a skip that says why.
@Suite struct ImportedItemTests {
    @Test func aNameTheReaderRefusesIsASkipThatSaysWhy() {
        let spec = ActionSpec(gesture: "lg-hold-3-1\u{0}s", command: .argv(["echo"]))
        let item = ImportedItem(line: 7, text: "gesture hold on+1 3 echo", outcome: .actions([spec], note: nil))
        #expect(item.outcome == .skipped(#"the gesture's name `lg-hold-3-1\0s` has a control character (a newline, a tab, NUL…); a name is printed on one line"#))
        let long = ActionSpec(gesture: String(repeating: "x", count: 101), command: .argv(["echo"]))
        var changed = ImportedItem(line: 1, text: "", outcome: .skipped("none"))
        changed.outcome = .actions([long], note: "n")
        #expect(changed.outcome == .skipped("the gesture's name `\(String(repeating: "x", count: 40))…` is 101 characters long; at most 100 are allowed"))
    }

    @Test func aNameTheReaderTakesStaysAsItIs() {
        let spec = ActionSpec(gesture: "lg-hold-3-1.5s", command: .argv(["echo"]))
        let item = ImportedItem(line: 1, text: "", outcome: .actions([spec], note: "a note"))
        #expect(item.outcome == .actions([spec], note: "a note"))
    }
}
