import Foundation
import GestureClient
import GestureWire
import NIOCore
import Testing

/// `GestureClient(onEvent:)`, what `gesturectl actions` is built on: each event is a call on the
/// client's own event loop as its line is read, and a request's reply is a call there too.
@Suite struct GestureClientOnEventTests {
    /// What the calls saw, written on the loop and read once they are over.
    final class Seen: @unchecked Sendable {
        let lock = NSLock()
        var client: GestureClient?
        var lines: [String] = []
        var offTheLoop = 0
        var pong: String?

        func note(_ body: (Seen) -> Void) { lock.lock(); body(self); lock.unlock() }
    }

    /// Found by the peers benchmark (issue 26): `gesturectl actions` subscribes when it is told it
    /// is connected, and the client then made that subscription a second time as it made the
    /// earlier ones again; every event came twice, and some commands ran twice. A subscription
    /// ended before the daemon confirmed it stayed made at the daemon (`gesturectl actions` does
    /// that when a reconnect finds the daemon's gestures changed).
    @Test func aSubscriptionMadeOnConnectedIsMadeOnce() async throws {
        let fixture = "constructed/swipe-3-left.yml"
        // At the recording's pace (170 ms): a replay as fast as possible would be over before a
        // second subscription on the same connection could see anything.
        let daemon = try DaemonProcess([
            "--config", "Fixtures/gestures.yml", "--replay", "Fixtures/\(fixture)", "--realtime", "--wait-subscribers", "1",
            "--exit-after-replay",
        ])
        let seen = Seen()
        let (over, finish) = AsyncStream.makeStream(of: Void.self)
        let client = GestureClient(path: daemon.socket, reconnects: false) { event in
            guard let client = seen.lock.withLock({ seen.client }) else { return }
            switch event {
            case .connected:
                client.assumeIsolated { client in
                    // One ended before the daemon confirmed it must not deliver anything either.
                    client.unsubscribe(client.subscribe(SubscriptionRequest()))
                    _ = client.subscribe(SubscriptionRequest(gestures: ["swipe-left-3"]))
                }
            case .gesture(let update):
                let line = try? GesturedTests.replayForm(update.json.serialized)
                seen.note { $0.lines += line.flatMap { $0 }.map { [$0] } ?? [] }
            case .disconnected: finish.yield()
            default: break
            }
        }
        seen.note { $0.client = client }
        await client.start()
        for await _ in over { break }
        await client.close()
        #expect(daemon.wait() == 0)
        seen.note { seen in #expect(seen.lines == (try? GesturedTests.transcript(fixture))) }
    }

    @Test func eventsAndRepliesAreCallsOnTheClientsLoopInTheTranscriptsOrder() async throws {
        let fixture = "constructed/long-press-drag.yml"
        let daemon = try DaemonProcess([
            "--config", "Fixtures/gestures.yml", "--replay", "Fixtures/\(fixture)", "--wait-subscribers", "1", "--exit-after-replay",
        ])
        let seen = Seen()
        let (over, finish) = AsyncStream.makeStream(of: Void.self)
        let client = GestureClient(path: daemon.socket, reconnects: false) { event in
            guard let client = seen.lock.withLock({ seen.client }) else { return }
            let onLoop = client.eventLoop.inEventLoop
            seen.note { if !onLoop { $0.offTheLoop += 1 } }
            switch event {
            case .connected:
                // Isolated to the client here: its loop is where this call runs. The subscription
                // (which starts the replay, and so the daemon's end) waits for the reply.
                client.assumeIsolated { client in
                    client.request(.ping) { result in
                        let onLoop = client.eventLoop.inEventLoop
                        seen.note {
                            if !onLoop { $0.offTheLoop += 1 }
                            $0.pong = (try? result.get())?.serialized
                        }
                        client.assumeIsolated { _ = $0.subscribe(SubscriptionRequest()) }
                    }
                }
            case .gesture(let update):
                let line = try? GesturedTests.replayForm(update.json.serialized)
                seen.note { $0.lines += line.flatMap { $0 }.map { [$0] } ?? [] }
            case .disconnected:
                finish.yield()
            default:
                break
            }
        }
        seen.note { $0.client = client }
        await client.start()
        for await _ in over { break }
        await client.close()
        #expect(daemon.wait() == 0)
        seen.note { seen in
            #expect(seen.lines == (try? GesturedTests.transcript(fixture)))
            #expect(seen.offTheLoop == 0)
            #expect(seen.pong == #"{"id":1,"ok":true,"pong":true}"#)
        }
    }
}
