import Descriptors
import GestureActions
import GestureClient
import GestureCommandLine
import GestureDesktop
import GesturePipeline
import GestureWire
import Glibc
import NIOCore
import Posix

/// The loop of `gesturectl actions`: one connection to the daemon for every action, the
/// ``ActionTracker`` deciding, ``ActionProcesses`` running; reloads the file on SIGHUP and when
/// it changes on disk (inotify on its folder, so editors that replace the file are seen), and
/// keeps the old actions when the new file has a mistake. The connection comes back by itself
/// when the daemon restarts; the actions' instances in flight are forgotten then.
///
/// Everything it does happens on the client's event loop, one input at a time: a line from the
/// daemon is read, decided on and its command spawned on the one thread the kernel woke, with
/// no task or other thread in between (each would be a wake-up, and wake-ups were most of the
/// time from a lift to the command). Requests (subscribe, keys) are written on the same
/// connection and their replies come back as calls on the loop. Signals (a signalfd) and the
/// file's folder (inotify) are read on the same loop: no thread of its own, and no wake-up at
/// all while nothing happens.
final class ActionRunner: @unchecked Sendable {
    /// What reaches the runner, always on the loop.
    enum Input: Sendable {
        case event(ClientEvent)
        case wake
        case reload(String)
        /// The compositor turned a screen (or outputs came or went).
        case screens(ScreenReport)
        case stop
        case finish
    }

    let path: String
    /// The strokes file given (nil: the default one, when it exists).
    let strokesPath: String?
    let client: GestureClient
    var file: ActionsFile
    /// The file's keys as codes, with its layout.
    var keys: ActionKeys
    var tracker: ActionTracker
    var handles: [SubscriptionHandle] = []
    var requests: [SubscriptionRequest] = []
    let processes = ActionProcesses { StandardError.line("gesturectl actions: \($0)") }
    let loop: any EventLoop
    /// Fulfilled when the run ends.
    let outcome: EventLoopPromise<Outcome>
    var ended = false
    /// ``ActionsFileEdit/version(of:)`` of the text last read (nil: not known), and where the
    /// runner says so (``RunnerStatus``; nil: nowhere).
    var version: String?
    let statusFolder = RunnerStatus.folder()

    /// The signalfd's and the folder watch's channels, closed at the end.
    var watches: [any Channel] = []
    /// The file's watch: its folder, and every folder on its chain of links (nil: none).
    var fileWatch: FileWatch?
    /// The next wake-up (a deadline of the tracker or the processes), on the loop.
    var timer: Scheduled<Void>?

    let verbose: Bool
    let once: Bool
    var connected = false
    /// Whether the daemon was ever reached: a first failure is "not running", a later one "lost".
    var everConnected = false

    init(path: String, strokesPath: String? = nil, file: ActionsFile, keys: ActionKeys, socket: String?, verbose: Bool = false, once: Bool = false, version: String? = nil) {
        self.version = version
        self.strokesPath = strokesPath
        self.path = path
        self.file = file
        self.keys = keys
        self.verbose = verbose
        self.once = once
        tracker = ActionTracker(actions: file.actions)
        let relay = EventRelay()
        client = GestureClient(path: socket, reconnects: !once) { relay.runner?.input(.event($0)) }
        loop = client.eventLoop
        outcome = loop.makePromise()
        relay.runner = self
    }

    /// Hands the client's events to the runner; set once, before the client starts.
    final class EventRelay: @unchecked Sendable {
        weak var runner: ActionRunner?
    }

    /// The client, used from its own loop (where the runner always runs).
    func withClient<T: Sendable>(_ body: @Sendable (isolated GestureClient) -> T) -> T {
        client.assumeIsolated { body($0) }
    }

    static func now() -> Double { MonotonicTime.seconds }

