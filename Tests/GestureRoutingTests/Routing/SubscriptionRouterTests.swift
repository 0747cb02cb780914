import GestureCore
import GestureRouting
import GestureWire
import Testing

/// The router's rules with plain values: events in, deliveries out; no channels, no engine.
@Suite struct SubscriptionRouterTests {
    static let screen = DeviceID(1)
    static let otherSeat = DeviceID(2)
    static let swipe = BindingID(10)
    static let tap = BindingID(11)
    static let configured: Set<BindingID> = [swipe, tap]
    static let configuredNames = ["swipe", "tap"]

    /// A router with device 1 on seat0, device 2 on seat1, and logind saying uid 1000 is in
    /// front of seat0 and 1001 of seat1.
    static func router() -> SubscriptionRouter {
        var router = SubscriptionRouter(daemonUID: 990)
        router.access = ResolvedAccessList(policy: .activeSession, restricted: false, uids: [], gids: [])
        router.sessions = SeatSessions(active: ["seat0": 1000, "seat1": 1001])
        _ = router.addDevice(screen, seat: "seat0")
        _ = router.addDevice(otherSeat, seat: "seat1")
        return router
    }

    static func event(_ binding: BindingID, _ name: String, _ instance: UInt64, _ phase: PhaseKind, device: DeviceID = screen) -> GestureEvent {
        GestureEvent(
            time: Timestamp(microseconds: 1_000), device: device, binding: binding, name: name, instance: InstanceID(instance), phase: phase)
    }

    static func subscribe(
        _ router: inout SubscriptionRouter, _ client: Int, gestures: [String] = [], phases: Set<PhaseKind>? = nil, define: String? = nil,
        limits: ProtocolLimits = .standard
    ) -> Result<Int64, ProtocolError> {
        let definitions = define.map { [try! JSONParser.parse($0)] } ?? []
        return router.subscribe(
            SubscriptionRequest(gestures: gestures, phases: phases, definitions: definitions), for: client, configured: configuredNames,
            touchpadGestures: false, limits: limits)
    }

    /// (client, subscription, event index, update?) of each delivery.
    static func route(_ router: inout SubscriptionRouter, _ events: [GestureEvent]) -> [String] {
        var deliveries: [Delivery] = []
        router.route(events, configured: configured, into: &deliveries)
        return deliveries.map { "c\($0.client) s\($0.subscription) e\($0.event)#\($0.sequence)\($0.isUpdate ? " update" : "")" }
    }

