import Glibc
import Posix
import Testing
@testable import GestureDesktop

/// The built gestured replaying a three-finger swipe left to the built `gesturectl actions
/// --once`, on a real socket in a scratch folder, as a user runs them.
enum ReplayRun {
    /// The package's root, from this file's path.
    static let root: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    /// One replay of the swipe to `scratch/actions.yml`, with `environment` added to the
    /// runner's; returns what its commands wrote to `$OUT`.
    static func swipe(_ scratch: String, _ environment: [String: String]) throws -> String {
        let socket = scratch + "/gestured.sock"
        let out = scratch + "/out"
        unlink(socket)
        unlink(out)
        var base = ProcessEnvironment.current
        base["OUT"] = out
        let daemon = try ChildProcess(
            [root + "/.build/debug/gestured", "--replay", root + "/Fixtures/constructed/swipe-3-left.yml", "--wait-subscribers", "1",
             "--exit-after-replay", "--socket", socket, "--log-level", "warning"], environment: base)
        guard HeadlessSway.waitForFile(scratch, "gestured.sock", seconds: 30) else { throw DesktopError("the daemon never listened") }
        let runner = try ChildProcess(
            [root + "/.build/debug/gesturectl", "actions", "--once", "--file", scratch + "/actions.yml", "--socket", socket],
            environment: base.merging(environment) { _, new in new })
        #expect(runner.wait() == 0)
        #expect(daemon.wait() == 0)
        return (try? FileReader.text(out)) ?? ""
    }

    /// Writes `text` to `scratch/actions.yml`, making `scratch`.
    static func write(_ text: String, in scratch: String) throws {
        mkdir(scratch, 0o755)
        guard let file = fopen(scratch + "/actions.yml", "w") else { throw DesktopError("cannot write the actions file") }
        fputs(text, file)
        fclose(file)
    }
}
