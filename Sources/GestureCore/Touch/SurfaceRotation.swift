/// How a touch surface is mounted relative to the screen it covers: the device turned clockwise
/// by a quarter turn or more as you look at it, so the image on it is turned as far the other
/// way (`.clockwise90`: `xrandr --rotate left`, wl_output's transform 90, sway's `transform
/// 270`). Frames are turned before recognition, so directions, edges and regions are the
/// screen's: with `.clockwise90` the device's top edge is the screen's right edge. The same
/// turns as libinput's calibration matrices for 90°, 180° and 270° clockwise.
public enum SurfaceRotation: Int, Hashable, Sendable, CaseIterable {
    /// As the device reports it.
    case none = 0
    /// A quarter turn clockwise: (x, y) on a W × H surface → (H − y, x) on H × W.
    case clockwise90 = 90
    /// Upside down: (x, y) → (W − x, H − y).
    case clockwise180 = 180
    /// Three quarters clockwise: (x, y) → (y, W − x) on H × W.
    case clockwise270 = 270

    /// The surface as the screen sees it (width and height swap on quarter turns).
    @inlinable public func geometry(_ native: DeviceGeometry) -> DeviceGeometry {
        switch self {
        case .none, .clockwise180: native
        case .clockwise90, .clockwise270:
            DeviceGeometry(
                width: native.size.height, height: native.size.width, placedFingers: native.placedFingers, isEstimated: native.isEstimated)
        }
    }

    /// A point in millimetres on the `native` surface, turned.
    @inlinable public func point(_ p: Point, on native: DeviceGeometry) -> Point {
        let w = native.size.width, h = native.size.height
        switch self {
        case .none: return p
        case .clockwise90: return Point(x: h - p.y, y: p.x)
        case .clockwise180: return Point(x: w - p.x, y: h - p.y)
        case .clockwise270: return Point(x: p.y, y: w - p.x)
        }
    }

    /// A frame from a device whose surface is `native`, turned.
    @inlinable public func frame(_ frame: TouchFrame, on native: DeviceGeometry) -> TouchFrame {
        guard self != .none else { return frame }
        var turned = frame
        let unit = DeviceGeometry(width: 1, height: 1)
        for index in turned.contacts.indices {
            turned.contacts[index].position = point(frame.contacts[index].position, on: native)
            turned.contacts[index].normalized = point(frame.contacts[index].normalized, on: unit)
        }
        return turned
    }
}
