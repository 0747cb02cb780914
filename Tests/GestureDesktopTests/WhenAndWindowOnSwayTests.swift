import GestureActions
import Glibc
import GestureWire
import Posix
import Testing
@testable import GestureDesktop

/// `when:` and `window:` as a user runs them: the built gestured replays a three-finger swipe
/// left to the built `gesturectl actions --once` on a real socket, with a real sway (headless)
/// whose focused foot window decides which entries run.
@Suite(.serialized, .enabled(if: HeadlessSway.available, "sway or foot is not installed (make test installs them)"))
struct WhenAndWindowOnSwayTests {
    static let actions = """
        version: 1
        actions:
          - gesture: swipe-left-3
            when: { app: gestured-a }
            shell: echo "a $GESTURE_PHASE" >> "$OUT"; cat /proc/$PPID/task/*/comm > "$OUT-threads"
          - gesture: swipe-left-3
            shell: echo default >> "$OUT"
          - gesture: swipe-left-3
            when: { app: "gestured-*" }
            window: workspace 2
        """

    @Test func theFirstMatchingWhenRunsAndWindowActionsMoveSway() throws {
        let sway = try HeadlessSway()
        try sway.open("gestured-a")
        let scratch = sway.runtime + "/actions"
        mkdir(scratch, 0o755)
        guard let file = fopen(scratch + "/actions.yml", "w") else { throw DesktopError("cannot write the actions file") }
        fputs(Self.actions, file)
        fclose(file)

        // foot "gestured-a" in front: its own entry, not the default, not the wider one.
        #expect(try ReplayRun.swipe(scratch, ["SWAYSOCK": sway.socket]) == "a ended\n")
        // The runner that follows sway is its main thread, its one loop and the provider's own
        // thread: no libdispatch workers (a DispatchQueue started them, issue 63).
        let threads = ((try? FileReader.text(scratch + "/out-threads")) ?? "").split(separator: "\n").map(String.init).sorted()
        #expect(threads.count == 3 && threads[0].hasPrefix("NIO-") && threads[1...] == ["gesturectl", "gestured-focus"], "threads: \(threads)")

        // Another foot in front: the wider `when:` runs — a workspace switch sway reports.
        try sway.open("gestured-b")
        #expect(try ReplayRun.swipe(scratch, ["SWAYSOCK": sway.socket]).isEmpty)
        let workspaces = try I3Connection(path: sway.socket).request(I3Message.getWorkspaces, "")
        #expect(workspaces.arrayValue?.first { $0["focused"] == .bool(true) }?["name"] == "2")

        // No desktop to ask: the `when:` entries are skipped, the default runs.
        #expect(try ReplayRun.swipe(scratch, ["SWAYSOCK": ""]) == "default\n")
    }

    /// `--check` says what `when:` and `window:` would go through, and what is in front.
    @Test func checkSaysWhichDesktopAndWhatIsInFront() throws {
        let sway = try HeadlessSway()
        try sway.open("gestured-a")
        let scratch = sway.runtime + "/check"
        try ReplayRun.write(Self.actions, in: scratch)
        var environment = ProcessEnvironment.current
        environment["SWAYSOCK"] = sway.socket
        let check = try ChildProcess(
            ["/bin/sh", "-c", "\"$0\" actions --check --file \"$1\" > \"$2\"", ReplayRun.root + "/.build/debug/gesturectl", scratch + "/actions.yml", scratch + "/said"],
            environment: environment)
        #expect(check.wait() == 0)
        let said = (try? FileReader.text(scratch + "/said")) ?? ""
        #expect(said.contains("when: and window: go through sway (IPC at $SWAYSOCK); in front now: gestured-a ("), "\(said)")
    }
}
