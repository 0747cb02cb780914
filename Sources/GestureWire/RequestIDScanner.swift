/// Reads a request's `id` from the head of a line too long to parse, so that even its
/// `line-too-long` reply can be matched (PROTOCOL.md: the id is echoed whenever the line was
/// JSON with an id). Walks the object's members in order, as far as the head goes: an `id`
/// whose value ends inside the head is found; one after a long member is not.
public enum RequestIDScanner {
    /// The `id` of the object the bytes begin, or nil when the head does not show one.
    public static func id(in head: [UInt8]) -> JSONValue? {
        var i = 0
        func skipSpace() {
            while i < head.count, head[i] == 0x20 || head[i] == 0x09 || head[i] == 0x0A || head[i] == 0x0D { i += 1 }
        }
        /// The end (exclusive) of the string that starts at `i`, or nil when the head ends first.
        func stringEnd(from start: Int) -> Int? {
            var j = start + 1
            while j < head.count {
                switch head[j] {
                case UInt8(ascii: "\\"): j += 2
                case UInt8(ascii: "\""): return j + 1
                default: j += 1
                }
            }
            return nil
        }
        /// The end (exclusive) of the value that starts at `i`, or nil when the head ends first.
        func valueEnd(from start: Int) -> Int? {
            var depth = 0
            var j = start
            while j < head.count {
                switch head[j] {
                case UInt8(ascii: "\""):
                    guard let end = stringEnd(from: j) else { return nil }
                    j = end
                    if depth == 0 { return j }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return j }
                    depth -= 1
                    if depth == 0 { return j + 1 }
                case UInt8(ascii: ","):
                    if depth == 0 { return j }
                default: break
                }
                j += 1
            }
            return nil
        }
        skipSpace()
        guard i < head.count, head[i] == UInt8(ascii: "{") else { return nil }
        i += 1
        while true {
            skipSpace()
            guard i < head.count, head[i] == UInt8(ascii: "\""), let keyEnd = stringEnd(from: i) else { return nil }
            let key = String(decoding: head[(i + 1)..<(keyEnd - 1)], as: UTF8.self)
            i = keyEnd
            skipSpace()
            guard i < head.count, head[i] == UInt8(ascii: ":") else { return nil }
            i += 1
            skipSpace()
            // A value that runs to the head's end may go on past it: not known.
            guard let end = valueEnd(from: i), end < head.count else { return nil }
            if key == "id" {
                return try? JSONParser.parse(String(decoding: head[i..<end], as: UTF8.self))
            }
            i = end
            skipSpace()
            guard i < head.count, head[i] == UInt8(ascii: ",") else { return nil }
            i += 1
        }
    }
}
