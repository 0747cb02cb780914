/// The names nearest to a mistyped one (`swipe-lef-3` → `swipe-left-3`), by edit distance: what
/// a mistake names instead of every configured gesture (issue 60).
public enum NearestNames {
    /// Up to `limit` of `names` within a few edits of `name` (a third of its length, at least
    /// two), the nearest first, ties in the order given.
    public static func of(_ name: String, among names: [String], limit: Int = 3) -> [String] {
        let wanted = Array(name.lowercased().unicodeScalars)
        let bound = max(2, wanted.count / 3)
        return names.enumerated()
            .map { (index: $0.offset, name: $0.element, distance: distance(wanted, Array($0.element.lowercased().unicodeScalars))) }
            .filter { $0.distance <= bound }
            .sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
            .prefix(limit).map(\.name)
    }

    /// Levenshtein's distance: insertions, deletions and substitutions, one each.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
