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
        // The arguments and the variables set, each ending in NUL, in one buffer: a command
        // starts on a gesture's end, and what comes before its clone is latency.
        var text: [CChar] = []
        text.reserveCapacity(512)
        let argumentStarts = arguments.map { argument in
            defer { Self.append(argument, terminated: true, to: &text) }
            return text.count
        }
        let variables = environment.sorted { $0.key < $1.key }.map { name, value in
            defer {
                Self.append(name, terminated: false, to: &text)
                text.append(CChar(UInt8(ascii: "=")))
                Self.append(value, terminated: true, to: &text)
            }
            return (start: text.count, nameLength: name.utf8.count)
        }
        var child: pid_t = 0
        let rc = text.withUnsafeMutableBufferPointer { buffer -> Int32 in
            let base = buffer.baseAddress!
            var argv: [UnsafeMutablePointer<CChar>?] = argumentStarts.map { base + $0 }
            argv.append(nil)
            var envp: [UnsafeMutablePointer<CChar>?] = []
            if inheriting {
                var entry = environ
                while let pointer = entry.pointee {
                    if !variables.contains(where: { Self.sets(pointer, base + $0.start, $0.nameLength) }) { envp.append(pointer) }
                    entry += 1
                }
            }
            for variable in variables { envp.append(base + variable.start) }
            envp.append(nil)
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
            return posix_spawnp(&child, base + argumentStarts[0], nil, &attributes, argv, envp)
        }
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

    /// Whether the `NAME=value` entry `entry` sets the variable whose name is the `length`
    /// bytes at `name`.
    static func sets(_ entry: UnsafePointer<CChar>, _ name: UnsafePointer<CChar>, _ length: Int) -> Bool {
        entry[0] == name[0] && strncmp(entry, name, length) == 0 && entry[length] == CChar(UInt8(ascii: "="))
    }

    /// A string's bytes onto `text`, with a NUL after them when `terminated`.
    static func append(_ string: String, terminated: Bool, to text: inout [CChar]) {
        var string = string
        string.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text.append(contentsOf: $0) }
        }
        if terminated { text.append(0) }
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
