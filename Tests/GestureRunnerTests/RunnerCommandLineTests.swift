@testable import GestureRunner
import GestureWire
import PlainOptions
import Testing

/// `gestured-actions`' command line (issue 66): what each option sets (CLIContractTests hold
/// its help and mistakes to what swift-argument-parser printed).
@Suite struct RunnerCommandLineTests {
    @Test func optionsAndFlagsSetTheSettings() {
        var expected = ActionsSettings()
        expected.file = "/a.yml"
        expected.check = true
        expected.config = "/g.yml"
        expected.verbose = true
        expected.once = true
        expected.strokes = "/s.yml"
        expected.allowSecond = true
        expected.socket = "/run/g.sock"
        let read = RunnerCommandLine.read(["--file", "/a.yml", "--check", "--config=/g.yml", "--verbose", "--once", "--strokes", "/s.yml", "--allow-second", "--socket", "/run/g.sock"])
        #expect(read == .run(expected))
        #expect(RunnerCommandLine.read([]) == .run(ActionsSettings()))
    }

    @Test func helpVersionAndMistakesPassThrough() {
        #expect(RunnerCommandLine.read(["--version"]) == .print(GesturedVersion.current + "\n"))
        #expect(RunnerCommandLine.read(["--file", "x", "-h"]) == .print(RunnerCommandLine.reader.help(width: 80)))
        guard case .mistake(let text) = RunnerCommandLine.read(["--nope"]) else { Issue.record("--nope was read"); return }
        #expect(text.hasPrefix("Error: Unknown option '--nope'"))
    }
}
