import Foundation
import GestureImport
import GesturePipeline
import GestureWire
import Testing

/// Every directive and gesture libinput-gestures documents, in Fixtures/imports/libinput-gestures.conf,
/// maps to the expected actions or to an explained skip.
@Suite struct LibinputGesturesImporterTests {
    static let sample = ImportSample.text("libinput-gestures.conf")

    static func swipe(_ direction: String, _ fingers: Int, _ run: [String]) -> ActionSpec {
        ActionSpec(
            gesture: "lg-swipe-\(direction)-\(fingers)",
            definition: .object([("swipe", .object([("fingers", .int(Int64(fingers))), ("direction", .string(direction))])), ("priority", "simultaneous")]),
            command: .argv(run))
    }

    @Test func everyLineMapsToActionsOrAReason() throws {
        let items = LibinputGesturesImporter.read(Self.sample)
        #expect(items.map(\.line) == Array(4...24))
        #expect(items.reason(4).contains("`_internal` switches workspaces with wmctrl"))
        // No finger count: 3 and 4 fingers …
        #expect(items.actions(5) == [Self.swipe("down", 3, ["xdotool", "key", "super+Page_Up"]), Self.swipe("down", 4, ["xdotool", "key", "super+Page_Up"])])
        #expect(items.actions(6) == [Self.swipe("left", 3, ["xdotool", "key", "alt+Right"])])
        // … except a count that has a line of its own.
        #expect(items.actions(7) == [Self.swipe("left", 4, ["swaymsg", "workspace", "next"])])
        // Words split as shlex splits them; `gesture:` is the old spelling.
        #expect(items.actions(8) == [Self.swipe("right", 4, ["sh", "-c", "notify-send 'four fingers' right"])])
        for line in 9...12 { #expect(items.reason(line).contains("no diagonal")) }
        // Pinches and twists: steps, in and anticlockwise backward.
        #expect(items.actions(13).map(\.back) == [.argv(["xdotool", "key", "ctrl+minus"])] && items.actions(13).first?.command == nil)
        #expect(items.actions(14).map(\.command) == [.argv(["xdotool", "key", "ctrl+plus"])] && items.actions(14).first?.back == nil)
        #expect(items.actions(14).first?.trigger == .update(ActionStep(.scale, size: LibinputGesturesImporter.pinchStep)))
        #expect(items.actions(15).first?.trigger == .update(ActionStep(.angle, size: LibinputGesturesImporter.twistStep)))
        #expect(items.actions(15).first?.command == .argv(["brightnessctl", "set", "+5%"]))
        #expect(items.actions(16).first?.back == .argv(["brightnessctl", "set", "5%-"]))
        // Holds: at once, or a long press of the delay.
        #expect(items.actions(17).map(\.gesture) == ["lg-hold-4"] && items.actions(17).first?.trigger == .began)
        #expect(items.actions(18).first?.definition?.serialized == #"{"longPress":{"minimumDuration":1.5,"fingers":3},"priority":"simultaneous"}"#)
        #expect(items.reason(19).contains("does not move the pointer"))
        #expect(items.reason(20).contains(#"devices: ["DLL0665:01 06CB:76AD Touchpad"]"#))
        #expect(items.reason(21).contains("every touchpad"))
        #expect(items.reason(22).contains("swipe_threshold"))
        #expect(items.reason(23).contains("no overall timeout"))
        #expect(items.reason(24).contains("quote left open"))
    }

    @Test func theWrittenFileReadsBackWithEveryActionAndEveryReason() throws {
        let items = LibinputGesturesImporter.read(Self.sample)
        let text = ActionsWriter.render(items, origin: "libinput-gestures: sample")
        let file = try ActionsFile.parse(text, file: "imported.yml")
        #expect(file.actions.count == 11)
        // One definition per gesture, shared by the actions on it.
        #expect(file.definitions.count == 9)
        #expect(text.components(separatedBy: "#   not imported:").count - 1 == 11)
        #expect(text.contains("  # line 13: gesture pinch in\txdotool key ctrl+minus\n  #   note: runs at every 0.25 of scale while pinching in, not once at the end\n"))
    }

    /// Found by `make fuzz` (import): a count of 0 fingers became a definition the reader refuses.
    @Test func noFingersIsNoGesture() {
        let items = LibinputGesturesImporter.read("gesture swipe left 0 echo no\n")
        #expect(items.first?.outcome == .skipped("a gesture has at least one finger"))
    }

    @Test func aFileWithNothingToImportIsStillAnActionsFile() throws {
        let text = ActionsWriter.render(LibinputGesturesImporter.read("# nothing\ntimeout 2\n"), origin: "x")
        #expect(try ActionsFile.parse(text, file: "x").actions.isEmpty)
    }

    @Test(arguments: [
        ("xdotool key alt+Right", ["xdotool", "key", "alt+Right"]),
        (#"sh -c "a 'b' c""#, ["sh", "-c", "a 'b' c"]),
        (#"echo 'it"s' \"q\" a\ b"#, ["echo", #"it"s"#, #""q""#, "a b"]),
        ("  spaced\t\twords  ", ["spaced", "words"]),
        (#"empty '' """#, ["empty", "", ""]),
    ])
    func shellWordsSplitAsShlex(line: String, words: [String]) {
        #expect(ShellWords.split(line) == words)
    }

    @Test func anOpenQuoteIsNoSplit() {
        #expect(ShellWords.split(#"echo "open"#) == nil)
        #expect(ShellWords.split("echo 'open") == nil)
        #expect(ShellWords.split(#"trailing \"#) == nil)
    }
}