    @Test func eachEventGoesToTheSubscriptionsThatCoverItOnTheSeatsTheirClientsSee() throws {
        var router = Self.router()
        let front = router.connect(uid: 1000, groups: [], seats: router.decide(uid: 1000, groups: []).seats)
        let other = router.connect(uid: 1001, groups: [], seats: router.decide(uid: 1001, groups: []).seats)
        let root = router.connect(uid: 0, groups: [], seats: router.decide(uid: 0, groups: []).seats)
        let all = try Self.subscribe(&router, front).get()
        let swipes = try Self.subscribe(&router, other, gestures: ["swipe"]).get()
        let rootTaps = try Self.subscribe(&router, root, gestures: ["tap"]).get()
        let events = [
            Self.event(Self.swipe, "swipe", 1, .active), Self.event(Self.tap, "tap", 2, .ended),
            Self.event(Self.swipe, "swipe", 3, .active, device: Self.otherSeat),
        ]
        #expect(Self.route(&router, events) == [
            "c\(front) s\(all) e0#1 update",
            "c\(front) s\(all) e1#2", "c\(root) s\(rootTaps) e1#2",
            "c\(other) s\(swipes) e2#3 update",
        ])
        #expect(router.sequence == 3)
    }

    @Test func anAnnouncedInstanceEndsForASubscriptionEvenIfItsPhasesLeaveEndingsOut() throws {
        var router = Self.router()
        let client = router.connect(uid: 0, groups: [], seats: .all)
        let activeOnly = try Self.subscribe(&router, client, phases: [.active]).get()
        let deliveries = Self.route(&router, [
            Self.event(Self.swipe, "swipe", 1, .active), Self.event(Self.swipe, "swipe", 1, .failed),
            // Never announced to it: its `ended` is not among the phases it asked for.
            Self.event(Self.tap, "tap", 2, .ended),
        ])
        #expect(deliveries == ["c\(client) s\(activeOnly) e0#1 update", "c\(client) s\(activeOnly) e1#2"])
        #expect(router.subscription(activeOnly, of: client)?.told.isEmpty == true)
    }

    @Test func aPausedClientsInstancesEndForItAloneAndStayWithheldUntilTheEngineEndsThem() throws {
        var router = Self.router()
        let alice = router.connect(uid: 1000, groups: [], seats: router.decide(uid: 1000, groups: []).seats)
        let subscription = try Self.subscribe(&router, alice).get()
        _ = Self.route(&router, [Self.event(Self.swipe, "swipe", 1, .active)])

        // Bob takes seat0.
        router.sessions = SeatSessions(active: ["seat0": 1001])
        let changes = router.seatChanges()
        #expect(changes.count == 1)
        let change = try #require(changes.first)
        #expect(change.client == alice && change.pauses && change.lost == [Self.screen] && change.gained.isEmpty)
        let withholding = router.withhold(alice, on: Set(change.lost))
        #expect(withholding.detach.isEmpty)
        #expect(withholding.endings.map { "\($0.subscription) \($0.last.instance)" } == ["\(subscription) \(InstanceID(1))"])
        router.move(alice, to: change.new, live: [InstanceID(1)])
        #expect(router.seatChanges().isEmpty)

        // She is back while the swipe still runs: nothing more of it reaches her, not even its end.
        router.sessions = SeatSessions(active: ["seat0": 1000])
        let back = try #require(router.seatChanges().first)
        #expect(back.resumes && back.gained == [Self.screen])
        router.move(alice, to: back.new, live: [InstanceID(1)])
        let active = [Self.event(Self.swipe, "swipe", 1, .active)]
        #expect(router.snapshot(subscription, of: alice, active: active, configured: Self.configured).isEmpty)
        #expect(Self.route(&router, [Self.event(Self.swipe, "swipe", 1, .ended), Self.event(Self.swipe, "swipe", 4, .active)])
            == ["c\(alice) s\(subscription) e1#3 update"])
        #expect(router.subscription(subscription, of: alice)?.withheld.isEmpty == true)
    }

    @Test func resumingForgetsWhatEndedWhileTheClientWasAway() throws {
        var router = Self.router()
        let alice = router.connect(uid: 1000, groups: [], seats: router.decide(uid: 1000, groups: []).seats)
        let subscription = try Self.subscribe(&router, alice).get()
        _ = Self.route(&router, [Self.event(Self.swipe, "swipe", 1, .active)])
        router.sessions = SeatSessions(active: [:])
        let away = try #require(router.seatChanges().first)
        _ = router.withhold(alice, on: Set(away.lost))
        router.move(alice, to: away.new, live: [InstanceID(1)])
        // The swipe ended while she was away: she sees no seat, so its end never reaches her
        // subscription, which still holds it as withheld…
        #expect(Self.route(&router, [Self.event(Self.swipe, "swipe", 1, .ended)]).isEmpty)
        #expect(router.subscription(subscription, of: alice)?.withheld == [InstanceID(1)])
        router.sessions = SeatSessions(active: ["seat0": 1000])
        let back = try #require(router.seatChanges().first)
        // …until she is back, when only instances still live stay withheld.
        router.move(alice, to: back.new, live: [])
        #expect(router.subscription(subscription, of: alice)?.withheld.isEmpty == true)
    }

    @Test func aClientsOwnGesturesOnALostDeviceAreHandedBackToDetach() throws {
        var router = Self.router()
        let alice = router.connect(uid: 1000, groups: [], seats: router.decide(uid: 1000, groups: []).seats)
        let subscription = try Self.subscribe(&router, alice, define: #"{"name": "mine", "tap": {}}"#).get()
        router.attached([BindingID(20)], on: Self.screen, to: subscription, of: alice)
        #expect(Self.route(&router, [Self.event(BindingID(20), "mine", 5, .ended), Self.event(Self.tap, "tap", 6, .ended)])
            == ["c\(alice) s\(subscription) e0#1"])
        router.sessions = SeatSessions(active: [:])
        let change = try #require(router.seatChanges().first)
        #expect(router.withhold(alice, on: Set(change.lost)).detach == [BindingID(20)])
        #expect(router.subscription(subscription, of: alice)?.owned.isEmpty == true)
    }

    @Test func subscriptionsAreCheckedBeforeTheyExist() throws {
        var router = Self.router()
        let client = router.connect(uid: 0, groups: [], seats: .all)
        guard case .failure(let unknown) = Self.subscribe(&router, client, gestures: ["swipe", "pinch"]) else {
            Issue.record("an unknown name was taken")
            return
        }
        #expect(unknown.message == #"no configured gesture named "pinch"; configured: swipe, tap"#)
        guard case .failure(let shadow) = Self.subscribe(&router, client, define: #"{"name": "tap", "tap": {}}"#) else {
            Issue.record("a definition took a configured name")
            return
        }
        #expect(shadow.message == #"define[0]: "tap" is the name of a configured gesture; give yours another name"#)
        var limits = ProtocolLimits.standard
        limits.maximumSubscriptions = 1
        _ = try Self.subscribe(&router, client, limits: limits).get()
        guard case .failure(let many) = Self.subscribe(&router, client, limits: limits) else {
            Issue.record("a subscription past the limit was taken")
            return
        }
        #expect(many.message == "at most 1 subscriptions per connection")
        #expect(router.subscriptionCount == 1)
    }

    @Test func unsubscribingHandsBackWhatMustStillEnd() throws {
        var router = Self.router()
        let client = router.connect(uid: 0, groups: [], seats: .all)
        let subscription = try Self.subscribe(&router, client).get()
        _ = Self.route(&router, [Self.event(Self.swipe, "swipe", 3, .active), Self.event(Self.tap, "tap", 2, .active)])
        let unsubscribed = router.unsubscribe(subscription, of: client)
        let removed = try #require(unsubscribed)
        #expect(removed.endings.map(\.instance) == [InstanceID(2), InstanceID(3)])
        #expect(Self.route(&router, [Self.event(Self.swipe, "swipe", 3, .ended)]).isEmpty)
    }

    @Test func aRemovedDeviceIsForgottenAndWhoSawItIsNamed() throws {
        var router = Self.router()
        let front = router.connect(uid: 1000, groups: [], seats: router.decide(uid: 1000, groups: []).seats)
        let other = router.connect(uid: 1001, groups: [], seats: router.decide(uid: 1001, groups: []).seats)
        #expect(router.devices(visibleTo: router.client(front)!.seats) == [Self.screen])
        #expect(router.removeDevice(Self.otherSeat, exists: { _ in true }) == [other])
        #expect(router.devices(visibleTo: .all) == [Self.screen])
        #expect(!router.knows(Self.otherSeat))
    }

    /// Issue 34: a subscription with `consume` makes the gestures it covers consume, on the
    /// devices its client sees now; a paused client consumes nothing.
    @Test func consumingSubscriptionsCoverTheirGesturesOnTheSeatsTheirClientsSee() throws {
        var router = Self.router()
        let alice = router.connect(uid: 1000, groups: [], seats: router.decide(uid: 1000, groups: []).seats)
        let bob = router.connect(uid: 1001, groups: [], seats: router.decide(uid: 1001, groups: []).seats)
        let otherSwipe = BindingID(12)
        let bindings: [(id: BindingID, device: DeviceID, name: String, configured: Bool)] = [
            (Self.swipe, Self.screen, "swipe", true), (Self.tap, Self.screen, "tap", true), (otherSwipe, Self.otherSeat, "swipe", true),
        ]
        #expect(router.consumed(bindings).isEmpty)
        _ = try router.subscribe(
            SubscriptionRequest(gestures: ["swipe"], consume: true), for: alice, configured: Self.configuredNames, touchpadGestures: false,
            limits: .standard
        ).get()
        _ = try Self.subscribe(&router, bob, gestures: ["tap"]).get()
        #expect(router.consumed(bindings) == [Self.swipe], "her swipe on seat0 only: she does not see seat1, and Bob's tap does not consume")
        router.sessions = SeatSessions(active: ["seat0": 1001])
        let change = try #require(router.seatChanges().first { $0.client == alice })
        router.move(alice, to: change.new, live: [])
        #expect(router.consumed(bindings).isEmpty, "paused: the desktop gets the device back")
    }

    /// Issue 36: touch frames (`touches: true`) go only to clients that see the device's seat
    /// now — served, their user in front — since touches can show what was typed on a screen
    /// keyboard; a paused client gets none, and the hub builds none when nobody wants them.
    @Test func touchFramesGoOnlyToClientsInFrontOfTheirSeat() throws {
        var router = Self.router()
        #expect(!router.wantsTouches)
        let alice = router.connect(uid: 1000, groups: [], seats: router.decide(uid: 1000, groups: []).seats)
        let bob = router.connect(uid: 1001, groups: [], seats: router.decide(uid: 1001, groups: []).seats)
        let hers = try router.subscribe(
            SubscriptionRequest(gestures: ["swipe"], touches: true), for: alice, configured: Self.configuredNames, touchpadGestures: false,
            limits: .standard
        ).get()
        _ = try router.subscribe(
            SubscriptionRequest(gestures: ["swipe"], touches: true), for: bob, configured: Self.configuredNames, touchpadGestures: false,
            limits: .standard
        ).get()
        _ = try Self.subscribe(&router, alice, gestures: ["tap"]).get()
        #expect(router.wantsTouches)
        var takers: [(client: Int, subscription: Int64)] = []
        router.touchSubscribers(of: Self.screen, into: &takers)
        #expect(takers.map(\.client) == [alice] && takers.map(\.subscription) == [hers], "Bob is in front of seat1, not seat0")
        router.sessions = SeatSessions(active: ["seat0": 1002])
        for change in router.seatChanges() { router.move(change.client, to: change.new, live: []) }
        takers.removeAll()
        router.touchSubscribers(of: Self.screen, into: &takers)
        #expect(takers.isEmpty, "paused: no touches")
        #expect(!router.wantsTouches, "neither is in front of a seat: the hub builds no touch frames")
        _ = router.disconnect(bob)
        router.sessions = SeatSessions(active: ["seat0": 1000])
        for change in router.seatChanges() { router.move(change.client, to: change.new, live: []) }
        #expect(router.wantsTouches, "Alice in front again")
        _ = router.unsubscribe(hers, of: alice)
        #expect(!router.wantsTouches, "her touches unsubscribed; her tap takes none")
    }
}
