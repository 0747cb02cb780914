import NIOCore
import Posix

/// The pages only starting ran, given back once the daemon has settled (``StartupPages``).
extension GestureHub {
    /// Gives back the read-only pages once nothing new has happened for
    /// ``StartupPages/settlingSeconds``: called at ready (``NotifyService``) and, from then on,
    /// by every client that connects, each call putting the release off again. Ready is not
    /// settled: the input thread is still starting beside the service that says ready, and
    /// under socket activation the first clients (the runner, the overlay, `gesturectl`)
    /// connect just after it, and what their first requests ran would stay mapped. A page the
    /// daemon needs again after a release comes back as a minor fault (docs/BENCHMARKS.md,
    /// issue 66, step 10).
    public func settleStartupPages() {
        loop.preconditionInEventLoop()
        settling = true
        startupPagesRelease?.cancel()
        startupPagesRelease = loop.scheduleTask(in: .seconds(StartupPages.settlingSeconds)) { [logger] in
            if let released = StartupPages.release() {
                logger.debug("settled: unmapped the read-only pages of \(released.objects) loaded files again")
            }
        }
    }

    /// Puts the release off again when a client connects, once the daemon is ready.
    func clientArrivedWhileSettling() {
        if settling { settleStartupPages() }
    }
}
