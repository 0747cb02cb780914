import Foundation

/// A command started for a test (gesturectl, the Python example) whose output is read once it
/// has exited.
final class ChildProcess {
    let process = Process()
    let output = Pipe()
    let errors = Pipe()

    /// Starts `executable ARGUMENTS…` in the repository root.
    init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/env")
        process.arguments = executable.hasPrefix("/") ? arguments : [executable] + arguments
        process.currentDirectoryURL = DaemonProcess.root
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// gesturectl from this build.
    static func gesturectl(_ arguments: [String], environment: [String: String] = [:]) throws -> ChildProcess {
        try ChildProcess(DaemonProcess.root.appendingPathComponent(".build/debug/gesturectl").path, arguments, environment: environment)
    }

    /// Waits for the exit; returns the status and standard output's lines.
    func finish() -> (status: Int32, lines: [String], errors: String) {
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init), errorText)
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}
