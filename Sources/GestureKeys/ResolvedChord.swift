import GestureWire

/// A ``KeyChord`` as evdev codes: the keys held while the key is typed, and the key. What a
/// gesture sends as `keys` steps.
public struct ResolvedChord: Hashable, Sendable, CustomStringConvertible {
    /// Held while ``key`` goes down and up, pressed in order and released in reverse.
    public var modifiers: [UInt16]
    /// The key.
    public var key: UInt16

    /// A chord.
    public init(modifiers: [UInt16], key: UInt16) {
        self.modifiers = modifiers
        self.key = key
    }

    /// The modifiers down, the key down and up, the modifiers up: typed once.
    public var tap: [KeyStep] { modifiers.map(KeyStep.press) + [.tap(key)] + modifiers.reversed().map(KeyStep.release) }
    /// Everything down, to be held (alt+tab's alt).
    public var press: [KeyStep] { modifiers.map(KeyStep.press) + [.press(key)] }
    /// Everything up, the key first.
    public var release: [KeyStep] { [.release(key)] + modifiers.reversed().map(KeyStep.release) }

    /// `29+44` (codes, modifiers first).
    public var description: String { (modifiers + [key]).map(String.init).joined(separator: "+") }
}
