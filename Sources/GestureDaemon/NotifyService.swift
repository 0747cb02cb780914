import ServiceLifecycle

/// Tells systemd the daemon is ready (`READY=1`, once everything before it in the service group
/// is set up), keeps its watchdog fed while the hub's event loop answers, and says `STOPPING=1`
/// first thing on shutdown. Does nothing outside systemd.
public struct NotifyService: Service {
    let notifier: SystemdNotifier
    let hub: GestureHub
    let status: String

    /// Creates the service; `status` is shown by `systemctl status`.
    public init(notifier: SystemdNotifier, hub: GestureHub, status: String) {
        self.notifier = notifier
        self.hub = hub
        self.status = status
    }

    public func run() async throws {
        notifier.notify("READY=1\nSTATUS=\(status)")
        let interval = notifier.watchdogInterval
        let loop = hub.loop
        try? await cancelWhenGracefulShutdown {
            while true {
                // Half the interval, as systemd advises; with no watchdog, just wait.
                try await Task.sleep(for: interval.map { $0 / 2 } ?? .seconds(3600))
                // The ping proves the event loop (input, clients) still turns, not just a timer.
                try await loop.submit {}.get()
                notifier.notify("WATCHDOG=1")
            }
        }
        notifier.notify("STOPPING=1")
    }
}
