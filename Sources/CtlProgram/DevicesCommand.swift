import ArgumentParser
import Evdev
import GestureClient
import GestureCommandLine
import GestureOptions
import GesturePipeline
import GestureWire
import Glibc
import Posix

/// `gesturectl devices`: what gestured makes of each device.
struct DevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List touch devices with kind, size in mm and slot count.",
        discussion: """
            From the running daemon when it answers on its socket; otherwise (or with --libinput) from \
            libinput on the seat, which `gestured --list-devices` asks (the gestured beside gesturectl, else \
            the one on PATH); or from recordings' headers when files are given. With --config, the \
            gestures that file gives each device, and those it leaves out and why: a recording's device \
            judged from its whole description, a running daemon's from what it reports (kind, name, size, \
            slots).
            """)

    @Flag(name: .long, help: "Ask libinput directly even when the daemon runs.")
    var libinput = false

    @OptionGroup var daemon: SocketOption

    @Option(name: .long, help: ArgumentHelp("The udev seat to list when no recordings are given.", valueName: "seat"))
    var seat = "seat0"

    @Option(name: .long, help: ArgumentHelp("Gesture configuration, to show which gestures each device gets.", valueName: "file"))
    var config: String?

    @Option(name: .customLong("device-description"), help: ArgumentHelp("The .desc file for evemu recordings without a device header.", valueName: "desc"))
    var deviceDescription: String?

    @Argument(help: ArgumentHelp("Recording files.", valueName: "recording"))
    var recordings: [String] = []

    func run() async throws {
        if recordings.isEmpty, !libinput {
            switch await daemonDevices() {
            case .devices(let devices):
                // With --config: which gestures that file would give each of the daemon's devices.
                let judged: GestureConfig?
                do {
                    judged = try config.map { try RecordingLoader.config($0) }
                } catch {
                    throw CleanExit.message("gesturectl: \(error)", code: 1)
                }
                var output = FileHandleOutput()
                for device in devices {
                    output.write(EventText.device(device))
                    if let judged { for line in DeviceReport.gestureLines(daemonDevice: device, config: judged) { output.write(line) } }
                }
                if devices.isEmpty { output.write("gestured has no touch devices") }
                output.flush()
                return
            case .refused(let message):
                throw DaemonConnection.refused("gesturectl devices", message)
            case .absent(let path, let reason):
                // A socket named on the command line is the daemon asked about: no fallback.
                if daemon.socket != nil {
                    throw CleanExit.message("gesturectl devices: \(DaemonConnection.absence(path, reason)); without --socket, or with --libinput, the seat's devices are listed", code: 1)
                }
            }
        }
        guard !recordings.isEmpty else {
            if config != nil {
                StandardError.line("gesturectl devices: --config judges the running daemon's devices and recordings' (libinput's list, below, is shown as it is)")
            }
            return try listLive()
        }
        let session: ReplaySession
        do {
            session = ReplaySession(
                recordings: try RecordingLoader.recordings(recordings, description: deviceDescription),
                config: try RecordingLoader.config(config), quirks: QuirksLoader.load().database)
        } catch {
            throw CleanExit.message("gesturectl: \(error)", code: 1)
        }
        var output = FileHandleOutput()
        for line in DeviceReport.lines(session.devices) { output.write(line) }
        output.flush()
    }

    /// What the daemon said of its devices.
    enum DaemonAnswer {
        /// Its devices.
        case devices([JSONValue])
        /// It refused this user: its reason.
        case refused(String)
        /// No daemon answers at `path`.
        case absent(path: String, reason: String)
    }

    /// The daemon's devices, its refusal, or that it is not there.
    func daemonDevices() async -> DaemonAnswer {
        let client = GestureClient(path: daemon.socket, reconnects: false)
        await client.start()
        var answer = DaemonAnswer.absent(path: client.path, reason: "no answer")
        for await event in client.events {
            switch event {
            case .connected(let hello): answer = .devices(hello.devices)
            case .serverError(let code, let message) where code == "forbidden": answer = .refused(message)
            case .disconnected(let reason): answer = .absent(path: client.path, reason: reason)
            default: continue
            }
            break
        }
        await client.close()
        return answer
    }

    /// The devices libinput sees on the seat now, as `gestured --list-devices` lists them (only
    /// the daemon's binary links libinput): the one beside this program, else the one on PATH.
    /// Its output and exit status are this command's.
    func listLive() throws {
        var started: (program: String, child: ChildProcess)?
        var problem: (any Error)?
        for program in Self.daemonCandidates() where started == nil {
            do {
                started = (program, try ChildProcess([program, "--list-devices", "--seat", seat], environment: [:], inheriting: true))
            } catch {
                problem = error  // the last said: the one on PATH
            }
        }
        guard let (program, child) = started else {
            throw CleanExit.message(
                "gesturectl devices: \(problem.map { "\($0)" } ?? "cannot run gestured") (the seat's devices are asked of libinput through gestured's --list-devices; install gestured beside gesturectl or on PATH)",
                code: 1)
        }
        let status = child.wait()
        if let failure = ChildProcess.describe(status) {
            guard status & 0x7f == 0 else { throw CleanExit.message("gesturectl devices: \(program) \(failure)", code: 1) }
            throw ExitCode((status >> 8) & 0xff)
        }
    }

    /// Where gestured is looked for: beside this executable (a build folder, /usr/bin), found by
    /// /proc/self/exe and by the path it was started by, then on PATH. The first that starts
    /// is used; what is said when none does is why the one on PATH did not.
    static func daemonCandidates() -> [String] {
        var path = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &path, path.count - 1)
        let own = length > 0 ? [String(decoding: path[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)] : []
        var candidates: [String] = []
        for executable in own + CommandLine.arguments.prefix(1) {
            guard let slash = executable.lastIndex(of: "/") else { continue }
            let beside = String(executable[...slash]) + "gestured"
            if !candidates.contains(beside) { candidates.append(beside) }
        }
        return candidates + ["gestured"]
    }
}
