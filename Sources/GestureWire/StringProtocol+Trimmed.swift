extension StringProtocol {
    /// The text without white space at either end (XML text and touchegg's lists around their
    /// values, key names in `keys:`, lines of keyboard settings, a desktop's reply).
    public var trimmed: String {
        var slice = self[...]
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
