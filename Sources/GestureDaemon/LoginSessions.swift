import CInputLibraries  // defines the sd-login functions CSystemd declares, and opens libsystemd
import CSystemd
import GesturePipeline
import GestureRouting
import Glibc

/// Reads who is in front of each seat from logind, through libsystemd's sd-login: every seat
/// (`sd_get_seats`) and the uid of its active session (`sd_seat_get_active`). One call per seat
/// answers for every client at once, where asking per client (`sd_uid_get_sessions`, then each
/// session's seat and state) would cost a call per session per client.
public enum LoginSessions {
    /// The state now; ``SeatSessions/unavailable`` when logind is not running (no
    /// `/run/systemd/seats`, as on a system booted without systemd).
    public static func read() -> SeatSessions {
        guard access("/run/systemd/seats/", F_OK) == 0 else { return .unavailable }
        var names: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        let count = sd_get_seats(&names)
        guard count >= 0, let names else { return .unavailable }
        defer {
            for index in 0..<Int(count) { free(names[index]) }
            free(names)
        }
        var active: [String: UInt32] = [:]
        for index in 0..<Int(count) {
            guard let seat = names[index] else { continue }
            var session: UnsafeMutablePointer<CChar>?
            var uid: uid_t = 0
            // No active session (a greeter between users, a switch under way): the seat has nobody.
            if sd_seat_get_active(seat, &session, &uid) >= 0 {
                active[String(cString: seat)] = uid
                free(session)
            }
        }
        return SeatSessions(active: active)
    }
}
