import GestureActions
import GestureClient
import GestureView
import GestureWire
import Testing

/// The view's trackers decide purely, as `gesturectl actions` does: an event of the file's
/// gesture is an `action` message naming its line; with an action tried in the panel, a `trial`
/// message lists the tried one first, then what the file already does on that gesture.
@Suite struct ViewTrackersTests {
    static let file = """
        version: 1
        actions:
          - gesture: swipe-left-3
            keys: ctrl+z
          - gesture: zoom
            run: [louder]
        """

    static func ended(_ gesture: String, instance: Int, time: Double) throws -> GestureUpdate {
        let line = #"{"event":"gesture","seq":1,"subscription":1,"gesture":"\#(gesture)","instance":\#(instance),"phase":"ended","time":\#(time),"device":2,"value":{"kind":"swipe","direction":"left","fingers":3,"distance":41}}"#
        return try #require(GestureUpdate(try JSONParser.parse(line), subscription: nil))
    }

    @Test func anEventOfTheFilesGestureIsAnActionNamingItsLine() throws {
        var trackers = ViewTrackers(file: try ActionsFile.parse(Self.file, file: "actions.yml"))
        let messages = trackers.handle(try Self.ended("swipe-left-3", instance: 4, time: 1.5), at: 10)
        #expect(messages == [.action(gesture: "swipe-left-3", instance: 4, line: 3, back: false, does: "keys ctrl+z", time: 1.5)])
        let message = try #require(messages.first)
        #expect(message.text == "   1.500s  action  swipe-left-3#4  line 3: keys ctrl+z")
        #expect(message.json["line"] == .number(3) && message.json["view"] == .string("action") && message.json["does"] == .string("keys ctrl+z"))
        #expect(trackers.handle(try Self.ended("swipe-right-3", instance: 5, time: 2), at: 11).isEmpty, "no action on it")
    }

    @Test func aTrialSaysTheTriedActionFirstThenTheFilesOwn() throws {
        let file = try ActionsFile.parse(Self.file, file: "actions.yml")
        let tried = "version: 1\nactions:\n  - gesture: swipe-left-3\n    keys: super+Right\n"
        let trial = try ActionsFile.parse(tried, file: "<trial>")
        let withFile = try ActionsFile.parse(Self.file + "\n  - gesture: swipe-left-3\n    keys: super+Right\n", file: "actions.yml")
        var trackers = ViewTrackers(file: file, trial: trial, trialWithFile: withFile)
        let messages = trackers.handle(try Self.ended("swipe-left-3", instance: 6, time: 3), at: 12)
        let runs = [ViewMessage.Run(does: "keys super+Right", line: nil), ViewMessage.Run(does: "keys ctrl+z", line: 3)]
        #expect(messages.last == .trial(gesture: "swipe-left-3", instance: 6, phase: "ended", runs: runs))
        #expect(messages.last?.text == "swipe-left-3#6 ended: would run keys super+Right; and keys ctrl+z (line 3, already in the file)")
        #expect(messages.last?.json["runs"]?.arrayValue?.map { $0["line"] } == [.null, .number(3)])
        // The file's own action is said as an action too: the page lists both.
        #expect(messages.first == .action(gesture: "swipe-left-3", instance: 6, line: 3, back: false, does: "keys ctrl+z", time: 3))
    }

    @Test func aTrialAloneRunsOnlyTheTriedActionAndResetForgetsInstances() throws {
        let trial = try ActionsFile.parse("version: 1\nactions:\n  - gesture: zoom\n    run: [quieter]\n", file: "<trial>")
        var trackers = ViewTrackers(trial: trial)
        #expect(trackers.trialWithFile != nil, "the trial alone when the file does not read")
        let messages = trackers.handle(try Self.ended("zoom", instance: 1, time: 0.5), at: 1)
        #expect(messages == [.trial(gesture: "zoom", instance: 1, phase: "ended", runs: [ViewMessage.Run(does: "quieter", line: nil)])])
        trackers.reset()
        #expect(trackers.handle(try Self.ended("swipe-left-3", instance: 2, time: 0.6), at: 2).isEmpty)
    }
}
