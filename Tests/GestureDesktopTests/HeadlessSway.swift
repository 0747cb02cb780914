import Glibc
import GestureWire
import Posix
@testable import GestureDesktop

/// A real sway, headless (no GPU, no input devices), started for a test in a runtime folder
/// of its own — as `nobody` when the tests run as root, since sway refuses to run as root —
/// and stopped with it. Its windows are foot terminals with app_ids of the test's choosing.
final class HeadlessSway {
    let runtime: String
    let process: ChildProcess
    let socket: String
    /// Subscribed to window events, to wait for what the test caused without sleeping.
    let events: I3Connection

    static var available: Bool { ChildProcess.canRun("sway", path: ProcessEnvironment.current["PATH"]) && ChildProcess.canRun("foot", path: ProcessEnvironment.current["PATH"]) }

    init() throws {
        var template = Array("/tmp/gestured-sway-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw DesktopError("mkdtemp failed") }
        runtime = String(cString: made)
        let asRoot = geteuid() == 0
        if asRoot { chown(runtime, 65534, 65534) }
        chmod(runtime, 0o700)
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": runtime, "XDG_RUNTIME_DIR": runtime, "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman",
            "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_HEADLESS_OUTPUTS": "1",
        ]
        // sway runs its config's `exec` lines once its IPC socket listens: that file says so.
        let config = runtime + "/config"
        let ready = runtime + "/ready"
        guard let file = fopen(config, "w") else { throw DesktopError("cannot write \(config)") }
        fputs("exec touch \(ready)\n", file)
        fclose(file)
        if asRoot { chown(config, 65534, 65534) }
        let sway = ["sway", "-c", config]
        process = try ChildProcess(asRoot ? ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"] + sway : sway, environment: environment, ownGroup: true)
        guard Self.waitForFile(runtime, "ready", seconds: 30), let name = try Self.entries(runtime).first(where: { $0.hasPrefix("sway-ipc.") }) else {
            process.signalGroup(SIGTERM)
            throw DesktopError("sway did not start (no IPC socket in \(runtime))")
        }
        socket = runtime + "/" + name
        events = try I3Connection(path: socket)
        let reply = try events.request(I3Message.subscribe, #"["window","workspace"]"#)
        guard reply["success"] == .bool(true) else { throw DesktopError("subscribe refused") }
    }

    deinit {
        process.signalGroup(SIGTERM)
        process.wait()
        _ = try? ChildProcess(["rm", "-rf", runtime], environment: ProcessEnvironment.current).wait()
    }

    /// Waits (inotify, bounded) until `name` exists in `folder`.
    static func waitForFile(_ folder: String, _ name: String, seconds: Int32) -> Bool {
        let watch = inotify_init1(Int32(IN_CLOEXEC))
        defer { close(watch) }
        _ = inotify_add_watch(watch, folder, UInt32(IN_CREATE | IN_MOVED_TO))
        var deadline = seconds * 1000
        while access(folder + "/" + name, F_OK) != 0 {
            guard deadline > 0 else { return false }
            var descriptor = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 1000) >= 0 else { return false }
            if descriptor.revents & Int16(POLLIN) != 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                _ = buffer.withUnsafeMutableBytes { read(watch, $0.baseAddress, $0.count) }
            }
            deadline -= 1000
        }
        return true
    }

    static func entries(_ path: String) throws -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            names.append(name)
        }
        return names
    }

    /// Runs a sway command (as swaymsg would).
    func command(_ line: String) throws {
        let connection = try I3Connection(path: socket)
        let reply = try connection.request(I3Message.runCommand, line)
        guard reply.arrayValue?.allSatisfy({ $0["success"] == .bool(true) }) == true else { throw DesktopError("sway refused \(line): \(reply.serialized)") }
    }

    /// Opens a foot terminal with `appID` and returns once sway says it has the focus.
    func open(_ appID: String) throws {
        try command("exec foot --app-id \(appID) sleep 600")
        try waitFor { message, event in
            message.type == I3Message.windowEvent && event["change"] == "focus" && event["container"]?["app_id"]?.stringValue == appID
        }
    }

    /// Reads window and workspace events until one satisfies `predicate`.
    func waitFor(_ predicate: (I3Message, JSONValue) -> Bool) throws {
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(events.stream.fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        while true {
            let message = try events.next()
            if predicate(message, try I3Connection.json(message)) { return }
        }
    }
}
