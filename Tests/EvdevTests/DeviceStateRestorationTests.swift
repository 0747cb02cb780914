import Evdev
import GestureCore
import Testing

/// The events that bring a grabbed node back to what its other readers last read, applied to a
/// model of the kernel's filter (`input_handle_abs_event`: fuzz, equal values dropped, the slot
/// staged until a value in it changes): after them the kernel must hold what the readers hold,
/// so that the next touch reaches them with every axis that differs.
@Suite struct DeviceStateRestorationTests {
    /// What the kernel keeps of an absolute device, and what it passes on to readers.
    struct Kernel {
        var slots: [Int32: [UInt16: Int32]] = [:]
        var staged: Int32 = 0
        var emitted: Int32 = 0
        var axes: [UInt16: Int32] = [:]
        var fuzz: [UInt16: Int32] = [:]

        init(_ state: DeviceState, fuzz: [UInt16: Int32] = [:]) {
            slots = state.slots
            staged = state.currentSlot
            emitted = state.currentSlot
            axes = state.axes
            self.fuzz = fuzz
        }

        var state: DeviceState { DeviceState(slots: slots, currentSlot: emitted, axes: axes) }

        /// The kernel's `input_defuzz_abs_event`.
        static func defuzz(_ value: Int32, old: Int32, fuzz: Int32) -> Int32 {
            guard fuzz > 0 else { return value }
            if value > old - fuzz / 2 && value < old + fuzz / 2 { return old }
            if value > old - fuzz && value < old + fuzz { return (old * 3 + value) / 4 }
            if value > old - fuzz * 2 && value < old + fuzz * 2 { return (old + value) / 2 }
            return value
        }

        /// Applies events as the kernel does; returns what a reader would read.
        mutating func apply(_ events: [InputEvent]) -> [InputEvent] {
            var passed: [InputEvent] = []
            for event in events {
                guard event.type == EventCode.EV_ABS else {
                    passed.append(event)
                    continue
                }
                if event.code == EventCode.ABS_MT_SLOT {
                    staged = event.value
                    continue
                }
                let multitouch = EventCode.isMultitouchAxis(event.code)
                let old = multitouch ? slots[staged]?[event.code] ?? 0 : axes[event.code] ?? 0
                let value = Self.defuzz(event.value, old: old, fuzz: fuzz[event.code] ?? 0)
                guard value != old else { continue }
                if multitouch {
                    slots[staged, default: [:]][event.code] = value
                    if staged != emitted {
                        emitted = staged
                        passed.append(InputEvent(time: event.time, type: EventCode.EV_ABS, code: EventCode.ABS_MT_SLOT, value: staged))
                    }
                } else {
                    axes[event.code] = value
                }
                passed.append(InputEvent(time: event.time, type: event.type, code: event.code, value: value))
            }
            return passed
        }
    }

    static let x = EventCode.ABS_MT_POSITION_X
    static let y = EventCode.ABS_MT_POSITION_Y
    static let id = EventCode.ABS_MT_TRACKING_ID
    static let time = Timestamp(microseconds: 5_000_000)

    /// A touch in slot 0 at (x, y), lifted: what a slot holds after it.
    static func lifted(_ x: Int32, _ y: Int32, slot: Int32 = 0, currentSlot: Int32 = 0, axes: [UInt16: Int32] = [:]) -> DeviceState {
        DeviceState(slots: [slot: [Self.x: x, Self.y: y, Self.id: -1]], currentSlot: currentSlot, axes: axes)
    }

