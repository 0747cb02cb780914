import RealModule
import GestureCore
import GestureTesting
import Testing

@Suite struct CombinatorTests {
    func tap(_ h: GestureHarness, at point: Point = Point(x: 100, y: 60)) -> [GestureEvent] {
        h.run([.down(1, at: point), .up(1)])
    }

    @Test func doubleTapWinsTheFirstBranch() {
        let h = GestureHarness()
        h.attach(TapGesture(count: 2).exclusively(before: TapGesture(count: 1)), named: "taps")
        #expect(tap(h).isEmpty)
        h.wait(0.1)
        let events = tap(h)
        #expect(events.lines == ["taps ended"])
        #expect(events.first?.value == .exclusiveFirst(.tap(TapGesture.Value(count: 2, fingers: 1, location: Point(x: 100, y: 60)))))
        // Nothing is left waiting: the single-tap branch was preempted, not delayed.
        #expect(h.wait(1).isEmpty)
        #expect(h.finish().violations.isEmpty)
    }

    @Test func singleTapWinsTheSecondBranchOnlyAfterTheDoubleTapWindow() {
        let h = GestureHarness()
        var values: [ExclusiveGesture<TapGesture, TapGesture>.Value] = []
        h.attach(TapGesture(count: 2).exclusively(before: TapGesture(count: 1)).onEnded { values.append($0) }, named: "taps")
        #expect(tap(h).isEmpty)
        let lift = h.now
        #expect(h.wait(0.29).isEmpty)
        #expect(values.isEmpty)
        let events = h.wait(0.02)
        #expect(events.lines == ["taps ended"])
        #expect(events.first?.time == lift + 0.3)
        #expect(events.first?.value == .exclusiveSecond(.tap(TapGesture.Value(count: 1, fingers: 1, location: Point(x: 100, y: 60)))))
        #expect(values == [.second(TapGesture.Value(count: 1, fingers: 1, location: Point(x: 100, y: 60)))])
    }

    @Test func aTapAtTheVeryEndIsReportedWhenTimeIsAdvancedPastIt() {
        let h = GestureHarness()
        h.attach(TapGesture(count: 2).exclusively(before: TapGesture(count: 1)), named: "taps")
        _ = tap(h)
        let deadline = h.engine.nextDeadline
        #expect(deadline == h.now + 0.3)
        #expect(h.engine.advance(to: h.now + 10).events.lines == ["taps ended"])
    }

    @Test func magnifyAndRotateReportBothValuesDuringOnePinchAndTwist() throws {
        let h = GestureHarness()
        var both = 0
        let zoom = MagnifyGesture().simultaneously(with: RotateGesture()).onChanged { value in
            if value.first != nil && value.second != nil { both += 1 }
        }
        h.attach(zoom, named: "zoom")
        h.down([.init(1, at: Point(x: 80, y: 60)), .init(2, at: Point(x: 120, y: 60))])
        h.wait(h.engine.settings.fingerSettleTime)
        // Spread apart and twist: finger 2 goes right and up, finger 1 left and down.
        let events = h.move([.init(1, by: Vector(dx: -10, dy: 10)), .init(2, by: Vector(dx: 10, dy: -10))], steps: 10)
        #expect(Set(events.lines) == ["zoom active"])
        let pair = try #require(events.last?.value?.composite)
        #expect(pair.kind == .simultaneous)
        let magnify = try #require(pair.first?.magnify)
        let rotate = try #require(pair.second?.rotate)
        let expectedScale = (60.0 * 60 + 20 * 20).squareRoot() / 40
        #expect(abs(magnify.magnification - expectedScale) < 1e-9)
        #expect(abs(rotate.rotation - Double.atan2(y: 20, x: 60)) < 1e-9)
        #expect(rotate.rotation > 0, "finger 2 turning up is counter-clockwise as the user sees it")
        #expect(magnify.startAnchor == Point(x: 0.5, y: 0.5))
        #expect(both >= 9)
        #expect(h.up(1).lines == ["zoom ended"])
    }

    @Test func longPressThenDragStartsTheDragOnlyAfterThePress() throws {
        let h = GestureHarness()
        var dragSaw: [PhaseKind] = []
        let pressDrag = LongPressGesture(minimumDuration: 0.5)
            .sequenced(before: DragGesture().onPhase { dragSaw.append($0.kind) })
        h.attach(pressDrag, named: "press-drag")
        h.down(1, at: Point(x: 50, y: 50))
        let pressed = h.now
        #expect(h.wait(0.49).isEmpty)
        let afterPress = h.wait(0.02)
        #expect(afterPress.lines == ["press-drag active"])
        #expect(afterPress.first?.time == pressed + 0.5)
        #expect(afterPress.first?.value == .sequenceSecond(.longPress(true), nil))
        #expect(dragSaw == [.possible])

        let dragging = h.move(1, by: Vector(dx: 20, dy: 0), steps: 4)
        #expect(Set(dragging.lines) == ["press-drag active"])
        let sequence = try #require(dragging.last?.value?.composite)
        #expect(sequence.kind == .sequenceSecond)
        #expect(sequence.first == .longPress(true))
        #expect(sequence.second?.drag?.translation == Vector(dx: 20, dy: 0))
        #expect(h.up(1).lines == ["press-drag ended"])
        // The observer sees every active value; collapse repeats to read the phase sequence.
        let distinct = dragSaw.enumerated().filter { $0.offset == 0 || dragSaw[$0.offset - 1] != $0.element }.map(\.element)
        #expect(distinct == [.possible, .active, .ended])
    }

