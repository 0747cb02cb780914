import GestureActions
import GestureOverlay
import GesturePipeline
import Testing

/// The overlay's decisions driven frame by frame, with time passed in: what is drawn, and when
/// the picture next changes by itself.
@Suite struct OverlaySceneTests {
    static let screen = OverlayDevice(id: 1, kind: .touchscreen, width: 200, height: 100)
    static let pad = OverlayDevice(id: 2, kind: .touchpad, width: 100, height: 60)

    static func scene(_ settings: ActionsOverlay = ActionsOverlay()) -> OverlayScene {
        var scene = OverlayScene(settings: settings, goals: ["swipe-left-3": 40])
        scene.take(.device(screen), at: 0)
        scene.take(.device(pad), at: 0)
        return scene
    }

    static func trails(_ shapes: [OverlayShape]) -> [[OverlayPoint]] {
        shapes.compactMap { if case .trail(_, _, _, let points, _) = $0 { points } else { nil } }
    }

    static func cards(_ shapes: [OverlayShape]) -> [(title: String, detail: String, progress: Double?, opacity: Double)] {
        shapes.compactMap { if case .card(let title, let detail, let progress, _, let opacity) = $0 { (title, detail, progress, opacity) } else { nil } }
    }

    @Test func aTrailFollowsTheFingerAndFadesAfterTheLift() {
        var scene = Self.scene()
        #expect(scene.picture(at: 0).isEmpty && scene.nextChange(after: 0) == nil)
        scene.take(.touches(device: 1, contacts: [OverlayContact(id: 7, x: 10, y: 50)]), at: 1.0)
        scene.take(.touches(device: 1, contacts: [OverlayContact(id: 7, x: 20, y: 50)]), at: 1.1)
        scene.take(.touches(device: 1, contacts: [OverlayContact(id: 7, x: 30, y: 50)]), at: 1.2)
        let drawn = Self.trails(scene.picture(at: 1.2))
        #expect(drawn.count == 1)
        #expect(drawn[0].map(\.x) == [10, 20, 30])
        // Older points are fainter; the finger's own is whole.
        #expect(drawn[0][0].opacity < drawn[0][1].opacity && drawn[0][2].opacity == 1)
        // The tail fades while the finger rests: draw at the next output frame.
        #expect(scene.nextChange(after: 1.2) == 1.2)
        // Half a second later only the finger's point is left, and nothing changes by itself.
        scene.take(.touches(device: 1, contacts: [OverlayContact(id: 7, x: 30, y: 50)]), at: 1.8)
        #expect(Self.trails(scene.picture(at: 1.8)).map { $0.map(\.x) } == [[30]])
        #expect(scene.nextChange(after: 1.8) == nil)
        // Lifted: it fades over `fade` (0.6 s), then is forgotten.
        scene.take(.touches(device: 1, contacts: [OverlayContact(id: 7, x: 30, y: 50, lifted: true)]), at: 2.0)
        #expect(abs((Self.trails(scene.picture(at: 2.3)).first?.last?.opacity ?? 0) - 0.5) < 1e-9)
        #expect(scene.nextChange(after: 2.3) == 2.3)
        scene.prune(at: 2.6)
        #expect(scene.picture(at: 2.6).isEmpty && scene.nextChange(after: 2.6) == nil && scene.isEmpty)
    }

    @Test func aTouchNoLongerListedHasLifted() {
        var scene = Self.scene()
        scene.take(.touches(device: 1, contacts: [OverlayContact(id: 1, x: 10, y: 10), OverlayContact(id: 2, x: 50, y: 10)]), at: 0)
        scene.take(.touches(device: 1, contacts: [OverlayContact(id: 2, x: 50, y: 10)]), at: 0.1)
        scene.prune(at: 0.75)
        #expect(Self.trails(scene.picture(at: 0.75)).map { $0.map(\.x) } == [[50]])
    }

