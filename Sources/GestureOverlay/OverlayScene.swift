import GestureActions

/// What the overlay shows, decided event by event: pure, with time passed in (seconds on any
/// monotonic clock), so the program owns the clock, the socket and the surface, and tests drive
/// it frame by frame.
///
/// It keeps each touchscreen touch's recent points (its trail), each touchpad's fingers, and a
/// card per gesture instance it has seen; ``picture(at:)`` says what to draw at a moment, and
/// ``nextChange(after:)`` when that picture next changes by itself (a trail fading, a card's
/// confirmation ending) — nil when it will not, so that nothing is drawn and no timer is armed
/// while nothing happens.
public struct OverlayScene: Sendable {
    /// What to draw and how (the actions file's `overlay:`).
    public private(set) var settings: ActionsOverlay
    /// How many times the settings were read again (``OverlayEvent/settings(_:)``): what the
    /// drawing loop compares each frame, rather than the settings themselves.
    public private(set) var settingsGeneration = 0
    /// Each gesture's goal for its progress cue, by name: a swipe's or edge swipe's minimum
    /// distance (mm), a hold's minimum duration (s), a pinch's scale, a rotation's angle (°).
    public var goals: [String: Double]

    /// How long a trail's point stays, fading, after the finger was there (seconds).
    public static let trailSeconds = 0.5
    /// How long an ended gesture's card stays fully drawn before it fades (seconds).
    public static let confirmSeconds = 0.8
    /// The most points one trail keeps (a 240 Hz screen makes 120 in `trailSeconds`).
    public static let maximumTrailPoints = 240
    /// The most cards shown at once; the oldest finished ones give way first.
    public static let maximumCards = 4

    struct TrailKey: Hashable {
        var device: Int64
        var touch: Int64
    }

    struct Sample {
        var x: Double
        var y: Double
        var time: Double
    }

    struct Trail {
        var samples: [Sample]
        var liftedAt: Double?
    }

    struct Card {
        var gesture: OverlayGesture
        var finishedAt: Double?
        var action: String?
        var failed: Bool { gesture.phase == .failed }
    }

    var devices: [Int64: OverlayDevice] = [:]
    var trails: [TrailKey: Trail] = [:]
    var trailOrder: [TrailKey] = []
    var fingers: [Int64: [(id: Int64, x: Double, y: Double)]] = [:]
    var cards: [OverlayCardKey: Card] = [:]
    var cardOrder: [OverlayCardKey] = []

    /// An empty scene.
    public init(settings: ActionsOverlay = ActionsOverlay(), goals: [String: Double] = [:]) {
        self.settings = settings
        self.goals = goals
    }

    /// Whether it holds nothing to draw now or later.
    public var isEmpty: Bool {
        trails.isEmpty && cards.isEmpty && fingers.values.allSatisfy(\.isEmpty)
    }

    /// Takes one event that happened at `now`.
    public mutating func take(_ event: OverlayEvent, at now: Double) {
        switch event {
        case .device(let device):
            devices[device.id] = device
        case .deviceRemoved(let id):
            devices[id] = nil
            fingers[id] = nil
            trailOrder.removeAll { $0.device == id }
            trails = trails.filter { $0.key.device != id }
            cardOrder.removeAll { cards[$0]?.gesture.device == id }
            cards = cards.filter { $0.value.gesture.device != id }
        case .touches(let device, let contacts):
            touches(device, contacts, at: now)
        case .gesture(let gesture):
            self.gesture(gesture, at: now)
        case .action(let gesture, let instance, let text):
            cards[OverlayCardKey(gesture: gesture, instance: instance)]?.action = text
        case .settings(let settings):
            self.settings = settings
            settingsGeneration += 1
        case .reset:
            devices = [:]
            trails = [:]
            trailOrder = []
            fingers = [:]
            cards = [:]
            cardOrder = []
        }
        prune(at: now)
    }

