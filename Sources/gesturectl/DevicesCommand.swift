import ArgumentParser
import Evdev
import GestureClient
import GesturePipeline
import GestureWire
import LinuxInput

/// `gesturectl devices`: what gestured makes of each device.
struct DevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List touch devices with kind, size in mm and slot count.",
        discussion: """
            From the running daemon when it answers on its socket; otherwise (or with --libinput) straight \
            from libinput on the seat; or from recordings' headers when files are given.
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
                var output = FileHandleOutput()
                for device in devices { output.write(EventText.device(device)) }
                if devices.isEmpty { output.write("gestured has no touch devices") }
                output.flush()
                return
            case .refused(let message):
                throw DaemonConnection.refused("gesturectl devices", message)
            case .absent(let path, let reason):
                // A socket named on the command line is the daemon asked about: no fallback.
                if daemon.socket != nil {
                    throw CleanExit.message("gesturectl devices: gestured is not running at \(path) (\(reason)); without --socket, or with --libinput, the seat's devices are listed", code: 1)
                }
            }
        }
        guard !recordings.isEmpty else { return try listLive() }
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

    /// The devices libinput sees on the seat now; touchpads also opened with libevdev, as the
    /// daemon will, to show their slots (and any permission problem).
    func listLive() throws {
        let source: LibinputSource
        do {
            source = try LibinputSource(seat: seat)
        } catch {
            throw CleanExit.message("gesturectl devices: \(error)", code: 1)
        }
        _ = source.dispatch()
        var output = FileHandleOutput()
        for device in source.knownDevices {
            let size = device.size.map { "\(DeviceReport.mm($0.width)) × \(DeviceReport.mm($0.height)) mm" } ?? "unknown size"
            var slots = device.touchCount > 0 ? (device.touchCount == 1 ? "1 touch" : "\(device.touchCount) touches") : ""
            if device.kind == .touchpad {
                do {
                    let raw = try EvdevTouchSource(path: device.path, device: device.id)
                    slots = EventText.count(raw.description.slotCount, "slot") + " (raw fingers via libevdev)"
                } catch {
                    slots = "raw fingers unavailable: \(error)"
                }
            }
            output.write("dev\(device.id.rawValue)  \(device.name)  [\(device.path)]  \(device.kind.rawValue), \(size), \(slots)")
        }
        for failure in source.accessFailures { output.write("! \(failure)") }
        if source.knownDevices.isEmpty {
            output.write(source.accessFailures.isEmpty ? "no touch devices on \(seat)" : "no touch devices could be opened on \(seat) (see above)")
        }
        output.flush()
        // Unreadable nodes and nothing to show: a failure, not an empty success.
        if source.knownDevices.isEmpty && !source.accessFailures.isEmpty { throw ExitCode(1) }
    }
}