    /// The actions file read again (issue 60): its `overlay:` is what is drawn from then on.
    @Test func settingsReadAgainAreDrawnAtOnce() {
        var scene = Self.scene()
        var red = ActionsOverlay()
        red.colour = ActionsOverlay.Colour(hex: "#ff0000")!
        scene.take(.settings(red), at: 0)
        #expect(scene.settings == red)
        scene.take(.touches(device: 2, contacts: [OverlayContact(id: 1, x: 10, y: 10)]), at: 0)
        #expect(scene.picture(at: 0) == [.pad(device: 2, width: 100, height: 60, fingers: [OverlayPoint(x: 10, y: 10)], colour: red.colour)])
    }

    @Test func touchpadFingersAreInTheMiniatureNotTrails() {
        var scene = Self.scene()
        scene.take(.touches(device: 2, contacts: [OverlayContact(id: 1, x: 10, y: 10), OverlayContact(id: 2, x: 30, y: 12)]), at: 0)
        #expect(scene.picture(at: 0) == [.pad(device: 2, width: 100, height: 60, fingers: [OverlayPoint(x: 10, y: 10), OverlayPoint(x: 30, y: 12)], colour: ActionsOverlay().colour)])
        scene.take(.touches(device: 2, contacts: [OverlayContact(id: 1, x: 10, y: 10, lifted: true), OverlayContact(id: 2, x: 30, y: 12, lifted: true)]), at: 0.1)
        #expect(scene.picture(at: 0.1).isEmpty && scene.nextChange(after: 0.1) == nil)
    }

    @Test func anActiveSwipeShowsItsProgressAndItsEndWhatRan() {
        var scene = Self.scene()
        scene.take(.gesture(OverlayGesture(name: "swipe-left-3", instance: 5, device: 2, phase: .active, cue: .distance(10, direction: "left"))), at: 0)
        var card = Self.cards(scene.picture(at: 0))
        #expect(card.count == 1 && card[0].title == "swipe-left-3" && card[0].detail == "10 mm left" && card[0].progress == 0.25)
        #expect(scene.nextChange(after: 0) == nil)  // nothing moves until the next event
        scene.take(.action(gesture: "swipe-left-3", instance: 5, text: "ran xdotool key super+Right"), at: 0.2)
        scene.take(.gesture(OverlayGesture(name: "swipe-left-3", instance: 5, device: 2, phase: .ended, cue: .distance(44, direction: "left"))), at: 0.3)
        card = Self.cards(scene.picture(at: 0.3))
        #expect(card[0].detail == "ran xdotool key super+Right" && card[0].progress == 1 && card[0].opacity == 1)
        // Fully drawn for the confirmation, then it fades: no frames until the fade starts.
        #expect(scene.nextChange(after: 0.3) == 0.3 + OverlayScene.confirmSeconds)
        let fadeStart = 0.3 + OverlayScene.confirmSeconds
        #expect(scene.nextChange(after: fadeStart + 0.1) == fadeStart + 0.1)
        #expect(abs(Self.cards(scene.picture(at: fadeStart + 0.3))[0].opacity - 0.5) < 1e-9)
        scene.prune(at: fadeStart + 0.6)
        #expect(scene.isEmpty && scene.nextChange(after: fadeStart + 0.6) == nil)
    }

    @Test func aFailureShowsOnlyForACardThatWasShowing() {
        var scene = Self.scene()
        scene.take(.gesture(OverlayGesture(name: "swipe-up-3", instance: 1, device: 2, phase: .failed, reason: "cancelled")), at: 0)
        #expect(scene.picture(at: 0).isEmpty)
        scene.take(.gesture(OverlayGesture(name: "circle", instance: 2, device: 1, phase: .active, cue: .stroke(nil))), at: 0)
        scene.take(.gesture(OverlayGesture(name: "circle", instance: 2, device: 1, phase: .failed, reason: "noMatch")), at: 0.5)
        guard case .card(let title, let detail, _, let colour, let opacity)? = scene.picture(at: 0.5).last else {
            Issue.record("no card")
            return
        }
        #expect(title == "circle" && detail == "no shape matched" && colour == ActionsOverlay().failColour && opacity == 1)
        // A failure fades at once, no confirmation.
        #expect(scene.nextChange(after: 0.5) == 0.5)
    }

