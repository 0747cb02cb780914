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
                "  size: \(size)" + (device.rotation == .none ? "" : ", turned \(device.rotation.rawValue)° clockwise by the configuration")
                    + (device.follows.map { ", following \($0.description) live (a recording has no session to say how it is turned)" } ?? ""),
                "  slots: \(d.slotCount == 0 ? "none (protocol A, contacts matched by position)" : String(d.slotCount))"
                    + (d.fingerToolCount.map { ", counts up to \($0) fingers" } ?? ""),
            ]
            let gestures = gestureLines(device.bindings)
            lines.append(gestures[0])
            if d.kind == .touchpad { lines += touchpadLines(device) }
            lines += gestures.dropFirst()
            return lines
        }
    }

    /// The gestures a device gets (a line), then those the configuration leaves out of it and why
    /// (a line each).
    static func gestureLines(_ bindings: DeviceBindings) -> [String] {
        ["  gestures: \(bindings.attached.map(\.spec.name).joined(separator: ", "))"]
            + bindings.excluded.map { "  left out: \($0.name) — \($0.reason)" }
    }

    /// Which libinput quirks applied, and the palm and thumb rules they make.
    static func touchpadLines(_ device: ReplaySession.Device) -> [String] {
        let quirks = device.quirks
        var lines = [
            "  libinput quirks: " + (quirks.properties.isEmpty ? "none"
                : quirks.properties.keys.sorted().map { "\($0)=\(quirks.properties[$0]!)" }.joined(separator: ", ")
                    + (quirks.sections.isEmpty ? " (from the recording)" : " (\(quirks.sections.joined(separator: "; ")))"))
        ]
        guard let rules = device.touchpad else {
            return lines + ["  palms and thumbs: not told apart (semi-multitouch: no per-finger positions)"]
        }
        var palms: [String] = ["tool type"]
        if let pressure = rules.palmPressure { palms.append("pressure above \(pressure)") }
        if let size = rules.palmSize { palms.append("size above \(size)") }
        if rules.palmEdges != nil { palms.append("beginning at the edges" + (rules.palmTopEdge != nil ? " or the top" : "")) }
        lines.append("  palms: " + palms.joined(separator: ", "))
        if rules.detectsThumbs {
            let line = mm(Double(rules.lowerThumbLine - (device.description.yAxis?.minimum ?? 0)) / rules.unitsPerMillimetre.y)
            lines.append("  thumbs: resting below \(line) mm, landing far below the other fingers, or staying while they move")
        } else {
            lines.append("  thumbs: not detected (only on clickpads at least 50 mm tall)")
        }
        return lines
    }

    /// Millimetres with one decimal.
    public static func mm(_ value: Double) -> String { GestureEventText.format(value, 1) }
}
