import GestureKeys
import GestureWire
import Testing

/// Key names through libxkbcommon and xkb-data, on two layouts: what the compositor, reading the
/// virtual keyboard with the user's layout, reads back.
@Suite struct KeymapTests {
    static let us = try! Keymap(KeyboardLayout(layout: "us", source: "test"))
    static let fr = try! Keymap(KeyboardLayout(layout: "fr", source: "test"))
    static let de = try! Keymap(KeyboardLayout(layout: "de", source: "test"))

    static func codes(_ keymap: Keymap, _ text: String) throws -> String {
        try keymap.resolve(KeyChord(text)!).description
    }

    @Test func namesAsPeopleWriteThem() throws {
        // KEY_LEFTMETA 125 + KEY_RIGHT 106; KEY_LEFTCTRL 29, KEY_LEFTALT 56, KEY_LEFT 105.
        #expect(try Self.codes(Self.us, "super+Right") == "125+106")
        #expect(try Self.codes(Self.us, "ctrl+alt+Left") == "29+56+105")
        #expect(try Self.codes(Self.us, "XF86AudioRaiseVolume") == "115")
        #expect(try Self.codes(Self.us, "KEY_LEFTCTRL") == "29")
        #expect(try Self.codes(Self.us, "shift+tab") == "42+15")
        #expect(try Self.codes(Self.us, "ctrl+Return") == "29+28")
        #expect(try Self.codes(Self.us, "alt") == "56")
    }

    @Test func aLetterIsTheKeyThatTypesItOnTheLayout() throws {
        // ctrl+z: KEY_Z (44) on QWERTY; on AZERTY the key labelled Z is where QWERTY has W (17),
        // on QWERTZ where QWERTY has Y (21) — as xdotool types it on X11.
        #expect(try Self.codes(Self.us, "ctrl+z") == "29+44")
        #expect(try Self.codes(Self.fr, "ctrl+z") == "29+17")
        #expect(try Self.codes(Self.de, "ctrl+z") == "29+21")
        // On AZERTY, `a` is KEY_Q (16) and the digit 1 needs shift.
        #expect(try Self.codes(Self.fr, "a") == "16")
        #expect(try Self.codes(Self.fr, "1") == "42+2")
    }

    @Test func aSymbolAtAnotherLevelBringsItsModifier() throws {
        #expect(try Self.codes(Self.us, "A") == "42+30")
        #expect(try Self.codes(Self.us, "question") == "42+53")
        // The euro sign is AltGr+E on German keyboards: AltGr is KEY_RIGHTALT (100).
        let euro = try Self.codes(Self.de, "EuroSign")
        #expect(euro == "100+18")
    }

    @Test func tapPressAndReleaseSteps() throws {
        let chord = try Self.us.resolve(KeyChord("ctrl+alt+Left")!)
        #expect(chord.tap == [.press(29), .press(56), .tap(105), .release(56), .release(29)])
        #expect(chord.press == [.press(29), .press(56), .press(105)])
        #expect(chord.release == [.release(105), .release(56), .release(29)])
    }

    @Test func mistakesAreSaidWithWhatWouldDo() {
        #expect(KeyChord("ctrl+") == nil)
        #expect(KeyChord("ctrl++")?.names == ["ctrl", "+"])
        #expect(throws: KeyNameError.self) { try Self.us.resolve(KeyChord("supr+Right")!) }
        do {
            _ = try Self.us.resolve(KeyChord("supr+Right")!)
        } catch {
            #expect(error.message.hasPrefix(#"unknown key "supr"; keys are xkb names"#))
        }
        do {
            _ = try Self.us.code("eacute")
        } catch {
            #expect(error.message == #"key "eacute" is not on keyboard layout us from test"#)
        }
        #expect(throws: KeyNameError.self) { try Keymap(KeyboardLayout(layout: "no-such-layout", source: "test")) }
    }

    @Test func buttonsByNameAndByXdotoolNumber() throws {
        #expect(try PointerButtons.click("right") == [.tap(0x111)])
        #expect(try PointerButtons.click("3") == [.tap(0x111)])
        #expect(try PointerButtons.click("5") == [.wheel(-1)])
        #expect(throws: KeyNameError.self) { try PointerButtons.click("thumb") }
    }
}
