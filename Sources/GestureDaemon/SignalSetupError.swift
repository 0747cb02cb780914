import Glibc

/// The daemon could not set up reading its signals (``SignalService``).
public struct SignalSetupError: Error, CustomStringConvertible {
    /// The C library's error number.
    public let errno: Int32

    public var description: String { "cannot read signals: signalfd: \(String(cString: strerror(errno)))" }
}
