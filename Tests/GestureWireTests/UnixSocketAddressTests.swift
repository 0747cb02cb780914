import GestureWire
import Glibc
import Testing

@Suite struct UnixSocketAddressTests {
    @Test func pathsCountTheirTerminatingZeroAndAbstractNamesDoNot() {
        #expect(UnixSocketAddress.with("/run/x.sock") { _, length in length } == socklen_t(2 + 11 + 1))
        #expect(UnixSocketAddress.with("@notify") { address, length in
            address.withMemoryRebound(to: sockaddr_un.self, capacity: 1) { $0.pointee.sun_path.0 } == 0 ? length : 0
        } == socklen_t(2 + 7))
        #expect(UnixSocketAddress.with(String(repeating: "x", count: 200)) { _, length in length } == nil)
    }

    @Test func connectingWhereNobodyListensGivesTheErrno() {
        guard case .failure(let error) = UnixSocketAddress.connect("/nonexistent/gestured.sock") else {
            Issue.record("connected to nothing")
            return
        }
        #expect(error.code == ENOENT)
    }
}
