import ActionsProgram
import CtlProgram
import DaemonProgram
import Posix

/// The `gestured` executable is three programs, chosen by the name it is started by (the last
/// part of `argv[0]`): `gesturectl` and `gestured-actions`, which the package installs as links
/// to it, and the daemon by any other name. One executable holds the Swift runtime, SwiftNIO and
/// the shared modules once instead of three times (docs/BENCHMARKS.md, issue 66); each program
/// runs only its own code, and libinput and libsystemd are opened by the daemon alone
/// (CInputLibraries).
@main
enum ProgramByName {
    static func main() {
        switch LinkChain.name(of: CommandLine.arguments.first ?? "") {
        case "gesturectl": GestureCtlMain.main()
        case "gestured-actions": GesturedActionsMain.main()
        default: GesturedMain.main()
        }
    }
}
