import Evdev
import GestureCore
import GestureDaemon
import GesturePipeline
import GestureRouting
import GestureWire
import NIOEmbedded
import Testing

/// `record` and `trace` on the hub, over embedded channels: raw events only from a whole frame
/// on and only for the user in front; traces before the events of their round, only of the
/// gestures a subscription covers.
@Suite struct GestureHubRecordingTests {
    static func event(_ us: Int64, _ type: UInt16, _ code: UInt16, _ value: Int32) -> InputEvent {
        InputEvent(time: Timestamp(microseconds: us), type: type, code: code, value: value)
    }

    static let record = #"{"id": 5, "request": "record", "device": 1}"#

    @Test func aDeviceIsRecordedFromAWholeFrameForTheUserInFront() throws {
        let rig = try GestureHubSessionsTests.rig()
        let input = InputDouble()
        rig.hub.input = input
        let alice = try rig.connect(peer: GestureHubSessionsTests.alice)
        _ = try rig.lines(alice)
        // No input source that hands over raw events: refused, with the reason.
        rig.send(Self.record, from: alice)
        #expect(try rig.lines(alice).first?["error"]?["message"]?.stringValue == "Rig Touchscreen is read through libinput, which gives no raw events to record")
        input.udev = ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"]
        rig.send(#"{"id": 6, "request": "record", "device": 9}"#, from: alice)
        #expect(try rig.lines(alice).first?["error"]?["message"]?.stringValue == "no device 9; gesturectl devices lists them")
        rig.send(Self.record, from: alice)
        let reply = try rig.lines(alice)
        #expect(reply.first?["ok"] == .bool(true))
        let described = try #require(reply.first?["device"].flatMap(DeviceDescriptionJSON.description))
        #expect(described.description == HubRig.screen && described.udev == ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"])
        #expect(input.recordings == [true] && rig.hub.isRecording(DeviceID(1)))
        // Begun in the middle of a frame: its rest is left out.
        rig.hub.recorded(DeviceID(1), [Self.event(1_000_001, 3, 53, 5), Self.event(1_000_001, 0, 0, 0), Self.event(1_010_002, 3, 53, 6)], startsFrame: false)
        rig.hub.recorded(DeviceID(1), [Self.event(1_010_002, 0, 0, 0)], startsFrame: false)
        let recorded = try rig.lines(alice)
        #expect(recorded.map { $0["event"] } == [.string("recorded"), .string("recorded")])
        #expect(recorded.flatMap { RecordedEventsJSON.events($0) } == [Self.event(1_010_002, 3, 53, 6), Self.event(1_010_002, 0, 0, 0)])
        // Another user in front: nothing for alice, who is paused.
        rig.hub.sessionsChanged(SeatSessions(active: ["seat0": 1001]))
        _ = try rig.lines(alice)
        rig.hub.recorded(DeviceID(1), [Self.event(1_020_000, 0, 0, 0)], startsFrame: true)
        #expect(try rig.lines(alice).isEmpty)
        rig.hub.sessionsChanged(SeatSessions(active: ["seat0": 1000]))
        _ = try rig.lines(alice)
        rig.send(#"{"id": 7, "request": "stop-record", "device": 1}"#, from: alice)
        #expect(try rig.lines(alice).first?["ok"] == .bool(true))
        #expect(input.recordings == [true, false] && !rig.hub.isRecording(DeviceID(1)))
        rig.send(#"{"id": 8, "request": "stop-record", "device": 1}"#, from: alice)
        #expect(try rig.lines(alice).first?["error"]?["message"]?.stringValue == "device 1 is not being recorded on this connection")
    }

    @Test func aClientThatLeavesStopsItsRecording() throws {
        let rig = try GestureHubSessionsTests.rig()
        let input = InputDouble()
        input.udev = []
        rig.hub.input = input
        let alice = try rig.connect(peer: GestureHubSessionsTests.alice)
        rig.send(Self.record, from: alice)
        #expect(rig.hub.subscriptionCount == 1)
        rig.hub.disconnect(alice)
        #expect(input.recordings == [true, false] && rig.hub.subscriptionCount == 0)
    }

    @Test func tracesComeBeforeTheirRoundsEventsAndOnlyOfCoveredGestures() throws {
        let rig = try GestureHubSessionsTests.rig()
        let alice = try rig.connect(peer: GestureHubSessionsTests.alice)
        rig.send(#"{"id": 1, "request": "subscribe", "gestures": ["pan"], "trace": true}"#, from: alice)
        _ = try rig.lines(alice)
        rig.frame([(1, Point(x: 50, y: 50), .began)])
        rig.frame([(1, Point(x: 55, y: 50), .moved)])
        let lines = try rig.lines(alice)
        let summary = HubRig.summary(lines)
        #expect(summary.first == "trace" && summary.contains("pan active"))
        let traced = lines.filter { $0["event"]?.stringValue == "trace" }.flatMap { $0["entries"]?.arrayValue ?? [] }
        #expect(Set(traced.compactMap { $0["gesture"]?.stringValue }) == ["pan"])
        #expect(traced.compactMap { $0["arena"]?.stringValue } == ["joined", "accepted"])
        // The won arena is traced before the activation it allows.
        #expect(summary.firstIndex(of: "pan active")! > summary.lastIndex(of: "trace")!)
        // Without a trace subscription the engine keeps none.
        rig.send(#"{"id": 2, "request": "unsubscribe", "subscription": 1}"#, from: alice)
        #expect(!rig.hub.tracing)
    }
}
