/// A number with its noun agreeing, for every message that counts: `1 gesture`, `2 gestures`,
/// `0 devices`.
public enum Counted {
    /// `count` and `noun`, plural unless the count is one (nouns made plural with `s`).
    public static func words(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
