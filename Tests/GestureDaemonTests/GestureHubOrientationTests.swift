import GestureCore
import GestureDaemon
import GesturePipeline
import GestureWire
import Testing

@Suite struct GestureHubOrientationTests {
    static func config(rotation: Int) -> String {
        """
        version: 1
        devices:
          - match: touchpad
            rotation: 180
          - match: [touchscreen]
            rotation: \(rotation)
        gestures:
          - name: pan
            drag: { minimumDistance: 2 }
            state: translation
        """
    }

    @Test func aTurnedPanelsFramesAreTurnedBeforeRecognition() throws {
        let rig = try HubRig(config: Self.config(rotation: 90))
        let client = try rig.connect()
        let hello = try rig.lines(client)
        guard case .array(let devices)? = hello.first?["devices"] else { Issue.record("no devices in hello"); return }
        let device = try #require(devices.first)
        #expect(device["size"]?["width"] == .int(100) && device["size"]?["height"] == .int(200), "sizes as the screen sees them")
        rig.send(#"{"id": 1, "request": "subscribe"}"#, from: client)
        _ = try rig.lines(client)
        rig.frame([(0, Point(x: 50, y: 50), .began)])
        rig.frame([(0, Point(x: 60, y: 50), .moved)])
        rig.frame([(0, Point(x: 60, y: 50), .ended)])
        let lines = try rig.lines(client)
        #expect(HubRig.summary(lines) == ["pan active", "pan ended"])
        // Right on the panel is down on the screen.
        #expect(lines.last?["value"]?["translation"]?["x"] == .int(0) && lines.last?["value"]?["translation"]?["y"] == .int(10))
    }

    @Test func turningAPanelByReloadFailsItsGesturesInFlight() throws {
        let rig = try HubRig(config: Self.config(rotation: 90))
        let client = try rig.connect()
        rig.send(#"{"id": 1, "request": "subscribe"}"#, from: client)
        _ = try rig.lines(client)
        rig.frame([(0, Point(x: 50, y: 50), .began)])
        rig.frame([(0, Point(x: 60, y: 50), .moved)])
        #expect(HubRig.summary(try rig.lines(client)) == ["pan active"])
        _ = rig.hub.reload(try GestureConfig.parse(Self.config(rotation: 270), file: "new.yml"), access: .everyone)
        let reload = try rig.lines(client)
        #expect(HubRig.summary(reload) == ["pan failed(reconfigured)", "device-changed", "config-reloaded"], "clients are told its new size")
        #expect(reload.first?["state"]?["x"] == .int(0) && reload.first?["state"]?["y"] == .int(0))
        #expect(reload.last?["unchanged"] == .array([.string("pan")]), "the binding itself did not change")
        // The next stroke is recognized on the newly turned surface: right is now up.
        rig.frame([(0, Point(x: 60, y: 50), .ended)])
        rig.frame([(1, Point(x: 50, y: 50), .began)])
        rig.frame([(1, Point(x: 60, y: 50), .moved)])
        rig.frame([(1, Point(x: 60, y: 50), .ended)])
        let after = try rig.lines(client)
        #expect(HubRig.summary(after) == ["pan active", "pan ended"])
        #expect(after.last?["value"]?["translation"]?["x"] == .int(0) && after.last?["value"]?["translation"]?["y"] == .int(-10))
        // An unchanged rotation keeps a gesture in flight.
        rig.frame([(2, Point(x: 50, y: 50), .began)])
        rig.frame([(2, Point(x: 60, y: 50), .moved)])
        _ = try rig.lines(client)
        _ = rig.hub.reload(try GestureConfig.parse(Self.config(rotation: 270), file: "same.yml"), access: .everyone)
        #expect(HubRig.summary(try rig.lines(client)) == ["config-reloaded"])
    }
}
