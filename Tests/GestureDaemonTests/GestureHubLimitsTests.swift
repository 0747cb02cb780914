import GestureCore
import GestureDaemon
import GesturePipeline
import GestureWire
import NIOCore
import NIOEmbedded
import Testing

/// The hub under clients that do not read and clients that define too much (issue 10,
/// faults 2–4): every announced instance still ends exactly once, a stuck client is cut off,
/// a definition's cost is bounded. Time is the embedded loop's, advanced by the test.
@Suite struct GestureHubLimitsTests {
    static let config = """
        version: 1
        gestures:
          - name: pan
            drag: { minimumDistance: 2 }
        """

    /// Finger 0 moves right `steps` × 0.5 mm from x = 50.
    func move(_ rig: HubRig, steps: Int) {
        for step in 1...steps { rig.frame([(0, Point(x: 50 + Double(step) * 0.5, y: 50), .moved)]) }
    }

    func closed(_ channel: EmbeddedChannel) -> Bool { !channel.isActive }

    /// A client that is behind at SIGTERM (lines waiting in its outbox) still gets the
    /// `failed(shutdown)` of what it was told about, once it reads; then it is closed.
    @Test func shutdownDeliversTheEndingsOfAClientThatIsBehind() throws {
        let rig = try HubRig(config: Self.config)
        let slow = try rig.connect()
        let fast = try rig.connect()
        for client in [slow, fast] { rig.send(#"{"id": 1, "request": "subscribe"}"#, from: client) }
        rig.frame([(0, Point(x: 50, y: 50), .began)])
        _ = try rig.lines(slow)
        slow.isWritable = false
        move(rig, steps: 40)
        let done = rig.hub.shutdown(grace: .seconds(2))
        #expect(HubRig.summary(try rig.lines(fast)).suffix(1) == ["pan failed(shutdown)"])
        rig.loop.run()
        #expect(closed(fast))
        #expect(!closed(slow))
        #expect(try rig.lines(slow).isEmpty)
        // It reads at last: the latest update, then the ending, then the connection closes.
        slow.isWritable = true
        rig.hub.writable(slow)
        rig.loop.run()
        #expect(HubRig.summary(try rig.lines(slow)) == ["pan active", "pan failed(shutdown)"])
        #expect(closed(slow))
        try done.wait()
    }

    /// One that never reads is closed when the grace period is over, and shutdown completes.
    @Test func shutdownClosesAClientThatNeverReadsAfterTheGrace() throws {
        let rig = try HubRig(config: Self.config)
        let stuck = try rig.connect()
        rig.send(#"{"id": 1, "request": "subscribe"}"#, from: stuck)
        rig.frame([(0, Point(x: 50, y: 50), .began)])
        stuck.isWritable = false
        move(rig, steps: 10)
        // Completed on the rig's embedded loop, on this thread, as time is advanced below.
        nonisolated(unsafe) var finished = false
        rig.hub.shutdown(grace: .seconds(2)).whenComplete { _ in finished = true }
        rig.loop.advanceTime(by: .milliseconds(1999))
        #expect(!closed(stuck))
        #expect(!finished)
        rig.loop.advanceTime(by: .milliseconds(1))
        #expect(closed(stuck))
        #expect(finished)
    }

    /// Endings go past the outbox bound at shutdown: a client one line short of overflowing
    /// still gets every ending rather than `overflow`.
    @Test func shutdownEndingsAreNotRefusedByTheOutboxBound() throws {
        let rig = try HubRig(config: """
            version: 1
            gestures:
              - { name: a, drag: { minimumDistance: 1 }, priority: simultaneous }
              - { name: b, drag: { minimumDistance: 1 }, priority: simultaneous }
              - { name: c, drag: { minimumDistance: 1 }, priority: simultaneous }
            """, outboxLimit: 3)
        let client = try rig.connect()
        rig.send(#"{"id": 1, "request": "subscribe"}"#, from: client)
        rig.frame([(0, Point(x: 50, y: 50), .began)])
        client.isWritable = false
        rig.frame([(0, Point(x: 55, y: 50), .moved)])  // a, b, c active: the outbox is full
        _ = rig.hub.shutdown(grace: .seconds(2))
        client.isWritable = true
        rig.hub.writable(client)
        rig.loop.run()
        let summary = HubRig.summary(try rig.lines(client))
        #expect(summary.filter { $0.hasSuffix("failed(shutdown)") }.sorted() == ["a failed(shutdown)", "b failed(shutdown)", "c failed(shutdown)"])
        #expect(!summary.contains("overflow"))
    }

    /// A client past its outbox bound is told `overflow` and closed, and its queue is freed
    /// at once — it does not linger until it reads.
    @Test func anOverflowedClientIsClosedAndItsQueueFreed() throws {
        let rig = try HubRig(config: Self.config, outboxLimit: 4)
        let stuck = try rig.connect()
        rig.send(#"{"id": 1, "request": "subscribe"}"#, from: stuck)
        stuck.isWritable = false
        rig.frame([(0, Point(x: 50, y: 50), .began)])
        for round in 0..<6 {
            rig.frame([(0, Point(x: 60, y: 50), .moved)])
            rig.frame([(0, Point(x: 60, y: 50), .ended)])
            rig.frame([(0, Point(x: 50, y: 50 + Double(round)), .began)])
        }
        rig.loop.run()
        #expect(closed(stuck))
        let lines = try rig.lines(stuck)
        #expect(lines.last?["event"]?.stringValue == "overflow")
    }

    /// A definition past the depth or size limit is refused with `invalid-gesture` and its
    /// reason; one within them is accepted; a connection's definitions share one budget, and
    /// all connections' another.
    @Test func definitionsAreBoundedInDepthSizeAndPerConnection() throws {
        let rig = try HubRig(config: Self.config)
        let client = try rig.connect()
        _ = try rig.lines(client)
        func nested(_ depth: Int) -> String {
            (0..<depth).reduce(#"{"drag": {}}"#) { inner, _ in #"{"sequenced": [\#(inner), {"drag": {}}]}"# }
        }
        func define(_ id: Int, _ gesture: String, name: String = "g") -> JSONValue? {
            let body = gesture.dropFirst().dropLast()
            rig.send(#"{"id": \#(id), "request": "subscribe", "define": [{"name": "\#(name)", \#(body)}]}"#, from: client)
            return try? rig.lines(client).last
        }
        let deep = define(1, nested(9))
        #expect(deep?["error"]?["code"]?.stringValue == "invalid-gesture")
        #expect(deep?["error"]?["message"]?.stringValue?.contains("nests combinators 9 levels deep; at most 8") == true)
        #expect(define(2, nested(8))?["ok"] == .bool(true))  // 9 recognizers

        let wide = #"{"simultaneously": [\#(Array(repeating: #"{"drag": {}}"#, count: 17).joined(separator: ", "))]}"#
        #expect(define(3, wide)?["error"]?["message"]?.stringValue?.contains("combines 17 gestures; at most 16") == true)
        let widest = #"{"simultaneously": [\#(Array(repeating: #"{"drag": {}}"#, count: 16).joined(separator: ", "))]}"#
        // 9 + 3 × 16 = 57 recognizers fit in a connection's 64; one more subscription of 16 does not.
        for id in 4..<7 { #expect(define(id, widest)?["ok"] == .bool(true)) }
        let over = define(7, widest)
        #expect(over?["error"]?["code"]?.stringValue == "invalid-gesture")
        #expect(over?["error"]?["message"]?.stringValue?.contains("at most 64 per connection") == true)

        // All connections together hold at most 256: three more full connections fit (57 + 3 × 64
        // = 249), the next one's first 16 do not.
        for _ in 0..<3 {
            let other = try rig.connect()
            for id in 1...4 {
                rig.send(#"{"id": \#(id), "request": "subscribe", "define": [{"name": "w", \#(widest.dropFirst().dropLast())}]}"#, from: other)
            }
            #expect(try rig.lines(other).filter { $0["ok"] == .bool(true) }.count == 4)
        }
        let late = try rig.connect()
        rig.send(#"{"id": 1, "request": "subscribe", "define": [{"name": "w", \#(widest.dropFirst().dropLast())}]}"#, from: late)
        let refused = try rig.lines(late).last
        #expect(refused?["error"]?["message"]?.stringValue?.contains("the daemon takes at most 256 in all") == true)
    }

    /// Issue 21, items 9 and 10: a definition's mistake names the entry (`define[1]`), never a
    /// line of YAML the client did not write; a definition may not take a configured gesture's
    /// name; touchpad gestures are refused where there are none to pass through.
    @Test func definitionsAreJudgedByTheirEntry() throws {
        let rig = try HubRig(config: Self.config, capabilities: ["replay", "define", "snapshot"])
        let client = try rig.connect()
        _ = try rig.lines(client)
        func reply(_ line: String) throws -> String? {
            rig.send(line, from: client)
            return try rig.lines(client).last?["error"]?["message"]?.stringValue
        }
        #expect(try reply(#"{"id": 1, "request": "subscribe", "define": [{"name": "a", "tap": {}}, {"name": "a", "drag": {}}]}"#)
            == "define[1]: duplicate gesture name `a` (first used by define[0])")
        #expect(try reply(#"{"id": 2, "request": "subscribe", "define": [{"name": "b", "tap": {"count": 0}}]}"#)?.hasPrefix("define[0]: ") == true)
        let configured = try #require(rig.hub.config.bindings.first?.name)
        #expect(try reply(#"{"id": 3, "request": "subscribe", "define": [{"name": "\#(configured)", "tap": {}}]}"#)
            == "define[0]: \"\(configured)\" is the name of a configured gesture; give yours another name")
        #expect(try reply(#"{"id": 4, "request": "subscribe", "touchpadGestures": true}"#)?.hasPrefix("\"touchpadGestures\": this daemon has no libinput touchpad gestures") == true)
    }
}
