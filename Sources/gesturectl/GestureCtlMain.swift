import ArgumentParser
import Dispatch
import GestureWire
import Glibc
import NIOCore
import NIOPosix

/// `gesturectl`'s entry point: synchronous, as the daemon's is, so that `gesturectl actions`,
/// which a desktop session keeps running all day, never starts libdispatch. An async `main`
/// would: the concurrency runtime drains its main queue with `dispatch_main()`, which starts
/// libdispatch's worker pool, and the pool's monitor wakes the process every second for as
/// long as it lives, touched or not. The runner instead runs on one SwiftNIO loop, as its
/// task's executor (``EventLoopTaskExecutor``), and reads its signals, its file's folder and
/// its children's ends there (``ActionRunner/watch()``). Every other command runs as an async
/// command always did, on the runtime's pool, with this thread waiting for it.
@main
enum GestureCtlMain {
    static func main() {
        var command: any ParsableCommand
        do {
            command = try GestureCtl.parseAsRoot()
        } catch {
            GestureCtl.exit(withError: error)
        }
        if let actions = command as? ActionsCommand, !actions.check {
            return runOnLoop(actions)
        }
        // Signals a parent left blocked would never end this process: an async `main` waited in
        // libdispatch's sigsuspend with none blocked, and this thread now waits for the task.
        var ending = sigset_t()
        sigemptyset(&ending)
        for signal in [SIGHUP, SIGINT, SIGTERM, SIGQUIT] { sigaddset(&ending, signal) }
        pthread_sigmask(SIG_UNBLOCK, &ending, nil)
        guard let asynchronous = command as? any AsyncParsableCommand else {
            do {
                try command.run()
            } catch {
                GestureCtl.exit(withError: error)
            }
            return
        }
        let finished = Finished(asynchronous)
        // Detached: `main` is the main actor's, whose queue nothing drains while this thread waits.
        Task.detached {
            do {
                try await finished.command.run()
            } catch {
                finished.error = error
            }
            finished.done.signal()
        }
        finished.done.wait()
        if let error = finished.error { GestureCtl.exit(withError: error) }
    }

    /// `gesturectl actions`: the runner's whole life on one event loop thread; this thread waits.
    static func runOnLoop(_ actions: ActionsCommand) {
        // Before any thread exists, so that every thread inherits the mask: the runner reads
        // them from a signalfd (ActionRunner.watch).
        ActionRunner.blockSignals()
        NIOSingletons.groupLoopCountSuggestion = 1
        do {
            try EventLoopTaskExecutor.run(on: MultiThreadedEventLoopGroup.singleton.next()) { try await actions.run() }
        } catch {
            GestureCtl.exit(withError: error)
        }
    }

    /// An async command, run by its task while this thread waits for `done`; the task alone
    /// touches it (and sets `error`) until then.
    final class Finished: @unchecked Sendable {
        var command: any AsyncParsableCommand
        var error: (any Error)?
        let done = DispatchSemaphore(value: 0)

        init(_ command: any AsyncParsableCommand) { self.command = command }
    }
}
