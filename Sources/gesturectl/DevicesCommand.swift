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
        if recordings.isEmpty, !libinput, let devices = await daemonDevices() {
            var output = FileHandleOutput()
            for device in devices { output.write(EventText.device(device)) }
            if devices.isEmpty { output.write("gestured has no touch devices") }
            output.flush()
            return
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

    /// The daemon's devices, or nil when no daemon answers.
    func daemonDevices() async -> [JSONValue]? {
        let client = GestureClient(path: daemon.socket, reconnects: false)
        await client.start()
        var devices: [JSONValue]?
        for await event in client.events {
            if case .connected(let hello) = event { devices = hello.devices }
            break
        }
        await client.close()
        return devices
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
            var slots = device.touchCount > 0 ? "\(device.touchCount) touches" : ""
            if device.kind == .touchpad {
                do {
                    let raw = try EvdevTouchpadSource(path: device.path, device: device.id)
                    slots = "\(raw.description.slotCount) slots (raw fingers via libevdev)"
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
