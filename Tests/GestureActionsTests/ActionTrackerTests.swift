import GestureActions
import GestureCore
import GesturePipeline
import GestureWire
import Testing

/// The tracker driven event by event, with time passed in.
@Suite struct ActionTrackerTests {
    static func drag(_ y: Double, _ phase: PhaseKind = .active, instance: Int64 = 1, snapshot: Bool = false) -> ActionEvent {
        ActionEvent(
            gesture: "scroll", instance: instance, phase: phase,
            value: .object([("kind", "drag"), ("translation", .object([("x", .number(0)), ("y", .number(y))]))]), isSnapshot: snapshot)
    }

    static func magnify(_ scale: Double, _ phase: PhaseKind = .active) -> ActionEvent {
        // A simultaneous magnify + rotate: the scale is in the first part.
        ActionEvent(
            gesture: "zoom", instance: 7, phase: phase,
            value: .object([
                ("kind", "simultaneous"), ("first", .object([("kind", "magnify"), ("magnification", .number(scale))])),
                ("second", .object([("kind", "rotate"), ("rotation", .number(0))])),
            ]))
    }

    static func steps(_ firings: [ActionFiring]) -> [String] { firings.map { $0.isBack ? "back" : "run" } }

    @Test func beganEndedAndFailedRunOncePerInstance() {
        var tracker = ActionTracker(actions: [
            ActionSpec(gesture: "hold-3", trigger: .began, command: .argv(["a"])),
            ActionSpec(gesture: "hold-3", trigger: .ended, command: .argv(["b"])),
            ActionSpec(gesture: "hold-3", trigger: .failed, command: .argv(["c"])),
            ActionSpec(gesture: "other", trigger: .ended, command: .argv(["d"])),
        ])
        func event(_ phase: PhaseKind, _ instance: Int64) -> ActionEvent { ActionEvent(gesture: "hold-3", instance: instance, phase: phase) }
        #expect(tracker.handle(event(.active, 1), at: 0).map(\.action) == [0])
        #expect(tracker.handle(event(.active, 1), at: 0.1).isEmpty)
        #expect(tracker.handle(event(.ended, 1), at: 0.2).map(\.action) == [1])
        #expect(tracker.handle(event(.active, 2), at: 1).map(\.action) == [0])
        #expect(tracker.handle(event(.failed, 2), at: 1.1).map(\.action) == [2])
        // A snapshot of an instance already in flight is not its beginning.
        #expect(tracker.handle(ActionEvent(gesture: "hold-3", instance: 3, phase: .active, isSnapshot: true), at: 2).isEmpty)
    }

    @Test func theFirstMatchingWhenOfAGestureRunsAndTheRestWaitTheirTurn() {
        let firefox = ActionCondition(apps: ["firefox", "org.mozilla.*"])
        let videos = ActionCondition(apps: ["*"], titles: ["*YouTube*"])
        var tracker = ActionTracker(actions: [
            ActionSpec(gesture: "swipe", when: firefox, command: .input(ActionInput(keys: ["ctrl+Tab"]))),
            ActionSpec(gesture: "swipe", trigger: .began, when: firefox, command: .argv(["notify-send", "tab"])),
            ActionSpec(gesture: "swipe", when: videos, command: .input(ActionInput(keys: ["l"]))),
            ActionSpec(gesture: "swipe", command: .argv(["swaymsg", "workspace", "next"])),
            ActionSpec(gesture: "other", command: .argv(["x"])),
        ])
        func run(_ focus: FocusContext) -> [Int] {
            let began = tracker.handle(ActionEvent(gesture: "swipe", instance: 1, phase: .active), at: 0, focus: focus)
            let ended = tracker.handle(ActionEvent(gesture: "swipe", instance: 1, phase: .ended), at: 1, focus: focus)
            return (began + ended).map(\.action)
        }
        // Firefox's entries replace the gesture's others while it is in front, both of them.
        #expect(run(.window(FocusedWindow(app: "firefox", title: "YouTube — Mozilla Firefox"))) == [1, 0])
        #expect(run(.window(FocusedWindow(app: "org.mozilla.firefox", title: "x"))) == [1, 0])
        // Another application with a video: the next `when:`; case does not matter.
        #expect(run(.window(FocusedWindow(app: "mpv", title: "cats - youtube"))) == [2])
        // None matches, no window, or nothing knows the focus: the entries without `when:`.
        #expect(run(.window(FocusedWindow(app: "foot", title: "~"))) == [3])
        #expect(run(.window(nil)) == [3])
        #expect(run(.unknown) == [3])
        // A gesture without `when:` entries is not touched.
        #expect(tracker.handle(ActionEvent(gesture: "other", instance: 2, phase: .ended), at: 2, focus: .unknown).map(\.action) == [4])
    }

