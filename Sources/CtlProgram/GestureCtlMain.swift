import ArgumentParser
import Dispatch
import GestureRunner
import GestureWire
import Glibc
import PlainOptions

/// `gesturectl`'s entry point (the `gestured` executable by that name, or the `gesturectl`
/// executable of a build folder): synchronous, as the daemon's is, so that `gesturectl actions`
/// runs on one event loop and never starts libdispatch (``ActionsSettings/runOnLoop()`` says
/// why). Every other command runs as an async command always did, on the runtime's pool, with
/// this thread waiting for it.
public enum GestureCtlMain {
    /// Reads the command line, runs the command and ends the process (or returns when it is done).
    public static func main() {
        var command: any ParsableCommand
        do {
            command = try GestureCtl.parseAsRoot()
        } catch {
            ExitStatus.end(error) { GestureCtl.exit(withError: $0) }
        }
        if let actions = command as? ActionsCommand, !actions.options.check {
            do {
                return try actions.options.settings.runOnLoop()
            } catch {
                ExitStatus.end(error) { GestureCtl.exit(withError: $0) }
            }
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
                ExitStatus.end(error) { GestureCtl.exit(withError: $0) }
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
        if let error = finished.error { ExitStatus.end(error) { GestureCtl.exit(withError: $0) } }
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
