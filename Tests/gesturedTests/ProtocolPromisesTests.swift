import Foundation
import GestureWire
import Testing

/// Issue 53: what PROTOCOL.md promises an application developer, tried over a real socket as
/// one would: strict JSON (a key given twice, bytes that are not UTF-8), `define`'s edge cases,
/// and every event its own `seq` — an ending sent to one client alone included — in the order
/// the document states.
@Suite(.serialized) struct ProtocolPromisesTests {
    @Test func aLineThatIsNotStrictJSONIsRefusedAndTheConnectionCarriesOn() throws {
        let daemon = try DaemonProcess(["--replay", "Fixtures/constructed/swipe-3-left.yml", "--wait-subscribers", "1000"])
        defer { daemon.terminate() }
        let client = try LineClient(path: daemon.socket)
        _ = client.readLine()
        client.send(#"{"id":1,"request":"ping","request":"snapshot"}"#)
        #expect(client.readLine() == #"{"id":null,"error":{"code":"bad-json","message":"not JSON: `request` is given twice in one object at column 26"}}"#)
        // An id of two bytes that are no UTF-8 (0xff 0xfe): refused, not answered as U+FFFD.
        client.send(bytes: Array(#"{"id":""#.utf8) + [0xFF, 0xFE] + Array(#"","request":"ping"}"#.utf8) + [0x0A])
        #expect(client.readLine() == #"{"id":null,"error":{"code":"bad-json","message":"the line is not UTF-8: byte 8 is no part of a character"}}"#)
        // Characters of every length are UTF-8, and come back as written.
        client.send(#"{"id":"é€😀","request":"ping"}"#)
        #expect(client.readLine() == #"{"id":"é€😀","ok":true,"pong":true}"#)
    }

    @Test func defineMustDefineSomethingWithNamesOnOneLine() throws {
        let daemon = try DaemonProcess(["--replay", "Fixtures/constructed/swipe-3-left.yml", "--wait-subscribers", "1000"])
        defer { daemon.terminate() }
        let client = try LineClient(path: daemon.socket)
        _ = client.readLine()
        let cases: [(String, String)] = [
            (#"{"id":1,"request":"subscribe","define":[]}"#,
             #"{"id":1,"error":{"code":"invalid-gesture","message":"\"define\" lists no gesture: list at least one, or leave \"define\" out to subscribe to the configured gestures"}}"#),
            (#"{"id":2,"request":"subscribe","define":[{"name":5,"tap":{}}]}"#,
             #"{"id":2,"error":{"code":"invalid-gesture","message":"define[0]: \"name\" must be a string"}}"#),
            (#"{"id":3,"request":"subscribe","define":[{"name":"q\u0000\n","tap":{}}]}"#,
             #"{"id":3,"error":{"code":"invalid-gesture","message":"define[0]: gesture name `q\\0\\n` has a control character (a newline, a tab, NUL…); a name is printed on one line"}}"#),
            (#"{"id":4,"request":"subscribe","define":[{"name":"a\nb","tap":{}}]}"#,
             #"{"id":4,"error":{"code":"invalid-gesture","message":"define[0]: gesture name `a\\nb` has a control character (a newline, a tab, NUL…); a name is printed on one line"}}"#),
            (#"{"id":5,"request":"subscribe","define":[{"name":"\#(String(repeating: "n", count: 101))","tap":{}}]}"#,
             #"{"id":5,"error":{"code":"invalid-gesture","message":"define[0]: gesture name `nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn…` is 101 characters long; at most 100 are allowed"}}"#),
            (#"{"id":6,"request":"subscribe","define":[{"name":"my tap ✓","tap":{}}]}"#, #"{"id":6,"ok":true,"subscription":1}"#),
        ]
        for (request, reply) in cases {
            client.send(request)
            #expect(client.readLine() == reply)
        }
    }

    /// An instance in flight when its subscription goes ends for that client with
    /// `failed(unsubscribed)`, a sequence number of its own (a client that drops repeated
    /// numbers keeps it), before the `ok`: nothing of the subscription follows its reply.
    @Test func anEndingSentToOneClientTakesItsOwnSequenceNumber() throws {
        let daemon = try DaemonProcess([
            "--config", "Fixtures/gestures.yml", "--replay", "Fixtures/constructed/long-press-drag.yml", "--loop", "--realtime",
            "--wait-subscribers", "1",
        ])
        defer { daemon.terminate() }
        let client = try LineClient(path: daemon.socket)
        _ = client.readLine()
        client.send(#"{"id":1,"request":"subscribe","gestures":["press-drag"]}"#)
        var lines: [String] = []
        while let line = client.readLine() {
            lines.append(line)
            if line.contains(#""phase":"active""#) && line.contains(#""kind":"drag""#) { break }
        }
        client.send(#"{"id":2,"request":"unsubscribe","subscription":1}"#)
        while let line = client.readLine() {
            lines.append(line)
            if line.hasPrefix(#"{"id":2,"#) { break }
        }
        let events = try lines.map { try JSONParser.parse($0) }.filter { $0["event"]?.stringValue == "gesture" }
        let ending = try #require(events.last)
        #expect(ending["phase"]?.stringValue == "failed" && ending["reason"]?.stringValue == "unsubscribed", "\(ending.serialized)")
        #expect(lines.last == #"{"id":2,"ok":true}"#)
        let numbers = events.compactMap { $0["seq"]?.intValue }
        #expect(numbers.count == events.count)
        #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 }, "every seq its own, increasing: \(numbers)")
    }

    /// A client that has finished writing (`shutdown(SHUT_WR)`) still reads: its last request is
    /// answered though it has no newline, and the instance in flight ends for it; the
    /// connection is the daemon's to keep until the client closes. A client that closes is
    /// disconnected at once, events or not (epoll's hang-up).
    @Test func aHalfClosedClientStillReadsToTheEnd() throws {
        let daemon = try DaemonProcess([
            "--config", "Fixtures/gestures.yml", "--replay", "Fixtures/constructed/long-press-drag.yml", "--realtime",
            "--wait-subscribers", "1",
        ])
        defer { daemon.terminate() }
        let client = try LineClient(path: daemon.socket)
        _ = client.readLine()
        client.send(#"{"id":1,"request":"subscribe","gestures":["press-drag"]}"#)
        while let line = client.readLine(), !line.contains(#""phase":"active""#) {}
        client.send(bytes: Array(#"{"id":2,"request":"ping"}"#.utf8))  // no newline
        #expect(shutdown(client.fd, Int32(SHUT_WR)) == 0)
        var rest: [String] = []
        while let line = client.readLine() {
            rest.append(line)
            if line.contains(#""phase":"ended""#) || line.contains(#""phase":"failed""#) { break }
        }
        #expect(rest.contains(#"{"id":2,"ok":true,"pong":true}"#), "\(rest)")
        #expect(rest.last?.contains(#""gesture":"press-drag""#) == true && rest.last?.contains(#""phase":"ended""#) == true, "\(rest.suffix(2))")
        // Closed, with nothing in flight: gone from the daemon at once.
        client.hangUp()
        try daemon.waitForLog("client disconnected")
        let quiet = try LineClient(path: daemon.socket)
        _ = quiet.readLine()
        quiet.hangUp()
        try daemon.waitForLog("client disconnected", count: 2)
    }
}
