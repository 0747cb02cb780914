import Dispatch
import GestureActions
import GesturePipeline
import GestureWire
import Glibc
import Posix
import Testing
@testable import GestureDesktop

/// The sway provider against a real sway, headless, with real foot windows: the focus it
/// follows, and window actions read back through sway's own IPC.
@Suite(.serialized, .enabled(if: HeadlessSway.available, "sway or foot is not installed (make test installs them)"))
struct SwayProviderTests {
    @Test func theFocusIsFollowedByEvents() throws {
        let sway = try HeadlessSway()
        try sway.open("gestured-a")
        let provider = SwayProvider(path: sway.socket, isSway: true)
        let changes = FocusChanges()
        provider.onFocusChange = { changes.add($0) }
        try provider.start()
        #expect(provider.focused()?.app == "gestured-a")
        changes.reset()
        try sway.open("gestured-b")
        #expect(changes.wait(for: "gestured-b"))
        changes.reset()
        try sway.command("[app_id=gestured-a] focus")
        #expect(changes.wait(for: "gestured-a"))
        #expect(provider.focused()?.app == "gestured-a" && provider.focused()?.title.isEmpty == false)
        provider.stop()
    }

    @Test func windowActionsAreSwayCommands() throws {
        let sway = try HeadlessSway()
        try sway.open("gestured-a")
        try sway.open("gestured-b")
        let provider = SwayProvider(path: sway.socket, isSway: true)
        try provider.start()
        try provider.perform(.close)
        try sway.waitFor { message, event in event["change"] == "close" && event["container"]?["app_id"] == "gestured-b" }
        try provider.perform(.workspace(.number(3)))
        let workspaces = try I3Connection(path: sway.socket).request(I3Message.getWorkspaces, "")
        #expect(workspaces.arrayValue?.first { $0["focused"] == .bool(true) }?["name"] == "3")
        try provider.perform(.workspace(.previous))
        #expect(throws: DesktopError.self) { try provider.perform(.maximize) }
        // Moving the window to workspace 4 takes the view there too; moving it to 1 brings both
        // back (sway's `prev` would stay: workspace 1, left empty, is gone, 4 is the only one).
        try provider.perform(.workspace(.number(1)))
        try provider.perform(.moveToWorkspace(.number(4)))
        func workspace(holding app: String) throws -> String? {
            let tree = try I3Connection(path: sway.socket).request(I3Message.getTree, "")
            let holding = SwayProvider.node(in: tree) { node in
                node["type"] == "workspace" && SwayProvider.node(in: node) { $0["app_id"] == .string(app) } != nil
            }
            return holding?["name"]?.stringValue
        }
        func focusedWorkspace() throws -> String? {
            try I3Connection(path: sway.socket).request(I3Message.getWorkspaces, "").arrayValue?.first { $0["focused"] == .bool(true) }?["name"]?.stringValue
        }
        #expect(try workspace(holding: "gestured-a") == "4" && focusedWorkspace() == "4")
        try provider.perform(.moveToWorkspace(.number(1)))
        #expect(try workspace(holding: "gestured-a") == "1" && focusedWorkspace() == "1")
        // The focused window's fullscreen, read back from the tree.
        try provider.perform(.workspace(.number(1)))
        try provider.perform(.fullscreen)
        let tree = try I3Connection(path: sway.socket).request(I3Message.getTree, "")
        #expect(SwayProvider.node(in: tree) { $0["app_id"] == "gestured-a" }?["fullscreen_mode"] == .int(1))
        // Minimize: sway's nearest, the scratchpad (hidden, back with `scratchpad show`).
        try provider.perform(.minimize)
        let after = try I3Connection(path: sway.socket).request(I3Message.getTree, "")
        let scratchpad = SwayProvider.node(in: after) { $0["name"] == "__i3_scratch" }
        #expect(scratchpad.flatMap { SwayProvider.node(in: $0) { $0["app_id"] == "gestured-a" } } != nil)
        #expect(throws: DesktopError.self) { try provider.perform(.showDesktop) }
        provider.stop()
    }

    @Test func aCompositorThatGoesAwayLeavesNoFocusAndActionsSayWhy() throws {
        let provider: SwayProvider
        do {
            let sway = try HeadlessSway()
            try sway.open("gestured-a")
            provider = SwayProvider(path: sway.socket, isSway: true)
            try provider.start()
            #expect(provider.focused()?.app == "gestured-a")
        }
        // sway stopped with the test's HeadlessSway.
        #expect(throws: DesktopError.self) { try provider.perform(.close) }
        provider.stop()
    }

}

/// The focus changes a provider reported, waited for by app (bounded, no sleeping).
final class FocusChanges: @unchecked Sendable {
    let semaphore = DispatchSemaphore(value: 0)
    let lock = NSLockLike()
    var seen: [String?] = []

    func add(_ window: FocusedWindow?) {
        lock.run { seen.append(window?.app) }
        semaphore.signal()
    }

    /// Forgets what came so far.
    func reset() { lock.run { seen.removeAll() } }

    /// Whether a change to `app` came since the last reset (within 20 s).
    func wait(for app: String) -> Bool {
        while true {
            if lock.run({ seen.contains(app) }) { return true }
            guard semaphore.wait(timeout: .now() + 20) == .success else { return false }
        }
    }
}

/// A pthread mutex, for the test's shared list.
final class NSLockLike: @unchecked Sendable {
    var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    func run<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }
}