    @Test func heldKeysComeUpAfterTheEndsOtherActionsLastPressedFirst() {
        var tracker = ActionTracker(actions: [
            ActionSpec(gesture: "switcher", trigger: .began, command: .input(ActionInput(keys: ["super"]))),
            ActionSpec(gesture: "switcher", trigger: .began, command: .input(ActionInput(keys: ["shift"]))),
            ActionSpec(gesture: "switcher", trigger: .ended, command: .input(ActionInput(keys: ["Right"]))),
        ])
        func event(_ phase: PhaseKind) -> ActionEvent { ActionEvent(gesture: "switcher", instance: 1, phase: phase) }
        _ = tracker.handle(event(.active), at: 0)
        #expect(tracker.handle(event(.ended), at: 1).map { "\($0.action)\($0.isRelease ? " release" : "")" } == ["2", "1 release", "0 release"])
    }

    @Test func keysHeldOnBeganComeUpWhenTheInstanceEndsOrFails() {
        var tracker = ActionTracker(actions: [
            ActionSpec(gesture: "switcher", trigger: .began, command: .input(ActionInput(keys: ["alt"]))),
            ActionSpec(gesture: "switcher", trigger: .began, command: .argv(["notify-send", "switching"])),
        ])
        func event(_ phase: PhaseKind, _ instance: Int64) -> ActionEvent { ActionEvent(gesture: "switcher", instance: instance, phase: phase) }
        func story(_ firings: [ActionFiring]) -> [String] { firings.map { "\($0.action)\($0.isRelease ? " release" : "")" } }
        #expect(story(tracker.handle(event(.active, 1), at: 0)) == ["0", "1"])
        #expect(story(tracker.handle(event(.ended, 1), at: 0.5)) == ["0 release"])
        #expect(story(tracker.handle(event(.active, 2), at: 1)) == ["0", "1"])
        #expect(story(tracker.handle(event(.failed, 2), at: 1.5)) == ["0 release"])
        // An instance that never began (a snapshot joined it) holds nothing, so nothing comes up.
        _ = tracker.handle(ActionEvent(gesture: "switcher", instance: 3, phase: .active, isSnapshot: true), at: 2)
        #expect(tracker.handle(event(.ended, 3), at: 2.5).isEmpty)
    }

    @Test func updateStepsCountBothWaysWithAWholeStepOfHysteresis() {
        var tracker = ActionTracker(actions: [
            ActionSpec(gesture: "scroll", trigger: .update(ActionStep(.distance(axis: .y), size: 20)), command: .argv(["down"]), back: .argv(["up"]))
        ])
        var seen: [String] = []
        for (y, phase) in [(5.0, PhaseKind.active), (19.9, .active), (20, .active), (45, .active), (61, .active), (41, .active), (39.9, .active), (21, .active), (19, .active), (-1, .active), (-20, .ended)] {
            seen += Self.steps(tracker.handle(Self.drag(y, phase), at: 0))
        }
        // Forward at 20, 40, 60; back at 40 - 20 = 20 (value 19), then 0 (value -1) and -20 at the end.
        #expect(seen == ["run", "run", "run", "back", "back", "back", "back"])
        // A new instance counts from its own start.
        #expect(Self.steps(tracker.handle(Self.drag(25, instance: 2), at: 1)) == ["run"])
    }

