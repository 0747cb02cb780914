import ArgumentParser
import Evdev
import GesturePipeline

/// `gesturectl devices`: what gestured makes of each device.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List touch devices with kind, size in mm and slot count, from recordings' headers.")

    @Option(name: .long, help: ArgumentHelp("Gesture configuration, to show which gestures each device gets.", valueName: "file"))
    var config: String?

    @Option(name: .customLong("device-description"), help: ArgumentHelp("The .desc file for evemu recordings without a device header.", valueName: "desc"))
    var deviceDescription: String?

    @Argument(help: ArgumentHelp("Recording files.", valueName: "recording"))
    var recordings: [String] = []

    func run() throws {
        guard !recordings.isEmpty else {
            throw CleanExit.message("gesturectl devices: give recording files to describe their devices", code: 1)
        }
        let session: ReplaySession
        do {
            session = ReplaySession(
                recordings: try RecordingLoader.recordings(recordings, description: deviceDescription),
                config: try RecordingLoader.config(config))
        } catch {
            throw CleanExit.message("gesturectl: \(error)", code: 1)
        }
        var output = FileHandleOutput()
        for line in DeviceReport.lines(session.devices) { output.write(line) }
        output.flush()
    }
}
