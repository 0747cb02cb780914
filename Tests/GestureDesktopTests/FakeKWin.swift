import Dispatch
import Glibc
import GestureWire
import Posix
import Synchronization
@testable import GestureDesktop

/// KWin's D-Bus side as KDE documents it, from Fixtures/desktop/kwin.txt, on a real private
/// dbus-daemon: `org.kde.KWin` (`/Scripting`: loadScript, unloadScript; `/Scripting/ScriptN`:
/// run) and `org.kde.kglobalaccel` (`/component/kwin`: shortcutNames, invokeShortcut). It cannot
/// run JavaScript: once the script runs, it reads from the script's text whom it calls, and
/// makes the transcript's calls (`!` lines) to them one at a time when the test asks, as the
/// script would.
final class FakeKWin: @unchecked Sendable {
    /// The session bus it serves on.
    let bus: PrivateSessionBus
    var daemon: ChildProcess { bus.daemon }
    /// The bus's address (`unix:path=…`).
    var address: String { bus.address }
    var folder: String { bus.folder }
    var shortcutNames: [String] = []
    var focusCalls: [[String]] = []
    /// What KWin was asked, in order (`loadScript …`, `run /Scripting/Script0`, `invokeShortcut Window Close`).
    let requests = Mutex<[String]>([])
    /// Work for the service's thread (sd-bus connections are not shared between threads).
    let pending = Mutex<[@Sendable (DBusConnection) -> Void]>([])
    let stopped = Atomic<Bool>(false)
    /// Whether loadScript fails (a KWin that refuses scripts).
    let refuseScripts = Atomic<Bool>(false)
    /// How many loadScript calls fail before they succeed (a KWin not ready yet).
    let refuseFirstScripts = Atomic<Int>(0)
    /// The script's text once it ran.
    let script = Mutex<String?>(nil)
    /// The window-moving scripts loaded, in order.
    let moves = Mutex<[String]>([])
    let caller: DBusConnection
    let done = DispatchSemaphore(value: 0)
    /// The next `!` line; held while a call is made, so that calls go one at a time.
    let next = Mutex<Int>(0)

    static var available: Bool { PrivateSessionBus.available }

    init() throws {
        bus = try PrivateSessionBus(prefix: "gestured-kwin")
        for line in try FileReader.text(ReplayRun.root + "/Fixtures/desktop/kwin.txt").split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("= ") { shortcutNames.append(String(line.dropFirst(2))) }
            if line.hasPrefix("! ") { focusCalls.append(line.dropFirst(2).split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmed }) }
        }
        caller = try DBusConnection(address: bus.address)
        let service = try DBusConnection(address: bus.address)
        try serve(on: service)
        DispatchQueue(label: "fake-kwin").async { [self] in
            while !stopped.load(ordering: .relaxed) {
                for work in pending.withLock({ list in defer { list = [] }; return list }) { work(service) }
                guard service.process(waiting: 0.05) else { break }
            }
            done.signal()
        }
    }

    /// Stops the service and the bus (the tests call it: the service's handlers keep it alive).
    func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        done.wait()
        bus.stop()
    }

    func serve(on service: DBusConnection) throws {
        try service.requestName("org.kde.KWin")
        try service.requestName("org.kde.kglobalaccel")
        try service.serve("/Scripting") { [self] interface, member, arguments throws(DesktopError) in
            guard interface == "org.kde.kwin.Scripting" else { return nil }
            let strings = arguments.compactMap(\.stringValue)
            requests.withLock { $0.append(([member] + strings).joined(separator: " ")) }
            switch member {
            case "loadScript" where refuseScripts.load(ordering: .relaxed): return [.int32(-1)]
            case "loadScript" where refuseFirstScripts.load(ordering: .relaxed) > 0:
                refuseFirstScripts.subtract(1, ordering: .relaxed)
                return [.int32(-1)]
            case "loadScript":
                let text = try? FileReader.text(strings.first ?? "")
                // A window-moving script runs once as Script1; the focus script is Script0.
                if let text, text.contains("gestured: move") {
                    moves.withLock { $0.append(text) }
                    return [.int32(1)]
                }
                script.withLock { $0 = text }
                return [.int32(0)]
            case "unloadScript": return [.bool(true)]
            default: return nil
            }
        }
        try service.serve("/Scripting/Script0") { [self] interface, member, _ throws(DesktopError) in
            guard interface == "org.kde.kwin.Script", member == "run" else { return nil }
            requests.withLock { $0.append("run /Scripting/Script0") }
            // The script tells the window in front as it starts, as KWin's callDBus does:
            // without waiting for the answer.
            DispatchQueue.global().async { [self] in _ = emitNext(restart: true) }
            return []
        }
        try service.serve("/Scripting/Script1") { [self] interface, member, _ throws(DesktopError) in
            guard interface == "org.kde.kwin.Script", member == "run" else { return nil }
            requests.withLock { $0.append("run /Scripting/Script1") }
            return []
        }
        try service.serve("/component/kwin") { [self] interface, member, arguments throws(DesktopError) in
            guard interface == "org.kde.kglobalaccel.Component" else { return nil }
            switch member {
            case "shortcutNames": return [.strings(shortcutNames)]
            case "invokeShortcut":
                requests.withLock { $0.append("invokeShortcut " + (arguments.first?.stringValue ?? "")) }
                return []
            default: return nil
            }
        }
    }

    /// Makes the transcript's next Focus call as the loaded script would (`restart`: the
    /// first one, as when the script starts); false when there is none left or no script.
    @discardableResult
    func emitNext(restart: Bool = false) -> Bool {
        next.withLock { next -> Bool in
            if restart { next = 0 }
            guard next < focusCalls.count, let text = script.withLock({ $0 }), let target = Self.callTarget(text) else { return false }
            defer { next += 1 }
            return (try? caller.call(target[0], target[1], target[2], target[3], focusCalls[next].map { .string($0) })) != nil
        }
    }

    /// KWin restarts: its name leaves the bus and comes back, and the script is gone.
    func restart() {
        script.withLock { $0 = nil }
        pending.withLock {
            $0.append { service in
                try? service.releaseName("org.kde.KWin")
                try? service.requestName("org.kde.KWin")
            }
        }
    }

    /// The service, path, interface and method of the script's callDBus.
    static func callTarget(_ script: String) -> [String]? {
        guard let start = script.indices.first(where: { script[$0...].hasPrefix("callDBus(") }) else { return nil }
        let parts = script[script.index(start, offsetBy: 9)...].split(separator: ",").prefix(4).map { $0.trimmed.trimmingQuotes }
        return parts.count == 4 ? parts : nil
    }
}

extension String {
    /// Without the double quotes around it.
    var trimmingQuotes: String {
        hasPrefix("\"") && hasSuffix("\"") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
