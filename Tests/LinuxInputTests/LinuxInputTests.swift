import Evdev
import Foundation
import GestureCore
import Glibc
import LinuxInput
import Testing

/// What can be checked without input devices (this machine has none; `make e2e` runs the real
/// stack in a VM): errors are clear, never an empty stream.
@Suite struct LinuxInputTests {
    @Test func aMissingNodeIsAClearError() {
        #expect {
            _ = try EvdevTouchSource(path: "/dev/input/event-does-not-exist", device: DeviceID(1))
        } throws: { error in
            "\(error)".contains("/dev/input/event-does-not-exist") && "\(error)".contains("No such file")
        }
    }

    @Test func aNodeThatIsNotAnInputDeviceIsAClearError() {
        #expect {
            _ = try EvdevTouchSource(path: "/dev/null", device: DeviceID(1))
        } throws: { error in
            "\(error)".contains("libevdev cannot read /dev/null")
        }
        #expect(throws: (any Error).self) { _ = try LibinputSource(paths: ["/dev/null"]) }
    }

    @Test func permissionDeniedSaysWhichGroupIsNeeded() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-node-\(getpid())").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = InputAccessError(path: path, code: EACCES)
        let group = try #require(error.group)
        #expect(error.description.contains("cannot open \(path): Permission denied"))
        #expect(error.description.contains("belongs to group '\(group)'"))
        #expect(error.description.contains("usermod -aG \(group)"))
    }
}
