import GestureKeys
import Testing

/// A browser's key places as evdev codes, and what each types on a layout (issue 60: the view
/// names a dead key by its place, on the user's layout).
@Suite struct BrowserKeyCodesTests {
    @Test(arguments: [("KeyA", 30), ("KeyQ", 16), ("KeyM", 50), ("Digit1", 2), ("Digit0", 11), ("Equal", 13), ("BracketLeft", 26), ("Quote", 40), ("IntlBackslash", 86)])
    func placesAreEvdevCodes(code: String, evdev: Int) {
        #expect(BrowserKeyCodes.evdev(code) == UInt16(evdev))
    }

    @Test func placesThisTableDoesNotHoldAreNil() {
        #expect(BrowserKeyCodes.evdev("KeyAA") == nil && BrowserKeyCodes.evdev("Numpad1") == nil && BrowserKeyCodes.evdev("") == nil)
    }

    @Test func aPlaceIsNamedOnTheLayout() throws {
        let us = try Keymap(KeyboardLayout(layout: "us", source: "test"))
        let de = try Keymap(KeyboardLayout(layout: "de", source: "test"))
        let fr = try Keymap(KeyboardLayout(layout: "fr", source: "test"))
        #expect(us.name(ofCode: 13) == "equal" && de.name(ofCode: 13) == "dead_acute" && de.name(ofCode: 41) == "dead_circumflex")
        #expect(fr.name(ofCode: 26) == "dead_circumflex" && fr.name(ofCode: 16) == "a" && us.name(ofCode: 16) == "q")
        // The name reads back as the key that types it.
        #expect(try de.code("dead_acute").0 == 13)
    }
}
