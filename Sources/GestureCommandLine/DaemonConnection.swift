import GestureClient
import GestureWire
import Glibc
import PlainOptions
import Posix

/// Opens a ``GestureClient`` for a command and waits for the daemon's hello. With no daemon, a
/// one-off command fails at once (exit 1) and a waiting one says once what it waits for; a
/// daemon that refuses this user (`forbidden`) ends the command with the daemon's reason and
/// ``refusedStatus``.
public enum DaemonConnection {
    /// `--socket`'s help, the same in every program that takes it.
    public static let socketHelp = "The daemon's socket (default: as gestured resolves it)."

    /// The exit status when the daemon refuses this user (sysexits' EX_NOPERM).
    public static let refusedStatus: Int32 = 77

    /// A started client whose first event was `connected`, and that hello. `command` names the
    /// subcommand in messages.
    public static func open(_ command: String, socket: String?, reconnects: Bool = false, subscriptions: [SubscriptionRequest] = []) async throws
        -> (GestureClient, ServerHello, AsyncStream<ClientEvent>.Iterator)
    {
        let client = GestureClient(path: socket, reconnects: reconnects)
        for request in subscriptions { await client.subscribe(request) }
        await client.start()
        var events = client.events.makeAsyncIterator()
        while let event = await events.next() {
            switch event {
            case .connected(let hello): return (client, hello, events)
            case .serverError(let code, let message) where code == "forbidden", .subscriptionRefused(_, let code, let message) where code == "forbidden":
                await client.close()
                throw refused("gesturectl \(command)", message)
            case .disconnected(let reason):
                guard reconnects else {
                    throw ExitStatus.message("gesturectl \(command): \(absence(client.path, reason))", code: 1)
                }
                StandardError.line("gesturectl \(command): \(absence(client.path, reason)); waiting for it")
            default: continue
            }
        }
        // Cancelled (another part of the command failed and said why): nothing more to say.
        if Task.isCancelled { throw CancellationError() }
        throw ExitStatus.message("gesturectl \(command): no connection to gestured at \(client.path)", code: 1)
    }

    /// Why no connection was made, in the user's terms: a daemon that is not running, or — the
    /// socket there, the kernel saying EACCES — one that runs and this user may not connect to,
    /// with what grants it (docs/SECURITY.md, "The socket file").
    public static func absence(_ path: String, _ reason: String) -> String {
        guard reason.contains("Permission denied") || reason.contains("errno: 13)") else { return "gestured is not running at \(path) (\(words(reason)))" }
        var status = stat()
        let group = stat(path, &status) == 0 ? getgrgid(status.st_gid).map { String(cString: $0.pointee.gr_name) } : nil
        let user = getpwuid(geteuid()).map { String(cString: $0.pointee.pw_name) } ?? "you"
        guard let group else { return "gestured runs at \(path), but this user may not connect to it (Permission denied)" }
        if group == "root" {
            return "gestured runs at \(path), but this user may not connect to it (Permission denied): the socket is root's alone; "
                + "give it to a group with gestured --socket-group GROUP (gestured.socket does: group gestured) and be a member (docs/SECURITY.md)"
        }
        return "gestured runs at \(path), but this user may not connect to it (Permission denied): the socket is for root and group \(group); "
            + "to be served, be a member of \(group) (`sudo usermod -aG \(group) \(user)`, then log in again; docs/SECURITY.md)"
    }

    /// Why a connection ended, in words rather than a system call's name and errno:
    /// `read(descriptor:pointer:size:): Connection reset by peer (errno: 104)` is "gestured
    /// closed the connection (it exited or was stopped)".
    public static func words(_ reason: String) -> String {
        if reason.contains("No such file or directory") || reason.contains("errno: 2)") { return "no socket there" }
        if reason.contains("Connection refused") || reason.contains("errno: 111)") { return "the socket is there but nothing listens: gestured exited" }
        if reason.contains("Connection reset by peer") || reason.contains("errno: 104)") || reason.contains("Broken pipe") || reason.contains("errno: 32)") {
            return "gestured closed the connection: it exited or was stopped"
        }
        return reason
    }

    /// The error for a refusal: the daemon's reason, and ``refusedStatus``.
    public static func refused(_ prefix: String, _ message: String) -> ExitStatus {
        ExitStatus.message("\(prefix): gestured refuses this connection: \(message)", code: refusedStatus)
    }
}
