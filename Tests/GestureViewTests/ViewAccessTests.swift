@testable import GestureView
import Testing

/// Every request to `gesturectl view` is decided by its token, its Host and its Origin alone.
@Suite struct ViewAccessTests {
    let access = ViewAccess(token: "00112233445566778899aabbccddeeff")
    let good = "/?token=00112233445566778899aabbccddeeff"

    func decide(_ target: String, _ headers: [(String, String)]) -> ViewAccess.Decision {
        access.decide(target: target, headers: headers.map { (name: $0.0, value: $0.1) })
    }

    @Test func thePageItselfIsServed() {
        #expect(decide(good, [("Host", "127.0.0.1:8123")]) == .allowed)
        #expect(decide(good, [("host", "127.0.0.1:8123"), ("Origin", "http://127.0.0.1:8123")]) == .allowed)
        // Through an ssh tunnel: the browser's own host and port.
        #expect(decide(good, [("Host", "localhost:8080"), ("Origin", "http://localhost:8080")]) == .allowed)
        #expect(decide(good, [("Host", "[::1]:8080"), ("ORIGIN", "http://[::1]:8080")]) == .allowed)
        #expect(decide("/live?x=1&token=00112233445566778899aabbccddeeff", [("Host", "127.0.0.1")]) == .allowed)
    }

    @Test func aMissingOrWrongTokenIsRefused() {
        for target in ["/", "/?token=", "/?token=00112233445566778899aabbccddeefe", "/?token=00112233445566778899aabbccddeeff0", "/?tok=00112233445566778899aabbccddeeff"] {
            guard case .forbidden(let reason) = decide(target, [("Host", "127.0.0.1:1")]) else {
                Issue.record("\(target) was allowed")
                continue
            }
            #expect(reason.contains("token"))
        }
    }

    @Test func anotherSitesRequestIsRefused() {
        for origin in ["http://attacker.example", "null", "http://127.0.0.1:9999", "https://127.0.0.1:8123", "http://127.0.0.1:8123.attacker.example"] {
            #expect(decide(good, [("Host", "127.0.0.1:8123"), ("Origin", origin)]) != .allowed, "\(origin)")
        }
        #expect(decide(good, [("Host", "127.0.0.1:8123"), ("Origin", "http://127.0.0.1:8123"), ("Origin", "http://a.example")]) != .allowed)
    }

    /// A DNS-rebinding page reaches the port under its own name: the Host says so.
    @Test func aHostThatIsNotLoopbackIsRefused() {
        for host in ["attacker.example:8123", "127.0.0.2:8123", "127.0.0.1:x", "[::2]:80", "[::1", "", "localhost.attacker.example"] {
            #expect(decide(good, [("Host", host)]) != .allowed, "\(host)")
        }
        #expect(decide(good, []) != .allowed)
        #expect(decide(good, [("Host", "127.0.0.1"), ("Host", "attacker.example")]) != .allowed)
    }

    @Test func tokensAreLongAndDifferent() {
        let first = ViewToken.make()
        let second = ViewToken.make()
        #expect(first.count == 32 && first.allSatisfy(\.isHexDigit))
        #expect(first != second)
    }
}
