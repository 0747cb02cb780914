import Foundation
import GestureActions
import GestureCore
import GesturePipeline
import GestureWire
import Testing

/// `gesturectl import fusuma|touchegg`, then `gesturectl actions` on what it wrote, against
/// `gestured --replay` over a real socket: a user's path from their old tool (issue 13).
@Suite(.serialized) struct ImportTests {
    typealias Scratch = ActionsTests.Scratch

    /// Imports `config` with `tool` into the scratch actions file, then runs it for `recordings`.
    static func importAndRun(_ tool: String, _ config: String, in scratch: Scratch, recordings: [String]) throws -> (status: Int32, lines: [String], errors: String) {
        let path = scratch.folder + "/" + tool + ".conf"
        try config.write(toFile: path, atomically: true, encoding: .utf8)
        let imported = try ChildProcess.gesturectl(["import", tool, path, "--output", scratch.actions]).finish()
        let daemon = try DaemonProcess(
            ["--config", "Fixtures/gestures.yml"] + recordings.flatMap { ["--replay", $0] } + ["--wait-subscribers", "1", "--exit-after-replay"])
        let runner = try ActionsRunnerProcess(["--file", scratch.actions, "--socket", daemon.socket, "--once"])
        #expect(runner.wait() == 0, "\(runner.log)")
        #expect(daemon.wait() == 0)
        return imported
    }

    /// The steps the tracker takes for `step` over the events of a magnify replayed on its own
    /// from `recording` (`gesturectl replay --json`): what the runner must have run.
    static func expectedPinchSteps(_ step: ActionStep, _ recording: String, in scratch: Scratch) throws -> [String] {
        let config = scratch.folder + "/magnify.yml"
        try "version: 1\ngestures:\n  - name: p\n    magnify: {}\n".write(toFile: config, atomically: true, encoding: .utf8)
        let replay = try ChildProcess.gesturectl(["replay", "--json", "--config", config, recording]).finish()
        return try ActionsTests.steps(step, of: "p", in: replay.lines)
    }

    @Test func anImportedFusumaFileRunsItsSwipeAndItsPhases() throws {
        let scratch = try Scratch()
        let out = scratch.folder
        let imported = try Self.importAndRun("fusuma", """
            swipe:
              3:
                left:
                  command: echo left >> \(out)/swiped
                begin:
                  command: echo begin >> \(out)/phases
                end:
                  command: echo end >> \(out)/phases
                right:
                  workspace: next
            pinch:
              2:
                out:
                  command: echo out >> \(out)/pinched
                  threshold: 0.5
            """, in: scratch, recordings: ["Fixtures/constructed/swipe-3-left.yml", "Fixtures/constructed/pinch-open.yml"])
        #expect(imported.status == 0, "\(imported.errors)")
        // fusuma-plugin-wmctrl's `workspace: next`: gestured's `window: workspace next` (issue 35).
        #expect(!imported.errors.contains("not imported"), "\(imported.errors)")
        #expect(imported.errors.contains("6 actions from 5 of 5 lines"))
        #expect(scratch.lines("swiped") == ["left"])
        // begin: and end: on a three-finger drag: once each. They are two commands started a
        // few milliseconds apart, as fusuma starts them; which writes first is the scheduler's.
        #expect(scratch.lines("phases").sorted() == ["begin", "end"])
        // fusuma's one-shot (issue 62: it ran at every 0.5 of scale): once as the pinch out
        // begins, then every 0.3 s while it goes on — the replay is quicker than that.
        #expect(scratch.lines("pinched") == ["out"])
    }

    @Test func anImportedToucheggFileRunsItsCommandsAndRepeats() throws {
        let scratch = try Scratch()
        let out = scratch.folder
        let imported = try Self.importAndRun("touchegg", """
            <touchégg>
              <application name="All">
                <gesture type="SWIPE" fingers="3" direction="LEFT">
                  <action type="RUN_COMMAND">
                    <command>echo "$GESTURE_PHASE" >> \(out)/swiped</command>
                    <on>begin-and-end</on>
                  </action>
                </gesture>
                <gesture type="PINCH" fingers="2" direction="OUT">
                  <action type="RUN_COMMAND">
                    <repeat>true</repeat>
                    <times>4</times>
                    <command>echo more >> \(out)/pinched</command>
                    <decreaseCommand>echo less >> \(out)/pinched</decreaseCommand>
                  </action>
                </gesture>
                <gesture type="SWIPE" fingers="4" direction="UP">
                  <action type="MAXIMIZE_RESTORE_WINDOW"/>
                </gesture>
              </application>
            </touchégg>
            """, in: scratch, recordings: ["Fixtures/constructed/swipe-3-left.yml", "Fixtures/constructed/pinch-open.yml"])
        #expect(imported.status == 0, "\(imported.errors)")
        // Window management is carried over (`window:`), through the desktop.
        #expect(!imported.errors.contains("touchegg.conf:17: not imported"))
        // Two actions (began, ended) whose commands run in processes of their own, started
        // within a millisecond in a fast replay: each ran once, in whichever order they wrote.
        #expect(scratch.lines("swiped").sorted() == ["active", "ended"])
        // Steps of 0.25 (a quarter of touchegg's full pinch), as the tracker takes them.
        let steps = try Self.expectedPinchSteps(ActionStep(.scale, size: 0.25), "Fixtures/constructed/pinch-open.yml", in: scratch)
        #expect(steps.count > 1)
        #expect(scratch.lines("pinched") == steps.map { $0 == "forward" ? "more" : "less" })
    }