    mutating func touches(_ device: Int64, _ contacts: [OverlayContact], at now: Double) {
        switch devices[device]?.kind {
        case .touchscreen?:
            for contact in contacts {
                let key = TrailKey(device: device, touch: contact.id)
                if trails[key] == nil || trails[key]?.liftedAt != nil {
                    if trails[key] == nil { trailOrder.append(key) }
                    trails[key] = Trail(samples: [])
                }
                // A finger that did not move keeps one point: a resting finger's trail settles.
                if let last = trails[key]!.samples.last, last.x == contact.x, last.y == contact.y {
                    trails[key]!.samples[trails[key]!.samples.count - 1].time = now
                } else {
                    trails[key]!.samples.append(Sample(x: contact.x, y: contact.y, time: now))
                    if trails[key]!.samples.count > Self.maximumTrailPoints { trails[key]!.samples.removeFirst() }
                }
                if contact.lifted { trails[key]!.liftedAt = now }
            }
            // A frame lists every touch down: one it no longer lists has gone.
            for key in trailOrder where key.device == device && trails[key]?.liftedAt == nil && !contacts.contains(where: { $0.id == key.touch }) {
                trails[key]!.liftedAt = now
            }
        case .touchpad?:
            fingers[device] = contacts.filter { !$0.lifted }.map { ($0.id, $0.x, $0.y) }
        case .other?, nil:
            break
        }
    }

    mutating func gesture(_ gesture: OverlayGesture, at now: Double) {
        let key = OverlayCardKey(gesture: gesture.name, instance: gesture.instance)
        let known = cards[key]
        switch gesture.phase {
        case .active:
            if known == nil { cardOrder.append(key) }
            cards[key] = Card(gesture: gesture, finishedAt: nil, action: known?.action)
        case .ended:
            if known == nil { cardOrder.append(key) }
            var ended = gesture
            if ended.cue == nil { ended.cue = known?.gesture.cue }
            cards[key] = Card(gesture: ended, finishedAt: now, action: known?.action)
        case .failed:
            // Only a card that was showing says so; an instance never shown stays unseen.
            guard let known, known.finishedAt == nil else { return }
            var failed = gesture
            failed.cue = known.gesture.cue
            cards[key] = Card(gesture: failed, finishedAt: now, action: known.action)
        }
        // Too many: the oldest finished cards go first, then the oldest.
        while cardOrder.count > Self.maximumCards {
            let victim = cardOrder.first { cards[$0]?.finishedAt != nil } ?? cardOrder[0]
            cardOrder.removeAll { $0 == victim }
            cards[victim] = nil
        }
    }

    /// Forgets what has faded by `now` (trails, points, cards); ``take(_:at:)`` does it too.
    public mutating func prune(at now: Double) {
        for key in trailOrder {
            guard var trail = trails[key] else { continue }
            if let lifted = trail.liftedAt {
                if now - lifted >= settings.fade { trails[key] = nil }
                continue
            }
            let last = trail.samples.count - 1
            let kept = trail.samples.indices.first { $0 == last || now - trail.samples[$0].time < Self.trailSeconds } ?? last
            if kept > 0 {
                trail.samples.removeFirst(kept)
                trails[key] = trail
            }
        }
        trailOrder.removeAll { trails[$0] == nil }
        for instance in cardOrder {
            guard let card = cards[instance], let finished = card.finishedAt else { continue }
            if now - finished >= hold(card) + settings.fade { cards[instance] = nil }
        }
        cardOrder.removeAll { cards[$0] == nil }
        fingers = fingers.filter { !$0.value.isEmpty }
    }

    /// How long a finished card stays fully drawn: an ended one confirms, a failed one fades at once.
    func hold(_ card: Card) -> Double {
        card.failed ? 0 : Self.confirmSeconds
    }

