import GestureActions
import Glibc
import Testing

/// What a runner says it read, as the view's Actions panel finds it: its own file only, from
/// runners still running.
@Suite struct RunnerStatusTests {
    @Test func aRunningRunnersStatusIsFoundForItsFileOnly() throws {
        var template = Array("/tmp/runner-status-XXXXXX".utf8CString)
        let made = try #require(mkdtemp(&template))
        let runtime = String(cString: made)
        defer { _ = system("rm -rf '\(runtime)'") }
        let folder = try #require(RunnerStatus.folder(["XDG_RUNTIME_DIR": runtime]))
        #expect(RunnerStatus.folder([:]) == nil)
        #expect(RunnerStatus.folder(["XDG_RUNTIME_DIR": "relative"]) == nil)
        let mine = RunnerStatus(pid: getpid(), file: runtime + "/actions.yml", version: "0123456789abcdef", actions: 2)
        mine.write(in: folder)
        // Another file's runner, and a runner that is gone (no process 0x7ffffff0).
        RunnerStatus(pid: getppid(), file: runtime + "/other.yml", version: "x", actions: 1).write(in: folder)
        RunnerStatus(pid: 0x7fff_fff0, file: runtime + "/actions.yml", version: "y", actions: 1, mistake: "gone").write(in: folder)
        #expect(RunnerStatus.read(running: runtime + "/actions.yml", in: folder) == [mine])
        // The same file named another way is the same file.
        // (Unwrapped: Debian 13's Glibc, which Swift 6.0.3 reads, declares fclose's FILE non-null.)
        let file = try #require(fopen(runtime + "/actions.yml", "w"))
        fclose(file)
        #expect(RunnerStatus.read(running: runtime + "/./actions.yml", in: folder) == [mine])
        var status = stat()
        #expect(stat(folder, &status) == 0 && status.st_mode & 0o777 == 0o700)
        RunnerStatus.remove(pid: getpid(), in: folder)
        #expect(RunnerStatus.read(running: runtime + "/actions.yml", in: folder) == [])
        #expect(RunnerStatus.read(running: "x", in: runtime + "/none") == [])
    }

    /// A status whose pid another program has now is no runner's (issue 60: a second runner
    /// would be refused by a stale file).
    @Test func onlyARunnersProgramIsARunner() {
        #expect(!RunnerStatus.isRunner(getpid()))  // the test binary
        #expect(!RunnerStatus.isRunner(0x7fff_fff0))
    }
}
