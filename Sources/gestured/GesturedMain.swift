import GestureDaemon
import GestureWire
import Glibc
import LoopExecutor
import NIOCore
import NIOPosix
import PlainOptions
import Posix

/// The daemon's entry point: a synchronous `main`, so that nothing runs before the threads are
/// settled. The daemon then has three: this one, which only waits for the end; the event loop,
/// which runs the hub, the clients and every Swift task; and, live, the input thread
/// (docs/ARCHITECTURE.md, "The daemon").
@main
enum GesturedMain {
    static func main() {
        // Before any thread exists, so that every thread inherits the mask (SignalService).
        SignalService.blockSignals()
        let command: Gestured
        switch Gestured.reader.read(Array(CommandLine.arguments.dropFirst()), width: OptionReader.screenWidth(ProcessEnvironment.current)) {
        case .print(let text):
            WholeWrite.write(text, to: STDOUT_FILENO)
            exit(0)
        case .mistake(let text):
            WholeWrite.write(text, to: STDERR_FILENO)
            exit(64)
        case .run(let values):
            command = Gestured(values)
            if let mistake = command.mistake() {
                WholeWrite.write(Gestured.reader.mistake(mistake), to: STDERR_FILENO)
                exit(64)
            }
        }
        // One loop (Gestured.run takes the same singleton), and the daemon's task with all its
        // children runs on it: libdispatch's worker pool is never started.
        NIOSingletons.groupLoopCountSuggestion = 1
        do {
            try EventLoopTaskExecutor.run(on: MultiThreadedEventLoopGroup.singleton.next()) { try await command.run() }
        } catch {
            ExitStatus.end(error) { error in
                StandardError.line("Error: \(error)")
                exit(1)
            }
        }
    }
}
