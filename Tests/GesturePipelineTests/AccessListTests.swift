import GesturePipeline
import Testing

@Suite struct AccessListTests {
    @Test func readsTheAccessSection() throws {
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
        #expect(config.access.origin.lines["users alice"] == 3)
    }

    @Test func aBadShapeIsAnError() throws {
        do {
            _ = try GestureConfig.parse("version: 1\naccess: { users: alice }\ngestures: []\n", file: "a.yml")
            Issue.record("accepted a non-list")
        } catch let error as ConfigError {
            #expect(error.line == 2)
            #expect(error.message.contains("users"))
        }
    }
}
