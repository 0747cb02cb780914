import Foundation
import GestureWire
import Testing

/// `gestured-actions` reads its command line by hand (issue 66) and `gesturectl actions` with
/// swift-argument-parser; the two describe the same options (their `--experimental-dump-help`,
/// what the man pages are made from), so neither can gain or reword one alone.
@Suite struct RunnerOptionsAgreementTests {
    static let bin = DaemonProcess.root.appendingPathComponent(".build/debug").path

    /// Each argument's kind, names, value name and help, in order.
    static func arguments(_ command: JSONValue?) -> [String] {
        (command?["arguments"]?.arrayValue ?? []).map { argument in
            let names = (argument["names"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }.joined(separator: ",")
            return [argument["kind"]?.stringValue, names, argument["valueName"]?.stringValue, argument["abstract"]?.stringValue]
                .map { $0 ?? "-" }.joined(separator: " | ")
        }
    }

    static func dump(_ program: String) throws -> JSONValue {
        let run = try ChildProcess(bin + "/" + program, ["--experimental-dump-help"]).finish()
        try #require(run.status == 0, "\(run.errors)")
        return try JSONParser.parse(run.lines.joined(separator: "\n"))
    }

    @Test func bothProgramsDescribeTheSameOptions() throws {
        let runner = try Self.dump("gestured-actions")
        let gesturectl = try Self.dump("gesturectl")
        let actions = gesturectl["command"]?["subcommands"]?.arrayValue?.first { $0["commandName"]?.stringValue == "actions" }
        try #require(actions != nil, "gesturectl describes no actions subcommand")
        let ours = Self.arguments(runner["command"])
        #expect(ours.count == 10)  // eight options, --version and --help
        #expect(ours == Self.arguments(actions))
        #expect(runner["command"]?["discussion"] == actions?["discussion"])
        #expect(runner["command"]?["commandName"]?.stringValue == "gestured-actions")
    }

    /// The options' help, as each program lays it out on a narrow terminal (COLUMNS): the same
    /// text, word for word and line for line.
    @Test(arguments: [60, 80, 132]) func bothProgramsWrapTheSameHelp(columns: Int) throws {
        func options(_ program: String, _ arguments: [String]) throws -> [String] {
            let run = try ChildProcess(Self.bin + "/" + program, arguments, environment: ["COLUMNS": String(columns)]).finish()
            try #require(run.status == 0, "\(run.errors)")
            return Array(run.lines.drop { $0 != "OPTIONS:" })
        }
        let ours = try options("gestured-actions", ["--help"])
        #expect(ours.count > 10)
        #expect(ours == (try options("gesturectl", ["actions", "--help"])))
    }
}
