import GestureActions
import GestureOverlay
import GestureWire

/// A frame of the overlay as gestured's GNOME Shell extension takes it (its `OverlayDraw`): the
/// shapes ``OverlayScene`` decided and the painter's settings, as JSON text. The extension's
/// painter (`gnome-shell/gestured@gestured.org/overlay.js`) draws them as ``OverlayPainter``
/// does with cairo: one scene, two painters.
///
///     {"pad":{"corner":"bottom-right","width":240},"shapes":[
///       {"kind":"trail","width":250,"height":160,"colour":[0.24,0.682,0.914],"points":[[x,y,opacity],…]},
///       {"kind":"pad","width":100,"height":60,"colour":[…],"fingers":[[x,y,opacity],…]},
///       {"kind":"edge","edge":"left","opacity":1,"colour":[…]},
///       {"kind":"card","title":"swipe","detail":"→ 40 mm","progress":0.5,"colour":[…],"opacity":1}]}
///
/// Millimetres on the device as the shapes hold them (two decimals), opacities and colour
/// channels 0…1 (three); `progress` is null when the card has none.
public enum ShellOverlayFrame {
    /// The frame's text.
    public static func json(_ shapes: [OverlayShape], settings: ActionsOverlay) -> String {
        var out = JSONWriter(capacity: 512)
        out.raw("{\"pad\":{\"corner\":")
        out.string(settings.padCorner.rawValue)
        out.raw(",\"width\":")
        out.rounded(settings.padWidth, 2)
        out.raw("},\"shapes\":[")
        for (index, shape) in shapes.enumerated() {
            if index > 0 { out.raw(",") }
            switch shape {
            case .trail(_, let width, let height, let points, let colour):
                out.raw("{\"kind\":\"trail\",")
                size(width, height, &out)
                self.colour(colour, &out)
                out.raw(",\"points\":")
                self.points(points, &out)
            case .pad(_, let width, let height, let fingers, let colour):
                out.raw("{\"kind\":\"pad\",")
                size(width, height, &out)
                self.colour(colour, &out)
                out.raw(",\"fingers\":")
                points(fingers, &out)
            case .edge(_, let edge, let opacity, let colour):
                out.raw("{\"kind\":\"edge\",\"edge\":")
                out.string(edge)
                out.raw(",\"opacity\":")
                out.rounded(opacity, 3)
                out.raw(",")
                self.colour(colour, &out)
            case .card(let title, let detail, let progress, let colour, let opacity):
                out.raw("{\"kind\":\"card\",\"title\":")
                out.string(title)
                out.raw(",\"detail\":")
                out.string(detail)
                out.raw(",\"progress\":")
                if let progress { out.rounded(progress, 3) } else { out.raw("null") }
                out.raw(",")
                self.colour(colour, &out)
                out.raw(",\"opacity\":")
                out.rounded(opacity, 3)
            }
            out.raw("}")
        }
        out.raw("]}")
        return String(decoding: out.bytes, as: UTF8.self)
    }

    static func size(_ width: Double, _ height: Double, _ out: inout JSONWriter) {
        out.raw("\"width\":")
        out.rounded(width, 2)
        out.raw(",\"height\":")
        out.rounded(height, 2)
        out.raw(",")
    }

    static func colour(_ colour: ActionsOverlay.Colour, _ out: inout JSONWriter) {
        out.raw("\"colour\":[")
        out.rounded(colour.red, 3)
        out.raw(",")
        out.rounded(colour.green, 3)
        out.raw(",")
        out.rounded(colour.blue, 3)
        out.raw("]")
    }

    static func points(_ points: [OverlayPoint], _ out: inout JSONWriter) {
        out.raw("[")
        for (index, point) in points.enumerated() {
            out.raw(index == 0 ? "[" : ",[")
            out.rounded(point.x, 2)
            out.raw(",")
            out.rounded(point.y, 2)
            out.raw(",")
            out.rounded(point.opacity, 3)
            out.raw("]")
        }
        out.raw("]")
    }
}
