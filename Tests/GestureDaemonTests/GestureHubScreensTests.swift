import GestureCore
import GestureDaemon
import GesturePipeline
import GestureRouting
import GestureWire
import NIOEmbedded
import Testing

/// A screen that turns (issue 65), through the hub: the session in front says how its screens
/// are turned (`screens`), the touchscreen that follows its screen turns at once — a pan in
/// flight fails with `rotated`, every client that sees the device is told its new size
/// (`device-changed`), the next stroke is read the new way — and a client whose user is not in
/// front is refused. A reload keeps the rotation the session gave.
@Suite struct GestureHubScreensTests {
    static let config = GestureHubTests.config + """

        devices:
          - match: touchscreen
            rotation: follow
        """

    static let quarterTurn = #"{"id": 2, "request": "screens", "source": "sway", "screens": [{"output": "eDP-1", "rotation": 90, "builtIn": true}, {"output": "HDMI-A-1", "rotation": 0}]}"#

    static func rig() throws -> HubRig {
        let rig = try HubRig(config: config)
        rig.hub.access = ResolvedAccessList(policy: .activeSession, restricted: false, uids: [], gids: [])
        rig.hub.daemonUID = 990
        rig.hub.sessionsChanged(SeatSessions(active: ["seat0": 1000]))
        return rig
    }

    @Test func theSessionInFrontTurnsTheTouchscreenThatFollowsItsScreen() throws {
        let rig = try Self.rig()
        let alice = try rig.connect(peer: GestureHubSessionsTests.alice)
        let hello = try rig.lines(alice)
        // Before anyone says: as mounted, following the built-in screen.
        #expect(hello.first?["devices"]?.arrayValue?.first?["orientation"]?.serialized == #"{"rotation":0,"follows":true,"setBy":"configuration"}"#)
        rig.send(GestureHubSessionsTests.subscribePan, from: alice)
        _ = try rig.lines(alice)
        // A pan in flight across the turn.
        rig.frame([(0, Point(x: 50, y: 50), .began)])
        rig.frame([(0, Point(x: 60, y: 50), .moved)])
        #expect(HubRig.summary(try rig.lines(alice)) == ["pan active"])
        rig.send(Self.quarterTurn, from: alice)
        let turn = try rig.lines(alice)
        #expect(HubRig.summary(turn) == ["pan failed(rotated)", "device-changed"])
        let changed = try #require(turn.first { $0["event"] == "device-changed" }?["device"])
        #expect(changed["size"]?.serialized == #"{"width":100,"height":200,"estimated":false}"#)
        #expect(changed["orientation"]?.serialized == #"{"rotation":90,"follows":true,"setBy":"sway","screen":"eDP-1"}"#)
        let reply = try #require(turn.last)
        #expect(reply["id"] == .int(2))
        #expect(reply["following"] == .array([.int(1)]))
        #expect(reply["turned"] == .array([.int(1)]))
        rig.frame([(0, Point(x: 60, y: 50), .ended)])
        _ = try rig.lines(alice)
        // The same stroke on the panel, rightwards, is now downwards on the screen.
        rig.frame([(1, Point(x: 50, y: 50), .began)])
        rig.frame([(1, Point(x: 60, y: 50), .moved)])
        let moved = try rig.lines(alice)
        #expect(moved.last?["value"]?["translation"]?.serialized == #"{"x":0,"y":10}"#, "\(moved.map(\.serialized))")
        // Said again, the same: nothing turns, nothing fails.
        rig.send(Self.quarterTurn, from: alice)
        let again = try rig.lines(alice)
        #expect(HubRig.summary(again).isEmpty)
        #expect(again.last?["turned"] == .array([]))
    }

    @Test func aClientWhoseUserIsNotInFrontIsRefused() throws {
        let rig = try Self.rig()
        let alice = try rig.connect(peer: GestureHubSessionsTests.alice)
        _ = try rig.lines(alice)
        // Bob's session comes to the front: alice is paused, and may not turn his screen.
        rig.hub.sessionsChanged(SeatSessions(active: ["seat0": 1001]))
        _ = try rig.lines(alice)
        rig.send(Self.quarterTurn, from: alice)
        let lines = try rig.lines(alice)
        let refusal = try #require(lines.last)
        #expect(refusal["error"]?["code"] == "forbidden")
        #expect(refusal["error"]?["message"]?.stringValue?.contains("only the user in front of a seat says how its screens are turned") == true)
        let root = try rig.connect(peer: GestureHubSessionsTests.root)
        let hello = try rig.lines(root)
        #expect(hello.first?["devices"]?.arrayValue?.first?["orientation"]?["rotation"] == .int(0))
    }

    @Test func aReloadKeepsTheRotationTheSessionGaveAndANewDeviceTakesIt() throws {
        let rig = try Self.rig()
        let alice = try rig.connect(peer: GestureHubSessionsTests.alice)
        rig.send(Self.quarterTurn, from: alice)
        _ = try rig.lines(alice)
        rig.hub.reload(rig.hub.config, access: rig.hub.access)
        let reload = try rig.lines(alice)
        #expect(HubRig.summary(reload) == ["config-reloaded"], "a reload does not turn it back to the file's")
        // A second panel plugged in later turns as the screen is.
        rig.hub.addDevice(DeviceID(2), description: HubRig.screen)
        let plugged = try rig.lines(alice)
        let added = try #require(plugged.first { $0["event"] == "device-added" }?["device"])
        #expect(added["orientation"]?["rotation"] == .int(90))
        #expect(added["orientation"]?["setBy"] == "sway")
        // A configuration that stops following turns it back to the file's rotation, and says so.
        let fixed = try GestureConfig.parse(Self.config.replacingOccurrences(of: "rotation: follow", with: "rotation: 180"), file: "fixed.yml")
        rig.hub.reload(fixed, access: rig.hub.access)
        let changes = try rig.lines(alice).filter { $0["event"] == "device-changed" }
        #expect(changes.map { $0["device"]?["orientation"]?.serialized } == Array(repeating: #"{"rotation":180,"setBy":"configuration"}"#, count: 2))
    }
}
