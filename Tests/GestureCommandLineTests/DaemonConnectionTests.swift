import GestureCommandLine
import Testing

/// Why a connection ended, in words and with the path (issue 60): not a system call's name and
/// an errno.
@Suite struct DaemonConnectionTests {
    @Test(arguments: [
        ("connect(descriptor:addr:size:): No such file or directory (errno: 2)", "no socket there"),
        ("read(descriptor:pointer:size:): Connection reset by peer (errno: 104)", "gestured closed the connection: it exited or was stopped"),
        ("connect(descriptor:addr:size:): Connection refused (errno: 111)", "the socket is there but nothing listens: gestured exited"),
        ("write(descriptor:pointer:size:): Broken pipe (errno: 32)", "gestured closed the connection: it exited or was stopped"),
        ("connection closed by gestured", "connection closed by gestured"),
    ])
    func reasonsAreWords(reason: String, words: String) {
        #expect(DaemonConnection.words(reason) == words)
    }

    @Test func absenceNamesThePath() {
        #expect(DaemonConnection.absence("/run/x.sock", "No such file or directory (errno: 2)") == "gestured is not running at /run/x.sock (no socket there)")
    }
}
