import NIOCore
import Posix
import ServiceLifecycle

/// Tells systemd the daemon is ready (`READY=1`, once everything before it in the service group
/// is set up), keeps its watchdog fed from the hub's event loop, and says `STOPPING=1` first
/// thing on shutdown; outside systemd it says nothing. At ready, in or out of systemd, it
/// gives back the pages only starting used (``StartupPages``), and again once settled
/// (``GestureHub/settleStartupPages()``).
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
        // Ready: the code only starting ran (options, configuration, libinput's first
        // devices) is unmapped, after what the loop's turn still runs; once settled, again:
        // what the input's start and the first clients ran.
        hub.loop.execute { [hub] in
            if let released = StartupPages.release() {
                hub.logger.debug("ready: unmapped the read-only pages of \(released.objects) loaded files (\(released.bytes / 1024) KiB of address space)")
            }
            hub.settleStartupPages()
        }
        // Half the interval, as systemd advises. A task on the event loop, not a timer of its
        // own: a ping proves the loop (input, clients) still turns, and it costs no thread.
        let watchdog = notifier.watchdogInterval.map { interval in
            let half = TimeAmount.nanoseconds(Self.nanoseconds(interval) / 2)
            return hub.loop.scheduleRepeatedTask(initialDelay: half, delay: half) { [notifier, hub] _ in
                // A grabbed device's forwarding must move too, not only the loop: a reader that
                // stopped reading a node with events waiting would hold the device from the
                // desktop while the loop turns (docs/OWNERSHIP.md, "Safety").
                if let stall = hub.input?.forwardingStall() {
                    if !hub.watchdogWithheld { hub.logger.error("not feeding the watchdog: \(stall)") }
                    hub.watchdogWithheld = true
                    return
                }
                hub.watchdogWithheld = false
                notifier.notify("WATCHDOG=1")
            }
        }
        await GracefulShutdownWait.untilTriggered()
        hub.loop.execute { [hub] in hub.startupPagesRelease?.cancel() }
        watchdog?.cancel()
        notifier.notify("STOPPING=1")
    }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