    /// Issue 35: forms found in users' files, each in its tool's own syntax, imported by the
    /// command a user runs; `gesturectl actions --check` then reads what was written (an import
    /// never writes a file its own checker refuses). What cannot be typed is a line left out.
    @Test(arguments: [
        ("libinput-gestures", """
            gesture swipe left 3 xdotool key super+Right # next desktop
            gesture swipe up 4 xdotool key XF86NoSuchKeyAnywhere
            gesture pinch out xdotool click 4
            """, "import.conf:2: not imported: gestured's virtual keyboard could not type it"),
        ("fusuma", """
            pinch:
              2:
                in:
                  command: 'xdotool click 5'
                out:
                  command: 'xdotool click 4'
            swipe:
              3:
                left:
                  workspace: 'next'
            """, "3 actions from 3 of 3 lines"),
        ("touchegg", """
            <touchégg>
              <application name="All">
                <gesture type="SWIPE" fingers="3" direction="LEFT">
                  <action type="SEND_KEYS"><modifiers>Super_L</modifiers><keys>+j</keys><on>begin</on></action>
                </gesture>
              </application>
            </touchégg>
            """, "2 actions from 1 of 1 line"),
    ])
    func whatAnImportWritesItsCheckerReads(tool: String, config: String, said: String) throws {
        let scratch = try Scratch()
        let path = scratch.folder + "/import.conf"
        try config.write(toFile: path, atomically: true, encoding: .utf8)
        let imported = try ChildProcess.gesturectl(["import", tool, path, "--output", scratch.actions]).finish()
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.errors.contains(said), "\(imported.errors)")
        let checked = try ChildProcess.gesturectl(["actions", "--check", "--file", scratch.actions]).finish()
        #expect(checked.status == 0, "\(checked.errors)")
        #expect(checked.lines.last?.contains("no mistakes") == true, "\(checked.lines)")
    }

    @Test func aBrokenFileIsAnErrorThatNamesItsLine() throws {
        let scratch = try Scratch()
        let xml = scratch.folder + "/touchegg.conf"
        try "<touchégg>\n  <application name=\"All\">\n</touchégg>\n".write(toFile: xml, atomically: true, encoding: .utf8)
        let broken = try ChildProcess.gesturectl(["import", "touchegg", xml]).finish()
        #expect(broken.status == 1)
        #expect(broken.errors.contains("touchegg.conf:3: invalid XML: mismatched tag"))
        let yml = scratch.folder + "/config.yml"
        try "swipe:\n  3:\n    left: [open\n".write(toFile: yml, atomically: true, encoding: .utf8)
        let yaml = try ChildProcess.gesturectl(["import", "fusuma", yml]).finish()
        #expect(yaml.status == 1)
        #expect(yaml.errors.contains("config.yml:4: invalid YAML"))
        #expect(!FileManager.default.fileExists(atPath: scratch.actions))
    }

    /// Issue 62: with no file given, an importer reads the tool's own default files in the
    /// tool's order; the user's first (and, when there is none and no system one, says where
    /// it looked, exit 1).
    @Test func withNoFileTheToolsOwnDefaultsAreRead() throws {
        let scratch = try Scratch()
        let home = ["HOME": scratch.folder, "XDG_CONFIG_HOME": ""]
        let none = try ChildProcess.gesturectl(["import", "fusuma"], environment: home).finish()
        #expect(none.status == 1)
        #expect(none.errors == "gesturectl import fusuma: give the file; fusuma has none at ~/.config/fusuma/config.yml\n")
        try FileManager.default.createDirectory(atPath: scratch.folder + "/.config", withIntermediateDirectories: true)
        try "gesture swipe up 4 echo hi\n".write(toFile: scratch.folder + "/.config/libinput-gestures.conf", atomically: true, encoding: .utf8)
        let mine = try ChildProcess.gesturectl(["import", "libinput-gestures"], environment: home).finish()
        #expect(mine.status == 0, "\(mine.errors)")
        #expect(mine.errors.contains("1 action from 1 of 1 line of \(scratch.folder)/.config/libinput-gestures.conf"))
        #expect(mine.lines.contains { $0.contains("lg-swipe-up-4") })
    }
}

