import GestureActions
import GestureClient
import GestureOverlay
import GestureWire
import OverlayScreen
import Testing

/// The daemon's events, as a client gets them, into what the overlay takes.
@Suite struct OverlayFeedTests {
    static func json(_ text: String) -> JSONValue { try! JSONParser.parse(text) }

    @Test func helloDevicesTouchesAndGestures() throws {
        let file = try ActionsFile.parse("version: 1\nactions:\n  - gesture: swipe-left-3\n    run: [notify-send, swiped]\n", file: "actions.yml")
        var feed = OverlayFeed(actions: file)
        let hello = ServerHello(Self.json(#"{"event":"hello","protocol":1,"server":"0.9.2","capabilities":[],"devices":[{"id":1,"name":"s","kind":"touchscreen","size":{"width":200,"height":100}},{"id":2,"name":"p","kind":"touchpad","size":{"width":100,"height":60}}]}"#))!
        #expect(feed.events(.connected(hello), at: 0) == [
            .reset, .device(OverlayDevice(id: 1, kind: .touchscreen, width: 200, height: 100)), .device(OverlayDevice(id: 2, kind: .touchpad, width: 100, height: 60)),
        ])
        let touches = Self.json(#"{"event":"touches","subscription":1,"device":1,"time":0,"contacts":[{"id":100,"x":1.5,"y":2,"phase":"began"},{"id":101,"x":3,"y":4,"phase":"ended"}]}"#)
        #expect(feed.events(.touches(touches), at: 0) == [.touches(device: 1, contacts: [OverlayContact(id: 100, x: 1.5, y: 2), OverlayContact(id: 101, x: 3, y: 4, lifted: true)])])
        let ended = GestureUpdate(Self.json(#"{"event":"gesture","seq":2,"subscription":1,"gesture":"swipe-left-3","instance":7,"phase":"ended","time":0.1,"device":2,"value":{"kind":"swipe","direction":"left","fingers":3,"distance":41}}"#), subscription: nil)!
        // What the file ran comes first, so that the card that ends says it.
        // No runner runs the file: the card says what would run (issue 60).
        #expect(feed.events(.gesture(ended), at: 0.1) == [
            .action(gesture: "swipe-left-3", instance: 7, text: "would run notify-send swiped"),
            .gesture(OverlayGesture(name: "swipe-left-3", instance: 7, device: 2, phase: .ended, cue: .distance(41, direction: "left"))),
        ])
        // A runner runs it: what it ran.
        feed.runnerRuns = true
        let again = GestureUpdate(Self.json(#"{"event":"gesture","seq":3,"subscription":1,"gesture":"swipe-left-3","instance":8,"phase":"ended","time":0.2,"device":2,"value":{"kind":"swipe","direction":"left","fingers":3,"distance":41}}"#), subscription: nil)!
        #expect(feed.events(.gesture(again), at: 0.2).first == .action(gesture: "swipe-left-3", instance: 8, text: "ran notify-send swiped"))
        #expect(feed.events(.deviceRemoved(2), at: 0.2) == [.deviceRemoved(2)])
        #expect(feed.events(.disconnected(reason: "gone"), at: 0.3) == [.reset])
    }
}