    /// What to draw at `now`, back to front: trails and lit edges, then touchpad miniatures, then
    /// cards (top of the output, oldest first).
    public func picture(at now: Double) -> [OverlayShape] {
        var shapes: [OverlayShape] = []
        let show = settings.show
        if show.contains(.trails) {
            for key in trailOrder {
                guard let trail = trails[key], let screen = devices[key.device], screen.kind == .touchscreen else { continue }
                // A lifted trail stands still as it was at the lift and fades as a whole.
                let lift = trail.liftedAt.map { fading(since: $0, at: now) } ?? 1
                let reference = trail.liftedAt ?? now
                let last = trail.samples.count - 1
                let points = trail.samples.indices.compactMap { index -> OverlayPoint? in
                    let sample = trail.samples[index]
                    let fresh = index == last ? 1 : max(0, 1 - (reference - sample.time) / Self.trailSeconds)
                    let opacity = fresh * lift
                    return opacity > 0 ? OverlayPoint(x: sample.x, y: sample.y, opacity: opacity) : nil
                }
                if !points.isEmpty {
                    shapes.append(.trail(device: key.device, width: screen.width, height: screen.height, points: points, colour: settings.colour))
                }
            }
        }
        if show.contains(.progress) {
            for instance in cardOrder {
                guard let card = cards[instance], card.finishedAt == nil, case .edge(let edge, _)? = card.gesture.cue,
                    devices[card.gesture.device]?.kind == .touchscreen
                else { continue }
                shapes.append(.edge(device: card.gesture.device, edge: edge, opacity: 1, colour: settings.colour))
            }
        }
        if show.contains(.pad) {
            for (device, down) in fingers.sorted(by: { $0.key < $1.key }) {
                guard let pad = devices[device], pad.kind == .touchpad, !down.isEmpty else { continue }
                shapes.append(.pad(device: device, width: pad.width, height: pad.height, fingers: down.map { OverlayPoint(x: $0.x, y: $0.y) }, colour: settings.colour))
            }
        }
        for instance in cardOrder {
            guard let card = cards[instance], let shape = self.card(card, at: now) else { continue }
            shapes.append(shape)
        }
        return shapes
    }

    func card(_ card: Card, at now: Double) -> OverlayShape? {
        let gesture = card.gesture
        let isStroke: Bool
        if case .stroke? = gesture.cue { isStroke = true } else { isStroke = gesture.reason == "noMatch" }
        guard isStroke ? settings.show.contains(.strokes) : settings.show.contains(.names) else { return nil }
        let opacity = card.finishedAt.map { finished in now - finished < hold(card) ? 1 : fading(since: finished + hold(card), at: now) } ?? 1
        guard opacity > 0 else { return nil }
        let detail: String
        var progress = settings.show.contains(.progress) ? gesture.cue?.fraction(goal: goals[gesture.name]) : nil
        switch gesture.phase {
        case .active:
            detail = settings.show.contains(.progress) ? gesture.cue?.text ?? "" : ""
        case .ended:
            if let action = card.action {
                detail = action  // "ran …", or "would run …" when no runner runs the file
            } else if case .stroke(let name?)? = gesture.cue {
                detail = name
            } else {
                detail = "done"
            }
            if progress != nil { progress = 1 }
        case .failed:
            detail = gesture.reason == "noMatch" ? "no shape matched" : (gesture.reason ?? "failed")
        }
        return .card(title: gesture.name, detail: detail, progress: progress, colour: card.failed ? settings.failColour : settings.colour, opacity: opacity)
    }

    /// 1 at `start`, 0 once `settings.fade` has passed.
    func fading(since start: Double, at now: Double) -> Double {
        guard settings.fade > 0 else { return now >= start ? 0 : 1 }
        return min(1, max(0, 1 - (now - start) / settings.fade))
    }

    /// When the picture next changes by itself after `now`: `now` itself while something fades
    /// (draw again at the next output frame), a later moment when something waits (an ended
    /// card's confirmation), nil when nothing will change until the next event.
    public func nextChange(after now: Double) -> Double? {
        var next: Double?
        func soon(_ time: Double) { next = min(next ?? time, time) }
        for key in trailOrder {
            guard let trail = trails[key] else { continue }
            if let lifted = trail.liftedAt {
                if now < lifted + settings.fade { soon(now) }
            } else if trail.samples.count > 1 {
                soon(now)  // the tail behind a finger fades, even when it rests
            }
        }
        for instance in cardOrder {
            guard let card = cards[instance], let finished = card.finishedAt else { continue }
            let fadeStart = finished + hold(card)
            if now < fadeStart { soon(fadeStart) } else if now < fadeStart + settings.fade { soon(now) }
        }
        return next
    }
}
