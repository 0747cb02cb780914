import Evdev
import GestureCore

/// A touch device libinput announced.
public struct LiveDevice: Hashable, Sendable {
    /// The id gestured gives it for as long as it is plugged in.
    public var id: DeviceID
    /// The kernel's name.
    public var name: String
    /// Its node, e.g. `/dev/input/event5`.
    public var path: String
    /// Touchscreen (libinput reports its touches) or touchpad (libinput reports its gestures;
    /// raw fingers come from libevdev).
    public var kind: DeviceKind
    /// Surface size in millimetres, when libinput knows it.
    public var size: Size?
    /// Simultaneous touches libinput says the device supports (0 when unknown).
    public var touchCount: Int
    /// What the kernel says about the node (read through libevdev), as recordings carry it;
    /// nil when the node could not be read a second time.
    public var description: DeviceDescription?
    /// The seat it belongs to (udev's `ID_SEAT`, as libinput's physical seat name: `seat0`
    /// unless a rule assigns another): only the user whose session is active there sees it.
    public var seat: String = "seat0"
    /// The device's udev properties (`ID_INPUT_TOUCHPAD`, `ID_INPUT_TOUCHPAD_INTEGRATION`,
    /// `LIBINPUT_CALIBRATION_MATRIX`, …), as libinput reads them.
    public var udevProperties: [String: String] = [:]
}
