import GestureCore
import GestureDaemon
import GesturePipeline
import GestureRouting
import GestureWire
import NIOEmbedded
import Testing

/// Issue 34: which gestures consume — the configuration's `consume:`, and a subscription's
/// `consume` while its client is in front — set in the engine, and live input told when it
/// changed (it grabs and gives back devices by it).
@Suite struct GestureHubConsumptionTests {
    static let device = DeviceID(1)

    static func rig(_ config: String = GestureHubTests.config) throws -> (HubRig, changes: InputDouble) {
        let rig = try HubRig(config: config)
        rig.hub.access = ResolvedAccessList(policy: .activeSession, restricted: false, uids: [], gids: [])
        rig.hub.daemonUID = 990
        rig.hub.sessionsChanged(SeatSessions(active: ["seat0": 1000]))
        let changes = InputDouble()
        rig.hub.input = changes
        return (rig, changes)
    }

    @Test func aConsumingSubscriptionConsumesWhileItsUserIsInFront() throws {
        let (rig, changes) = try Self.rig()
        let alice = try rig.connect(peer: GestureHubSessionsTests.alice)
        #expect(!rig.hub.consumes(Self.device))
        rig.send(#"{"id": 1, "request": "subscribe", "gestures": ["pan"], "consume": true}"#, from: alice)
        #expect(HubRig.summary(try rig.lines(alice)) == ["hello"], "hello, then the reply")
        #expect(rig.hub.consumes(Self.device) && changes.consumptionChanges == 1)
        rig.hub.sessionsChanged(SeatSessions(active: ["seat0": 1001]))
        #expect(!rig.hub.consumes(Self.device) && changes.consumptionChanges == 2, "paused: her consumption ends")
        rig.hub.sessionsChanged(SeatSessions(active: ["seat0": 1000]))
        #expect(rig.hub.consumes(Self.device) && changes.consumptionChanges == 3)
        rig.send(#"{"id": 2, "request": "unsubscribe", "subscription": 1}"#, from: alice)
        #expect(!rig.hub.consumes(Self.device) && changes.consumptionChanges == 4)
    }

    /// The consumption of a client's own gestures ends when it goes, however it goes.
    @Test func aClientsOwnGestureConsumesUntilItDisconnects() throws {
        let (rig, _) = try Self.rig()
        let alice = try rig.connect(peer: GestureHubSessionsTests.alice)
        rig.send(#"{"id": 1, "request": "subscribe", "define": [{"name": "mine", "edgeSwipe": {"edge": "left"}}], "consume": true}"#, from: alice)
        #expect(HubRig.summary(try rig.lines(alice)) == ["hello"], "hello, then the reply")
        #expect(rig.hub.consumes(Self.device))
        // The edge swipe holds a touch at the edge, not one in the middle.
        rig.frame([(0, Point(x: 1, y: 50), .began)])
        #expect(rig.hub.verdict(forContact: 0, on: Self.device) == .hold)
        rig.frame([(0, Point(x: 1, y: 50), .ended)])
        rig.frame([(1, Point(x: 100, y: 50), .began)])
        #expect(rig.hub.verdict(forContact: 1, on: Self.device) == .forward)
        rig.frame([(1, Point(x: 100, y: 50), .ended)])
        rig.hub.disconnect(alice)
        #expect(!rig.hub.consumes(Self.device))
    }

    /// The configuration's `consume:` needs no client; a subscription without `consume` adds none.
    @Test func theConfigurationConsumesOnItsOwn() throws {
        let config = """
            version: 1
            gestures:
              - name: pan
                drag: { minimumDistance: 2 }
                consume: true
              - name: watch
                drag: { minimumDistance: 0 }
            """
        let (rig, _) = try Self.rig(config)
        #expect(rig.hub.consumes(Self.device))
        let alice = try rig.connect(peer: GestureHubSessionsTests.alice)
        rig.send(#"{"id": 1, "request": "subscribe", "gestures": ["watch"]}"#, from: alice)
        _ = try rig.lines(alice)
        rig.hub.sessionsChanged(SeatSessions(active: ["seat0": 1001]))
        #expect(rig.hub.consumes(Self.device), "the configuration's does not follow a client's session")
    }
}