    /// The names of the daemon's configured gestures (nil: the daemon did not say, or not yet).
    var configured: [String]?
    /// The lines whose unknown gesture was already reported (said once, not per reconnect).
    var reportedUnknown: Set<Int> = []
    /// The file's definitions the daemon refused, by name, with its reason: a daemon of another
    /// version may read a definition differently from this `gesturectl`. Their actions are off
    /// (said once), the rest of the file runs; asked again after a reload or a reconnect.
    var refusedDefinitions: [String: String] = [:]
    /// The refusals already said (not again per reconnect).
    var reportedRefusals: Set<String> = []
    /// The daemon's last refusal, said once until it changes.
    var refusal: String?
    /// The keys this connection holds down (`on: began`), as the daemon last said.
    var held: [UInt16] = []
    /// The desktop that says which window has the focus and acts on windows (nil: none yet).
    var desktop: (any DesktopProvider)?
    /// Why there is none, when the file needs one (said once).
    var desktopProblem: String?
    /// When the desktop may be asked again after a failure (``retryDesktop(now:)``).
    var desktopRetry = 0.0
    /// How long after a failure the desktop is asked again, at the earliest, in seconds.
    static let desktopRetryInterval = 5.0
    /// The compositor followed for how the screens are turned (nil: no device follows one, or none found).
    var screens: (any ScreenSource)?
    /// How the screens were last said to be turned (told again after a reconnect).
    var screenReport: ScreenReport?
    /// Why no screens are followed, when a device follows one (said once).
    var screenProblem: String?

    /// Finds and starts the desktop's provider when the file needs one and none runs.
    func startDesktop() {
        guard file.needsDesktop, desktop == nil else { return }
        switch DesktopDetection.provider(ProcessEnvironment.current) {
        case .failure(let error):
            if desktopProblem != error.message {
                StandardError.line("gesturectl actions: `when:` entries are skipped and `window:` actions fail: \(error)")
            }
            desktopProblem = error.message
        case .success(let provider):
            do {
                try provider.start()
                desktop = provider
                desktopProblem = nil
                StandardError.line("gesturectl actions: following the focused window through \(provider.name)")
            } catch {
                let problem = "\(provider.name): \(error)"
                if desktopProblem != problem {
                    StandardError.line("gesturectl actions: `when:` entries are skipped and `window:` actions fail: \(problem)")
                }
                desktopProblem = problem
            }
        }
    }

    /// Asks for the desktop again, as a gesture comes, when it could not be reached (at most
    /// every ``desktopRetryInterval`` seconds): the user may have started what it needs since
    /// (GNOME: `gnome-extensions enable`), and needs no restart of the runner.
    func retryDesktop(now: Double) {
        guard desktop == nil, desktopProblem != nil, now >= desktopRetry else { return }
        desktopRetry = now + Self.desktopRetryInterval
        startDesktop()
    }

    /// The focus for the tracker: the provider's, or unknown.
    var focus: FocusContext {
        guard let desktop else { return .unknown }
        return .window(desktop.focused())
    }

    /// How a run ended.
    enum Outcome: Equatable {
        /// Stopped by a signal, or (`once`) the daemon went away after serving it.
        case finished
        /// `once` found no daemon at all.
        case noDaemon
        /// `once` was refused by the daemon: its reason.
        case refused(String)
    }

    /// Runs until SIGTERM or SIGINT (or, with `once`, until the daemon goes away).
    func run() async -> Outcome {
        loop.execute { self.begin() }
        let outcome = (try? await outcome.futureResult.get()) ?? .finished
        await client.close()
        return outcome
    }

    /// Starts it all, on the loop.
    func begin() {
        // Subscribed once the daemon says which gestures it has (its hello).
        withClient { $0.start() }
        watch()
        startDesktop()
        writeStatus(mistake: nil)
        StandardError.line("gesturectl actions: \(Counted.words(file.actions.count, "action")) from \(path)\(keys.layout.map { "; keys typed as on layout \($0)" } ?? "")")
    }

    /// One input, on the loop; then what is due, and the next wake-up.
    func input(_ input: Input) {
        guard !ended else { return }
        let now = Self.now()
        switch input {
        case .event(let event): handle(event, now: now)
        case .wake: break
        case .reload(let why): reload(why)
        case .screens(let report): screensTurned(report)
        case .stop:
            processes.stopAll()
            return end(.finished)
        case .finish:
            // --once: what runs may finish, what waits in a queue runs too.
            while !processes.isIdle {
                processes.waitForAny()
                processes.poll(now: Self.now(), specs: file.actions)
            }
            if let refusal, !connected { return end(.refused(refusal)) }
            return end(connected ? .finished : .noDaemon)
        }
        run(tracker.advance(to: now), now: now)
        processes.poll(now: now, specs: file.actions)
        schedule(now: now)
    }

