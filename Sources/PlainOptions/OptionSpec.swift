/// One long option of a command line read by ``OptionReader``: what the program takes, and the
/// one help text its `--help`, its mistakes and its man page show.
public struct OptionSpec: Sendable, Equatable {
    /// What the option's value must be.
    public enum Kind: Sendable, Equatable {
        /// A flag: no value.
        case flag
        /// Any text (an empty one attached with `=` is a missing value).
        case text
        /// A whole number (the reader refuses anything else, as swift-argument-parser did).
        case integer
    }

    /// Its long name, without the dashes (`allow-second`).
    public let name: String
    /// The name of its value in help (`path`); nil for a flag.
    public let value: String?
    /// What it does, in a sentence or two.
    public let help: String
    /// Its kind of value.
    public let kind: Kind
    /// The value used when it is not given, shown in help as `(default: …)`; nil: none shown.
    public let defaultValue: String?
    /// Whether it may be given more than once, each value kept (else the last one counts).
    public let repeating: Bool
    /// Whether its value may begin with a dash (`--wait-subscribers -1`, then refused by the
    /// program's own check with a sentence rather than as a missing value).
    public let unconditional: Bool

    /// A flag named `name`.
    public init(flag name: String, help: String) {
        self.init(name, value: nil, help: help, kind: .flag)
    }

    /// An option named `name` taking a value called `value` (nil: a flag).
    public init(
        _ name: String, value: String?, help: String, kind: Kind? = nil, defaultValue: String? = nil, repeating: Bool = false, unconditional: Bool = false
    ) {
        self.name = name
        self.value = value
        self.help = help
        self.kind = kind ?? (value == nil ? .flag : .text)
        self.defaultValue = defaultValue
        self.repeating = repeating
        self.unconditional = unconditional
    }

    /// How help and usage show it: `--file <path>`, `--check`.
    public var label: String { "--\(name)" + (value.map { " <\($0)>" } ?? "") }

    /// Its help as `--help` lists it: with the default, when there is one.
    public var helpWithDefault: String { help + (defaultValue.map { " (default: \($0))" } ?? "") }
}