    @Test func anActionWithOnlyABackCommandRunsOnlyBackward() {
        var tracker = ActionTracker(actions: [ActionSpec(gesture: "scroll", trigger: .update(ActionStep(.distance(axis: .y), size: 10)), command: nil, back: .argv(["up"]))])
        var seen: [String] = []
        for y in [25.0, 5, -15] { seen += Self.steps(tracker.handle(Self.drag(y), at: 0)) }
        // Forward to 20 (nothing runs); back to 10 at 5; back to 0 and -10 at -15.
        #expect(seen == ["back", "back", "back"])
    }

    @Test func aFailedInstanceRunsNoStepsAndALeapIsBounded() {
        var tracker = ActionTracker(actions: [ActionSpec(gesture: "scroll", trigger: .update(ActionStep(.distance(axis: nil), size: 1)), command: .argv(["x"]))])
        #expect(tracker.handle(Self.drag(3, .failed), at: 0).isEmpty)
        #expect(tracker.handle(Self.drag(500), at: 0).count == ActionTracker.maximumStepsPerEvent)
    }

    @Test func aSnapshotJoinsAnInstanceWhereItStands() {
        var tracker = ActionTracker(actions: [ActionSpec(gesture: "scroll", trigger: .update(ActionStep(.distance(axis: .y), size: 20)), command: .argv(["d"]), back: .argv(["u"]))])
        #expect(tracker.handle(Self.drag(47, snapshot: true), at: 0).isEmpty)
        #expect(Self.steps(tracker.handle(Self.drag(59), at: 0)).isEmpty)
        #expect(Self.steps(tracker.handle(Self.drag(60), at: 0)) == ["run"])
    }

    @Test func scaleStepsStartAtOneAndReadCombinedValues() {
        var tracker = ActionTracker(actions: [ActionSpec(gesture: "zoom", trigger: .update(ActionStep(.scale, size: 0.1)), command: .argv(["louder"]), back: .argv(["quieter"]))])
        var seen: [String] = []
        for scale in [1.05, 1.12, 1.31, 0.98, 0.79] { seen += Self.steps(tracker.handle(Self.magnify(scale), at: 0)) }
        #expect(seen == ["run", "run", "run", "back", "back", "back", "back", "back"])
    }

    @Test func heldRepeatsEveryIntervalWhileActiveAndStopsAtTheEnd() {
        var tracker = ActionTracker(actions: [ActionSpec(gesture: "hold-3", trigger: .held(interval: 0.25), command: .argv(["brighter"]))])
        func event(_ phase: PhaseKind) -> ActionEvent { ActionEvent(gesture: "hold-3", instance: 1, phase: phase) }
        #expect(tracker.nextDeadline == nil)
        #expect(tracker.handle(event(.active), at: 10).count == 1)
        #expect(tracker.nextDeadline == 10.25)
        #expect(tracker.advance(to: 10.2).isEmpty)
        #expect(tracker.advance(to: 10.25).count == 1)
        #expect(tracker.nextDeadline == 10.5)
        // Late: one run, and the next an interval from now.
        #expect(tracker.advance(to: 11.5).count == 1)
        #expect(tracker.nextDeadline == 11.75)
        #expect(tracker.handle(event(.active), at: 11.6).isEmpty)
        #expect(tracker.handle(event(.ended), at: 11.7).isEmpty)
        #expect(tracker.nextDeadline == nil)
        #expect(tracker.advance(to: 20).isEmpty)
    }

    @Test func resetForgetsEveryInstance() {
        var tracker = ActionTracker(actions: [
            ActionSpec(gesture: "hold-3", trigger: .held(interval: 0.3), command: .argv(["a"])),
            ActionSpec(gesture: "hold-3", trigger: .began, command: .argv(["b"])),
        ])
        #expect(tracker.handle(ActionEvent(gesture: "hold-3", instance: 1, phase: .active), at: 0).count == 2)
        tracker.reset()
        #expect(tracker.nextDeadline == nil)
        #expect(tracker.handle(ActionEvent(gesture: "hold-3", instance: 1, phase: .active), at: 1).count == 2)
    }
}
