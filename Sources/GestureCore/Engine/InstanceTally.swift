/// Numbers the instances of the bindings that share it, from 1, in announce order: the
/// `instance` a gesture's events publish. The engine's own tally numbers every binding attached
/// without one (a configuration's gestures: what `gesturectl replay --json` prints); a daemon
/// gives each subscription's definitions a tally of their own, so one client's numbers never
/// depend on what another defined. A gesture's (name, number) is unique within its tally;
/// ``InstanceID`` stays the engine-wide key.
public final class InstanceTally {
    /// The number the next instance gets.
    public private(set) var next: UInt64 = 1

    /// Creates a tally that starts at 1.
    public init() {}

    /// Takes the next number.
    func take() -> UInt64 {
        defer { next += 1 }
        return next
    }
}
