import GestureWire
import Glibc
import Posix

/// What a running `gesturectl actions` last read, for `gesturectl view`'s Actions panel to
/// show that a saved file is running: one small JSON file per runner,
/// `$XDG_RUNTIME_DIR/gestured/actions-PID.json` (the user's own runtime folder, mode 0700 by
/// systemd), written at start and after every reload, removed when the runner ends.
public struct RunnerStatus: Equatable, Sendable {
    /// The runner's process.
    public var pid: Int32
    /// The actions file it runs (as it was given).
    public var file: String
    /// ``ActionsFileEdit/version(of:)`` of the text it last read, mistakes or not.
    public var version: String
    /// The actions it runs now (the last file that read without mistakes).
    public var actions: Int
    /// The mistake that kept the last reading from taking effect, if it had one.
    public var mistake: String?

    /// A status with these parts.
    public init(pid: Int32, file: String, version: String, actions: Int, mistake: String? = nil) {
        self.pid = pid
        self.file = file
        self.version = version
        self.actions = actions
        self.mistake = mistake
    }

    /// The folder the statuses are in (nil without `XDG_RUNTIME_DIR`: then none is written).
    public static func folder(_ environment: [String: String] = ProcessEnvironment.current) -> String? {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        return runtime + "/gestured"
    }

    var json: JSONValue {
        .object([
            ("pid", .number(Double(pid))), ("file", .string(file)), ("version", .string(version)), ("actions", .number(Double(actions))),
            ("mistake", mistake.map(JSONValue.string) ?? .null),
        ])
    }

    /// Writes it (whole, by a rename) into `folder`, made when missing; a failure is not the
    /// runner's concern and is ignored.
    public func write(in folder: String) {
        mkdir(folder, 0o700)
        _ = WholeWrite.replace(folder + "/actions-\(pid).json", with: Array((json.serialized + "\n").utf8), mode: 0o600)
    }

    /// Removes this runner's status from `folder`.
    public static func remove(pid: Int32, in folder: String) {
        unlink(folder + "/actions-\(pid).json")
    }

    /// The statuses in `folder` of runners still running that run `file` (a path compared as
    /// given, and by its real path).
    public static func read(running file: String, in folder: String) -> [RunnerStatus] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        let wanted = Self.real(file)
        var found: [RunnerStatus] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix("actions-"), name.hasSuffix(".json"),
                let text = try? FileReader.text(folder + "/" + name), let value = try? JSONParser.parse(text),
                let pid = value["pid"]?.intValue, let path = value["file"]?.stringValue, let version = value["version"]?.stringValue,
                let actions = value["actions"]?.intValue, Self.real(path) == wanted, kill(Int32(pid), 0) == 0 || errno == EPERM
            else { continue }
            found.append(RunnerStatus(pid: Int32(pid), file: path, version: version, actions: Int(actions), mistake: value["mistake"]?.stringValue))
        }
        return found.sorted { $0.pid < $1.pid }
    }

    /// Whether process `pid` is a runner's program (`gesturectl` or `gestured-actions`, by its
    /// executable, or the package's `gestured` started by one of those names, which the kernel
    /// keeps as its command, cut to 15 bytes): a status left by a runner that was killed names a
    /// pid another program may have since.
    public static func isRunner(_ pid: Int32) -> Bool {
        guard let path = LinkChain.contents(of: "/proc/\(pid)/exe") else { return false }
        let name = LinkChain.name(of: path.hasSuffix(" (deleted)") ? String(path.dropLast(10)) : path)
        if name == "gesturectl" || name == "gestured-actions" { return true }
        guard name == "gestured", let command = try? FileReader.text("/proc/\(pid)/comm") else { return false }
        let started = command.hasSuffix("\n") ? String(command.dropLast()) : command
        return started == "gesturectl" || started == String("gestured-actions".prefix(15))
    }

    /// Whether process `pid` runs as the user unit `gestured-actions.service` (its cgroup, in
    /// `/proc/PID/cgroup`, says so).
    public static func isUserUnit(_ pid: Int32) -> Bool {
        guard let text = try? FileReader.text("/proc/\(pid)/cgroup") else { return false }
        return text.contains("/gestured-actions.service")
    }

    /// `path` with its links and `..` resolved, or as given when it cannot be.
    static func real(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
