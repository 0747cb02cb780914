import GestureCore
import GestureWire
import Testing

/// The `screens` request (issue 65): how a session says its screens are turned, what is wrong
/// with a report said plainly, and which screen a touchscreen follows.
@Suite struct ScreenReportTests {
    func message(_ line: String) -> String? {
        guard case .failure(let failure) = RequestParser.parse(line) else { return nil }
        return failure.error.message
    }

    @Test func readsAReportAndWritesItBack() throws {
        let request = try RequestParser.parse(
            #"{"id": 5, "request": "screens", "source": "wayland", "screens": [{"output": "DSI-1", "rotation": 90, "builtIn": true}, {"output": "HDMI-A-1", "rotation": 0}]}"#
        ).get()
        let report = ScreenReport(source: "wayland", screens: [
            .init(output: "DSI-1", rotation: .clockwise90, builtIn: true), .init(output: "HDMI-A-1", rotation: .none),
        ])
        #expect(request.command == .screens(report))
        // What a client sends is what it reads back.
        #expect(request.json.serialized == #"{"id":5,"request":"screens","source":"wayland","screens":[{"output":"DSI-1","rotation":90,"builtIn":true},{"output":"HDMI-A-1","rotation":0}]}"#)
        let again = try RequestParser.parse(request.json.serialized).get()
        #expect(again == request)
    }

    @Test func whatIsWrongIsSaid() {
        #expect(message(#"{"request": "screens", "screens": []}"#) == #""source" must be a name of 1 to 100 characters with no control character"#)
        #expect(message(#"{"request": "screens", "source": "x"}"#)?.hasPrefix(#"screens needs "screens": a list like"#) == true)
        #expect(message(#"{"request": "screens", "source": "x", "screens": [{"output": "A", "rotation": 45}]}"#)
            == "screens[0].rotation must be 0, 90, 180 or 270 (degrees clockwise)")
        #expect(message(#"{"request": "screens", "source": "x", "screens": [{"output": "", "rotation": 0}]}"#)
            == "screens[0].output must be a name of 1 to 100 characters with no control character")
        #expect(message(#"{"request": "screens", "source": "x", "screens": [{"output": "A", "rotation": 0, "flip": true}]}"#)
            == #"screens[0] has no field "flip"; its fields are "output", "rotation", "builtIn""#)
        #expect(message(#"{"request": "screens", "source": "x", "screens": [{"output": "A", "rotation": 0, "builtIn": 1}]}"#)
            == "screens[0].builtIn must be true or false")
        #expect(message(#"{"request": "screens", "source": "x", "screens": [{"output": "A", "rotation": 0}, {"output": "A", "rotation": 90}]}"#)
            == #"screens[1]: output "A" is listed twice"#)
        let many = (0...16).map { #"{"output": "O\#($0)", "rotation": 0}"# }.joined(separator: ",")
        #expect(message(#"{"request": "screens", "source": "x", "screens": [\#(many)]}"#) == "at most 16 screens in one report")
    }

    @Test func aTouchscreenFollowsItsOutputOrTheBuiltInScreen() {
        let laptop = ScreenReport(source: "wayland", screens: [
            .init(output: "HDMI-A-1", rotation: .none), .init(output: "eDP-1", rotation: .clockwise180, builtIn: true),
        ])
        #expect(FollowedScreen().screen(in: laptop)?.output == "eDP-1")
        #expect(FollowedScreen(output: "HDMI-A-1").screen(in: laptop)?.rotation == SurfaceRotation.none)
        #expect(FollowedScreen(output: "DP-9").screen(in: laptop) == nil)
        // No screen said to be built in: the only one there is, else none.
        let one = ScreenReport(source: "gesturectl", screens: [.init(output: "HEADLESS-1", rotation: .clockwise90)])
        #expect(FollowedScreen().screen(in: one)?.output == "HEADLESS-1")
        let two = ScreenReport(source: "x", screens: [.init(output: "A", rotation: .none), .init(output: "B", rotation: .none)])
        #expect(FollowedScreen().screen(in: two) == nil)
    }

    @Test func anOrientationIsWrittenAndReadAndSaid() {
        let followed = DeviceOrientation(rotation: .clockwise270, follows: FollowedScreen(), setBy: .init(source: "wayland", output: "HEADLESS-1"))
        #expect(followed.json?.serialized == #"{"rotation":270,"follows":true,"setBy":"wayland","screen":"HEADLESS-1"}"#)
        #expect(DeviceOrientation(json: followed.json) == followed)
        #expect(followed.text == "turned 270° by wayland (HEADLESS-1), following the built-in screen")
        let mounted = DeviceOrientation(rotation: .clockwise90)
        #expect(mounted.json?.serialized == #"{"rotation":90,"setBy":"configuration"}"#)
        #expect(mounted.text == "turned 90° (configuration)")
        #expect(DeviceOrientation(rotation: .none).json == nil, "a device neither turned nor following says nothing")
        #expect(DeviceOrientation(rotation: .none, follows: FollowedScreen(output: "DSI-1")).text
            == "not turned (nobody has said how its screen is turned yet), following output DSI-1")
    }
}
