import Evdev
import GestureCore
import GestureDaemon
import GesturePipeline
import GestureRouting
import GestureWire
import NIOCore
import NIOEmbedded
import Testing

/// Typing through the hub: who may, what the keyboard is given, and that nothing stays down
/// when a client goes, is paused, or the daemon reloads or stops. The keyboard here keeps what it
/// is given (the kernel's side is `make e2e`'s, with libinput reading the real virtual keyboard).
@Suite struct GestureHubKeysTests {
    /// What the virtual keyboard was given, as text ("29↓ |").
    final class Keyboard: KeyOutput {
        var written: [String] = []
        func write(_ emissions: [KeyEmission]) throws { written.append(emissions.map(\.description).joined(separator: " ")) }
    }

    static let alice = GestureHubSessionsTests.alice
    static let bob = GestureHubSessionsTests.bob

    static func rig(keyboard: Keyboard?) throws -> HubRig {
        let rig = try GestureHubSessionsTests.rig()
        if let keyboard { rig.hub.makeKeyboard = { keyboard } }
        rig.hub.keyboardSettle = .zero
        var clock = 0.0
        rig.hub.keyClock = {
            clock += 0.001
            return clock
        }
        return rig
    }

    static func reply(_ rig: HubRig, _ channel: EmbeddedChannel) throws -> JSONValue? {
        try rig.lines(channel).last
    }

    @Test func theUserInFrontTypesAndWhatTheyHoldComesUpWhenTheyGo() throws {
        let keyboard = Keyboard()
        let rig = try Self.rig(keyboard: keyboard)
        let alice = try rig.connect(peer: Self.alice)
        _ = try rig.lines(alice)
        rig.send(#"{"id": 1, "request": "keys", "steps": [{"press": 56}, {"tap": 15}]}"#, from: alice)
        let reply = try Self.reply(rig, alice)
        #expect(reply?["ok"] == .bool(true))
        #expect(reply?["held"] == .array([.int(56)]))
        #expect(keyboard.written == ["56↓ | 15↓ | 15↑ |"])
        rig.hub.disconnect(alice)
        #expect(keyboard.written.last == "56↑ |")
    }

    @Test func aPausedClientsKeysComeUpAndItMayNotTypeUntilItResumes() throws {
        let keyboard = Keyboard()
        let rig = try Self.rig(keyboard: keyboard)
        let alice = try rig.connect(peer: Self.alice)
        _ = try rig.lines(alice)
        rig.send(#"{"id": 1, "request": "keys", "steps": [{"press": 29}]}"#, from: alice)
        _ = try rig.lines(alice)
        rig.hub.sessionsChanged(SeatSessions(active: ["seat0": 1001]))
        #expect(keyboard.written == ["29↓ |", "29↑ |"])
        _ = try rig.lines(alice)
        rig.send(#"{"id": 2, "request": "keys", "steps": [{"tap": 44}]}"#, from: alice)
        let refusal = try Self.reply(rig, alice)
        #expect(refusal?["error"]?["code"] == "forbidden")
        #expect(refusal?["id"] == .int(2))
        #expect(keyboard.written.count == 2)
        // Her release after the pause does nothing: the key is up already.
        rig.hub.sessionsChanged(SeatSessions(active: ["seat0": 1000]))
        _ = try rig.lines(alice)
        rig.send(#"{"id": 3, "request": "keys", "steps": [{"release": 29}]}"#, from: alice)
        #expect(try Self.reply(rig, alice)?["held"] == .array([]))
        #expect(keyboard.written.count == 2)
    }

    @Test func reloadAndShutdownLeaveNoKeyDown() throws {
        let keyboard = Keyboard()
        let rig = try Self.rig(keyboard: keyboard)
        let alice = try rig.connect(peer: Self.alice)
        rig.send(#"{"id": 1, "request": "keys", "steps": [{"press": 125}, {"press": 29}]}"#, from: alice)
        rig.hub.reload(rig.hub.config, access: rig.hub.access)
        #expect(keyboard.written == ["125↓ | 29↓ |", "29↑ 125↑ |"])
        rig.send(#"{"id": 2, "request": "keys", "steps": [{"press": 56}]}"#, from: alice)
        _ = rig.hub.shutdown(grace: .seconds(1))
        #expect(keyboard.written.last == "56↑ |")
    }

    @Test func aNewKeyboardWaitsForReadersBeforeItTypesInOrder() throws {
        let keyboard = Keyboard()
        let rig = try Self.rig(keyboard: keyboard)
        rig.hub.keyboardSettle = .milliseconds(500)
        let alice = try rig.connect(peer: Self.alice)
        let other = try rig.connect(peer: Self.alice)
        _ = try (rig.lines(alice), rig.lines(other))
        // An empty list makes the keyboard and types nothing.
        rig.send(#"{"id": 1, "request": "keys", "steps": []}"#, from: alice)
        rig.send(#"{"id": 2, "request": "keys", "steps": [{"press": 56}]}"#, from: alice)
        rig.send(#"{"id": 3, "request": "keys", "steps": [{"tap": 15}]}"#, from: other)
        rig.hub.disconnect(other)
        let early = try rig.lines(alice)
        #expect(keyboard.written.isEmpty && early.isEmpty)
        rig.loop.advanceTime(by: .milliseconds(500))
        // The disconnected client's tap is dropped; alice's requests are answered in order.
        #expect(keyboard.written == ["56↓ |"])
        let answered = try rig.lines(alice).map { $0["id"] }
        #expect(answered == [.int(1), .int(2)])
        // From then on, at once.
        rig.send(#"{"id": 4, "request": "keys", "steps": [{"release": 56}]}"#, from: alice)
        #expect(keyboard.written.last == "56↑ |")
    }

    @Test func withoutAKeyboardTypingIsAClearErrorAndTheConnectionCarriesOn() throws {
        let rig = try Self.rig(keyboard: nil)
        let alice = try rig.connect(peer: Self.alice)
        _ = try rig.lines(alice)
        rig.send(#"{"id": 1, "request": "keys", "steps": [{"tap": 44}]}"#, from: alice)
        let reply = try Self.reply(rig, alice)
        #expect(reply?["error"]?["code"] == "keys-unavailable")
        rig.send(#"{"id": 2, "request": "ping"}"#, from: alice)
        #expect(try Self.reply(rig, alice)?["pong"] == .bool(true))
    }

    @Test func aKeyboardThatCannotBeMadeIsSaidWithWhy() throws {
        let rig = try Self.rig(keyboard: nil)
        rig.hub.makeKeyboard = { throw SourceErrorForTest("/dev/uinput does not exist: this kernel has no uinput (modprobe uinput)") }
        let alice = try rig.connect(peer: Self.alice)
        _ = try rig.lines(alice)
        rig.send(#"{"id": 1, "request": "keys", "steps": [{"tap": 44}]}"#, from: alice)
        let reply = try Self.reply(rig, alice)
        #expect(reply?["error"]?["message"] == "no virtual keyboard: /dev/uinput does not exist: this kernel has no uinput (modprobe uinput)")
    }

    struct SourceErrorForTest: Error, CustomStringConvertible {
        let description: String
        init(_ text: String) { description = text }
    }
}
