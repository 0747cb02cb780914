import GestureActions
import GesturePipeline
import Glibc
import Posix

/// The commands of `gesturectl actions` while they run: at most one run per action at a time,
/// with the action's overlap policy for the next (queue, drop, restart) and its timeout
/// (SIGTERM to the run's process group, SIGKILL 2 s later). Time is passed in; the runner
/// calls ``poll(now:specs:)`` when a child ends (its SIGCHLD) and by ``nextDeadline(specs:)``.
final class ActionProcesses {
    /// A run in progress.
    struct Run {
        var child: ChildProcess
        var started: Double
        var terminated: Double?
        /// Its action's line, for what is said of it.
        var line: Int?
    }

    /// A command waiting for its turn.
    struct Pending {
        var arguments: [String]
        /// Set over the runner's own environment.
        var environment: [String: String]
        var line: Int?
    }

    /// How long a stopped run may take to go before SIGKILL.
    static let killGrace = 2.0

    var runs: [Int: Run] = [:]
    var pending: [Int: [Pending]] = [:]
    let report: (String) -> Void

    /// `report` says what went wrong, at the action's line: a command that cannot start, one that
    /// exits with a status other than 0 or is killed by a signal, one stopped by its timeout.
    init(report: @escaping (String) -> Void) {
        self.report = report
    }

    /// Runs `arguments` for action `index` (overlap and timeout as `spec` says), with the
    /// runner's environment and `environment` set over it.
    func fire(_ index: Int, _ spec: ActionSpec, arguments: [String], environment: [String: String], now: Double) {
        poll(now: now, specs: nil)
        guard var run = runs[index] else {
            start(index, Pending(arguments: arguments, environment: environment, line: spec.line), now: now)
            return
        }
        switch spec.overlap {
        case .drop:
            return
        case .queue:
            pending[index, default: []].append(Pending(arguments: arguments, environment: environment, line: spec.line))
        case .restart:
            pending[index] = [Pending(arguments: arguments, environment: environment, line: spec.line)]
            if run.terminated == nil {
                run.child.signalGroup(SIGTERM)
                run.terminated = now
                runs[index] = run
            }
        }
    }

    func start(_ index: Int, _ command: Pending, now: Double) {
        do {
            let child = try ChildProcess(command.arguments, environment: command.environment, inheriting: true, ownGroup: true)
            runs[index] = Run(child: child, started: now, line: command.line)
        } catch {
            report("\(Self.place(command.line))\(error)")
        }
    }

    /// Reaps finished runs and starts what waits for them; stops runs past their timeout.
    func poll(now: Double, specs: [ActionSpec]?) {
        for (index, var run) in runs {
            if !run.child.isRunning {
                runs[index] = nil
                // A run its timeout stopped was said already.
                if run.terminated == nil, let failure = run.child.failure {
                    report("\(Self.place(run.line))`\(run.child.program)` \(failure)")
                }
                if var queue = pending[index], !queue.isEmpty {
                    let next = queue.removeFirst()
                    pending[index] = queue.isEmpty ? nil : queue
                    start(index, next, now: now)
                }
                continue
            }
            if let terminated = run.terminated {
                if now - terminated >= Self.killGrace { run.child.signalGroup(SIGKILL) }
                continue
            }
            // After a reload a run may belong to an action that is gone: it has no timeout now.
            if let specs, index < specs.count, let timeout = specs[index].timeout, now - run.started >= timeout {
                report("\(Self.place(run.line))`\(run.child.program)` stopped after its timeout of \(timeout) s")
                run.child.signalGroup(SIGTERM)
                run.terminated = now
                runs[index] = run
            }
        }
    }

    /// `line 4: `, how messages name an action.
    static func place(_ line: Int?) -> String {
        line.map { "line \($0): " } ?? ""
    }

    /// When ``poll(now:specs:)`` next has a timeout or a kill to do; nil when nothing runs or
    /// no run has a timeout. A run's end needs no deadline: its SIGCHLD wakes the runner.
    func nextDeadline(specs: [ActionSpec]) -> Double? {
        runs.lazy.compactMap { index, run -> Double? in
            if let terminated = run.terminated { return terminated + Self.killGrace }
            guard index < specs.count, let timeout = specs[index].timeout else { return nil }
            return run.started + timeout
        }.min()
    }

    /// Stops every run (SIGTERM to each group) and forgets what waits.
    func stopAll() {
        pending.removeAll()
        for run in runs.values { run.child.signalGroup(SIGTERM) }
    }

    /// Blocks until one of the runs ends (for `--once`, at the end).
    func waitForAny() {
        guard let run = runs.values.first else { return }
        run.child.wait()
    }

    /// Whether anything runs or waits.
    var isIdle: Bool { runs.isEmpty && pending.isEmpty }
}
