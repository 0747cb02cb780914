import Evdev
import GestureCore
import Glibc
import LinuxInput
import Testing

/// A socket standing in for a node (what `path-profile` reads through the daemon's path): the
/// description is the one given, and records written are read back as the frames they make.
@Suite struct StandInSourceTests {
    @Test func recordsWrittenToTheStandInAreReadAsFrames() throws {
        let description = DeviceDescription(
            name: "stand-in screen", bus: 0x18, properties: [EventCode.INPUT_PROP_DIRECT],
            codes: [EventCode.EV_KEY: [EventCode.BTN_TOUCH]],
            absinfo: [
                EventCode.ABS_X: AbsInfo(minimum: 0, maximum: 2000, resolution: 10),
                EventCode.ABS_Y: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
                EventCode.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 4),
                EventCode.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 2000, resolution: 10),
                EventCode.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
                EventCode.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
            ])
        var pair: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &pair) == 0)
        defer { close(pair[1]) }
        _ = fcntl(pair[0], F_SETFL, fcntl(pair[0], F_GETFL) | O_NONBLOCK)
        let source = try EvdevTouchSource(standIn: pair[0], description: description, device: DeviceID(7))
        #expect(source.description == description)
        #expect(source.initialState.slots.count == 5)
        var records: [UInt8] = []
        for (type, code, value) in [(EventCode.EV_ABS, EventCode.ABS_MT_SLOT, 0), (EventCode.EV_ABS, EventCode.ABS_MT_TRACKING_ID, 1),
                                    (EventCode.EV_ABS, EventCode.ABS_MT_POSITION_X, 500), (EventCode.EV_ABS, EventCode.ABS_MT_POSITION_Y, 250),
                                    (EventCode.EV_SYN, EventCode.SYN_REPORT, 0)] as [(UInt16, UInt16, Int32)] {
            withUnsafeBytes(of: Int64(1)) { records += $0 }
            withUnsafeBytes(of: Int64(0)) { records += $0 }
            withUnsafeBytes(of: type) { records += $0 }
            withUnsafeBytes(of: code) { records += $0 }
            withUnsafeBytes(of: value) { records += $0 }
        }
        #expect(records.withUnsafeBytes { write(pair[1], $0.baseAddress, $0.count) } == records.count)
        let result = source.read()
        #expect(!result.removed)
        let contact = try #require(result.frames.first?.contacts.first)
        #expect(result.frames.first?.device == DeviceID(7))
        #expect(contact.position == Point(x: 50, y: 25))
        #expect(contact.phase == .began)
    }
}
