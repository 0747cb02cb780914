import Foundation
import GestureWire
import Glibc
import Testing

/// The CLI contract (issue 21): golden transcripts of `gesturectl` as a user runs it — standard
/// output, standard error and exit status — against a daemon replaying a recording over a real
/// socket, or with no daemon at all. Each case is a file in Fixtures/cli (CLIContractCase says
/// how one reads); a changed surface fails here until its transcript is reviewed and updated.
@Suite(.serialized) struct CLIContractTests {
    static let folder = DaemonProcess.root.appendingPathComponent("Fixtures/cli")

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".txt") }.sorted()
    }

    @Test(arguments: cases) func transcript(_ name: String) throws {
        let contract = try CLIContractCase(try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8), name: name)
        // The files first: the daemon's line may name one ($SCRATCH/gestures.yml).
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-cli-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        for (file, text) in contract.files { try text.write(toFile: scratch + "/" + file, atomically: true, encoding: .utf8) }
        let daemon = try contract.daemon.map { try DaemonProcess($0.map { $0.replacingOccurrences(of: "$SCRATCH", with: scratch) }) }
        let socket = daemon?.socket ?? DaemonProcess.temporarySocket()
        let substitute = { (text: String) in
            text.replacingOccurrences(of: "$SOCKET", with: socket).replacingOccurrences(of: "$SCRATCH", with: scratch)
                .replacingOccurrences(of: "$VERSION", with: GesturedVersion.current)
        }
        // `run: gestured …` runs the daemon itself, `run: gestured-actions …` the user service's
        // runner, `run: gestured-overlay …` the overlay; anything else is a gesturectl command line.
        let arguments = contract.arguments.map(substitute)
        let child = ["gestured", "gestured-actions", "gestured-overlay"].contains(arguments.first ?? "")
            ? try ChildProcess(DaemonProcess.root.appendingPathComponent(".build/debug/" + arguments[0]).path, Array(arguments.dropFirst()))
            : try ChildProcess.gesturectl(arguments)
        let stdout = String(decoding: child.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: child.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.process.waitUntilExit()
        let expected = CLIContractCase.Outcome(status: contract.status, stdout: substitute(contract.stdout), stderr: substitute(contract.stderr))
        let actual = CLIContractCase.Outcome(status: child.process.terminationStatus, stdout: stdout, stderr: stderr)
        if actual != expected, ProcessInfo.processInfo.environment["GESTURED_CLI_UPDATE"] == "1" {
            // `GESTURED_CLI_UPDATE=1 swift test --filter CLIContract`: the case file is written
            // anew with what ran; the change is reviewed in `git diff Fixtures/cli`.
            let unsubstitute = { (text: String) in
                text.replacingOccurrences(of: socket, with: "$SOCKET").replacingOccurrences(of: scratch, with: "$SCRATCH")
                    .replacingOccurrences(of: "gestured \(GesturedVersion.current) ", with: "gestured $VERSION ")
                    .replacingOccurrences(of: "gestured \(GesturedVersion.current)\n", with: "gestured $VERSION\n")
                    .replacingOccurrences(of: #""server":"\#(GesturedVersion.current)""#, with: #""server":"$VERSION""#)
            }
            let rendered = contract.header + CLIContractCase.render(
                CLIContractCase.Outcome(status: actual.status, stdout: unsubstitute(actual.stdout), stderr: unsubstitute(actual.stderr)))
            try rendered.write(to: Self.folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        #expect(actual == expected, "\(name): gesturectl \(contract.arguments.joined(separator: " "))")
        if let daemon {
            daemon.terminate()
            #expect(daemon.wait() == 0, "\(daemon.log)")
        }
    }
}
