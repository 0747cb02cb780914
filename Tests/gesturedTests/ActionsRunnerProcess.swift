import Foundation
import Glibc

/// `gesturectl actions` (or the runner's own program, `gestured-actions`) started for a test;
/// its log (standard error) is read as needed, so a test waits for what it said, never for time.
final class ActionsRunnerProcess {
    let process = Process()
    let errors = Pipe()
    /// What it logged so far.
    var log = ""

    /// `gesturectl actions` with `arguments` (`gestured-actions` with them when `ownProgram`);
    /// `environment` is added to the test's own. `program`, when given, is the path started
    /// instead (a link named `gesturectl` or `gestured-actions`, which says which).
    init(_ arguments: [String], environment: [String: String] = [:], ownProgram: Bool = false, program: String? = nil) throws {
        process.executableURL = program.map { URL(fileURLWithPath: $0) }
            ?? DaemonProcess.root.appendingPathComponent(ownProgram ? ".build/debug/gestured-actions" : ".build/debug/gesturectl")
        let runnerItself = ownProgram || program?.hasSuffix("/gestured-actions") == true
        process.arguments = runnerItself ? arguments : ["actions"] + arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.currentDirectoryURL = DaemonProcess.root
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    /// Reads the log until `text` has appeared `count` times (it exiting first is an error).
    func waitForLog(_ text: String, count: Int = 1) throws {
        while log.components(separatedBy: text).count - 1 < count {
            guard let chunk = DaemonProcess.read(errors) else { throw DaemonProcess.ended("gesturectl actions", process, errors, log: log) }
            log += chunk
        }
    }

    /// Waits for the exit; returns the status (the rest of the log is read too).
    func wait() -> Int32 {
        log += String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}
