import GestureCore

/// One picture of a replay, for a bug report (`gesturectl replay --svg`): each device's surface
/// to scale with the path of every touch on it as the engine saw it (turned as configured), and
/// below, a lane per gesture over the recording's time with each instance's span — active,
/// then ended or failed with its reason. Pure: it draws what it is given, as a standalone SVG
/// document (no script, no external reference).
///
/// The document's parts carry classes and data attributes, so it can be read back as well as
/// looked at: `g.surface[data-device]`, `path.touch[data-device][data-contact]` (one per
/// touch, from its first frame to its last), `g.lane[data-gesture]` (one per gesture) holding
/// `rect.active`, `line.ended` and `g.failed[data-reason]` per instance.
public struct ReplayPicture: Sendable {
    /// A surface to draw.
    public struct Surface: Sendable {
        /// The device's engine id.
        public var device: DeviceID
        /// Its name.
        public var name: String
        /// Its size as the engine sees it (turned as configured), in millimetres.
        public var size: Size

        /// Creates a surface.
        public init(device: DeviceID, name: String, size: Size) {
            self.device = device
            self.name = name
            self.size = size
        }
    }

    /// One touch: where it went, from its first frame to its last.
    struct Touch {
        var device: DeviceID
        var contact: Int32
        var points: [Point] = []
        var cancelled = false
    }

    /// One instance's span in its lane.
    struct Span {
        var instance: UInt64
        var firstActive: Seconds?
        var end: Seconds?
        var phase: PhaseKind = .active
        var reason: FailureReason?
    }

    let surfaces: [Surface]
    var touches: [Touch] = []
    /// Gestures in lane order, with their spans.
    var lanes: [(name: String, spans: [Span])] = []
    /// Last time drawn, seconds from `origin`.
    var duration: Seconds = 0
    let origin: Timestamp

    /// A picture of `frames` (as the engine saw them) on `surfaces`, with a lane for each of
    /// `gestures` (in that order; a gesture named only by an event gets a lane after them) and
    /// `events` in them. Times are drawn from `origin`.
    public init(surfaces: [Surface], frames: [TouchFrame], events: [GestureEvent], gestures: [String], origin: Timestamp) {
        self.surfaces = surfaces
        self.origin = origin
        var open: [DeviceID: [Int32: Int]] = [:]
        for frame in frames {
            duration = max(duration, frame.time - origin)
            for contact in frame.contacts {
                let index: Int
                if let known = open[frame.device]?[contact.id], contact.phase != .began {
                    index = known
                } else {
                    index = touches.count
                    touches.append(Touch(device: frame.device, contact: contact.id))
                    open[frame.device, default: [:]][contact.id] = index
                }
                if touches[index].points.last != contact.position { touches[index].points.append(contact.position) }
                if !contact.phase.isLive {
                    touches[index].cancelled = contact.phase == .cancelled
                    open[frame.device]?[contact.id] = nil
                }
            }
        }
        var lane: [String: Int] = [:]
        for name in gestures where lane[name] == nil {
            lane[name] = lanes.count
            lanes.append((name, []))
        }
        var spanOf: [String: [UInt64: Int]] = [:]
        for event in events {
            let time = event.time - origin
            duration = max(duration, time)
            if lane[event.name] == nil {
                lane[event.name] = lanes.count
                lanes.append((event.name, []))
            }
            let row = lane[event.name]!
            let key = event.instance.rawValue
            let index: Int
            if let known = spanOf[event.name]?[key] {
                index = known
            } else {
                index = lanes[row].spans.count
                lanes[row].spans.append(Span(instance: key))
                spanOf[event.name, default: [:]][key] = index
            }
            switch event.phase {
            case .active:
                if lanes[row].spans[index].firstActive == nil { lanes[row].spans[index].firstActive = time }
            case .ended, .failed:
                lanes[row].spans[index].end = time
                lanes[row].spans[index].phase = event.phase
                lanes[row].spans[index].reason = event.reason
            case .possible:
                break
            }
        }
    }

    /// How many touches it draws.
    public var touchCount: Int { touches.count }
    /// How many lanes it draws.
    public var laneCount: Int { lanes.count }

    // MARK: Drawing

    /// Pixels across the widest surface, and across the lanes' time.
    static let surfaceWidth = 560.0
    static let laneWidth = 760.0
    static let margin = 20.0
    static let labelWidth = 160.0
    static let laneHeight = 22.0
    static let colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22"]

