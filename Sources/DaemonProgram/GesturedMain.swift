import GestureDaemon
import GestureWire
import LoopExecutor
import NIOCore
import NIOPosix
import PlainOptions
import Posix

/// The daemon's entry point, which the `gestured` executable calls when it is started by any
/// name but `gesturectl` and `gestured-actions` (``ProgramByName``): a synchronous `main`, so that
/// nothing runs before the threads are settled. The daemon then has three: this one, which only waits for the end; the event loop,
/// which runs the hub, the clients and every Swift task; and, live, the input thread
/// (docs/ARCHITECTURE.md, "The daemon").
public enum GesturedMain {
    /// Reads the command line, runs the daemon and ends the process.
    public static func main() {
        // Before any thread exists, so that every thread inherits the mask (SignalService),
        // and before any malloc arena grows to hold a 2 MB page (HugePages).
        SignalService.blockSignals()
        HugePages.decline()
        let command: Gestured
        switch Gestured.reader.read(Array(CommandLine.arguments.dropFirst()), width: OptionReader.screenWidth(ProcessEnvironment.current)) {
        case .print(let text):
            ExitStatus.end(printing: text)
        case .mistake(let text):
            ExitStatus.end(mistake: text)
        case .run(let values):
            command = Gestured(values)
            if let mistake = command.mistake() { ExitStatus.end(mistake: Gestured.reader.mistake(mistake)) }
        }
        // One loop (Gestured.run takes the same singleton), and the daemon's task with all its
        // children runs on it: libdispatch's worker pool is never started.
        NIOSingletons.groupLoopCountSuggestion = 1
        do {
            try EventLoopTaskExecutor.run(on: MultiThreadedEventLoopGroup.singleton.next()) { try await command.run() }
        } catch {
            ExitStatus.end(error)
        }
    }
}