    @Test func aTouchWhereTheGrabsLastTouchWasReachesTheReadersWithItsPosition() {
        let seen = Self.lifted(1200, 700, axes: [EventCode.ABS_X: 1200, EventCode.ABS_Y: 700])
        let now = Self.lifted(400, 500, axes: [EventCode.ABS_X: 400, EventCode.ABS_Y: 500])
        var kernel = Kernel(now)
        _ = kernel.apply(now.restoring(seen, fuzz: [:], at: Self.time))
        #expect(kernel.state == seen)
        #expect(now.restorableDifferences(from: seen) == 4)
        // Without it, the same touch would carry no position at all.
        var stale = Kernel(now)
        let touch = [
            InputEvent(time: Self.time, type: EventCode.EV_ABS, code: Self.id, value: 9),
            InputEvent(time: Self.time, type: EventCode.EV_ABS, code: Self.x, value: 400),
            InputEvent(time: Self.time, type: EventCode.EV_ABS, code: Self.y, value: 500),
        ]
        #expect(stale.apply(touch).map(\.code) == [Self.id])
        #expect(kernel.apply(touch).map(\.code) == [Self.id, Self.x, Self.y])
    }

    @Test func valuesWithinTheFuzzAreWrittenBackExactly() {
        let fuzz: [UInt16: Int32] = [Self.x: 8, Self.y: 8, EventCode.ABS_X: 8]
        let seen = Self.lifted(1000, 500, axes: [EventCode.ABS_X: 1000])
        let now = Self.lifted(1003, 511, axes: [EventCode.ABS_X: 995])
        var kernel = Kernel(now, fuzz: fuzz)
        _ = kernel.apply(now.restoring(seen, fuzz: fuzz, at: Self.time))
        #expect(kernel.state == seen)
    }

    @Test func theSlotTheReadersLastReadIsTheKernelsAgain() {
        // The readers last read slot 1; during the grab touches came in slots 0 and 2.
        let seen = DeviceState(slots: [0: [Self.x: 10, Self.id: -1], 1: [Self.x: 20, Self.id: -1], 2: [Self.x: 30, Self.id: -1]], currentSlot: 1)
        var now = seen
        now.slots[0]?[Self.x] = 11
        now.slots[2]?[Self.x] = 31
        now.currentSlot = 2
        var kernel = Kernel(now)
        let written = now.restoring(seen, fuzz: [:], at: Self.time)
        _ = kernel.apply(written)
        #expect(kernel.state == seen)
        #expect(written.last == InputEvent(time: Self.time, type: EventCode.EV_SYN, code: EventCode.SYN_REPORT, value: 0))
        // Only the slot differs: its position goes away and back, so that the slot is passed on.
        var moved = seen
        moved.currentSlot = 0
        var other = Kernel(moved)
        _ = other.apply(moved.restoring(seen, fuzz: [Self.x: 4], at: Self.time))
        #expect(other.state == seen)
    }

    @Test func nothingDiffersNothingIsWritten() {
        let seen = Self.lifted(100, 200, axes: [EventCode.ABS_X: 100])
        #expect(seen.restoring(seen, fuzz: [:], at: Self.time).isEmpty)
        #expect(seen.restorableDifferences(from: seen) == 0)
    }

    @Test func trackingIdsAndKeysAreLeftAlone() {
        let seen = DeviceState(slots: [0: [Self.x: 10, Self.id: 4]], keysDown: [EventCode.BTN_TOUCH])
        let now = DeviceState(slots: [0: [Self.x: 10, Self.id: -1]])
        #expect(now.restoring(seen, fuzz: [:], at: Self.time).isEmpty)
    }

    @Test func aSlotNoReaderSawIsWrittenAsTheKernelMadeIt() {
        // The readers opened the node before slot 3 ever held a value (0, as the kernel makes it).
        let seen = DeviceState(slots: [0: [Self.x: 10, Self.id: -1]])
        var now = seen
        now.slots[3] = [Self.x: 700, Self.y: 80, Self.id: -1]
        var kernel = Kernel(now)
        _ = kernel.apply(now.restoring(seen, fuzz: [:], at: Self.time))
        #expect(kernel.slots[3]?[Self.x] == 0 && kernel.slots[3]?[Self.y] == 0)
        #expect(kernel.emitted == 0)
    }
}