    /// The document.
    public var svg: String {
        let widest = surfaces.map(\.size.width).max() ?? 1
        let scale = min(4, Self.surfaceWidth / max(widest, 1))
        var body: [String] = []
        var y = Self.margin
        for surface in surfaces {
            body.append(#"<g class="surface" data-device="\#(surface.device.rawValue)" transform="translate(\#(Self.n(Self.margin)),\#(Self.n(y)))">"#)
            body.append(#"<text class="title" x="0" y="-6">\#(Self.escaped(surface.name)) — \#(Self.n(surface.size.width)) × \#(Self.n(surface.size.height)) mm</text>"#)
            body.append(#"<rect class="outline" x="0" y="0" width="\#(Self.n(surface.size.width * scale))" height="\#(Self.n(surface.size.height * scale))"/>"#)
            for (index, touch) in touches.enumerated() where touch.device == surface.device {
                body.append(Self.path(touch, colour: Self.colours[index % Self.colours.count], scale: scale))
            }
            body.append("</g>")
            y += surface.size.height * scale + Self.margin + 16
        }
        y += 10
        let span = max(duration, 0.001)
        let perSecond = Self.laneWidth / span
        let left = Self.margin + Self.labelWidth
        body.append(#"<g class="lanes" transform="translate(\#(Self.n(left)),\#(Self.n(y)))">"#)
        body.append(contentsOf: Self.axis(duration: span, perSecond: perSecond, height: Double(lanes.count) * Self.laneHeight))
        for (row, lane) in lanes.enumerated() {
            let top = 18 + Double(row) * Self.laneHeight
            body.append(#"<g class="lane" data-gesture="\#(Self.escaped(lane.name))" transform="translate(0,\#(Self.n(top)))">"#)
            body.append(#"<text class="name" x="-8" y="14" text-anchor="end">\#(Self.escaped(lane.name))</text>"#)
            body.append(#"<line class="track" x1="0" y1="10" x2="\#(Self.n(Self.laneWidth))" y2="10"/>"#)
            for span in lane.spans { body.append(Self.span(span, name: lane.name, perSecond: perSecond)) }
            body.append("</g>")
        }
        body.append("</g>")
        let legendY = y + 18 + Double(lanes.count) * Self.laneHeight + 24
        body.append(
            #"<text class="legend" x="\#(Self.n(Self.margin))" y="\#(Self.n(legendY))">"#
                + "Touches: filled dot where one came down, open dot where it lifted. Lanes: blue while active, "
                + "green where it ended, red where it failed, with the reason.</text>")
        let height = legendY + Self.margin
        let surfacesWidth = 2 * Self.margin + (surfaces.map { $0.size.width * scale }.max() ?? 0)
        // Room right of the lanes for a failure's reason.
        let width = max(surfacesWidth, left + Self.laneWidth + 140)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Self.n(width))" height="\(Self.n(height))" viewBox="0 0 \(Self.n(width)) \(Self.n(height))" font-family="sans-serif" font-size="11">
            <style>
            .outline { fill: #fafafa; stroke: #888; }
            .touch { fill: none; stroke-width: 2; stroke-linecap: round; stroke-linejoin: round; }
            .touch-start { stroke: none; }
            .touch-end { fill: #fff; stroke-width: 1.5; }
            .track, .tick { stroke: #ddd; }
            .active { fill: #9ecae1; }
            .ended { stroke: #2ca02c; stroke-width: 3; }
            .failed line { stroke: #d62728; stroke-width: 3; }
            .failed text { fill: #d62728; }
            .axis text, .title, .legend { fill: #444; }
            </style>
            \(body.joined(separator: "\n"))
            </svg>

            """
    }

    static func path(_ touch: Touch, colour: String, scale: Double) -> String {
        let points = touch.points.map { "\(n($0.x * scale)) \(n($0.y * scale))" }
        let d = "M " + points.joined(separator: " L ")
        let first = touch.points.first ?? .zero, last = touch.points.last ?? .zero
        return """
            <g class="touch-group"><title>contact \(touch.contact)\(touch.cancelled ? " (cancelled)" : "")</title>\
            <path class="touch" data-device="\(touch.device.rawValue)" data-contact="\(touch.contact)" stroke="\(colour)" d="\(d)"/>\
            <circle class="touch-start" cx="\(n(first.x * scale))" cy="\(n(first.y * scale))" r="3" fill="\(colour)"/>\
            <circle class="touch-end" cx="\(n(last.x * scale))" cy="\(n(last.y * scale))" r="3" stroke="\(colour)"/></g>
            """
    }

    static func span(_ span: Span, name: String, perSecond: Double) -> String {
        var parts: [String] = []
        let end = span.end ?? span.firstActive ?? 0
        if let start = span.firstActive {
            let width = max((end - start) * perSecond, 1)
            parts.append(#"<rect class="active" x="\#(n(start * perSecond))" y="4" width="\#(n(width))" height="12"/>"#)
        }
        let x = n(end * perSecond)
        let what = "\(escaped(name)) #\(span.instance) \(span.phase.rawValue)\(span.reason.map { " (\($0.rawValue))" } ?? "") at \(n(end)) s"
        switch span.phase {
        case .ended:
            parts.append(#"<line class="ended" x1="\#(x)" y1="1" x2="\#(x)" y2="19"><title>\#(what)</title></line>"#)
        case .failed:
            let reason = span.reason?.rawValue ?? "failed"
            parts.append(#"<g class="failed" data-reason="\#(reason)"><title>\#(what)</title><line x1="\#(x)" y1="1" x2="\#(x)" y2="19"/><text x="\#(n(end * perSecond + 4))" y="14">\#(reason)</text></g>"#)
        case .active, .possible:
            break
        }
        return #"<g class="instance" data-instance="\#(span.instance)">"# + parts.joined() + "</g>"
    }

    /// The time axis: a tick every round step (0.01 to 10 s) that gives at most 10 ticks.
    static func axis(duration: Seconds, perSecond: Double, height: Double) -> [String] {
        let step = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60].first { duration / $0 <= 10 } ?? 60
        var lines = [#"<g class="axis">"#]
        var t = 0.0
        while t <= duration + 1e-9 {
            let x = n(t * perSecond)
            lines.append(#"<line class="tick" x1="\#(x)" y1="14" x2="\#(x)" y2="\#(n(18 + height))"/><text x="\#(x)" y="10" text-anchor="middle">\#(n(t)) s</text>"#)
            t += step
        }
        lines.append("</g>")
        return lines
    }

    /// A number with at most two decimals, as SVG reads it.
    static func n(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int64(rounded)) }
        return String(rounded)
    }

    /// Text made safe inside an element or an attribute.
    static func escaped(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(c)
            }
        }
        return out
    }
}
