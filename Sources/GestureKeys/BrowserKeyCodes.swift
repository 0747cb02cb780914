/// A browser's `KeyboardEvent.code` — the key's place, named as on a US keyboard — as the evdev
/// code of that place: what the view sends for a key whose `key` says only "Dead" (a dead key)
/// or "Unidentified", for ``Keymap/name(ofCode:)`` to name on the user's own layout (issue 60).
public enum BrowserKeyCodes {
    /// The evdev code of `code`'s place, nil for a place this table does not hold.
    public static func evdev(_ code: String) -> UInt16? {
        if code.hasPrefix("Key"), code.count == 4, let letter = code.last, let index = letters.firstIndex(of: letter) {
            return letterCodes[letters.distance(from: letters.startIndex, to: index)]
        }
        if code.hasPrefix("Digit"), code.count == 6, let digit = code.last?.wholeNumberValue { return digit == 0 ? 11 : UInt16(1 + digit) }
        return others[code]
    }

    /// The letters by their places on a US keyboard, and each one's evdev code.
    static let letters = Array("QWERTYUIOPASDFGHJKLZXCVBNM")
    static let letterCodes: [UInt16] = [16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 30, 31, 32, 33, 34, 35, 36, 37, 38, 44, 45, 46, 47, 48, 49, 50]

    /// The places that hold punctuation, and the dead keys of most layouts.
    static let others: [String: UInt16] = [
        "Backquote": 41, "Minus": 12, "Equal": 13, "BracketLeft": 26, "BracketRight": 27, "Backslash": 43, "Semicolon": 39,
        "Quote": 40, "Comma": 51, "Period": 52, "Slash": 53, "IntlBackslash": 86, "IntlRo": 89, "IntlYen": 124,
    ]
}
