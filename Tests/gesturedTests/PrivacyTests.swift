import Foundation
import GestureWire
import Testing

/// Issue 53: a client's own gestures (`define`) stay its own. SECURITY.md promises that a client
/// cannot learn another client's own gestures; each kind of reply and line another connection can
/// ask for is checked against a daemon where one client's `secret-drag` is in flight: the
/// `snapshot` reply, a subscription's own snapshot and events, `trace`, `touches` and `claims`
/// lines, and the `devices` reply.
@Suite(.serialized) struct PrivacyTests {
    /// Lines until the reply to request `id` (events before it are returned too).
    static func reply(_ id: Int, from client: LineClient) throws -> (reply: String, before: [String]) {
        var before: [String] = []
        while let line = client.readLine() {
            if line.hasPrefix("{\"id\":\(id),") { return (line, before) }
            before.append(line)
        }
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "no reply to request \(id)"])
    }

    @Test func anotherClientsOwnGestureIsInNoReplyOrLine() throws {
        let daemon = try DaemonProcess([
            "--config", "Fixtures/gestures.yml", "--replay", "Fixtures/constructed/long-press-drag.yml", "--loop", "--realtime",
            "--wait-subscribers", "1",
        ])
        let owner = try LineClient(path: daemon.socket)
        _ = owner.readLine()
        owner.send(#"{"id":1,"request":"subscribe","define":[{"name":"secret-drag","drag":{},"priority":"simultaneous","state":"translation"}],"consume":true}"#)
        #expect(try Self.reply(1, from: owner).reply == #"{"id":1,"ok":true,"subscription":1}"#)
        // Wait until the secret is in flight.
        while let line = owner.readLine(), !(line.contains(#""gesture":"secret-drag""#) && line.contains(#""phase":"active""#)) {}

        let other = try LineClient(path: daemon.socket)
        var seen: [String] = []
        seen.append(try #require(other.readLine()))  // hello
        // `snapshot`, between two of the owner's own: the secret was in flight all along.
        owner.send(#"{"id":2,"request":"snapshot"}"#)
        let ownBefore = try Self.reply(2, from: owner).reply
        other.send(#"{"id":1,"request":"snapshot"}"#)
        let othersSnapshot = try Self.reply(1, from: other)
        owner.send(#"{"id":3,"request":"snapshot"}"#)
        let ownAfter = try Self.reply(3, from: owner).reply
        #expect(ownBefore.contains(#""gesture":"secret-drag""#) && ownAfter.contains(#""gesture":"secret-drag""#), "its owner sees it")
        seen += othersSnapshot.before + [othersSnapshot.reply]
        #expect(othersSnapshot.reply.hasPrefix(#"{"id":1,"ok":true,"instances":["#))

        // A subscription to everything configured, with traces and touch frames, made while the
        // secret is in flight (its own snapshot), and read through whole loops of the replay.
        other.send(#"{"id":2,"request":"subscribe","trace":true,"touches":true}"#)
        other.send(#"{"id":3,"request":"devices"}"#)
        var gestures = 0, traces = 0, touches = 0, claims = 0
        for _ in 0..<400 {
            guard let line = other.readLine() else { break }
            seen.append(line)
            if line.contains(#""event":"gesture""#) { gestures += 1 }
            if line.contains(#""event":"trace""#) { traces += 1 }
            if line.contains(#""event":"touches""#) { touches += 1 }
            if line.contains(#""event":"claims""#) { claims += 1 }
        }
        #expect(gestures > 0 && traces > 0 && touches > 0 && claims > 0, "gestures \(gestures), traces \(traces), touch frames \(touches), claims \(claims)")
        #expect(seen.contains { $0.hasPrefix(#"{"id":3,"ok":true,"devices":["#) })
        let leaks = seen.filter { $0.contains("secret") }
        #expect(leaks.isEmpty, "\(leaks.prefix(3))")
        daemon.terminate()
        #expect(daemon.wait() == 0)
    }
}
