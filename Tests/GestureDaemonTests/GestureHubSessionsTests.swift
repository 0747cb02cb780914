import GestureCore
import GestureDaemon
import GesturePipeline
import GestureRouting
import GestureWire
import NIOEmbedded
import Testing

/// Only the user in front of the seat gets its touches: a session switch pauses a client (its
/// instances in flight fail with `sessionInactive`, once) and switching back resumes it with a
/// snapshot, over embedded channels with time passed in.
@Suite struct GestureHubSessionsTests {
    static let alice = PeerCredentials(pid: 10, uid: 1000, gid: 1000, groups: [1000])
    static let bob = PeerCredentials(pid: 11, uid: 1001, gid: 1001, groups: [1001])
    static let root = PeerCredentials(pid: 12, uid: 0, gid: 0, groups: [0])

    static func rig() throws -> HubRig {
        let rig = try HubRig(config: GestureHubTests.config)
        rig.hub.access = ResolvedAccessList(policy: .activeSession, restricted: false, uids: [], gids: [])
        rig.hub.daemonUID = 990
        rig.hub.sessionsChanged(SeatSessions(active: ["seat0": 1000]))
        return rig
    }

    /// The summary with repeated `active` updates of one gesture said once.
    static func story(_ rig: HubRig, _ channel: EmbeddedChannel) throws -> [String] {
        HubRig.summary(try rig.lines(channel)).reduce(into: []) { story, line in if story.last != line { story.append(line) } }
    }

    static let subscribePan = #"{"id": 1, "request": "subscribe", "gestures": ["pan"]}"#

    @Test func onlyTheActiveUserIsServedAndAnInactiveOneIsToldWhy() throws {
        let rig = try Self.rig()
        let alice = try rig.connect(peer: Self.alice)
        #expect(HubRig.summary(try rig.lines(alice)) == ["hello"])
        let bob = try rig.connect(peer: Self.bob)
        let refusal = try rig.lines(bob)
        #expect(refusal.first?["code"] == "forbidden")
        #expect(refusal.first?["message"]?.stringValue?.contains("uid 1001 has no active session") == true)
        #expect(!bob.isActive)
        let root = try rig.connect(peer: Self.root)
        #expect(HubRig.summary(try rig.lines(root)) == ["hello"])
    }

    @Test func aSwitchPausesInFlightOnceAndSwitchingBackResumesWithASnapshot() throws {
        let rig = try Self.rig()
        let alice = try rig.connect(peer: Self.alice)
        let root = try rig.connect(peer: Self.root)
        rig.send(Self.subscribePan, from: alice)
        rig.send(Self.subscribePan, from: root)
        _ = try (rig.lines(alice), rig.lines(root))
        // A pan in flight when bob's session becomes the active one.
        rig.frame([(0, Point(x: 50, y: 50), .began)])
        rig.frame([(0, Point(x: 60, y: 50), .moved)])
        #expect(HubRig.summary(try rig.lines(alice)) == ["pan active"])
        _ = try rig.lines(root)
        rig.hub.sessionsChanged(SeatSessions(active: ["seat0": 1001]))
        let paused = try rig.lines(alice)
        #expect(HubRig.summary(paused) == ["pan failed(sessionInactive)", "paused"])
        // The failure resets the published state, as every failure does.
        #expect(paused.first?["state"]?["x"] == .int(0))
        #expect(paused.last?["reason"] == "sessionInactive")
        #expect(paused.last?["message"]?.stringValue?.contains("uid 1000 has no active session") == true)
        // Root still sees the pan going on; alice sees nothing more of it, nor of a new one.
        rig.frame([(0, Point(x: 70, y: 50), .moved)])
        #expect(HubRig.summary(try rig.lines(root)) == ["pan active"])
        #expect(try rig.lines(alice).isEmpty)
        // Back to alice while that same pan goes on: resumed, and no second story of it.
        rig.hub.sessionsChanged(SeatSessions(active: ["seat0": 1000]))
        let resumed = try rig.lines(alice)
        #expect(HubRig.summary(resumed) == ["resumed"])
        #expect(resumed.first?["devices"]?.arrayValue?.count == 1)
        rig.frame([(0, Point(x: 80, y: 50), .moved)])
        rig.frame([(0, Point(x: 80, y: 50), .ended)])
        #expect(try rig.lines(alice).isEmpty)
        #expect(HubRig.summary(try rig.lines(root)) == ["pan active", "pan ended"])
        // The next pan is hers again, from its start.
        rig.frame([(1, Point(x: 50, y: 50), .began)])
        rig.frame([(1, Point(x: 60, y: 50), .moved)])
        #expect(HubRig.summary(try rig.lines(alice)) == ["pan active"])
    }

