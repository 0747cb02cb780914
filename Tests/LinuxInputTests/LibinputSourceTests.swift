import GestureCore
import Testing

@testable import LinuxInput

@Suite struct LibinputSourceTests {
    func frame(_ device: UInt32, _ phase: TouchPhase, at time: Int64) -> LiveInputEvent {
        .touches(TouchFrame(
            device: DeviceID(device), time: Timestamp(microseconds: time),
            contacts: [Contact(id: 0, position: .zero, normalized: .zero, phase: phase)]))
    }

    @Test func cancellationsRightBeforeARemovalAreDropped() {
        let events = [
            frame(1, .moved, at: 1), frame(2, .moved, at: 2), frame(1, .cancelled, at: 3),
            .deviceRemoved(DeviceID(1), at: Timestamp(microseconds: 4)),
        ]
        #expect(LibinputSource.removalsFailTouches(events) == [
            frame(1, .moved, at: 1), frame(2, .moved, at: 2), .deviceRemoved(DeviceID(1), at: Timestamp(microseconds: 4)),
        ])
    }

    @Test func aCancellationWithoutARemovalStays() {
        let events = [frame(1, .cancelled, at: 3), frame(1, .began, at: 4), .deviceRemoved(DeviceID(1), at: Timestamp(microseconds: 5))]
        #expect(LibinputSource.removalsFailTouches(events) == events)
        #expect(LibinputSource.removalsFailTouches([frame(2, .cancelled, at: 1)]) == [frame(2, .cancelled, at: 1)])
    }
}
