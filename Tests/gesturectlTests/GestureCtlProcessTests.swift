import Foundation
import Testing

/// Runs the built `gesturectl` binary as a user would.
@Suite struct GestureCtlProcessTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs the built gesturectl (or the one at `binary`) with `arguments` in the repository's
    /// folder; `environment`, when given, is its whole environment.
    static func gesturectl(_ arguments: [String], binary: URL = root.appendingPathComponent(".build/debug/gesturectl"), environment: [String: String]? = nil) throws -> Run {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: binary.path])
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = root
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func replayPrintsTheReviewedTranscript() throws {
        let run = try Self.gesturectl(["replay", "--json", "--config", "Fixtures/gestures.yml", "Fixtures/constructed/long-press-drag.yml"])
        #expect(run.status == 0, "\(run.stderr)")
        let expected = try String(contentsOf: Self.root.appendingPathComponent("Fixtures/constructed/long-press-drag.yml.expected.jsonl"), encoding: .utf8)
        #expect(run.stdout == expected)
    }

    /// `gesturectl … | head -1`: the reader closes the pipe after one line; gesturectl must end
    /// quietly with status 0, not trap on EPIPE (issue 10, fault 7).
    @Test func aClosedOutputPipeEndsItQuietly() throws {
        let binary = Self.root.appendingPathComponent(".build/debug/gesturectl")
        let process = Process()
        process.executableURL = binary
        // The largest fixture: far more output than a pipe buffer holds.
        process.arguments = ["replay", "--json", "--config", "Fixtures/gestures.yml", "Fixtures/real/ts-wacom-dth2242-10finger.evemu"]
        process.currentDirectoryURL = Self.root
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read one line, then close the read end, as `head -1` does.
        var first: [UInt8] = []
        while first.last != UInt8(ascii: "\n"), let byte = try out.fileHandleForReading.read(upToCount: 1)?.first { first.append(byte) }
        try out.fileHandleForReading.close()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(String(decoding: first, as: UTF8.self).hasPrefix("{"))
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(String(decoding: stderr, as: UTF8.self))")
        #expect(stderr.isEmpty, "\(String(decoding: stderr, as: UTF8.self))")
    }

    @Test func readsEventsOnlyEvemuWithItsDescription() throws {
        let run = try Self.gesturectl([
            "replay", "--config", "Fixtures/gestures.yml", "--device-description", "Fixtures/real/ts-wacom-isdv4-e6.desc.evemu",
            "Fixtures/real/ts-wacom-isdv4-e6-2finger-tap.evemu",
        ])
        #expect(run.status == 0)
        #expect(run.stdout.contains(#""gesture":"two-finger-tap""#))
    }

    @Test func badFilesExitNonZeroNamingFileAndLine() throws {
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-bad-\(getpid()).evemu")
        try "N: Test\nE: 0.1 zz 0035 1\n".write(to: bad, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: bad) }
        let run = try Self.gesturectl(["replay", bad.path])
        #expect(run.status != 0)
        #expect(run.stderr.contains("\(bad.path):2: expected `E:"))
        #expect(run.stdout.isEmpty)
        let missing = try Self.gesturectl(["replay", "no-such-recording.yml"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("no-such-recording.yml: cannot read: no such file"))
    }

    @Test func devicesDescribesRecordedDevices() throws {
        let run = try Self.gesturectl(["devices", "Fixtures/real/ts-atmel-maxtouch-1finger-fast-taps.evemu"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("kind: touchscreen"))
        #expect(run.stdout.contains("estimated: the device reports no resolution"))
        #expect(run.stdout.contains("slots: 10"))
    }

    /// Without a daemon (or with --libinput) the seat's devices come from libinput, which only
    /// gestured links: gesturectl runs the `gestured --list-devices` beside it. Here no seat has
    /// devices; the real listing is checked in the guest (e2e).
    @Test func devicesAsksLibinputThroughTheDaemonBesideIt() throws {
        let run = try Self.gesturectl(["devices", "--libinput", "--seat", "gestured-test-seat"])
        #expect(run.status == 0)
        #expect(run.stdout == "no touch devices on gestured-test-seat\n")
        #expect(run.stderr == "")
    }

    /// Runs a gesturectl alone in a folder of its own (`.build/NAME-PID/bin`, PATH that folder
    /// alone): nothing beside it, nothing in `../libexec`. Returns the folder and the run.
    static func gesturectlAlone(_ arguments: [String], name: String) throws -> (folder: String, run: Run) {
        let binary = root.appendingPathComponent(".build/debug/gesturectl").path
        let top = root.appendingPathComponent(".build/\(name)-\(getpid())").path
        let folder = top + "/bin"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: top) }
        guard link(binary, folder + "/gesturectl") == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        return (folder, try gesturectl(arguments, binary: URL(fileURLWithPath: folder + "/gesturectl"), environment: ["PATH": folder]))
    }

    /// A gesturectl with no gestured beside it or on PATH says so.
    @Test func devicesWithoutTheDaemonsBinarySaysWhatIsMissing() throws {
        let run = try Self.gesturectlAlone(["devices", "--libinput"], name: "gesturectl-alone").run
        #expect(run.status == 1)
        #expect(run.stderr == "gesturectl devices: cannot run gestured: No such file or directory (the seat's devices are asked of libinput through gestured's --list-devices; install gestured beside gesturectl or on PATH)\n")
    }

    /// A gesturectl without the overlay's program (the package gestured without gestured-overlay)
    /// names the package that brings it.
    @Test func overlayWithoutItsProgramNamesThePackage() throws {
        let (folder, run) = try Self.gesturectlAlone(["overlay", "--check"], name: "gesturectl-no-overlay")
        let libexec = (folder as NSString).deletingLastPathComponent + "/libexec"
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == "gesturectl overlay: gestured-overlay is not installed (looked for \(folder)/gestured-overlay and \(libexec)/gestured-overlay); it is the package gestured-overlay: apt install gestured-overlay\n")
    }
}
