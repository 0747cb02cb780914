import GestureCore

/// A touchscreen's calibration, as udev's `LIBINPUT_CALIBRATION_MATRIX="a b c d e f"` gives it
/// and libinput applies it to every touch: on positions normalized 0…1,
/// x' = a·x + b·y + c and y' = d·x + e·y + f; millimetres are then the normalized position times
/// the device's own width and height (libinput keeps the axes' sizes, even when the matrix
/// turns the surface). Replays apply it as libinput does live.
public struct CalibrationMatrix: Hashable, Sendable {
    /// The six numbers, row by row.
    public var values: [Double]

    /// Reads udev's text (six numbers separated by spaces); nil when it is not that.
    public init?(_ text: String) {
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Double($0) }
        guard numbers.count == 6, numbers.allSatisfy(\.isFinite),
            text.split(whereSeparator: { $0 == " " || $0 == "\t" }).count == 6
        else { return nil }
        values = numbers
    }

    /// Whether it changes nothing.
    public var isIdentity: Bool { values == [1, 0, 0, 0, 1, 0] }

    /// A normalized position, calibrated.
    public func normalized(_ p: Point) -> Point {
        Point(x: values[0] * p.x + values[1] * p.y + values[2], y: values[3] * p.x + values[4] * p.y + values[5])
    }

    /// A frame from a device whose surface is `surface`, calibrated.
    public func frame(_ frame: TouchFrame, on surface: DeviceGeometry) -> TouchFrame {
        guard !isIdentity else { return frame }
        var calibrated = frame
        for index in calibrated.contacts.indices {
            let point = normalized(frame.contacts[index].normalized)
            calibrated.contacts[index].normalized = point
            calibrated.contacts[index].position = surface.millimetres(point)
        }
        return calibrated
    }
}
