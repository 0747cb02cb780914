import GesturePipeline
import Testing

@Suite struct AccessListTests {
    @Test func readsTheAccessSectionAndResolvesNames() throws {
        let config = try GestureConfig.parse("""
            version: 1
            access:
              users: [alice, 1001]
              groups: [gesture-apps]
            gestures:
              - name: tap
                tap: {}
            """, file: "a.yml")
        #expect(config.access == AccessList(users: ["alice", "1001"], groups: ["gesture-apps"]))
        let resolved = try config.access.resolved(user: { $0 == "alice" ? 1000 : nil }, group: { $0 == "gesture-apps" ? 500 : nil })
        #expect(resolved.uids == [1000, 1001])
        #expect(resolved.allows(uid: 1000, groups: [1000]))
        #expect(resolved.allows(uid: 2000, groups: [2000, 500]))
        #expect(resolved.allows(uid: 0, groups: [0]))
        #expect(!resolved.allows(uid: 2000, groups: [2000]))
        #expect(ResolvedAccessList.everyone.allows(uid: 2000, groups: []))
    }

    @Test func anUnknownNameOrABadShapeIsAnError() throws {
        #expect(throws: ConfigError.self) {
            try AccessList(users: ["nobody-here"]).resolved(user: { _ in nil }, group: { _ in nil })
        }
        do {
            _ = try GestureConfig.parse("version: 1\naccess: { users: alice }\ngestures: []\n", file: "a.yml")
            Issue.record("accepted a non-list")
        } catch let error as ConfigError {
            #expect(error.line == 2)
            #expect(error.message.contains("users"))
        }
    }
}
