import LoopExecutor
import NIOCore
import NIOPosix

extension ActionsSettings {
    /// The runner's whole life on one event loop thread, while the calling thread waits: what
    /// both programs' synchronous `main` calls, so that the runner, which a desktop session
    /// keeps running all day, never starts libdispatch. An async `main` would: the concurrency
    /// runtime drains its main queue with `dispatch_main()`, which starts libdispatch's worker
    /// pool, and the pool's monitor wakes the process every second for as long as it lives,
    /// touched or not. The runner instead runs on one SwiftNIO loop, as its task's executor
    /// (``EventLoopTaskExecutor``), and reads its signals, its file's folder and its children's
    /// ends there (``ActionRunner/watch()``). Call it before any thread is started. `--check`
    /// runs there too, with the signals left as they were.
    public func runOnLoop() throws {
        // Before any thread exists, so that every thread inherits the mask: the runner reads
        // them from a signalfd (ActionRunner.watch).
        if !check { ActionRunner.blockSignals() }
        NIOSingletons.groupLoopCountSuggestion = 1
        let options = self
        try EventLoopTaskExecutor.run(on: MultiThreadedEventLoopGroup.singleton.next()) { try await options.run() }
    }
}
