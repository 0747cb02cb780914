import NIOCore

/// A SwiftNIO event loop as a Swift concurrency task executor (SE-0417): a task started with
/// it as its executor preference, and every child task, nonisolated function and default
/// actor it runs, is run on the loop's thread. The daemon runs its whole service group this way,
/// and `gesturectl actions` its runner, so the concurrency runtime never starts libdispatch's
/// worker pool (whose monitor would wake the process every second for as long as it lives).
public final class EventLoopTaskExecutor: TaskExecutor, @unchecked Sendable {
    /// The loop that runs the jobs.
    public let loop: any EventLoop

    /// An executor that runs its jobs on `loop`.
    public init(_ loop: any EventLoop) {
        self.loop = loop
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    /// Runs `body` as a task with `loop` as its executor and blocks the calling thread (a
    /// `main` that is not an event loop's) until it ends, rethrowing what it threw: how the
    /// daemon and `gesturectl actions` run their whole life on one loop.
    public static func run(on loop: any EventLoop, _ body: @escaping @Sendable () async throws -> Void) throws {
        let finished = loop.makePromise(of: Void.self)
        Task(executorPreference: EventLoopTaskExecutor(loop)) {
            do {
                try await body()
                finished.succeed()
            } catch {
                finished.fail(error)
            }
        }
        try finished.futureResult.wait()
    }
}
