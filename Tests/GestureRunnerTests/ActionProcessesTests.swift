import Foundation
@testable import GestureRunner
import GestureActions
import GesturePipeline
import Glibc
import Posix
import Testing

/// The overlap policies and the timeout with real processes and time passed in: each check
/// looks at what was started or signalled, never waits for time to pass.
@Suite struct ActionProcessesTests {
    static let long = ["sleep", "30"]

    static func spec(_ overlap: ActionOverlap, timeout: Double? = nil) -> ActionSpec {
        ActionSpec(gesture: "g", command: .argv(long), timeout: timeout, overlap: overlap)
    }

    /// The signal that ended a wait status (0: it exited).
    static func signal(_ status: Int32) -> Int32 { status & 0x7f }

    static func cleanUp(_ processes: ActionProcesses) {
        processes.stopAll()
        for run in processes.runs.values { run.child.wait() }
    }

    @Test func dropLeavesTheRunningCommandAloneAndQueuesNothing() {
        let processes = ActionProcesses { _ in }
        processes.fire(0, Self.spec(.drop), arguments: Self.long, environment: [:], now: 0)
        let first = processes.runs[0]?.child.pid
        #expect(first != nil)
        processes.fire(0, Self.spec(.drop), arguments: Self.long, environment: [:], now: 0.1)
        #expect(processes.runs[0]?.child.pid == first)
        #expect(processes.pending[0] == nil)
        Self.cleanUp(processes)
    }

    @Test func queueRunsTheNextOnceTheFirstHasEnded() {
        let processes = ActionProcesses { _ in }
        processes.fire(0, Self.spec(.queue), arguments: Self.long, environment: [:], now: 0)
        processes.fire(0, Self.spec(.queue), arguments: Self.long, environment: [:], now: 0.1)
        processes.fire(0, Self.spec(.queue), arguments: Self.long, environment: [:], now: 0.2)
        #expect(processes.pending[0]?.count == 2)
        let first = processes.runs[0]!.child
        first.signalGroup(SIGKILL)
        first.wait()
        processes.poll(now: 0.3, specs: [Self.spec(.queue)])
        #expect(processes.runs[0]?.child.pid != first.pid)
        #expect(processes.pending[0]?.count == 1)
        Self.cleanUp(processes)
    }

    @Test func restartStopsTheRunningCommandAndStartsAgain() {
        let processes = ActionProcesses { _ in }
        processes.fire(0, Self.spec(.restart), arguments: Self.long, environment: [:], now: 0)
        let first = processes.runs[0]!.child
        processes.fire(0, Self.spec(.restart), arguments: Self.long, environment: [:], now: 0.1)
        #expect(Self.signal(first.wait()) == SIGTERM)
        processes.poll(now: 0.2, specs: [Self.spec(.restart)])
        #expect(processes.runs[0] != nil && processes.runs[0]?.child.pid != first.pid)
        Self.cleanUp(processes)
    }

    @Test func aTimeoutStopsTheRunAndSIGKILLFollowsWhenSIGTERMIsIgnored() {
        var reports: [String] = []
        let processes = ActionProcesses { reports.append($0) }
        // The command says through a FIFO when it ignores SIGTERM: reading it waits for that.
        let fifo = "/tmp/gestured-stubborn-\(getpid())"
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let stubborn = ["sh", "-c", "trap '' TERM; echo ready > \(fifo); sleep 30"]
        let spec = ActionSpec(gesture: "g", command: .argv(stubborn), timeout: 1, overlap: .drop, line: 4)
        processes.fire(0, spec, arguments: stubborn, environment: [:], now: 0)
        let child = processes.runs[0]!.child
        let reader = open(fifo, O_RDONLY)
        var byte: UInt8 = 0
        #expect(read(reader, &byte, 1) == 1)
        close(reader)
        processes.poll(now: 0.5, specs: [spec])
        #expect(processes.runs[0]?.terminated == nil)
        processes.poll(now: 1, specs: [spec])
        #expect(processes.runs[0]?.terminated == 1)
        // Named by its line, as every other message of the actions file (issue 21, item 8).
        #expect(reports == ["line 4: `sh` stopped after its timeout of 1.0 s"])
        processes.poll(now: 2.9, specs: [spec])
        processes.poll(now: 3, specs: [spec])
        #expect(Self.signal(child.wait()) == SIGKILL)
        processes.poll(now: 3.1, specs: [spec])
        #expect(processes.isIdle)
    }

    @Test func aCommandThatCannotStartIsReportedAtItsLine() {
        var reports: [String] = []
        let processes = ActionProcesses { reports.append($0) }
        var spec = Self.spec(.drop)
        spec.line = 7
        processes.fire(0, spec, arguments: ["/nonexistent/command"], environment: [:], now: 0)
        #expect(processes.isIdle)
        #expect(reports == ["line 7: cannot run /nonexistent/command: No such file or directory"])
    }

    /// Issue 21, item 8: a command that fails leaves a line saying how, at its action's line.
    @Test func aFailingCommandIsReportedWithItsStatusOrSignal() {
        var reports: [String] = []
        let processes = ActionProcesses { reports.append($0) }
        for (index, arguments) in [["false"], ["sh", "-c", "exit 7"], ["sh", "-c", "kill -9 $$"], ["true"]].enumerated() {
            var spec = Self.spec(.drop)
            spec.line = 10 + index
            processes.fire(index, spec, arguments: arguments, environment: ProcessEnvironment.current, now: 0)
            processes.runs[index]!.child.wait()
        }
        processes.poll(now: 1, specs: nil)
        #expect(processes.isIdle)
        #expect(reports.sorted() == ["line 10: `false` exited with status 1", "line 11: `sh` exited with status 7", "line 12: `sh` killed by signal 9 (SIGKILL)"])
    }

    /// A command gets the runner's environment with the event's variables set over it: one the
    /// runner has keeps its value unless the event sets it, and is not repeated when it does.
    @Test func aCommandGetsTheRunnersEnvironmentWithTheEventsOverIt() throws {
        let scratch = "/tmp/gestured-env-\(getpid())"
        defer { unlink(scratch) }
        let home = try #require(ProcessEnvironment.value("HOME"))
        let processes = ActionProcesses { _ in }
        processes.fire(
            0, Self.spec(.drop), arguments: ["sh", "-c", "env > \(scratch)"],
            environment: ["PATH": "/usr/bin:/bin", "GESTURE_NAME": "swipe-left-3"], now: 0)
        let status = try #require(processes.runs[0]).child.wait()
        #expect(status == 0)
        let lines = try String(contentsOfFile: scratch, encoding: .utf8).split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("PATH=") } == ["PATH=/usr/bin:/bin"])
        #expect(lines.contains("GESTURE_NAME=swipe-left-3"))
        #expect(lines.contains("HOME=\(home)"))
    }
}
