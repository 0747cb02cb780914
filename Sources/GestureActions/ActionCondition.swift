import GesturePipeline
import Glibc

/// An action's `when:`: the application in front (`app:`, glob patterns matched against the
/// Wayland app_id or X11's WM_CLASS, without regard to case) and optionally its title
/// (`title:`, globs too). Each list matches when any of its patterns does; both must match.
public struct ActionCondition: Hashable, Sendable, CustomStringConvertible {
    /// Patterns for the application (empty: any).
    public var apps: [String]
    /// Patterns for the title (empty: any).
    public var titles: [String]

    /// A condition.
    public init(apps: [String] = [], titles: [String] = []) {
        self.apps = apps
        self.titles = titles
    }

    /// Whether `window` is what it asks for (no window: no match).
    public func matches(_ window: FocusedWindow?) -> Bool {
        guard let window else { return false }
        let appMatches = apps.isEmpty || apps.contains { pattern in ([window.app] + window.otherNames).contains { Self.glob(pattern, $0) } }
        return appMatches && (titles.isEmpty || titles.contains { Self.glob($0, window.title) })
    }

    /// Whether every window this matches, `other` matches too (so an entry after `other` in
    /// its group never runs): `other` asks for less, pattern by pattern.
    public func isCovered(by other: ActionCondition) -> Bool {
        // A pattern covers another when they are the same, or when the other has no wildcard
        // and the pattern matches it as text (`firefox*` covers `firefox`).
        func covers(_ wide: [String], _ narrow: [String]) -> Bool {
            wide.isEmpty || wide.contains("*") || (!narrow.isEmpty && narrow.allSatisfy { n in
                wide.contains { w in w.lowercased() == n.lowercased() || (!n.contains(where: { "*?[".contains($0) }) && Self.glob(w, n)) }
            })
        }
        return covers(other.apps, apps) && covers(other.titles, titles)
    }

    /// The first of `earlier` (the `when:`s before it on the same gesture) that differs from it
    /// and matches every window it matches: with it first, this one can never run.
    public func shadowed<S: Sequence>(by earlier: S) -> ActionCondition? where S.Element == ActionCondition {
        earlier.first { $0 != self && isCovered(by: $0) }
    }

    /// fnmatch(3) glob, case-insensitive.
    static func glob(_ pattern: String, _ text: String) -> Bool {
        fnmatch(pattern.lowercased(), text.lowercased(), 0) == 0
    }

    /// `app firefox or org.mozilla.*, title *YouTube*`.
    public var description: String {
        var parts: [String] = []
        if !apps.isEmpty { parts.append("app " + apps.joined(separator: " or ")) }
        if !titles.isEmpty { parts.append("title " + titles.joined(separator: " or ")) }
        return parts.joined(separator: ", ")
    }
}
