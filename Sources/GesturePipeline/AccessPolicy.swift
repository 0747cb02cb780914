/// Whose touches a client may receive, besides the `access:` list (`access: { policy: … }`).
public enum AccessPolicy: String, Hashable, Sendable, CaseIterable {
    /// Like logind's `uaccess` for devices: root, the daemon's own user, and the user whose
    /// session is the active one on the devices' seat. The default.
    case activeSession = "active-session"
    /// Everyone who may open the socket and is in the list, whatever sessions there are:
    /// kiosks and embedded systems without logind (the behaviour before sessions counted).
    case anyMember = "any-member"
}
