import Foundation
import Glibc
import Testing

/// Issue 66: the package installs one executable, `gestured`, and `gesturectl` and
/// `gestured-actions` as links to it; by each name it is that program (`ProgramByName`). The
/// build's `gestured` started through such links, against the build's own `gesturectl` and
/// `gestured-actions`: the same output, the same exit status, and a runner the second-runner
/// check knows for one.
@Suite struct ProgramByNameTests {
    /// A folder with links to the build's `gestured`, by the package's names and one other, and
    /// a one-action file; removed at the end.
    final class Links {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-names-\(UUID().uuidString.prefix(8))").path
        var actions: String { folder + "/actions.yml" }

        init() throws {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let executable = DaemonProcess.root.appendingPathComponent(".build/debug/gestured").path
            for name in ["gesturectl", "gestured-actions", "gestured-by-another-name"] {
                #expect(symlink(executable, folder + "/" + name) == 0)
            }
            try "version: 1\nactions:\n  - gesture: swipe-left-3\n    run: [echo, left]\n".write(toFile: actions, atomically: true, encoding: .utf8)
        }

        func path(_ name: String) -> String { folder + "/" + name }

        deinit { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// What a run left: status, standard output and standard error.
    static func run(_ program: String, _ arguments: [String]) throws -> (Int32, [String], String) {
        let finished = try ChildProcess(program, arguments).finish()
        return (finished.status, finished.lines, finished.errors)
    }

    @Test func byEachNameItIsThatProgram() throws {
        let links = try Links()
        let build = DaemonProcess.root.appendingPathComponent(".build/debug").path
        let actions = links.actions
        let cases: [(name: String, arguments: [String])] = [
            ("gesturectl", ["--help"]), ("gesturectl", ["--version"]), ("gesturectl", ["replay", "--help"]),
            ("gesturectl", ["replay", "--json", "--config", "Fixtures/gestures.yml", "Fixtures/constructed/swipe-3-left.yml"]),
            ("gesturectl", ["replay", "--no-such-option"]),
            ("gestured-actions", ["--help"]), ("gestured-actions", ["--check", "--file", actions]),
            ("gestured-actions", ["--file"]),
        ]
        for (name, arguments) in cases {
            let linked = try Self.run(links.path(name), arguments)
            let own = try Self.run(build + "/" + name, arguments)
            #expect(linked.0 == own.0, "\(name) \(arguments): status \(linked.0), its own program's \(own.0)")
            #expect(linked.1 == own.1, "\(name) \(arguments): standard output")
            #expect(linked.2 == own.2, "\(name) \(arguments): standard error")
            #expect(!linked.1.isEmpty || !linked.2.isEmpty, "\(name) \(arguments) said something")
        }
        // By any other name, the daemon.
        let daemon = try Self.run(links.path("gestured-by-another-name"), ["--help"])
        let own = try Self.run(build + "/gestured", ["--help"])
        #expect(daemon.0 == 0 && daemon.1 == own.1 && daemon.1.first?.hasPrefix("OVERVIEW: The gesture daemon") == true, "\(daemon.1.prefix(2))")
    }

    /// A runner started through the link is `gestured` by its executable, and still a runner:
    /// a second one on the same file is refused, naming it.
    @Test func aRunnerStartedByTheLinkIsKnownForARunner() throws {
        let links = try Links()
        let runtime = links.folder + "/run"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        let actions = links.actions
        let environment = ["XDG_RUNTIME_DIR": runtime]
        let first = try ActionsRunnerProcess(["--file", actions, "--socket", links.folder + "/none.sock"], environment: environment, program: links.path("gestured-actions"))
        try first.waitForLog("1 action from")
        let second = try ActionsRunnerProcess(["--file", actions, "--socket", links.folder + "/none.sock"], environment: environment)
        // Refused, or (were the link's runner not known for one) running too: its log says which.
        while !second.log.contains("already run by") && !second.log.contains("1 action from"), let chunk = DaemonProcess.read(second.errors) {
            second.log += chunk
        }
        #expect(second.log.contains("is already run by process \(first.process.processIdentifier)"), "\(second.log)")
        if second.process.isRunning && second.log.contains("1 action from") { kill(second.process.processIdentifier, SIGTERM) }
        #expect(second.wait() == 75, "\(second.log)")
        kill(first.process.processIdentifier, SIGTERM)
        #expect(first.wait() == 0, "\(first.log)")
    }
}