    @Test func movingBeforeTheLongPressSucceededFailsTheWholeSequence() {
        let h = GestureHarness()
        var observed: [GesturePhase<SequenceGesture<LongPressGesture, DragGesture>.Value>] = []
        h.attach(LongPressGesture(minimumDuration: 0.5).sequenced(before: DragGesture()).onPhase { observed.append($0) }, named: "press-drag")
        h.down(1, at: Point(x: 50, y: 50))
        h.wait(0.1)
        #expect(h.move(1, by: Vector(dx: 8, dy: 0), steps: 2).isEmpty)
        #expect(observed == [.possible, .failed(.movedTooFar)])
        #expect(h.wait(1).isEmpty)
        #expect(h.move(1, by: Vector(dx: 20, dy: 0), steps: 2).isEmpty, "the drag never starts")
        h.up(1)
        #expect(h.finish().violations.isEmpty)
    }

    @Test func simultaneousEndsWhenBothPartsFinished() {
        let h = GestureHarness()
        h.attach(DragGesture().simultaneously(with: LongPressGesture(minimumDuration: 0.3)), named: "both")
        h.down(1, at: Point(x: 50, y: 50))
        #expect(h.move(1, by: Vector(dx: 10, dy: 0)).lines == ["both active"])
        // The long press failed (moved), the drag is active: still active until the drag ends.
        #expect(h.up(1).lines == ["both ended"])
    }

    @Test func exclusiveFailsWithTheSecondReasonWhenBothFail() {
        let h = GestureHarness()
        var observed: [GesturePhase<ExclusiveGesture<TapGesture, TapGesture>.Value>] = []
        h.attach(TapGesture(count: 2).exclusively(before: TapGesture(count: 1)).onPhase { observed.append($0) }, named: "taps")
        h.down(1, at: Point(x: 50, y: 50))
        h.wait(0.6)
        #expect(observed == [.possible, .failed(.heldTooLong)])
    }

    @Test func mapTransformsCallbackValuesButEventsKeepTheBaseValue() {
        let h = GestureHarness()
        var distances: [Double] = []
        h.attach(DragGesture().map { $0.translation.length }.onChanged { distances.append($0) }, named: "pan")
        h.down(1, at: Point(x: 50, y: 50))
        let events = h.move(1, by: Vector(dx: 3, dy: 4))
        #expect(distances == [5])
        #expect(events.first?.value?.drag?.translation == Vector(dx: 3, dy: 4))
    }

    @Test func publishedCompositeValuesNeverChangeAfterwards() throws {
        let h = GestureHarness()
        // Nested: an exclusive whose first branch is itself simultaneous.
        h.attach(MagnifyGesture().simultaneously(with: RotateGesture()).exclusively(before: DragGesture()), named: "nested")
        h.down([.init(1, at: Point(x: 80, y: 60)), .init(2, at: Point(x: 120, y: 60))])
        h.wait(h.engine.settings.fingerSettleTime)
        let apart = [TouchStep.FingerMove(1, by: Vector(dx: -5, dy: 0)), .init(2, by: Vector(dx: 5, dy: 0))]
        let early = try #require(h.move(apart).last?.value)
        let copy = early
        let scale = try #require(early.composite?.first?.composite?.first?.magnify?.magnification)
        h.move(apart, steps: 3)
        let late = try #require(h.events.last?.value)
        #expect(early == copy)
        #expect(early.composite?.first?.composite?.first?.magnify?.magnification == scale)
        #expect(late.composite?.kind == .exclusiveFirst)
        #expect(try #require(late.composite?.first?.composite?.first?.magnify?.magnification) > scale)
    }
}

/// The engine skips `settle` and `announce` for recognizers that say they have nothing to
/// settle or announce; what a combinator says must follow its parts, however deep.
@Suite struct SettleAndAnnounceFlagTests {
    @Test func leavesSayNoAndAStateOrCallbackAnywhereBelowSaysYes() {
        #expect(!DragGesture.Recognizer.settles && !DragGesture.Recognizer.announces)
        #expect(!SimultaneousGesture<MagnifyGesture, RotateGesture>.Recognizer.settles)
        let state = GestureState(initialValue: Vector.zero)
        let updating = DragGesture().updating(state) { value, offset in offset = value.translation }
        let callback = TapGesture().onEnded { _ in }
        // A state deep in the first part of a sequence settles the whole; a callback in the
        // second branch of an exclusive gesture announces it, and settles nothing.
        #expect(type(of: LongPressGesture().sequenced(before: updating.simultaneously(with: TapGesture()))).Recognizer.settles)
        let exclusive = TapGesture(count: 2).exclusively(before: callback)
        #expect(type(of: exclusive).Recognizer.announces && !type(of: exclusive).Recognizer.settles)
        // A recognizer that does not say (a type-erased one, or one written outside) is asked.
        #expect(AnyGestureRecognizer.settles && AnyGestureRecognizer.announces)
    }

    @Test func aStateAndACallbackInsideACombinatorStillSettleRunAndReset() {
        let h = GestureHarness()
        @GestureState var offset = Vector.zero
        var changes = 0
        let drag = DragGesture().updating($offset) { value, state in state = value.translation }.onChanged { _ in changes += 1 }
        h.attach(TapGesture().simultaneously(with: drag), named: "both")
        h.down(1, at: Point(x: 100, y: 60))
        h.move(1, by: Vector(dx: 20, dy: 0), steps: 4)
        #expect(offset == Vector(dx: 20, dy: 0))
        #expect(changes > 0)
        h.up(1)
        #expect(offset == .zero)
        #expect(h.finish().violations.isEmpty)
    }
}