    func end(_ how: Outcome) {
        ended = true
        timer?.cancel()
        for channel in watches { channel.close(promise: nil) }
        watches.removeAll()
        // The desktop forgets what the runner asked of it (KWin: the script is unloaded).
        desktop?.stop()
        screens?.stop()
        if let statusFolder { RunnerStatus.remove(pid: getpid(), in: statusFolder) }
        outcome.succeed(how)
    }

    func handle(_ event: ClientEvent, now: Double) {
        switch event {
        case .gesture(let update):
            retryDesktop(now: now)
            let firings = tracker.handle(
                ActionEvent(
                    gesture: update.gesture, instance: update.instance, device: update.device, phase: update.phase, reason: update.reason,
                    value: update.value, state: update.state, isSnapshot: update.isSnapshot),
                at: now, focus: file.needsDesktop ? focus : .unknown)
            run(firings, now: now)
        case .connected(let hello):
            connected = true
            // Started: once connected the first time, the pages only starting used go
            // (StartupPages), after what this turn of the loop still runs.
            if !everConnected {
                loop.execute { [verbose] in
                    if StartupPages.release() != nil, verbose {
                        StandardError.line("gesturectl actions: started: unmapped the code only starting ran")
                    }
                }
                // And once settled, what the subscription's first answers ran.
                loop.scheduleTask(in: .seconds(StartupPages.settlingSeconds)) { [verbose] in
                    if StartupPages.release() != nil, verbose {
                        StandardError.line("gesturectl actions: settled: unmapped the code only its first moments ran")
                    }
                }
            }
            everConnected = true
            refusal = nil
            StandardError.line("gesturectl actions: connected to gestured \(hello.server)")
            configured = hello.gestures
            refusedDefinitions.removeAll()
            resubscribe()
            prepareKeyboard()
            tellScreens()
            followScreens(for: hello.devices)
        case .deviceAdded(let device), .deviceChanged(let device):
            followScreens(for: [device])
        case .configReloaded(let value):
            configured = value["gestures"]?.arrayValue?.compactMap(\.stringValue)
            reportedUnknown.removeAll()
            resubscribe()
        case .disconnected(let reason):
            tracker.reset()
            held = []  // the daemon let go of them
            if once { loop.execute { self.input(.finish) } }
            // A refusal was said already, with the wait; a lost connection is said each time.
            guard refusal == nil else { break }
            if reason.contains("Permission denied") || reason.contains("errno: 13)") {
                StandardError.line("gesturectl actions: \(DaemonConnection.absence(client.path, reason))\(once ? "" : "; asking again")")
            } else if !everConnected {
                guard !once else { break }  // --once ends, saying so
                StandardError.line("gesturectl actions: gestured is not running at \(client.path) (\(DaemonConnection.words(reason))); waiting for it")
            } else {
                StandardError.line("gesturectl actions: lost gestured at \(client.path) (\(DaemonConnection.words(reason)))\(once ? "" : "; reconnecting")")
            }
        case .subscriptionRefused(let handle, let code, let message) where code != "forbidden":
            refused(handle, code: code, message)
        case .serverError(let code, let message) where code == "forbidden", .subscriptionRefused(_, let code, let message) where code == "forbidden":
            // Waiting is what the user unit does while another user is in front: said once.
            if refusal != message {
                StandardError.line("gesturectl actions: gestured does not serve this user now: \(message)\(once ? "" : "; asking again every few seconds (at most 10 s apart)")")
            }
            refusal = message
        case .serverError(let code, let message):
            StandardError.line("gesturectl actions: gestured says: \(message) (\(code))")
        case .paused(_, let message):
            // Every instance in flight has failed (sessionInactive) before this: `failed` actions ran.
            StandardError.line("gesturectl actions: paused: \(message)")
        case .resumed:
            StandardError.line("gesturectl actions: resumed")
        default:
            break
        }
    }