    @Test func resumingBringsWhatStartedWhilePausedAsSnapshots() throws {
        let rig = try Self.rig()
        let alice = try rig.connect(peer: Self.alice)
        rig.send(Self.subscribePan, from: alice)
        _ = try rig.lines(alice)
        rig.hub.sessionsChanged(SeatSessions(active: [:]))  // a greeter between users: nobody in front
        #expect(HubRig.summary(try rig.lines(alice)) == ["paused"])
        rig.frame([(0, Point(x: 50, y: 50), .began)])
        rig.frame([(0, Point(x: 60, y: 50), .moved)])
        #expect(try rig.lines(alice).isEmpty)
        rig.hub.sessionsChanged(SeatSessions(active: ["seat0": 1000]))
        let resumed = try rig.lines(alice)
        #expect(HubRig.summary(resumed) == ["resumed", "pan active"])
        #expect(resumed.last?["snapshot"] == .bool(true))
        rig.frame([(0, Point(x: 60, y: 50), .ended)])
        #expect(HubRig.summary(try rig.lines(alice)) == ["pan ended"])
    }

    /// A high-priority shield defined by a client blocks the seat's other gestures only while
    /// its owner is in front: paused, its definition is detached (failing for real).
    @Test func aPausedClientsShieldStopsBlockingOthers() throws {
        let rig = try Self.rig()
        let alice = try rig.connect(peer: Self.alice)
        let root = try rig.connect(peer: Self.root)
        rig.send(#"{"id": 1, "request": "subscribe", "define": [{"name": "shield", "priority": "high", "drag": {"minimumDistance": 0}}]}"#, from: alice)
        rig.send(Self.subscribePan, from: root)
        _ = try (rig.lines(alice), rig.lines(root))
        rig.frame([(0, Point(x: 50, y: 50), .began)])
        rig.frame([(0, Point(x: 60, y: 50), .moved)])
        rig.frame([(0, Point(x: 60, y: 50), .ended)])
        #expect(try Self.story(rig, alice) == ["shield active", "shield ended"])
        #expect(try rig.lines(root).isEmpty)
        rig.hub.sessionsChanged(SeatSessions(active: ["seat0": 1001]))
        #expect(HubRig.summary(try rig.lines(alice)) == ["paused"])
        rig.frame([(1, Point(x: 50, y: 50), .began)])
        rig.frame([(1, Point(x: 60, y: 50), .moved)])
        rig.frame([(1, Point(x: 60, y: 50), .ended)])
        #expect(HubRig.summary(try rig.lines(root)) == ["pan active", "pan ended"])
        #expect(try rig.lines(alice).isEmpty)
        // In front again: the shield is back, and blocks again.
        rig.hub.sessionsChanged(SeatSessions(active: ["seat0": 1000]))
        #expect(HubRig.summary(try rig.lines(alice)) == ["resumed"])
        rig.frame([(2, Point(x: 50, y: 50), .began)])
        rig.frame([(2, Point(x: 60, y: 50), .moved)])
        #expect(try Self.story(rig, alice) == ["shield active"])
        #expect(try rig.lines(root).isEmpty)
    }

    @Test func aShieldInFlightFailsForItsOwnerWhenPaused() throws {
        let rig = try Self.rig()
        let alice = try rig.connect(peer: Self.alice)
        rig.send(#"{"id": 1, "request": "subscribe", "define": [{"name": "shield", "priority": "high", "drag": {"minimumDistance": 0}}]}"#, from: alice)
        _ = try rig.lines(alice)
        rig.frame([(0, Point(x: 50, y: 50), .began)])
        rig.frame([(0, Point(x: 55, y: 50), .moved)])
        #expect(try Self.story(rig, alice) == ["shield active"])
        rig.hub.sessionsChanged(SeatSessions(active: ["seat0": 1001]))
        #expect(HubRig.summary(try rig.lines(alice)) == ["shield failed(sessionInactive)", "paused"])
    }

    @Test func devicesOfAnotherSeatAreNotSeen() throws {
        let rig = try Self.rig()
        rig.hub.addDevice(DeviceID(2), description: HubRig.screen, seat: "seat1")
        let alice = try rig.connect(peer: Self.alice)
        let hello = try rig.lines(alice)
        #expect(hello.first?["devices"]?.arrayValue?.compactMap { $0["id"]?.intValue } == [1])
        rig.hub.addDevice(DeviceID(3), description: HubRig.screen, seat: "seat1")
        #expect(try rig.lines(alice).isEmpty)
        // Alice now in front of seat1 as well: its devices come as device-added.
        rig.hub.sessionsChanged(SeatSessions(active: ["seat0": 1000, "seat1": 1000]))
        #expect(HubRig.summary(try rig.lines(alice)) == ["device-added", "device-added"])
        rig.hub.sessionsChanged(SeatSessions(active: ["seat0": 1000]))
        #expect(HubRig.summary(try rig.lines(alice)) == ["device-removed", "device-removed"])
    }
}
