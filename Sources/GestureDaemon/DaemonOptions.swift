/// What the daemon runs with: gestured's flags, as plain values (docs/CONFIG.md, "Daemon
/// options"). ``Daemon`` runs them.
public struct DaemonOptions: Sendable, Equatable {
    /// The configuration file (nil: /etc/gestured/gestured.yml when it exists, else built-in).
    public var config: String?
    /// The socket path (nil: as ``GestureWire/SocketPath`` resolves it); ignored when systemd
    /// passes a socket.
    public var socket: String?
    /// The socket file's group (name or gid).
    public var socketGroup: String?
    /// The udev seat for live input.
    public var seat = "seat0"
    /// Input nodes to read instead of a seat (no hotplug).
    public var devices: [String] = []
    /// Recordings to replay instead of devices.
    public var replay: [String] = []
    /// The .desc file for evemu recordings without a header.
    public var deviceDescription: String?
    /// Replay again and again.
    public var loop = false
    /// Replay at the recording's pace.
    public var realtime = false
    /// Start the replay once this many subscriptions exist.
    public var waitSubscribers = 0
    /// Messages a client may fall behind before it is disconnected.
    public var clientQueueLimit = 1024
    /// Shut down once a single replay has played out.
    public var exitAfterReplay = false
    /// Add `ingressUs` to gesture events.
    public var latencyStamps = false
    /// The uinput node the virtual keyboard is made through when a client first types (live
    /// input only; nil: no virtual keyboard, `keys` is refused).
    public var virtualKeyboard: String? = "/dev/uinput"

    /// The defaults.
    public init() {}
}
