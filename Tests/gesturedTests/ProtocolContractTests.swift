import Foundation
import GestureWire
import Glibc
import Testing

/// Issue 61: the protocol's promises to an app in any language, each tried over a real socket
/// the way a Python or C client would: its numbers its own, every reply matched, every empty
/// filter said, every `seq` once, the trace's touches the touches' own ids.
@Suite(.serialized) struct ProtocolContractTests {
    /// Client B defines a tap of its own; client A, subscribed to the configured gestures,
    /// reads exactly the replay transcript — its instance numbers do not count B's taps (they
    /// did: A saw 2, 5, 8, 11, 14), so A cannot tell when B's gestures fire.
    @Test func anotherClientsDefinitionsDoNotMoveYourInstanceNumbers() throws {
        let fixture = "real/ts-atmel-maxtouch-1finger-fast-taps.evemu"
        let daemon = try DaemonProcess([
            "--config", "Fixtures/gestures.yml", "--replay", "Fixtures/\(fixture)", "--realtime", "--wait-subscribers", "2", "--exit-after-replay",
        ])
        let b = try LineClient(path: daemon.socket)
        _ = b.readLine()
        b.send(#"{"id":1,"request":"subscribe","define":[{"name":"mine","tap":{},"priority":"simultaneous"}]}"#)
        #expect(b.readLine() == #"{"id":1,"ok":true,"subscription":1}"#)
        let a = try LineClient(path: daemon.socket)
        _ = a.readLine()
        a.send(#"{"id":1,"request":"subscribe"}"#)
        let expected = try GesturedTests.transcript(fixture)
        let received = try a.readAll().compactMap(GesturedTests.replayForm)
        #expect(received == expected)
        // B's own taps count from 1 in its subscription.
        let mine = try b.readAll().map { try JSONParser.parse($0) }.filter { $0["gesture"]?.stringValue == "mine" && $0["phase"]?.stringValue == "ended" }
        #expect(mine.compactMap { $0["instance"]?.intValue } == Array(1...Int64(mine.count)) && mine.count >= 5, "\(mine.map(\.serialized))")
        #expect(daemon.wait() == 0)
    }

    /// A line over 64 KiB keeps its id when the id comes first (the head of the line is read
    /// for it): a client waiting for reply 42 gets it. One whose id comes after the long part
    /// cannot be matched, and is answered with `null`, as a line that is not JSON.
    @Test func aTooLongLineKeepsItsIDWhenTheIDComesFirst() throws {
        let daemon = try DaemonProcess(["--replay", "Fixtures/constructed/swipe-3-left.yml", "--wait-subscribers", "1000"])
        defer { daemon.terminate() }
        let client = try LineClient(path: daemon.socket)
        _ = client.readLine()
        let pad = String(repeating: "x", count: 65 * 1024)
        client.send(#"{"id":42,"request":"ping","pad":"\#(pad)"}"#)
        #expect(client.readLine() == #"{"id":42,"error":{"code":"line-too-long","message":"request lines may be at most 65536 bytes"}}"#)
        client.send(#"{ "id" : {"a": [1, "]"]}, "request":"ping","pad":"\#(pad)"}"#)
        #expect(client.readLine() == #"{"id":{"a":[1,"]"]},"error":{"code":"line-too-long","message":"request lines may be at most 65536 bytes"}}"#)
        client.send(#"{"request":"ping","pad":"\#(pad)","id":43}"#)
        #expect(client.readLine() == #"{"id":null,"error":{"code":"line-too-long","message":"request lines may be at most 65536 bytes"}}"#)
        client.send(#"{"id":44,"request":"ping"}"#)
        #expect(client.readLine() == #"{"id":44,"ok":true,"pong":true}"#)
    }

    /// `phases: []` and `devices: []` would deliver nothing: refused, as `define: []` is, with
    /// what to write instead. A definition's unknown key lists what a definition takes (no
    /// `consume`).
    @Test func emptyFiltersAreRefusedAndADefinitionsKeysAreItsOwn() throws {
        let daemon = try DaemonProcess(["--replay", "Fixtures/constructed/swipe-3-left.yml", "--wait-subscribers", "1000"])
        defer { daemon.terminate() }
        let client = try LineClient(path: daemon.socket)
        _ = client.readLine()
        let cases: [(String, String)] = [
            (#"{"id":1,"request":"subscribe","phases":[]}"#,
             #"{"id":1,"error":{"code":"invalid-request","message":"\"phases\" lists no phase: list active, ended and/or failed, or leave \"phases\" out for all three"}}"#),
            (#"{"id":2,"request":"subscribe","devices":[]}"#,
             #"{"id":2,"error":{"code":"invalid-request","message":"\"devices\" lists no device: list the ids to hear from, or leave \"devices\" out for every device"}}"#),
            (#"{"id":3,"request":"subscribe","define":[{"name":"x","tap":{},"colour":1}]}"#,
             #"{"id":3,"error":{"code":"invalid-gesture","message":"define[0]: unknown key `colour` in a gesture entry; expected one of: name, priority, region, enabled, state, devices, tap, spatialTap, longPress, drag, magnify, rotate, swipe, edgeSwipe, hold, stroke, simultaneously, sequenced, exclusively"}}"#),
        ]
        for (request, reply) in cases {
            client.send(request)
            #expect(client.readLine() == reply)
        }
    }

    /// A client subscribed twice to one gesture gets it twice, each copy with a number of its
    /// own: no `seq` is given twice on a connection (both were 11).
    @Test func twoSubscriptionsOfOneClientNeverShareASequenceNumber() throws {
        let daemon = try DaemonProcess([
            "--config", "Fixtures/gestures.yml", "--replay", "Fixtures/constructed/double-tap.yml", "--realtime", "--wait-subscribers", "2",
            "--exit-after-replay",
        ])
        let client = try LineClient(path: daemon.socket)
        _ = client.readLine()
        client.send(#"{"id":1,"request":"subscribe","gestures":["taps"]}"#)
        client.send(#"{"id":2,"request":"subscribe","gestures":["taps"]}"#)
        let events = try client.readAll().map { try JSONParser.parse($0) }.filter { $0["event"]?.stringValue == "gesture" }
        #expect(Set(events.compactMap { $0["subscription"]?.intValue }) == [1, 2])
        let numbers = events.compactMap { $0["seq"]?.intValue }
        #expect(numbers.count == events.count && numbers.count >= 2)
        #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 }, "every seq once, increasing: \(numbers)")
        #expect(daemon.wait() == 0)
    }

    /// The `touch` of a trace entry is the `id` its `touches` event gives the contact.
    @Test func aTracesTouchIsTheTouchesOwnID() throws {
        let daemon = try DaemonProcess([
            "--config", "Fixtures/gestures.yml", "--replay", "Fixtures/constructed/long-press-drag.yml", "--realtime", "--wait-subscribers", "1",
            "--exit-after-replay",
        ])
        let client = try LineClient(path: daemon.socket)
        _ = client.readLine()
        client.send(#"{"id":1,"request":"subscribe","touches":true,"trace":true}"#)
        let lines = try client.readAll().map { try JSONParser.parse($0) }
        let ids = Set(lines.filter { $0["event"]?.stringValue == "touches" }.flatMap { $0["contacts"]?.arrayValue ?? [] }.compactMap { $0["id"]?.intValue })
        let traced = Set(lines.filter { $0["event"]?.stringValue == "trace" }.flatMap { $0["entries"]?.arrayValue ?? [] }.compactMap { $0["touch"]?.intValue })
        #expect(!traced.isEmpty && traced.isSubset(of: ids), "trace \(traced.sorted()), touches \(ids.sorted())")
        #expect(daemon.wait() == 0)
    }

    /// A reload that configures a gesture named like a live definition: the two stay apart —
    /// the definition's events go to its subscription alone, the configured one's to those that
    /// take configured gestures — and a new `define` of that name is refused.
    @Test func aReloadNamingAConfiguredGestureLikeADefinitionKeepsThemApart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-clash-\(getpid())-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("gestured.yml")
        try "version: 1\ngestures:\n  - name: pan\n    drag: {}\n".write(to: config, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(["--config", config.path, "--replay", "Fixtures/constructed/swipe-3-left.yml", "--wait-subscribers", "1000"])
        defer { daemon.terminate() }
        let owner = try LineClient(path: daemon.socket)
        _ = owner.readLine()
        owner.send(#"{"id":1,"request":"subscribe","define":[{"name":"mine","tap":{}}]}"#)
        #expect(owner.readLine() == #"{"id":1,"ok":true,"subscription":1}"#)
        try "version: 1\ngestures:\n  - name: pan\n    drag: {}\n  - name: mine\n    hold: {}\n".write(to: config, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(owner.readLine() == #"{"event":"config-reloaded","gestures":["pan","mine"],"unchanged":["pan"]}"#)
        let other = try LineClient(path: daemon.socket)
        _ = other.readLine()
        other.send(#"{"id":1,"request":"subscribe","define":[{"name":"mine","tap":{}}]}"#)
        #expect(other.readLine()?.contains(#""code":"invalid-gesture""#) == true)
        // The owner's definition is still its own: its subscription goes on.
        owner.send(#"{"id":2,"request":"unsubscribe","subscription":1}"#)
        #expect(owner.readLine() == #"{"id":2,"ok":true}"#)
    }
}
