import GesturePipeline
import GestureRouting
import Testing

/// Who is served, on which seats: the access list and the seats' sessions, decided purely.
@Suite struct ResolvedAccessListTests {
    static let daemon: UInt32 = 990
    static let sessions = SeatSessions(active: ["seat0": 1000, "seat1": 1001])
    static let activeSession = ResolvedAccessList(policy: .activeSession, restricted: false, uids: [], gids: [])

    @Test func underActiveSessionOnlyTheUserInFrontOfASeatSeesIt() {
        let list = Self.activeSession
        #expect(list.decide(uid: 1000, groups: [1000], daemonUID: Self.daemon, sessions: Self.sessions) == .serve(.seats(["seat0"])))
        #expect(list.decide(uid: 1001, groups: [], daemonUID: Self.daemon, sessions: Self.sessions) == .serve(.seats(["seat1"])))
        // Logged in, but not in front: no seat.
        guard case .inactive(let why) = list.decide(uid: 1002, groups: [100], daemonUID: Self.daemon, sessions: Self.sessions) else {
            Issue.record("a user with no active session was served")
            return
        }
        #expect(why.contains("uid 1002 has no active session"))
        // The same user in front of two seats sees both.
        #expect(list.decide(uid: 7, groups: [], daemonUID: Self.daemon, sessions: SeatSessions(active: ["a": 7, "b": 7])) == .serve(.seats(["a", "b"])))
    }

    @Test func rootAndTheDaemonsOwnUserSeeEverySeatWhoeverIsInFront() {
        for uid: UInt32 in [0, Self.daemon] {
            #expect(Self.activeSession.decide(uid: uid, groups: [], daemonUID: Self.daemon, sessions: Self.sessions) == .serve(.all))
            #expect(Self.activeSession.decide(uid: uid, groups: [], daemonUID: Self.daemon, sessions: .unavailable) == .serve(.all))
        }
    }

    @Test func withoutLogindOnlyRootAndTheDaemonAreServedUnlessAnyMember() {
        guard case .inactive(let why) = Self.activeSession.decide(uid: 1000, groups: [], daemonUID: Self.daemon, sessions: .unavailable) else {
            Issue.record("served without logind")
            return
        }
        #expect(why.contains("policy: any-member"))
        let kiosk = ResolvedAccessList(policy: .anyMember, restricted: false, uids: [], gids: [])
        #expect(kiosk.decide(uid: 1000, groups: [], daemonUID: Self.daemon, sessions: .unavailable) == .serve(.all))
        #expect(kiosk.decide(uid: 1002, groups: [], daemonUID: Self.daemon, sessions: Self.sessions) == .serve(.all))
        // Sessions not followed (a replay): the list alone decides.
        #expect(Self.activeSession.decide(uid: 1002, groups: [], daemonUID: Self.daemon, sessions: nil) == .serve(.all))
    }

    @Test func theListStillDecidesWhoMayConnectAtAll() {
        let list = ResolvedAccessList(policy: .activeSession, restricted: true, uids: [1000], gids: [42])
        #expect(list.decide(uid: 1000, groups: [], daemonUID: Self.daemon, sessions: Self.sessions) == .serve(.seats(["seat0"])))
        // In the list by group, in front of seat1.
        #expect(list.decide(uid: 1001, groups: [42], daemonUID: Self.daemon, sessions: Self.sessions) == .serve(.seats(["seat1"])))
        // In front of seat1, but not in the list.
        #expect(list.decide(uid: 1001, groups: [1001], daemonUID: Self.daemon, sessions: Self.sessions) == .refused("uid 1001 is not in gestured's access list"))
        guard case .refused = list.decide(uid: nil, groups: [], daemonUID: Self.daemon, sessions: Self.sessions) else {
            Issue.record("a peer without credentials was served")
            return
        }
        // No credentials, no list, no sessions followed: served, as before sessions counted.
        #expect(ResolvedAccessList.everyone.decide(uid: nil, groups: [], daemonUID: Self.daemon, sessions: nil) == .serve(.all))
    }

    @Test func thePolicyIsReadFromTheConfigurationWithItsLineOnAMistake() throws {
        let kiosk = try GestureConfig.parse("version: 1\naccess: { policy: any-member }\ngestures: []\n", file: "a.yml")
        #expect(kiosk.access.policy == .anyMember)
        #expect(try GestureConfig.parse("version: 1\ngestures: []\n", file: "a.yml").access.policy == .activeSession)
        do {
            _ = try GestureConfig.parse("version: 1\naccess:\n  policy: everyone\ngestures: []\n", file: "a.yml")
            Issue.record("accepted an unknown policy")
        } catch let error as ConfigError {
            #expect(error.line == 3)
            #expect(error.message.contains("expected `policy:` active-session or any-member"))
        }
    }
}
