import Evdev
import GestureWire

/// The readable description of replayed or live devices (`gesturectl devices`).
public enum DeviceReport {
    /// Lines describing each device: kind, size, slots, protocol, and gestures left out.
    public static func lines(_ devices: [ReplaySession.Device]) -> [String] {
        devices.flatMap { device -> [String] in
            let d = device.description
            let surface = d.surface
            var size = "\(mm(surface.width)) × \(mm(surface.height)) mm"
            if surface.estimated { size += " (estimated: the device reports no resolution)" }
            var lines = [
                "dev\(device.id.rawValue)  \(d.name)  [\(device.file)]",
                "  kind: \(d.kind.rawValue)\(d.isSemiMultitouch ? " (semi-multitouch: finger count and centroid only)" : "")",
                "  size: \(size)" + (device.rotation == .none ? "" : ", turned \(device.rotation.rawValue)° clockwise by the configuration"),
                "  slots: \(d.slotCount == 0 ? "none (protocol A, contacts matched by position)" : String(d.slotCount))"
                    + (d.fingerToolCount.map { ", counts up to \($0) fingers" } ?? ""),
                "  gestures: \(device.bindings.attached.map(\.spec.name).joined(separator: ", "))",
            ]
            for (name, reason) in device.bindings.excluded { lines.append("  left out: \(name) — \(reason)") }
            return lines
        }
    }

    /// Millimetres with one decimal.
    public static func mm(_ value: Double) -> String { GestureEventText.format(value, 1) }
}
