import ServiceLifecycle

/// Runs the daemon's input — live devices or a replay — until the daemon shuts down, or, for a
/// replay that should end the daemon, until it has played out.
public final class InputService: Service, @unchecked Sendable {
    /// Where the input comes from.
    public enum Source {
        /// libinput and libevdev.
        case live(LiveInput)
        /// A recording; with `endsDaemon`, the daemon shuts down once it has played out once.
        case replay(ReplayDriver, endsDaemon: Bool)
    }

    let source: Source
    let (done, finish) = AsyncStream.makeStream(of: Void.self)

    /// Creates the service; ``run()`` starts the input.
    public init(_ source: Source) {
        self.source = source
    }

    public func run() async throws {
        switch source {
        case .live(let input):
            input.start()
        case .replay(let driver, let endsDaemon):
            if endsDaemon { driver.onFinished = { [finish] in finish.finish() } }
            driver.begin()
        }
        await withGracefulShutdownHandler {
            for await _ in done {}
        } onGracefulShutdown: { [finish] in
            finish.finish()
        }
        switch source {
        case .live(let input): input.stop()
        case .replay(let driver, _): driver.stop()
        }
    }
}
