import Testing

@testable import LinuxInput

/// Issue 34: the twin is made with the fuzz udev's libinput rule moved out of the kernel's axes
/// (`LIBINPUT_FUZZ_<code in hex>`), so the rule finds on the twin what it found on the device.
@Suite struct TouchTwinTests {
    @Test func theFuzzComesFromUdevsProperties() {
        let properties = [
            "LIBINPUT_FUZZ_35": "8", "LIBINPUT_FUZZ_36": "6", "LIBINPUT_FUZZ_00": "0", "ID_INPUT_TOUCHPAD": "1", "LIBINPUT_FUZZ_zz": "3",
        ]
        #expect(TouchTwin.fuzz(from: properties).map { "\($0.0):\($0.1)" } == ["53:8", "54:6"], "0 and a bad code are no fuzz")
    }

    /// Without uinput (this machine has none) the twin says what is missing.
    @Test func withoutUinputTheErrorSaysWhatIsMissing() throws {
        #expect {
            _ = try UInputNode.open("/nonexistent/uinput", for: ", so gestured cannot take touches from the desktop")
        } throws: { error in
            "\(error)" == "/nonexistent/uinput does not exist: this kernel has no uinput (modprobe uinput), so gestured cannot take touches from the desktop"
        }
    }
}
