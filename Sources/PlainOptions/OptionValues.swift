/// What a command line gave (``OptionReader/read(_:)``): each option's values in the order
/// given, by name; a flag given has one empty value.
public struct OptionValues: Sendable, Equatable {
    /// Values by option name.
    public var given: [String: [String]] = [:]

    /// Nothing given.
    public init() {}

    /// Whether the flag (or option) `name` was given.
    public func flag(_ name: String) -> Bool { given[name] != nil }

    /// The last value of `name`, nil when it was not given.
    public func value(_ name: String) -> String? { given[name]?.last }

    /// Every value of `name`, in order (a repeatable option's).
    public func values(_ name: String) -> [String] { given[name] ?? [] }

    /// The last value of the integer option `name` (the reader checked it is one), else `otherwise`.
    public func integer(_ name: String, otherwise: Int) -> Int { value(name).flatMap { Int($0) } ?? otherwise }
}
