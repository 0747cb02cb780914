import Glibc

/// A command started with posix_spawn(3) (no Foundation `Process`): argv as given, looked up
/// on `PATH`, with the environment given, standard streams inherited.
public final class ChildProcess {
    /// The child's pid.
    public let pid: pid_t
    /// The program it runs (its first argument).
    public let program: String
    var status: Int32?

    /// Starts `arguments[0]` with `arguments`; throws the system's reason when it cannot start.
    /// The child's environment is `environment`; with `inheriting`, it is this process's own with
    /// `environment` set over it (what a shell gives a command), passed from `environ` as it is,
    /// without reading it into a dictionary first. With `ownGroup`, the child leads a process
    /// group of its own, so that ``signalGroup(_:)`` reaches whatever it starts too (a shell's
    /// commands).
    public init(_ arguments: [String], environment: [String: String], inheriting: Bool = false, ownGroup: Bool = false) throws(SpawnError) {
        guard let program = arguments.first else { throw SpawnError(command: "", reason: "no command") }
        let argv = arguments.map { strdup($0) } + [nil]
        let added = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
        defer {
            for pointer in argv { free(pointer) }
            for pointer in added { free(pointer) }
        }
        var envp: [UnsafeMutablePointer<CChar>?] = []
        if inheriting {
            let names = environment.keys.map { Array($0.utf8) }
            var entry = environ
            while let pointer = entry.pointee {
                if !names.contains(where: { Self.entry(pointer, names: $0) }) { envp.append(pointer) }
                entry += 1
            }
        }
        envp += added
        envp.append(nil)
        var child: pid_t = 0
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with every signal at its default and none blocked, whatever this
        // process ignores or blocks (gesturectl ignores SIGTERM to read it through Dispatch;
        // ignored dispositions would otherwise be inherited, and a command could not be stopped).
        var everything = sigset_t()
        sigfillset(&everything)
        var nothing = sigset_t()
        sigemptyset(&nothing)
        posix_spawnattr_setsigdefault(&attributes, &everything)
        posix_spawnattr_setsigmask(&attributes, &nothing)
        var flags = Int32(POSIX_SPAWN_SETSIGDEF) | Int32(POSIX_SPAWN_SETSIGMASK)
        if ownGroup {
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let rc = posix_spawnp(&child, program, nil, &attributes, argv, envp)
        guard rc == 0 else { throw SpawnError(command: program, reason: String(cString: strerror(rc))) }
        pid = child
        self.program = program
    }

    /// Whether the child still runs (one that exited is reaped here).
    public var isRunning: Bool {
        guard status == nil else { return false }
        var value: Int32 = 0
        let rc = waitpid(pid, &value, WNOHANG)
        if rc == pid { status = value }
        return rc == 0
    }

    /// Whether the `NAME=value` entry `entry` sets the variable `name`.
    static func entry(_ entry: UnsafePointer<CChar>, names name: [UInt8]) -> Bool {
        for (offset, byte) in name.enumerated() where UInt8(bitPattern: entry[offset]) != byte { return false }
        return entry[name.count] == CChar(UInt8(ascii: "="))
    }

    /// How the child ended, in words (`exited with status 7`, `killed by signal 9 (SIGKILL)`);
    /// nil while it runs or when it exited with status 0.
    public var failure: String? {
        guard let status else { return nil }
        return Self.describe(status)
    }

    /// A wait status in words; nil for a clean exit.
    public static func describe(_ status: Int32) -> String? {
        let signal = status & 0x7f
        if signal == 0 {
            let code = (status >> 8) & 0xff
            return code == 0 ? nil : "exited with status \(code)"
        }
        let names: [Int32: String] = [SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGABRT: "SIGABRT", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE", SIGTERM: "SIGTERM"]
        return "killed by signal \(signal)" + (names[signal].map { " (\($0))" } ?? "")
    }

    /// Whether `program` can be started as ``init(_:environment:ownGroup:)`` starts it: a path
    /// (with a slash) to an executable file, or a name found on `path` (a `PATH` value).
    public static func canRun(_ program: String, path: String?) -> Bool {
        guard !program.isEmpty else { return false }
        if program.contains("/") { return access(program, X_OK) == 0 }
        // posix_spawnp searches the default path when PATH is unset.
        let folders = (path ?? "/bin:/usr/bin").split(separator: ":", omittingEmptySubsequences: false)
        return folders.contains { folder in
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + program
            var info = stat()
            return access(candidate, X_OK) == 0 && stat(candidate, &info) == 0 && (info.st_mode & S_IFMT) != S_IFDIR
        }
    }

    /// Sends `signal` to the child's process group (see `ownGroup`).
    public func signalGroup(_ signal: Int32) {
        guard status == nil else { return }
        kill(-pid, signal)
    }

    /// Waits for the child to exit; returns its wait status.
    @discardableResult
    public func wait() -> Int32 {
        if let status { return status }
        var value: Int32 = 0
        while waitpid(pid, &value, 0) < 0 && errno == EINTR {}
        status = value
        return value
    }

    /// Why a command did not start.
    public struct SpawnError: Error, CustomStringConvertible, Sendable {
        /// The program.
        public var command: String
        /// The system's words.
        public var reason: String

        public var description: String { "cannot run \(command): \(reason)" }
    }
}
