import GestureActions
import Glibc
import GesturePipeline
import Synchronization
import Testing
@testable import GestureDesktop

/// KWin, which does not run here, against KDE's documented D-Bus interfaces as
/// Fixtures/desktop/kwin.txt writes them down, served by FakeKWin on a real dbus-daemon.
@Suite(.serialized, .enabled(if: FakeKWin.available, "dbus-daemon is not installed"))
struct KWinProviderTests {
    /// A provider on `kwin`'s bus, started, and the focus changes it reports.
    /// A Plasma Wayland session's environment, its session bus FakeKWin's.
    static func plasma(_ kwin: FakeKWin) -> [String: String] {
        ["XDG_CURRENT_DESKTOP": "KDE", "XDG_SESSION_TYPE": "wayland", "WAYLAND_DISPLAY": "wayland-0", "DISPLAY": "",
         "SWAYSOCK": "", "I3SOCK": "", "DBUS_SESSION_BUS_ADDRESS": kwin.address, "XDG_RUNTIME_DIR": kwin.folder]
    }

    static func started(on kwin: FakeKWin) throws -> (KWinProvider, FocusChanges) {
        let provider = KWinProvider(address: kwin.address, folder: kwin.folder)
        let changes = FocusChanges()
        provider.onFocusChange = { changes.add($0) }
        try provider.start()
        // start() waits up to 2 s for the script's first report, then goes on without it; on a
        // machine busy with the other suites the fake KWin can answer later. Tests start from
        // the window in front.
        _ = changes.waitForTitle("~ : bash — Konsole", provider)
        return (provider, changes)
    }

