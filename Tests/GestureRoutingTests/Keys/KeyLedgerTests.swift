import Evdev
import GestureRouting
import GestureWire
import Testing

/// Who holds which key and what reaches the kernel, with plain values and time passed in.
@Suite struct KeyLedgerTests {
    static let ctrl: UInt16 = 29, alt: UInt16 = 56, tab: UInt16 = 15, z: UInt16 = 44

    static func text(_ emissions: [KeyEmission]) -> String {
        emissions.map(\.description).joined(separator: " ")
    }

    static func apply(_ ledger: inout KeyLedger, _ steps: [KeyStep], client: Int = 1, at now: Double = 0) -> String {
        switch ledger.apply(steps, for: client, at: now) {
        case .success(let emissions): text(emissions)
        case .failure(let error): "error \(error.code.rawValue): \(error.message)"
        }
    }

    @Test func altHeldWhileTabStepsThenReleased() {
        var ledger = KeyLedger()
        #expect(Self.apply(&ledger, [.press(Self.alt)]) == "56↓ |")
        #expect(Self.apply(&ledger, [.tap(Self.tab)]) == "15↓ | 15↑ |")
        #expect(ledger.held[1] == [Self.alt])
        #expect(Self.apply(&ledger, [.release(Self.alt)]) == "56↑ |")
        #expect(!ledger.anyDown)
    }

    @Test func aKeyTwoClientsHoldComesUpWithTheLastRelease() {
        var ledger = KeyLedger()
        #expect(Self.apply(&ledger, [.press(Self.ctrl)], client: 1) == "29↓ |")
        #expect(Self.apply(&ledger, [.press(Self.ctrl)], client: 2) == "")
        #expect(Self.apply(&ledger, [.release(Self.ctrl)], client: 1) == "")
        #expect(ledger.anyDown)
        #expect(Self.text(ledger.releaseAll(of: 2)) == "29↑ |")
    }

    @Test func everythingAClientHoldsComesUpInReverseOrder() {
        var ledger = KeyLedger()
        _ = Self.apply(&ledger, [.press(Self.ctrl), .press(Self.alt)], client: 1)
        _ = Self.apply(&ledger, [.press(Self.z)], client: 2)
        #expect(Self.text(ledger.releaseAll(of: 1)) == "56↑ 29↑ |")
        #expect(ledger.releaseAll(of: 1).isEmpty)
        #expect(Self.text(ledger.releaseEveryone()) == "44↑ |")
        #expect(!ledger.anyDown && ledger.releaseEveryone().isEmpty)
    }

    @Test func aRequestIsAllOrNothing() {
        var ledger = KeyLedger()
        #expect(Self.apply(&ledger, [.press(Self.ctrl), .tap(VirtualKeys.sysrq)]).hasPrefix("error invalid-request: steps[1]: key 99 (KEY_SYSRQ) is not on gestured's virtual keyboard"))
        #expect(!ledger.anyDown)
        #expect(Self.apply(&ledger, [.press(0x14a)]).hasPrefix("error invalid-request: steps[0]: code 330 is not on gestured's virtual keyboard"))
        _ = Self.apply(&ledger, [.press(Self.ctrl)], client: 2)
        #expect(Self.apply(&ledger, [.press(Self.alt), .tap(Self.ctrl)]) == "error invalid-request: steps[1]: key 29 is held down; release it before tapping it")
        #expect(ledger.held[1] == nil)
    }

    @Test func atMostSixteenKeysHeldPerConnection() {
        var ledger = KeyLedger()
        let sixteen = (UInt16(30)...45).map(KeyStep.press)
        #expect(!Self.apply(&ledger, sixteen).hasPrefix("error"))
        #expect(Self.apply(&ledger, [.press(Self.alt)]) == "error too-many-keys: steps[0]: at most 16 keys held down at once per connection")
        // Pressing what it holds again changes nothing and costs nothing.
        #expect(Self.apply(&ledger, [.press(30)]) == "")
    }

    @Test func theRateIsBoundedButReleasesAlwaysGoThrough() {
        var ledger = KeyLedger()
        // A burst of 100 events: 50 taps.
        let fifty = [KeyStep](repeating: .tap(Self.z), count: 50)
        #expect(!Self.apply(&ledger, fifty, at: 0).hasPrefix("error"))
        #expect(Self.apply(&ledger, [.press(Self.ctrl)], at: 0).hasPrefix("error rate-limited: at most 50 key events a second (bursts of 100)"))
        // 20 ms later, one event's worth has come back.
        #expect(Self.apply(&ledger, [.press(Self.ctrl)], at: 0.02) == "29↓ |")
        #expect(Self.apply(&ledger, [.tap(Self.z)], at: 0.02).hasPrefix("error rate-limited"))
        #expect(Self.apply(&ledger, [.release(Self.ctrl)], at: 0.02) == "29↑ |")
        // Another client has its own rate.
        #expect(Self.apply(&ledger, [.tap(Self.z)], client: 2, at: 0.02) == "44↓ | 44↑ |")
    }

    @Test func wheelsTurnByDetents() {
        var ledger = KeyLedger()
        #expect(Self.apply(&ledger, [.wheel(-2), .hwheel(1)]) == "rel8:-2 | rel6:1 |")
    }

    @Test func releasingAKeyNotHeldDoesNothing() {
        var ledger = KeyLedger()
        #expect(Self.apply(&ledger, [.release(Self.ctrl)]) == "")
    }
}
