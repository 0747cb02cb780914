extension StringProtocol {
    /// The text without white space at either end (what XML text and touchegg's lists carry
    /// around their values).
    var trimmed: String {
        var slice = self[...]
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
