import GestureWire

/// A key combination as people write it: `super+Right`, `ctrl+alt+Left`, `XF86AudioRaiseVolume`,
/// `KEY_LEFTCTRL`, `shift+Tab` — names joined by `+`, the last one the key, the others held
/// while it is typed. Only read here; ``Keymap`` turns the names into codes.
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
    /// The names, in order (`["super", "Right"]`).
    public var names: [String]

    /// Reads `text`; nil when it has an empty name (`ctrl+`, `++a`). A `+` key is written `plus`
    /// (or `+` last: `ctrl++`).
    public init?(_ text: String) {
        var parts = text.split(separator: "+", omittingEmptySubsequences: false).map(\.trimmed)
        // `ctrl++`: the key is `+`.
        if parts.count >= 3, parts[parts.count - 1].isEmpty, parts[parts.count - 2].isEmpty {
            parts.removeLast(2)
            parts.append("+")
        }
        guard !parts.isEmpty, !parts.contains(where: \.isEmpty) else { return nil }
        names = parts
    }

    public var description: String { names.joined(separator: "+") }
}
