import Evdev
import Foundation
import GestureCore
import GestureDaemon
import GesturePipeline
import GestureRouting
import GestureWire
import NIOCore
import Testing

@Suite struct GestureHubTests {
    static let config = """
        version: 1
        gestures:
          - name: pan
            drag: { minimumDistance: 2 }
            state: translation
          - name: watch
            priority: simultaneous
            drag: { minimumDistance: 0 }
        """

    /// A finger that lands at x = 50 and moves `steps` × 5 mm right.
    func drag(_ rig: HubRig, steps: Int, lift: Bool) {
        rig.frame([(0, Point(x: 50, y: 50), .began)])
        for step in 1...steps { rig.frame([(0, Point(x: 50 + Double(step) * 5, y: 50), .moved)]) }
        if lift { rig.frame([(0, Point(x: 50 + Double(steps) * 5, y: 50), .ended)]) }
    }

    @Test func reloadKeepsAnUnchangedGestureInFlightAndFailsAChangedOne() throws {
        let rig = try HubRig(config: Self.config)
        let client = try rig.connect()
        rig.send(#"{"id": 1, "request": "subscribe"}"#, from: client)
        drag(rig, steps: 2, lift: false)
        let before = try rig.lines(client)
        #expect(HubRig.summary(before).suffix(2) == ["pan active", "watch active"])
        let panInstance = try #require(before.last { $0["gesture"]?.stringValue == "pan" }?["instance"])

        let changed = try GestureConfig.parse(Self.config.replacingOccurrences(of: "minimumDistance: 0", with: "minimumDistance: 1"), file: "new.yml")
        let kept = rig.hub.reload(changed, access: .everyone)
        #expect(kept == ["pan"])
        let reload = try rig.lines(client)
        #expect(HubRig.summary(reload) == ["watch failed(reconfigured)", "config-reloaded"])
        #expect(reload.last?["unchanged"] == .array([.string("pan")]))

        rig.frame([(0, Point(x: 65, y: 50), .moved)])
        rig.frame([(0, Point(x: 65, y: 50), .ended)])
        let rest = try rig.lines(client)
        #expect(HubRig.summary(rest) == ["pan active", "pan ended"])
        // The same instance as before the reload, still counting from the first touch.
        #expect(rest.first?["instance"] == panInstance)
        #expect(rest.first?["state"]?["x"] == .int(15))
    }

    /// A client's own gestures leave with it, and the next client's identical ones work on the
    /// same device (a gesture left behind would win the arena and silence them). Strokes as long
    /// as a real one, deadlines fired as `LiveInput` fires them: when they come due.
    @Test func aClientsOwnGestureWorksAfterAnEarlierClientsLeft() throws {
        let rig = try HubRig(config: GestureConfig.builtInYAML)
        let input = InputDouble()
        rig.hub.input = input
        func frame(_ x: Double, _ phase: TouchPhase) {
            if let deadline = input.deadlines.last ?? nil, deadline.microseconds <= rig.clock + 10_000 { rig.hub.advance(to: deadline) }
            rig.frame([(0, Point(x: x, y: 40), phase)])
        }
        let define = #"{"id": 1, "request": "subscribe", "define": [{"name": "mine", "drag": {"minimumDistance": 2}, "state": "translation"}]}"#
        for round in 1...3 {
            let client = try rig.connect()
            rig.send(define, from: client)
            frame(40, .began)
            for step in 1...30 { frame(40 + Double(step), .moved) }
            frame(70, .ended)
            rig.clock += 1_500_000
            rig.hub.advance(to: Timestamp(microseconds: rig.clock))
            #expect(HubRig.summary(try rig.lines(client)).suffix(1) == ["mine ended"], "client \(round)")
            rig.hub.disconnect(client)
        }
    }

    @Test func aVanishedDeviceFailsItsGesturesBeforeItIsAnnouncedGone() throws {
        let rig = try HubRig(config: Self.config)
        let client = try rig.connect()
        rig.send(#"{"id": 1, "request": "subscribe", "gestures": ["pan"]}"#, from: client)
        drag(rig, steps: 2, lift: false)
        _ = try rig.lines(client)
        rig.hub.removeDevice(DeviceID(1), at: Timestamp(microseconds: rig.clock + 5_000))
        let lines = try rig.lines(client)
        #expect(HubRig.summary(lines) == ["pan failed(deviceRemoved)", "device-removed"])
        // The published GestureState is reset in the failure itself.
        #expect(lines.first?["state"]?["x"] == .int(0))
    }

    @Test func theAccessListRefusesPeersItDoesNotName() throws {
        let rig = try HubRig(config: Self.config)
        rig.hub.access = ResolvedAccessList(restricted: true, uids: [1000], gids: [42])
        let stranger = try rig.connect(peer: PeerCredentials(pid: 7, uid: 2000, gid: 2000, groups: [2000]))
        let refusal = try rig.lines(stranger)
        #expect(refusal.first?["code"] == .string("forbidden"))
        #expect(!stranger.isActive)
        let member = try rig.connect(peer: PeerCredentials(pid: 8, uid: 3000, gid: 3000, groups: [3000, 42]))
        #expect(HubRig.summary(try rig.lines(member)) == ["hello"])
        let unknown = try rig.connect(peer: nil)
        #expect(try rig.lines(unknown).first?["code"] == .string("forbidden"))
    }

    @Test func touchpadGesturesGoOnlyToSubscriptionsThatAskForThem() throws {
        let rig = try HubRig(config: Self.config)
        let wants = try rig.connect()
        let plain = try rig.connect()
        rig.send(#"{"id": 1, "request": "subscribe", "touchpadGestures": true, "gestures": []}"#, from: wants)
        rig.send(#"{"id": 1, "request": "subscribe"}"#, from: plain)
        _ = try (rig.lines(wants), rig.lines(plain))
        rig.hub.publish(TouchpadGesture(
            device: DeviceID(1), time: Timestamp(microseconds: 2_000_000), kind: .swipe, stage: .update, fingers: 3,
            delta: Vector(dx: 1.5, dy: 0), scale: 1, angleDelta: 0, cancelled: false))
        let received = try rig.lines(wants)
        #expect(HubRig.summary(received) == ["touchpad-gesture"])
        #expect(received.first?["fingers"] == .int(3))
        #expect(received.first?["time"] == .int(1))
        #expect(try rig.lines(plain).isEmpty)
    }

    /// Live input has libinput read touchpads only while a subscription takes their gestures:
    /// the hub says when that changes — on subscribe, unsubscribe and disconnect — and only then.
    @Test func theTouchpadDemandFollowsTheSubscriptions() throws {
        let rig = try HubRig(config: Self.config)
        let told = InputDouble()
        rig.hub.input = told
        #expect(told.touchpadDemands == [false])
        let plain = try rig.connect()
        rig.send(#"{"id": 1, "request": "subscribe"}"#, from: plain)
        _ = try rig.lines(plain)
        #expect(told.touchpadDemands == [false])
        let wants = try rig.connect()
        rig.send(#"{"id": 1, "request": "subscribe", "touchpadGestures": true, "gestures": []}"#, from: wants)
        rig.send(#"{"id": 2, "request": "subscribe", "touchpadGestures": true, "gestures": []}"#, from: wants)
        _ = try rig.lines(wants)
        #expect(told.touchpadDemands == [false, true])
        rig.send(#"{"id": 3, "request": "unsubscribe", "subscription": 2}"#, from: wants)
        _ = try rig.lines(wants)
        #expect(told.touchpadDemands == [false, true])
        rig.hub.disconnect(wants)
        #expect(told.touchpadDemands == [false, true, false])
    }

    /// One clock (issue 63): a grabbed device's forwarder's deadline is the hub's deadline when
    /// it comes first, told the input once; when it fires, the input hears that time passed;
    /// a forwarder that holds nothing more leaves the engine's own deadline (none here).
    @Test func aForwardersDeadlineIsTheHubsOneClock() throws {
        let rig = try HubRig(config: Self.config)
        let input = InputDouble()
        rig.hub.input = input
        #expect(rig.hub.nextDeadline == nil)
        let due = Timestamp(microseconds: 1_300_000)
        rig.hub.setForwardingDeadline(due, of: DeviceID(1))
        rig.hub.setForwardingDeadline(Timestamp(microseconds: 1_500_000), of: DeviceID(2))
        #expect(rig.hub.nextDeadline == due && input.deadlines == [due], "the earliest, told once")
        rig.hub.advance(to: due)
        #expect(input.advanced == [due])
        rig.hub.setForwardingDeadline(nil, of: DeviceID(1))
        rig.hub.setForwardingDeadline(nil, of: DeviceID(2))
        #expect(rig.hub.nextDeadline == nil && input.deadlines.last == .some(nil))
    }
}
