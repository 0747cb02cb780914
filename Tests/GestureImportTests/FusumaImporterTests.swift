import Evdev
import GestureActions
import GestureImport
import GesturePipeline
import GestureWire
import Testing
import YAML

/// Every gesture, direction, phase and property fusuma documents, in Fixtures/imports/fusuma.yml,
/// maps to the expected actions or to an explained skip.
@Suite struct FusumaImporterTests {
    static let items = try! FusumaImporter.read(ImportSample.text("fusuma.yml"))

    static func define(_ kind: String, _ parameters: [(String, JSONValue)] = []) -> JSONValue {
        .object([(kind, .object(parameters)), ("priority", "simultaneous")])
    }

    @Test func oneshotCommandsBecomeGesturesWithTheirThresholds() {
        let items = Self.items
        // A direction's own threshold (0.5) wins over the global one (0.8): 15 mm × 0.5.
        #expect(items.actions(6) == [ActionSpec(
            gesture: "fusuma-swipe-left-3", definition: Self.define("swipe", [("fingers", .int(3)), ("direction", "left"), ("minimumDistance", .number(7.5))]),
            command: .input(ActionInput(keys: ["alt+Right"])))])
        #expect(items.note(6).contains("typed by gestured's virtual keyboard instead of xdotool"))
        #expect(items.actions(9).first?.definition?["swipe"]?["minimumDistance"] == .number(12))
        #expect(items.note(9).contains("interval has no equivalent"))
        // Pinches run as fusuma's one-shot (issue 62: they stepped every 0.25 × threshold of
        // scale, 4 to 40 times a pinch where fusuma ran once or twice): once the zoom is 1.3 ×
        // the threshold as a ratio one way (0.4 × 1.3 < 1: at once, past the pinch's own 5 %;
        // 2 × 1.3: 1.6 of scale out), then every 0.3 s × interval while it goes on.
        #expect(items.actions(35) == [ActionSpec(
            gesture: "fusuma-pinch-in", definition: Self.define("magnify", [("direction", "in"), ("minimumScaleDelta", .number(0.05))]),
            trigger: .held(interval: 0.3), command: .shell("xdotool keydown ctrl click 4 keyup ctrl"))])
        #expect(items.actions(37).first?.definition?["magnify"]?["minimumScaleDelta"] == .number(1.6))
        #expect(items.actions(37).first?.command == .shell("xdotool keydown ctrl click 5 keyup ctrl"))
        // An invalid global threshold is said once; the rotations keep fusuma's default (30°).
        #expect(items.reason(71).contains("expected a number from 0 to 10"))
        #expect(items.actions(47).first?.trigger == .update(ActionStep(.angle, size: 30)))
        #expect(items.actions(47).first?.command == .shell("brightnessctl set +5%"))
        #expect(items.actions(49).first?.back == .shell("brightnessctl set 5%-"))
        // A hold's command: a long press of 0.7 s × 2, run when it is recognized (a long press
        // ends then; `on: began` never ran: issue 21, item 2).
        #expect(items.actions(54) == [ActionSpec(
            gesture: "fusuma-press-4", definition: Self.define("longPress", [("minimumDuration", .number(1.4)), ("fingers", .int(4))]), trigger: .ended,
            command: .input(ActionInput(keys: ["super"])))])
    }

    /// Issue 21: fusuma's README writes `pinch:` with no finger count; the import dropped it as
    /// "pinch has 2 to 4 fingers". Issue 62: fusuma runs it for a pinch of any count (its one-shot
    /// looks the count up as skippable; the parity harness saw a four-finger pinch run it), less
    /// a count with an entry of its own.
    @Test func aPinchWithoutAFingerCountIsEveryCountWithoutItsOwn() throws {
        let items = try FusumaImporter.read("""
            pinch:
              in:
                command: "xdotool keydown ctrl click 4 keyup ctrl"
              out:
                command: "xdotool keydown ctrl click 5 keyup ctrl"
            rotate:
              begin:
                command: notify-send turning
            """)
        #expect(items.actions(3).first?.command == .shell("xdotool keydown ctrl click 4 keyup ctrl"))
        #expect(items.actions(5).first?.command == .shell("xdotool keydown ctrl click 5 keyup ctrl"))
        #expect(items.actions(3).first?.trigger == .held(interval: FusumaImporter.oneshotInterval))
        #expect(items.actions(3).map(\.gesture) == ["fusuma-pinch-in", "fusuma-pinch-in-3", "fusuma-pinch-in-4"])
        #expect(items.note(3).contains("for 2, 3, 4 fingers"))
        let counted = try FusumaImporter.read("pinch:\n  in:\n    command: a\n  4:\n    in:\n      command: b\n")
        #expect(counted.actions(3).map(\.gesture) == ["fusuma-pinch-in", "fusuma-pinch-in-3"])
        #expect(counted.actions(6).map(\.gesture) == ["fusuma-pinch-in-4"])
        #expect(items.actions(8).first?.trigger == .began)
    }

    /// Issue 21: fusuma takes a threshold of 0 (at once); the import refused it and used a default.
    @Test func aThresholdOfZeroIsTaken() throws {
        let items = try FusumaImporter.read("swipe:\n  3:\n    left:\n      command: next\n      threshold: 0\nhold:\n  2:\n    command: held\n    threshold: 0\n")
        #expect(items.actions(4).first?.definition?["swipe"]?["minimumDistance"] == .number(0))
        #expect(items.actions(8).first?.definition?["longPress"]?["minimumDuration"] == .number(0.01))
        #expect(try ActionsFile.parse(ActionsWriter.render(items, origin: "x"), file: "x").actions.count == 2)
    }

    @Test func phasesRunAsTheFingersStartMoveAndStop() {
        let items = Self.items
        let drag = Self.define("drag", [("fingers", .int(4))])
        // Alt+Tab as fusuma's wiki writes it: alt down at begin:, held by gestured until the
        // gesture ends or fails, Tab typed once; the keyup at end: is gestured's own.
        #expect(items.actions(18) == [
            ActionSpec(gesture: "fusuma-swipe-4", definition: drag, trigger: .began, command: .input(ActionInput(keys: ["alt"]))),
            ActionSpec(gesture: "fusuma-swipe-4", definition: drag, trigger: .began, command: .input(ActionInput(keys: ["Tab"], hold: false))),
        ])
        #expect(items.actions(20).first?.trigger == .update(ActionStep(.distance(axis: nil), size: FusumaImporter.updateDistance)))
        #expect(items.actions(20).first?.back == nil)
        #expect(items.actions(20).first?.command == .input(ActionInput(keys: ["Tab"])))
        #expect(items.actions(23).isEmpty && items.note(23).contains("gestured lets go of alt by itself when the gesture ends or fails"))
        // Another end: runs when the gesture fails too, as fusuma ran end: for every gesture that began.
        #expect(items.actions(28).map(\.trigger) == [.ended, .failed])
        // A direction's update steps along its axis; left is backward.
        #expect(items.actions(26).first?.trigger == .update(ActionStep(.distance(axis: .x), size: 5)))
        #expect(items.actions(26).first?.back == .input(ActionInput(keys: ["Left"])) && items.actions(26).first?.command == nil)
        #expect(items.note(28).contains("whichever way"))
        // A pinch's update without a direction: every step, either way.
        #expect(items.actions(40).first?.command == items.actions(40).first?.back)
        #expect(items.actions(51).first?.trigger == .began)
        #expect(items.actions(58).first?.trigger == .began && items.actions(58).first?.definition == Self.define("hold", [("fingers", .int(3))]))
        #expect(items.actions(60).map(\.trigger) == [.ended])
        #expect(items.actions(62).map(\.trigger) == [.failed])
    }

    /// fusuma-plugin-wmctrl's `workspace:` and `window:` under a direction, in its README's
    /// forms (issue 35: they were left out), as gestured's `window:`.
    @Test func wmctrlsWorkspacesAndWindowsAreCarriedOver() throws {
        #expect(Self.items.actions(15).map(\.command) == [.window(.workspace(.next))])
        #expect(Self.items.note(15).contains("fusuma-plugin-wmctrl's `workspace:` through the desktop"))
        let items = try FusumaImporter.read("""
            swipe:
              3:
                left:
                  workspace: 'next' # Switch to next workspace
                right:
                  workspace: 'prev' # Switch to previous workspace
                up:
                  workspace: 'up'
                down:
                  window: 'close'
              4:
                left:
                  window: 'next' # Move window to next workspace
                up:
                  window: 'fullscreen' # Toggle fullscreen
                down:
                  window: 'maximized' # Toggle maximize
                right:
                  window:
                    maximized: 'toggle'
            """)
        #expect(items.actions(4).map(\.command) == [.window(.workspace(.next))])
        #expect(items.actions(6).map(\.command) == [.window(.workspace(.previous))])
        #expect(items.reason(8).contains("grid of workspaces"))
        #expect(items.actions(10).map(\.command) == [.window(.close)])
        #expect(items.reason(13).contains("moves the window to another workspace"))
        #expect(items.actions(15).map(\.command) == [.window(.fullscreen)])
        #expect(items.actions(17).map(\.command) == [.window(.maximize)])
        #expect(items.actions(20).map(\.command) == [.window(.maximize)])
        let text = ActionsWriter.render(items, origin: "fusuma: test")
        #expect(try ActionsFile.parse(text, file: "x").actions.count == 6)
    }

    /// A pinch that scrolls, as users write it (issue 35): xdotool's buttons 4 and 5 are wheel
    /// detents, each on its own pinch (issue 62: `in:` on a pinch in, `out:` on a pinch out);
    /// the file reads back and its wheel is typed as `actions --check` types it.
    @Test func aPinchThatClicksTheWheelScrolls() throws {
        let items = try FusumaImporter.read("""
            pinch:
              2:
                in:
                  command: 'xdotool click 5'
                out:
                  command: 'xdotool click 4'
            """)
        #expect(items.actions(4).first?.command == .input(ActionInput(wheel: -1)) && items.actions(4).first?.back == nil)
        #expect(items.actions(6).first?.command == .input(ActionInput(wheel: 1)))
        let text = ActionsWriter.render(items, origin: "fusuma: test")
        #expect(text.contains("wheel: -1") && text.contains("wheel: 1"))
        let file = try ActionsFile.parse(text, file: "x")
        #expect(file.actions.map(\.command) == [.input(ActionInput(wheel: -1)), .input(ActionInput(wheel: 1))])
    }

    @Test func whatHasNoEquivalentIsExplained() {
        let items = Self.items
        #expect(items.reason(13).contains("`sendkey:` beside `command:`") && items.reason(13).contains("line 12"))
        #expect(items.reason(29).contains("3 to 4 fingers"))
        // A pinch counts its fingers (issue 35): four fingers is a magnify of its own.
        #expect(items.actions(43).map(\.gesture) == ["fusuma-pinch-in-4"])
        #expect(items.actions(43).first?.definition == Self.define("magnify", [("fingers", .int(4)), ("direction", "in"), ("minimumScaleDelta", .number(0.05))]))
        #expect(items.reason(64).contains("no update"))
        #expect(items.reason(67).contains("$move_x"))
        #expect(items.note(69).contains("applied"))
        #expect(items.reason(73).contains("interval"))
        #expect(items.reason(74).contains(#"devices: ["SynPS/2 Synaptics TouchPad"]"#))
        #expect(items.reason(79).contains("fusuma-plugin-keypress"))
        // fusuma-plugin-appmatcher's context: that document's gestures while Chrome is in front.
        #expect(items.note(83).contains("while Google-chrome is in front"))
        #expect(items.actions(88).first?.when == ActionCondition(apps: ["Google-chrome"]))
        #expect(items.actions(88).first?.command == .input(ActionInput(keys: ["ctrl+Tab"])))
        #expect(items.map(\.line) == items.map(\.line).sorted())
        #expect(items.count == 32)
    }

    @Test func theWrittenFileReadsBack() throws {
        let text = ActionsWriter.render(Self.items, origin: "fusuma: sample")
        let file = try ActionsFile.parse(text, file: "imported.yml")
        #expect(file.actions.count == 22)
        #expect(Set(file.definitions.compactMap { $0["name"]?.stringValue }) == [
            "fusuma-swipe-left-3", "fusuma-swipe-right-3", "fusuma-swipe-up-3", "fusuma-swipe-down-3", "fusuma-swipe-4", "fusuma-pinch", "fusuma-pinch-in", "fusuma-pinch-out", "fusuma-pinch-in-4", "fusuma-rotate",
            "fusuma-press-4", "fusuma-hold-3",
        ])
        #expect(text.components(separatedBy: "#   not imported:").count - 1 == 8)
    }

    /// fusuma-plugin-sendkey's README: `sendkey:` under a direction, evdev's names without KEY_.
    @Test func sendkeyIsTypedByTheVirtualKeyboard() throws {
        let items = try FusumaImporter.read("""
            swipe:
              3:
                left:
                  sendkey: "LEFTALT+RIGHT" # history back
                up:
                  sendkey: "LEFTCTRL+T" # open new tab
                down:
                  sendkey: ["LEFTCTRL+W", "ENTER"]
            """)
        #expect(items.actions(4).first?.command == .input(ActionInput(keys: ["KEY_LEFTALT+KEY_RIGHT"])))
        #expect(items.actions(6).first?.command == .input(ActionInput(keys: ["KEY_LEFTCTRL+KEY_T"])))
        #expect(items.actions(8).first?.command == .input(ActionInput(keys: ["KEY_LEFTCTRL+KEY_W", "KEY_ENTER"])))
        #expect(items.note(4).contains("the same evdev keys fusuma-plugin-sendkey sent"))
        #expect(try ActionsFile.parse(ActionsWriter.render(items, origin: "x"), file: "x").actions.count == 3)
    }

    @Test func aMistakeNamesItsLine() {
        #expect(throws: YAMLSource.Failure.self) { try FusumaImporter.read("swipe:\n  3:\n    left: [unclosed\n") }
        do {
            _ = try FusumaImporter.read("swipe:\n  3:\n    left: {\n")
        } catch {
            #expect(error.line == 4 && error.problem.contains("invalid YAML"))
        }
        // A second document's mistake is on its own line of the file.
        do {
            _ = try FusumaImporter.read("swipe: {}\n---\ncontext: x\nswipe: : :\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 4)
        }
        #expect((try? FusumaImporter.read(""))?.isEmpty == true)
        #expect((try? FusumaImporter.read("# nothing\n---\n"))?.isEmpty == true)
    }
}
