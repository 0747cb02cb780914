/// JSON text written straight into bytes, for the lines the daemon sends most (gesture events):
/// the same text ``JSONValue/serialized`` gives for the same value, without building the value
/// first. Keys are written as they are given (with their quotes), numbers as
/// ``JSONValue/rounded(_:_:)`` formats them, worked out from whole numbers where that is exact.
public struct JSONWriter {
    /// The text so far.
    public var bytes: [UInt8] = []

    /// An empty text with room for `capacity` bytes.
    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// Text that needs no escaping, as it is: punctuation, or a key with its quotes and colon.
    @inline(__always)
    public mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A string, quoted and escaped.
    public mutating func string(_ text: String) {
        JSONValue.quote(text, into: &bytes)
    }

    /// `true` or `false`.
    public mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// A whole number, in decimal.
    public mutating func int(_ value: Int64) {
        guard value != .min else {
            bytes.append(contentsOf: String(value).utf8)
            return
        }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        digits(UInt64(value.magnitude))
    }

    /// `value` rounded to `places` decimals (at most 6): the text of
    /// `JSONValue.rounded(value, places).serialized`. From 0.0001 up to 15 significant digits
    /// the rounded value's Double prints as the decimal it stands for, so that decimal is written
    /// from whole numbers; anything else is formatted as JSONValue formats it.
    public mutating func rounded(_ value: Double, _ places: Int) {
        let scale = Self.scales[places]
        let scaled = (value * scale).rounded()
        if scaled == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        let magnitude = scaled.magnitude
        // Below 10^-4 a Double prints with an exponent (1e-05); from 10^15 digits are lost.
        guard magnitude < 1e15, magnitude * 10_000 >= scale else {
            bytes.append(contentsOf: JSONValue.format(scaled / scale).utf8)
            return
        }
        let unit = Self.units[places]
        let whole = UInt64(magnitude)
        if scaled < 0 { bytes.append(UInt8(ascii: "-")) }
        digits(whole / unit)
        var fraction = whole % unit
        guard fraction != 0 else { return }
        var width = places
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        bytes.append(UInt8(ascii: "."))
        let end = bytes.count + width
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width))
        var index = end - 1
        while fraction > 0 {
            bytes[index] = UInt8(ascii: "0") + UInt8(fraction % 10)
            fraction /= 10
            index -= 1
        }
    }

    /// A value already built, as ``JSONValue/serialized`` writes it.
    public mutating func value(_ value: JSONValue) {
        value.write(to: &bytes)
    }

    /// An unsigned whole number's digits.
    mutating func digits(_ value: UInt64) {
        guard value >= 10 else {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var count = 0
        var rest = value
        while rest > 0 {
            count += 1
            rest /= 10
        }
        let end = bytes.count + count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        var index = end - 1
        rest = value
        while rest > 0 {
            bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            index -= 1
        }
    }

    /// 10^places as JSONValue.rounded scales by (the same products, so the same Doubles).
    static let scales: [Double] = (0...6).map { places in
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return scale
    }

    /// 10^places as whole numbers.
    static let units: [UInt64] = (0...6).map { places in (0..<places).reduce(1) { value, _ in value * 10 } }
}