    @Test func anEdgeSwipeLightsItsEdge() {
        var scene = Self.scene()
        scene.take(.gesture(OverlayGesture(name: "edge-left", instance: 3, device: 1, phase: .active, cue: .edge("left", distance: 8))), at: 0)
        #expect(scene.picture(at: 0).first == .edge(device: 1, edge: "left", opacity: 1, colour: ActionsOverlay().colour))
    }

    @Test func whatIsShownFollowsTheSettings() {
        var settings = ActionsOverlay()
        settings.show = [.names]
        var scene = Self.scene(settings)
        scene.take(.touches(device: 1, contacts: [OverlayContact(id: 1, x: 1, y: 1)]), at: 0)
        scene.take(.gesture(OverlayGesture(name: "edge-left", instance: 3, device: 1, phase: .active, cue: .edge("left", distance: 8))), at: 0)
        scene.take(.gesture(OverlayGesture(name: "circle", instance: 4, device: 1, phase: .active, cue: .stroke(nil))), at: 0)
        #expect(Self.cards(scene.picture(at: 0)).map(\.title) == ["edge-left"])
        #expect(Self.cards(scene.picture(at: 0)).first?.detail == "" && Self.cards(scene.picture(at: 0)).first?.progress == nil)
        #expect(Self.trails(scene.picture(at: 0)).isEmpty)
    }

    @Test func aRemovedDeviceAndALostConnectionTakeEverythingOfTheirs() {
        var scene = Self.scene()
        scene.take(.touches(device: 1, contacts: [OverlayContact(id: 1, x: 1, y: 1)]), at: 0)
        scene.take(.gesture(OverlayGesture(name: "pan", instance: 9, device: 1, phase: .active, cue: .distance(3, direction: nil))), at: 0)
        scene.take(.touches(device: 2, contacts: [OverlayContact(id: 1, x: 1, y: 1)]), at: 0)
        scene.take(.deviceRemoved(1), at: 0.1)
        #expect(scene.picture(at: 0.1).count == 1)  // the pad's miniature alone
        scene.take(.reset, at: 0.2)
        #expect(scene.isEmpty && scene.picture(at: 0.2).isEmpty)
    }

    @Test func atMostFourCardsTheOldestFinishedGoFirst() {
        var scene = Self.scene()
        scene.take(.gesture(OverlayGesture(name: "a", instance: 1, device: 1, phase: .ended)), at: 0)
        for instance in Int64(2)...5 {
            scene.take(.gesture(OverlayGesture(name: "g\(instance)", instance: instance, device: 1, phase: .active)), at: 0)
        }
        #expect(Self.cards(scene.picture(at: 0)).map(\.title) == ["g2", "g3", "g4", "g5"])
    }

    @Test func cuesReadTheWireValues() {
        #expect(OverlayCue(value: .object([("kind", "magnify"), ("magnification", .number(1.5))]))?.text == "×1.50")
        #expect(OverlayCue(value: .object([("kind", "rotate"), ("rotation", .number(-.pi / 4))]))?.text == "−45°")
        #expect(OverlayCue(value: .object([("kind", "hold"), ("duration", .number(0.84))]))?.text == "0.8 s")
        #expect(OverlayCue(value: .object([("kind", "tap")])) == nil)
        let both = OverlayCue(value: .object([("kind", "simultaneous"), ("first", .object([("kind", "magnify"), ("magnification", .number(2))])), ("second", .null)]))
        #expect(both == .scale(2))
        #expect(OverlayCue.scale(1.5).fraction(goal: 2) == 0.5)
    }
}

/// The progress bars' goals, from the daemon's configuration as its reader reads it.
@Suite struct OverlayGoalsTests {
    @Test func swipesAndEdgeSwipesRunToTheirDistances() throws {
        let config = try GestureConfig.parse(
            """
            version: 1
            gestures:
              - name: far
                swipe: { direction: left, fingers: 3, minimumDistance: 40 }
              - name: near
                swipe: { direction: right, fingers: 3 }
              - name: edge
                edgeSwipe: { edge: left }
              - name: zoom
                magnify: {}
            """, file: "gestured.yml")
        #expect(OverlayGoals.of(config) == ["far": 40, "near": 15, "edge": 10])
    }
}
