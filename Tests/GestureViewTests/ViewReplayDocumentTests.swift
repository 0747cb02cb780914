import Evdev
import Foundation
import GesturePipeline
import GestureView
import GestureWire
import Testing

/// The replay the page scrubs carries the fixture's reviewed transcript line for line, and the
/// frames as the engine saw them.
@Suite struct ViewReplayDocumentTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures").standardized

    static func document(_ name: String) throws -> (document: JSONValue, session: ReplaySession) {
        let config = try RecordingLoader.config(fixtures.appendingPathComponent("gestures.yml").path)
        let path = fixtures.appendingPathComponent("constructed/" + name).path
        let session = ReplaySession(recordings: try RecordingLoader.recordings([path]), config: config)
        return (ViewReplayDocument.make(session, files: [name]), session)
    }

    @Test(arguments: ["drag-extra-finger.yml", "pinch-open.yml", "tp-swipe-3-left.yml"])
    func theEventsAreTheReviewedTranscript(_ name: String) throws {
        let (document, _) = try Self.document(name)
        let expected = try String(contentsOf: Self.fixtures.appendingPathComponent("constructed/\(name).expected.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let events = document["events"]?.arrayValue ?? []
        #expect(events.compactMap { $0["json"]?.stringValue } == expected)
        for event in events {
            let line = try #require(event["json"]?.stringValue)
            let object = try JSONParser.parse(line)
            #expect(event["text"]?.stringValue == GestureEventText.line(object))
            #expect(event["time"] == object["time"])
        }
    }

    @Test func framesAreTheEnginesInTimeOrder() throws {
        let (document, session) = try Self.document("pinch-open.yml")
        let frames = document["frames"]?.arrayValue ?? []
        #expect(frames.count == session.frameCount)
        let times = frames.compactMap { $0["time"]?.doubleValue }
        #expect(times == times.sorted() && times.first == 0)
        let first = session.framesAsSeen[0]
        let contacts = frames[0]["contacts"]?.arrayValue ?? []
        #expect(contacts.count == first.contacts.count)
        #expect(contacts.first?["x"]?.doubleValue == (first.contacts[0].position.x * 1000).rounded() / 1000)
        #expect(contacts.first?["phase"]?.stringValue == "began")
        #expect(document["duration"]?.doubleValue == times.last)
    }

    /// Reviewed: in drag-extra-finger the pan wins the first touch's arena in the second frame,
    /// and every other gesture loses it there and fails unseen, preempted.
    @Test func theTraceSaysWhyTheOthersDidNotFire() throws {
        let (document, session) = try Self.document("drag-extra-finger.yml")
        let all = document["trace"]?.arrayValue ?? []
        // The first touch, by its contact id: the trace names touches as the frames do.
        let firstTouch = try #require(document["frames"]?.arrayValue?.first?["contacts"]?.arrayValue?.first?["id"]?.intValue)
        #expect(!all.contains { $0["arena"]?.stringValue == "claimed" })
        let joined = Set(all.filter { $0["arena"]?.stringValue == "joined" && $0["touch"]?.intValue == firstTouch }.compactMap { $0["gesture"]?.stringValue })
        #expect(joined.isSuperset(of: ["pan", "swipe-left-3", "taps"]) && joined.isSubset(of: Set(session.gestures)))
        // The second frame: the pan is accepted, the rest rejected and failed, preempted.
        let trace = all.filter { $0["time"]?.doubleValue == 0.008 }
        func names(_ key: String, _ value: String) -> Set<String> {
            Set(trace.filter { $0[key]?.stringValue == value }.compactMap { $0["gesture"]?.stringValue })
        }
        #expect(names("arena", "accepted") == ["pan"])
        let rejected = names("arena", "rejected")
        #expect(names("failed", "preempted") == rejected)
        #expect(trace.filter { $0["failed"] != nil }.count == rejected.count)
        #expect(rejected.contains("swipe-left-3") && !rejected.contains("pan") && !rejected.contains("hold-3"))
        // Off again for whoever runs the engine next: nothing is kept beyond the document.
        #expect(session.engine.unseenFailures.isEmpty && session.engine.arenaLog.isEmpty)
    }

    /// A palm resting at the edge while three fingers swipe (reviewed): marked from its first
    /// frame; released when it next moves (libinput's rule), it is a finger for a while, then
    /// taken for a thumb until it lifts.
    @Test func palmsAreMarkedWhileTheyAreDown() throws {
        let (document, _) = try Self.document("tp-swipe-3-left-edge-palm.yml")
        let palms = document["palms"]?.arrayValue ?? []
        let first = try #require(palms.first)
        #expect(first["time"]?.doubleValue == 0)
        #expect(first["contacts"]?.arrayValue?.compactMap { $0["why"]?.stringValue } == ["palm (edge)"])
        #expect(palms.last?["contacts"]?.arrayValue?.isEmpty == true)
        let story = palms.map { $0["contacts"]?.arrayValue?.first?["why"]?.stringValue ?? "none" }
            .reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        #expect(story == ["palm (edge)", "none", "thumb", "none"])
        let (plain, _) = try Self.document("pinch-open.yml")
        #expect(plain["palms"]?.arrayValue?.isEmpty == true)
    }

    @Test func surfacesAndLanes() throws {
        let (document, session) = try Self.document("tp-swipe-3-left.yml")
        let surfaces = document["surfaces"]?.arrayValue ?? []
        #expect(surfaces.count == 1)
        #expect(surfaces.first?["width"]?.doubleValue == (session.surfaces[0].size.width * 1000).rounded() / 1000)
        #expect(document["gestures"]?.arrayValue?.compactMap(\.stringValue) == session.gestures)
        #expect(document["files"] == .array(["tp-swipe-3-left.yml"]))
    }
}
