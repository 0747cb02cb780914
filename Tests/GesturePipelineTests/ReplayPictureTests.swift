import Evdev
import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import GestureCore
import GesturePipeline
import Testing

/// `gesturectl replay --svg`'s picture, read back as a document: it parses, it has one path per
/// touch (drawn where the frames put it) and one lane per gesture, and a failed instance shows
/// its reason.
@Suite struct ReplayPictureTests {
    /// What an XML parser finds in the picture: the elements' classes with their attributes.
    final class Reader: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append((elementName, attributes))
        }
        func with(_ name: String, class wanted: String) -> [[String: String]] {
            elements.filter { $0.name == name && $0.attributes["class"] == wanted }.map(\.attributes)
        }
    }

    static func read(_ svg: String) -> Reader {
        let parser = XMLParser(data: Data(svg.utf8))
        let reader = Reader()
        parser.delegate = reader
        #expect(parser.parse(), "the picture parses: \(String(describing: parser.parserError))")
        return reader
    }

    static func session(_ recording: String) throws -> (ReplaySession, [GestureEvent]) {
        let root = FixtureReplayTests.root
        let config = try RecordingLoader.config(root.appendingPathComponent("gestures.yml").path)
        let session = ReplaySession(
            recordings: try RecordingLoader.recordings([root.appendingPathComponent(recording).path], description: nil), config: config)
        var events: [GestureEvent] = []
        session.run { events.append($0) }
        return (session, events)
    }

    @Test func aCancelledHoldIsDrawnWithItsTouchesAndItsReason() throws {
        let (session, events) = try Self.session("constructed/tp-hold-3-cancel.yml")
        let picture = session.picture(of: events)
        let document = Self.read(picture.svg)
        #expect(document.elements.first?.name == "svg" && document.elements.first?.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        // Three fingers, one path each, on the clickpad.
        let touches = document.with("path", class: "touch")
        #expect(touches.count == 3 && picture.touchCount == 3)
        #expect(Set(touches.map { $0["data-device"] }) == ["1"])
        // One lane per gesture of the configuration (all attach to a clickpad).
        let lanes = document.with("g", class: "lane").compactMap { $0["data-gesture"] }
        let configured = try RecordingLoader.config(FixtureReplayTests.root.appendingPathComponent("gestures.yml").path).bindings.map(\.name)
        #expect(lanes == configured && picture.laneCount == configured.count)
        // The hold was active, then failed: a span and the reason.
        #expect(document.with("rect", class: "active").count == 1)
        #expect(document.with("g", class: "failed").map { $0["data-reason"] } == ["fingerCountChanged"])
    }

    /// The path goes where the frames say: a three-finger swipe left 40 mm on the 293.6 mm wide
    /// panel, drawn at 560 / 293.6 px a millimetre, starts right of where it ends by 40 mm.
    @Test func aSwipesPathsRunTheWayTheFingersWent() throws {
        let (session, events) = try Self.session("constructed/swipe-3-left.yml")
        let document = Self.read(session.picture(of: events).svg)
        let paths = document.with("path", class: "touch").compactMap { $0["d"] }
        #expect(paths.count == 3)
        let scale = 560 / 293.6
        for d in paths {
            let numbers = d.split(whereSeparator: { " ML".contains($0) }).compactMap { Double($0) }
            let first = numbers.prefix(2), last = numbers.suffix(2)
            #expect(abs((first.first! - last.first!) / scale - 40) < 0.1, "\(d)")
            #expect(abs(first.last! - last.last!) < 0.01)
        }
        #expect(document.with("line", class: "ended").count == 1, "swipe-left-3 ended once")
    }

    @Test func namesAreEscaped() throws {
        let picture = ReplayPicture(
            surfaces: [ReplayPicture.Surface(device: DeviceID(1), name: "Pad <\"&'>", size: Size(width: 100, height: 60))], frames: [],
            events: [], gestures: ["a<b>&\"c\""], origin: Timestamp(seconds: 0))
        let document = Self.read(picture.svg)
        #expect(document.with("g", class: "lane").map { $0["data-gesture"] } == ["a<b>&\"c\""])
        #expect(picture.touchCount == 0)
    }
}
