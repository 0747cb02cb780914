import Evdev
import LinuxInput

/// Where typed keys go: the virtual keyboard (``LinuxInput/VirtualKeyboard``) in the daemon;
/// the hub's tests read what it was given.
public protocol KeyOutput: AnyObject {
    /// Writes the events in order; throws when they cannot be written.
    func write(_ emissions: [KeyEmission]) throws
}

extension VirtualKeyboard: KeyOutput {}
