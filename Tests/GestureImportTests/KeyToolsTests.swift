import GestureActions
import GestureImport
import GesturePipeline
import Testing

/// Commands of xdotool, ydotool and wtype as the virtual keyboard types them, in the forms their
/// manuals and READMEs write.
@Suite struct KeyToolsTests {
    static func typed(_ line: String) -> ActionInput? {
        guard case .input(let input, _)? = KeyTools.translate(shell: line) else { return nil }
        return input
    }

    static func kept(_ line: String) -> String? {
        guard case .kept(let why)? = KeyTools.translate(shell: line) else { return nil }
        return why
    }

    @Test func xdotool() {
        #expect(Self.typed("xdotool key super+Right") == ActionInput(keys: ["super+Right"]))
        #expect(Self.typed("xdotool key --clearmodifiers ctrl+c ctrl+v") == ActionInput(keys: ["ctrl+c", "ctrl+v"]))
        #expect(Self.typed("xdotool key --repeat 3 Down") == ActionInput(keys: ["Down", "Down", "Down"]))
        #expect(Self.typed("xdotool keydown alt key Tab keyup alt") == ActionInput(keys: ["alt+Tab"]))
        #expect(Self.typed("/usr/bin/xdotool click 3") == ActionInput(buttons: ["3"]))
        #expect(Self.typed("xdotool mousedown 1 mouseup 1") == ActionInput(buttons: ["1"]))
        // A modifier pressed and let go alone is typed itself (super alone opens GNOME's overview).
        #expect(Self.typed("xdotool keydown super keyup super") == ActionInput(keys: ["super"]))
        #expect(Self.kept("xdotool mousemove 10 10")?.contains("does not move the pointer") == true)
        #expect(Self.kept("xdotool key --window 0x123 a")?.contains("one X11 window") == true)
        #expect(Self.kept("xdotool keydown ctrl click 4 keyup ctrl")?.contains("ctrl+wheel zooms") == true)
        // X11's buttons 4–7 are wheel detents (fusuma's pinch steps scroll so: issue 35).
        #expect(Self.typed("xdotool click 4") == ActionInput(wheel: 1))
        #expect(Self.typed("xdotool click --repeat 3 5") == ActionInput(wheel: -3))
        #expect(Self.typed("xdotool click 6 click 7 click 7") == ActionInput(hwheel: 1))
        #expect(Self.kept("xdotool mousedown 4")?.contains("cannot be held") == true)
        #expect(Self.kept("xdotool key a click 4")?.contains("not in their order") == true)
        #expect(Self.kept("xdotool click 4 key a")?.contains("not in their order") == true)
        // Not a key tool, or not one command: nil, and the command stays as it is.
        #expect(KeyTools.translate(shell: "swaymsg workspace next") == nil)
        #expect(KeyTools.translate(shell: "xdotool key a && notify-send done") == nil)
    }

    @Test func xdotoolThatLeavesKeysDownOrOnlyLetsGo() {
        #expect(KeyTools.translate(shell: "xdotool keydown alt key Tab") == .holds(held: "alt", typed: ActionInput(keys: ["Tab"])))
        #expect(KeyTools.translate(shell: "xdotool keydown super") == .holds(held: "super", typed: nil))
        #expect(KeyTools.translate(shell: "xdotool keyup alt") == .releases(["alt"]))
    }

    @Test func ydotool() {
        // ydotool 1.x: raw evdev codes, pressed and released; the same keys whatever the layout.
        #expect(Self.typed("ydotool key 29:1 46:1 46:0 29:0") == ActionInput(keys: ["KEY_LEFTCTRL+KEY_C"]))
        #expect(Self.typed("ydotool key -d 50 56:1 15:1 15:0 15:1 15:0 56:0") == ActionInput(keys: ["KEY_LEFTALT+KEY_TAB", "KEY_LEFTALT+KEY_TAB"]))
        #expect(Self.typed("ydotool key 28:1 28:0") == ActionInput(keys: ["KEY_ENTER"]))
        // ydotool 0.1: names.
        #expect(Self.typed("ydotool key ctrl+v") == ActionInput(keys: ["ctrl+v"]))
        #expect(Self.typed("ydotool click 0xC1") == ActionInput(buttons: ["right"]))
        #expect(Self.kept("ydotool key 29:1")?.contains("leaves keys down") == true)
        #expect(Self.kept("ydotool mousemove 10 10") != nil)
    }

    @Test func wtype() {
        #expect(Self.typed("wtype -M ctrl -k w -m ctrl") == ActionInput(keys: ["ctrl+w"]))
        #expect(Self.typed("wtype -M logo -M shift -k Right -m shift -m logo") == ActionInput(keys: ["super+shift+Right"]))
        #expect(Self.typed("wtype -k Left") == ActionInput(keys: ["Left"]))
        #expect(Self.typed("wtype 'hi there'") == ActionInput(keys: ["h", "i", "space", "t", "h", "e", "r", "e"]))
        #expect(Self.typed("wtype -P space -s 100 -p space") == ActionInput(keys: ["space"]))
        #expect(Self.typed("wtype -M logo -m logo") == ActionInput(keys: ["super"]))
        #expect(Self.kept("wtype -") != nil)
    }
}
