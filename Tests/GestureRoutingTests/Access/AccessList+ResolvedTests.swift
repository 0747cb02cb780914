import GesturePipeline
import GestureRouting
import Testing

@Suite struct AccessListResolvedTests {
    @Test func resolvesNamesToIDs() throws {
        let resolved = try AccessList(users: ["alice", "1001"], groups: ["gesture-apps"]).resolved(user: { $0 == "alice" ? 1000 : nil }, group: { $0 == "gesture-apps" ? 500 : nil })
        #expect(resolved.uids == [1000, 1001])
        #expect(resolved.allows(uid: 1000, groups: [1000]))
        #expect(resolved.allows(uid: 2000, groups: [2000, 500]))
        #expect(resolved.allows(uid: 0, groups: [0]))
        #expect(!resolved.allows(uid: 2000, groups: [2000]))
        #expect(ResolvedAccessList.everyone.allows(uid: 2000, groups: []))
    }

    @Test func anUnknownNameIsAnErrorNamingItsLine() throws {
        #expect(throws: ConfigError.self) {
            try AccessList(users: ["nobody-here"]).resolved(user: { _ in nil }, group: { _ in nil })
        }
        let config = try GestureConfig.parse("version: 1\naccess:\n  users: [ghost]\ngestures: []\n", file: "a.yml")
        do {
            _ = try config.access.resolved(user: { _ in nil }, group: { _ in nil })
            Issue.record("resolved a user that is not there")
        } catch let error as ConfigError {
            #expect(error.file == "a.yml")
            #expect(error.line == 3)
            #expect(error.message == "no user named `ghost` on this system (`access:` users)")
        }
    }
}
