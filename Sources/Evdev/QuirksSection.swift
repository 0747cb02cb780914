/// One `[Section]` of a libinput quirks file: its matches and the properties (`Model…=`,
/// `Attr…=`) it gives every device it matches.
public struct QuirksSection: Hashable, Sendable {
    /// The title between the brackets.
    public var name: String
    /// The file it came from, and the line of its title.
    public var file: String
    /// The 1-based line of `[name]`.
    public var line: Int
    /// Every `Match…=` line; all must hold.
    public var matches: [QuirksMatch]
    /// The `Model…=` and `Attr…=` lines, in file order.
    public var properties: [(key: String, value: String)]

    /// Whether the section applies to `identity`.
    public func applies(to identity: DeviceIdentity) -> Bool {
        matches.allSatisfy { $0.holds(for: identity) }
    }

    public static func == (a: QuirksSection, b: QuirksSection) -> Bool {
        a.name == b.name && a.file == b.file && a.line == b.line && a.matches == b.matches
            && a.properties.elementsEqual(b.properties) { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(file)
        hasher.combine(line)
    }
}