    @Test func theScriptTellsTheFocusAndShortcutsActOnWindows() throws {
        let kwin = try FakeKWin()
        defer { kwin.stop() }
        let (provider, changes) = try Self.started(on: kwin)
        // The script was loaded under a name of its own, then run, and told the window in front.
        let pid = getpid()
        #expect(kwin.requests.withLock { $0 } == [
            "unloadScript gestured-focus-\(pid)",
            "loadScript \(kwin.folder)/gestured-kwin-\(pid).js gestured-focus-\(pid)",
            "run /Scripting/Script0",
        ])
        #expect(provider.focused() == FocusedWindow(app: "org.kde.konsole", otherNames: ["konsole"], title: "~ : bash — Konsole"))
        let script = try #require(kwin.script.withLock { $0 })
        #expect(script.contains("workspace.windowActivated || workspace.clientActivated"))
        #expect(script.contains("captionChanged.connect"))

        changes.reset()
        #expect(kwin.emitNext())
        #expect(changes.wait(for: "org.kde.dolphin"))
        #expect(kwin.emitNext())
        #expect(changes.waitForTitle("Downloads — Dolphin", provider))
        #expect(kwin.emitNext())
        #expect(changes.waitForTitle("KDE — Mozilla Firefox", provider))
        #expect(provider.focused()?.otherNames == ["Navigator"])
        #expect(kwin.emitNext())
        #expect(changes.waitForNone(provider))

        let actions: [WindowAction] = [.close, .maximize, .minimize, .fullscreen, .showDesktop, .workspace(.next), .workspace(.previous), .workspace(.number(3))]
        kwin.requests.withLock { $0 = [] }
        for action in actions { try provider.perform(action) }
        #expect(kwin.requests.withLock { $0 } == actions.flatMap(KWinProvider.shortcuts).map { "invokeShortcut " + $0 })
        // Moving the window: a one-shot script each time, the last one unloaded first.
        kwin.requests.withLock { $0 = [] }
        for target in [WindowAction.WorkspaceTarget.next, .number(2)] { try provider.perform(.moveToWorkspace(target)) }
        let move = "\(kwin.folder)/gestured-kwin-move-\(pid).js gestured-move-\(pid)"
        #expect(kwin.requests.withLock { $0 } == [
            "unloadScript gestured-move-\(pid)", "loadScript " + move, "run /Scripting/Script1",
            "unloadScript gestured-move-\(pid)", "loadScript " + move, "run /Scripting/Script1",
        ])
        #expect(kwin.moves.withLock { $0 }.map { $0.contains("const target = desktops[here + 1]") } == [true, false])
        #expect(kwin.moves.withLock { $0 }.last?.contains("const target = desktops[1];") == true)
        #expect(throws: DesktopError("KWin has no global shortcut “Switch to Desktop 12”")) { try provider.perform(.workspace(.number(12))) }

        // KWin restarts: the focus is unknown until the script, loaded again, says it.
        kwin.requests.withLock { $0 = [] }
        changes.reset()
        kwin.restart()
        #expect(changes.wait(for: "org.kde.konsole"))
        #expect(kwin.requests.withLock { $0 }.filter { $0.hasPrefix("loadScript") }.count == 1)
        provider.stop()
        #expect(kwin.requests.withLock { $0 }.last == "unloadScript gestured-focus-\(pid)")
        #expect(access("\(kwin.folder)/gestured-kwin-\(pid).js", F_OK) != 0)
        #expect(access("\(kwin.folder)/gestured-kwin-move-\(pid).js", F_OK) != 0)
    }

    @Test func aKWinThatRefusesTheScriptIsSaidAndNothingHangs() throws {
        let kwin = try FakeKWin()
        defer { kwin.stop() }
        kwin.refuseScripts.store(true, ordering: .relaxed)
        let provider = KWinProvider(address: kwin.address, folder: kwin.folder)
        #expect(throws: DesktopError("KWin did not load the script \(kwin.folder)/gestured-kwin-\(getpid()).js: [GestureDesktop.DBusValue.int32(-1)]")) { try provider.start() }
    }

    @Test func noKWinOnTheBusIsSaid() throws {
        let kwin = try FakeKWin()
        defer { kwin.stop() }
        // A bus where nobody owns org.kde.KWin.
        let bus = try DBusConnection(address: kwin.address)
        #expect(throws: DesktopError.self) { try bus.call("org.kde.KWinNotHere", "/Scripting", "org.kde.kwin.Scripting", "loadScript", [.string("x")]) }
        let provider = KWinProvider(address: "unix:path=\(kwin.folder)/nothing", folder: kwin.folder)
        #expect(throws: DesktopError.self) { try provider.start() }
    }

    @Test func theBusGoingAwayForgetsTheFocusAndActionsSayWhy() throws {
        let kwin = try FakeKWin()
        defer { kwin.stop() }
        let (provider, changes) = try Self.started(on: kwin)
        #expect(provider.focused()?.app == "org.kde.konsole")
        kwin.daemon.signalGroup(SIGTERM)
        kwin.daemon.wait()
        #expect(changes.waitForNone(provider))
        #expect(throws: DesktopError.self) { try provider.perform(.close) }
    }

    /// As a user runs it: the built gestured replays a swipe to the built `gesturectl actions`
    /// in a Plasma Wayland session's environment; the konsole entry runs while konsole is in
    /// front, and `window: workspace 2` goes to KWin's shortcut.
    @Test func gesturectlActionsOnPlasma() throws {
        let kwin = try FakeKWin()
        defer { kwin.stop() }
        let scratch = kwin.folder + "/actions"
        try ReplayRun.write("""
            version: 1
            actions:
              - gesture: swipe-left-3
                when: { app: konsole }
                shell: echo "konsole $GESTURE_PHASE" >> "$OUT"
              - gesture: swipe-left-3
                when: { app: "org.kde.*" }
                window: workspace 2
            """, in: scratch)
        let plasma = Self.plasma(kwin)
        // konsole in front (its resourceName): the first entry.
        #expect(try ReplayRun.swipe(scratch, plasma) == "konsole ended\n")
        // The script was loaded, and unloaded when the runner stopped.
        #expect(kwin.requests.withLock { $0 }.compactMap { $0.split(separator: " ").first }.filter { $0.hasSuffix("Script") } == ["unloadScript", "loadScript", "unloadScript"])
        // Without the konsole entry, the wider one: a desktop switch through KWin's shortcut.
        try ReplayRun.write("""
            version: 1
            actions:
              - gesture: swipe-left-3
                when: { app: "org.kde.*" }
                window: workspace 2
            """, in: scratch)
        #expect(try ReplayRun.swipe(scratch, plasma).isEmpty)
        #expect(kwin.requests.withLock { $0 }.last { $0.hasPrefix("invokeShortcut") } == "invokeShortcut Switch to Desktop 2")
    }

    /// A desktop that could not be reached when the runner started is asked again as a gesture
    /// comes (GNOME: the extension enabled after the session began): KWin refuses the first
    /// script, and the swipe's `when: { app: konsole }` entry still runs.
    @Test func theDesktopIsAskedAgainWhenAGestureComes() throws {
        let kwin = try FakeKWin()
        defer { kwin.stop() }
        kwin.refuseFirstScripts.store(1, ordering: .relaxed)
        let scratch = kwin.folder + "/again"
        try ReplayRun.write("""
            version: 1
            actions:
              - gesture: swipe-left-3
                when: { app: konsole }
                shell: echo "konsole $GESTURE_PHASE" >> "$OUT"
            """, in: scratch)
        let plasma = Self.plasma(kwin)
        #expect(try ReplayRun.swipe(scratch, plasma) == "konsole ended\n")
        #expect(kwin.requests.withLock { $0 }.filter { $0.hasPrefix("loadScript") }.count == 2)
    }
}