    func run(_ firings: [ActionFiring], now: Double) {
        for firing in firings {
            let action = file.actions[firing.action]
            guard let command = firing.isBack ? action.back : action.command else { continue }
            if let input = command.input {
                type(input, firing, action)
                continue
            }
            if case .window(let windowAction) = command {
                act(windowAction, action)
                continue
            }
            // Set over the runner's own environment as the command starts.
            var environment = firing.event.environment
            if case .update = action.trigger { environment["GESTURE_STEP"] = firing.isBack ? "back" : "forward" }
            if verbose {
                StandardError.line("gesturectl actions: line \(action.line ?? 0): \(action.gesture) \(firing.event.phase.rawValue)\(firing.isBack ? " (back)" : ""): \(command.arguments.joined(separator: " "))")
            }
            processes.fire(firing.action, action, arguments: command.arguments, environment: environment, now: now)
        }
    }

    /// Does a `window:` action through the desktop; what it cannot is said at the action's line.
    func act(_ windowAction: WindowAction, _ action: ActionSpec) {
        if verbose { StandardError.line("gesturectl actions: line \(action.line ?? 0): \(action.gesture): window \(windowAction)") }
        guard let desktop else {
            StandardError.line("gesturectl actions: \(ConfigError(file: path, line: action.line, "window \(windowAction): \(desktopProblem ?? "no desktop")"))")
            return
        }
        do {
            try desktop.perform(windowAction)
        } catch {
            StandardError.line("gesturectl actions: \(ConfigError(file: path, line: action.line, "window \(windowAction): \(error)"))")
        }
    }

    /// When the file types: asks the daemon to make its virtual keyboard now (a `keys` request
    /// with no steps), so that the desktop has it before the first gesture's keys.
    func prepareKeyboard() {
        guard file.types else { return }
        withClient { client in
            client.request(.keys([])) { result in
                guard case .failure(ClientError.rejected(let code, let message)) = result, code != "forbidden" else { return }
                StandardError.line("gesturectl actions: the actions that type will not: \(message) (\(code))")
            }
        }
    }

    /// Types what an action's firing types: its keys held (`on: began`), let go (the instance's
    /// end), or typed once; the daemon's refusal is said with the action's line.
    func type(_ input: ActionInput, _ firing: ActionFiring, _ action: ActionSpec) {
        guard let steps = (firing.isBack ? keys.back : keys.main)[firing.action] else { return }
        let holds: Bool
        if case .began = action.trigger { holds = input.holds } else { holds = false }
        let what = firing.isRelease ? steps.release : holds ? steps.press : steps.tap
        if verbose {
            let verb = firing.isRelease ? "let go of" : holds ? "hold" : "type"
            StandardError.line("gesturectl actions: line \(action.line ?? 0): \(action.gesture) \(firing.event.phase.rawValue)\(firing.isBack ? " (back)" : ""): \(verb) \(input.summary)")
        }
        let place = ConfigError(file: path, line: action.line, "gestured did not type \(input.summary)")
        requestKeys(what, refusal: place)
    }

    /// Sends `steps` in a `keys` request; the keys the daemon then holds for this connection
    /// become `held`, and a refusal is said at `refusal` (nil: not said).
    func requestKeys(_ steps: [KeyStep], refusal place: ConfigError?) {
        // Made outside `withClient`'s closure: Swift 6.0.3's SIL verifier crashed on a closure
        // capturing `self` inside it.
        let replied: @Sendable (Result<JSONValue, any Error>) -> Void = { [self] result in
            switch result {
            case .success(let reply):
                held = GestureClient.held(reply)
            case .failure(let error):
                guard let place else { return }
                if case ClientError.rejected(let code, let message) = error {
                    StandardError.line("gesturectl actions: \(place): \(message) (\(code))")
                } else {
                    StandardError.line("gesturectl actions: \(place): \(error)")
                }
            }
        }
        withClient { client in client.request(.keys(steps), reply: replied) }
    }

