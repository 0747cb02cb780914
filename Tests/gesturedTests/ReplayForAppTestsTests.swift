import Foundation
import GestureWire
import Glibc
import Testing

/// Issue 21, item 4: an app's test suite replays a fixture against its client with
/// `gestured --replay REC --realtime --wait-subscribers N`. However late the clients subscribe,
/// each reads `gesturectl replay`'s transcript: the recording's clock, for its frames and the
/// engine's deadlines alike, starts when the N-th subscription is in place.
@Suite(.serialized) struct ReplayForAppTestsTests {
    /// Two clients, the first at once and the second after `lateness` seconds (the lateness is
    /// the input under test, not a wait for something), on the recording of fast double taps
    /// whose ends hang on the double-tap window's deadline.
    @Test(arguments: [0.0, 0.6, 1.6]) func lateSubscribersReadTheReplayTranscript(_ lateness: Double) throws {
        let fixture = "real/ts-atmel-maxtouch-1finger-fast-taps.evemu"
        let daemon = try DaemonProcess([
            "--config", "Fixtures/gestures.yml", "--replay", "Fixtures/\(fixture)", "--realtime", "--wait-subscribers", "2", "--exit-after-replay",
        ])
        let first = try LineClient(path: daemon.socket)
        #expect(first.readLine()?.contains(#""event":"hello""#) == true)
        first.send(#"{"id": 1, "request": "subscribe"}"#)
        #expect(first.readLine() == #"{"id":1,"ok":true,"subscription":1}"#)
        usleep(useconds_t(lateness * 1_000_000))
        let second = try LineClient(path: daemon.socket)
        #expect(second.readLine()?.contains(#""event":"hello""#) == true)
        second.send(#"{"id": 1, "request": "subscribe"}"#)
        let expected = try GesturedTests.transcript(fixture)
        #expect(expected.count == 5)
        for (name, client) in [("first", first), ("second", second)] {
            let events = try client.readAll().compactMap(GesturedTests.replayForm)
            #expect(events == expected, "\(name) client, \(lateness) s late")
        }
        #expect(daemon.wait() == 0)
    }

    /// The deadlines left after the last frame fire before a paced replay ends: a tap that
    /// waited for a second one ends `ended`, not `failed(shutdown)` (as `gesturectl replay`
    /// prints it).
    @Test func aPacedReplayEndsWhatWaitsOnADeadline() throws {
        let fixture = "constructed/single-tap-at-end.yml"
        let daemon = try DaemonProcess([
            "--config", "Fixtures/gestures.yml", "--replay", "Fixtures/\(fixture)", "--realtime", "--wait-subscribers", "1", "--exit-after-replay",
        ])
        let client = try LineClient(path: daemon.socket)
        _ = client.readLine()
        client.send(#"{"id": 1, "request": "subscribe"}"#)
        let events = try client.readAll().compactMap(GesturedTests.replayForm)
        let expected = try GesturedTests.transcript(fixture)
        #expect(events == expected)
        #expect(daemon.wait() == 0)
    }
}

/// `make demo` prints each command exactly as it runs it (issue 21, item 9: the printed daemon
/// line lacked the `--config` it passed, and run by hand it showed nothing and never exited).
@Suite struct DemoScriptTests {
    @Test func theDemoPrintsWhatItRunsAndTheGestures() throws {
        let bin = DaemonProcess.root.appendingPathComponent(".build/debug").path
        let run = try ChildProcess("sh", ["scripts/demo.sh", bin, "Fixtures/constructed/swipe-3-left.yml"]).finish()
        #expect(run.status == 0, "\(run.errors)")
        // Named before #require: Swift 6.0's swift-testing expands `#require(x?.y.first)` wrongly.
        let said = run.lines.first { $0.hasPrefix("▶ ") }?.split(separator: " ").dropFirst(3).first
        let socket = try #require(said)
        #expect(run.lines == [
            "▶ \(bin)/gestured --socket \(socket) --config Fixtures/gestures.yml --replay Fixtures/constructed/swipe-3-left.yml --realtime --wait-subscribers 1 --exit-after-replay &",
            "▶ \(bin)/gesturectl subscribe --socket \(socket) --no-reconnect",
            "connected to gestured \(GesturedVersion.current) at \(socket)",
            "   0.104s  dev1  swipe-left-3#1  active  left 26.0 mm",
            "   0.168s  dev1  swipe-left-3#1  ended  left 40.0 mm",
            "disconnected: connection closed by gestured",
            "▶ python3 examples/python/subscribe.py works the same way; see README.md and docs/PROTOCOL.md.",
        ])
    }
}