    /// Reads the file again; a mistake keeps the actions as they were.
    func reload(_ why: String) {
        // A link re-pointed to another folder: watched before the file is read, so a save there
        // after this read is seen too.
        fileWatch?.refresh()
        let next: ActionsFile
        let nextKeys: ActionKeys
        do {
            let text = try FileReader.text(path)
            version = ActionsFileEdit.version(of: text)
            next = try ActionsFile.parse(text, file: path, strokes: try UserStrokes.load(strokesPath))
            nextKeys = try ActionKeys(next)
        } catch {
            StandardError.line("gesturectl actions: \(why): keeping the previous actions; the file has a mistake: \(error)")
            writeStatus(mistake: "\(error)")
            return
        }
        defer { writeStatus(mistake: nil) }
        guard next != file || nextKeys.layout != keys.layout else { return }
        // The new tracker knows nothing of the instances in flight: what their `on: began`
        // holds comes up now rather than never.
        if !held.isEmpty {
            requestKeys(held.reversed().map(KeyStep.release), refusal: nil)
        }
        let typedBefore = file.types
        file = next
        keys = nextKeys
        if connected && next.types && !typedBefore { prepareKeyboard() }
        startDesktop()
        tracker = ActionTracker(actions: next.actions)
        reportedUnknown.removeAll()
        refusedDefinitions.removeAll()
        if connected { resubscribe() }
        StandardError.line("gesturectl actions: \(why): \(Counted.words(next.actions.count, "action")) from \(path)")
    }

    /// Says what the runner last read (``RunnerStatus``), when it knows.
    func writeStatus(mistake: String?) {
        guard let statusFolder, let version else { return }
        RunnerStatus(pid: getpid(), file: path, version: version, actions: file.actions.count, mistake: mistake).write(in: statusFolder)
    }

    /// Wakes the loop at the next deadline of the tracker or the processes.
    func schedule(now: Double) {
        timer?.cancel()
        timer = nil
        let deadlines = [tracker.nextDeadline, processes.nextDeadline(specs: file.actions)].compactMap { $0 }
        guard let next = deadlines.min() else { return }
        timer = loop.scheduleTask(in: .nanoseconds(Int64(max(0, next - now) * 1e9))) { self.input(.wake) }
    }

    /// The signals the runner reads: SIGHUP reloads, SIGTERM and SIGINT stop, SIGCHLD says a
    /// command ended (reaped at once, not looked for on a timer).
    static let signals: [Int32] = [SIGHUP, SIGTERM, SIGINT, SIGCHLD]

    /// Blocks ``signals`` in the calling thread and every thread it starts after (call it before
    /// any thread exists), so that the kernel queues them for the signalfd. Commands start with
    /// nothing blocked and every disposition at its default (``ChildProcess``).
    static func blockSignals() {
        SignalDescriptor.block(signals)
    }

    /// Reads the signals (a signalfd) and the file's folder (inotify) on the loop.
    func watch() {
        let signals = SignalDescriptor.open(Self.signals)
        if signals >= 0 {
            keep(DescriptorReader.start(signals, on: loop, capacity: 16 * SignalDescriptor.recordSize) { [self] bytes in
                SignalDescriptor.forEachSignal(in: bytes) { signal in
                    switch signal {
                    case SIGHUP: input(.reload("SIGHUP"))
                    case SIGTERM, SIGINT: input(.stop)
                    default: input(.wake)
                    }
                }
            })
        } else {
            StandardError.line("gesturectl actions: cannot read signals (signalfd: \(String(cString: strerror(errno))))")
        }
        let path = path
        guard let started = FileWatch.start(path, on: loop, cannotWatch: { folder, error in
            StandardError.line("gesturectl actions: cannot watch \(folder) for changes (\(String(cString: strerror(error)))); reload with SIGHUP")
        }, changed: { [self] in input(.reload("changed on disk")) }) else {
            StandardError.line("gesturectl actions: cannot watch \(path) for changes (inotify: \(String(cString: strerror(errno)))); reload with SIGHUP")
            return
        }
        fileWatch = started.watch
        keep(started.channel)
    }

    /// Keeps a watch's channel to close it at the end; one that cannot start is said.
    func keep(_ channel: EventLoopFuture<any Channel>) {
        channel.whenComplete { [self] result in
            switch result {
            case .success(let channel): if ended { channel.close(promise: nil) } else { watches.append(channel) }
            case .failure(let error): StandardError.line("gesturectl actions: cannot watch signals or the file: \(error)")
            }
        }
    }

}
