import CXCB
import GestureActions
import Glibc
import Posix
import GesturePipeline
import Testing
@testable import GestureDesktop

/// The X11 provider against Xvfb with openbox and real xterms: the focus from
/// `_NET_ACTIVE_WINDOW`, and each window action as the window manager carries it out, read
/// back from the windows' and the root's EWMH properties.
@Suite(.serialized, .enabled(if: HeadlessX11.available, "Xvfb, openbox or xterm is not installed (make test installs them)"))
struct X11ProviderTests {
    @Test func theFocusAndWindowActions() throws {
        let x11 = try HeadlessX11()
        let provider = X11Provider(display: x11.display)
        let changes = FocusChanges()
        provider.onFocusChange = { changes.add($0) }
        try provider.start()
        try x11.open("GesturedA")
        #expect(changes.wait(for: "GesturedA"))
        changes.reset()
        try x11.open("GesturedB")
        #expect(changes.wait(for: "GesturedB"))
        #expect(provider.focused()?.otherNames == ["xterm"])
        #expect(provider.focused()?.title.isEmpty == false)

        let window = provider.active.withLock { $0 }
        x11.watch(window)
        try provider.perform(.maximize)
        #expect(x11.waitUntil(window, "_NET_WM_STATE") { $0.contains(x11.atom("_NET_WM_STATE_MAXIMIZED_HORZ")) })
        try provider.perform(.maximize)
        #expect(x11.waitUntil(window, "_NET_WM_STATE") { !$0.contains(x11.atom("_NET_WM_STATE_MAXIMIZED_HORZ")) })
        try provider.perform(.fullscreen)
        #expect(x11.waitUntil(window, "_NET_WM_STATE") { $0.contains(x11.atom("_NET_WM_STATE_FULLSCREEN")) })
        try provider.perform(.fullscreen)
        #expect(x11.waitUntil(window, "_NET_WM_STATE") { !$0.contains(x11.atom("_NET_WM_STATE_FULLSCREEN")) })

        // Closing the focused xterm gives the focus back to the other one …
        changes.reset()
        try provider.perform(.close)
        #expect(changes.wait(for: "GesturedA"))
        // … which is moved to the second workspace and back, the view going with it …
        let other = provider.active.withLock { $0 }
        x11.watch(other)
        try provider.perform(.moveToWorkspace(.number(2)))
        #expect(x11.waitUntil(other, "_NET_WM_DESKTOP") { $0 == [1] })
        #expect(x11.waitUntil(x11.root, "_NET_CURRENT_DESKTOP") { $0 == [1] })
        try provider.perform(.moveToWorkspace(.previous))
        #expect(x11.waitUntil(other, "_NET_WM_DESKTOP") { $0 == [0] })
        #expect(x11.waitUntil(x11.root, "_NET_CURRENT_DESKTOP") { $0 == [0] })
        // … and minimized next.
        try provider.perform(.minimize)
        #expect(x11.waitUntil(other, "_NET_WM_STATE") { $0.contains(x11.atom("_NET_WM_STATE_HIDDEN")) })

        try provider.perform(.workspace(.number(2)))
        #expect(x11.waitUntil(x11.root, "_NET_CURRENT_DESKTOP") { $0 == [1] })
        try provider.perform(.workspace(.previous))
        #expect(x11.waitUntil(x11.root, "_NET_CURRENT_DESKTOP") { $0 == [0] })
        // At the first, `previous` stays (as libinput-gestures and touchegg do by default): had it
        // gone round to the last, `next` would bring it back to the first, not to the second.
        try provider.perform(.workspace(.previous))
        try provider.perform(.workspace(.next))
        #expect(x11.waitUntil(x11.root, "_NET_CURRENT_DESKTOP") { $0 == [1] })
        try provider.perform(.workspace(.previous))
        #expect(x11.waitUntil(x11.root, "_NET_CURRENT_DESKTOP") { $0 == [0] })
        try provider.perform(.showDesktop)
        #expect(x11.waitUntil(x11.root, "_NET_SHOWING_DESKTOP") { $0 == [1] })
        try provider.perform(.showDesktop)
        #expect(x11.waitUntil(x11.root, "_NET_SHOWING_DESKTOP") { $0 == [0] })
        #expect(throws: DesktopError.self) { try provider.perform(.workspace(.number(40))) }
        provider.stop()
    }

    @Test func whenFollowsTheActiveWindowOfAnX11Desktop() throws {
        let x11 = try HeadlessX11()
        try x11.open("GesturedA")
        #expect(x11.waitUntil(x11.root, "_NET_ACTIVE_WINDOW") { ($0.first ?? 0) != 0 })
        var template = Array("/tmp/gestured-x11-XXXXXX".utf8CString)
        let scratch = String(cString: mkdtemp(&template)!)
        defer { _ = try? ChildProcess(["rm", "-rf", scratch], environment: ProcessEnvironment.current).wait() }
        try ReplayRun.write("""
            version: 1
            actions:
              - gesture: swipe-left-3
                when: { app: gestureda }
                shell: echo "xterm of class GesturedA" >> "$OUT"
              - gesture: swipe-left-3
                shell: echo default >> "$OUT"
            """, in: scratch)
        #expect(try ReplayRun.swipe(scratch, ["DISPLAY": x11.display, "WAYLAND_DISPLAY": "", "SWAYSOCK": ""]) == "xterm of class GesturedA\n")
        try x11.open("Other")
        #expect(x11.waitUntil(x11.root, "_NET_ACTIVE_WINDOW") { _ in
            x11.windowClass(of: x11.value(x11.root, x11.atom("_NET_ACTIVE_WINDOW"))?.first ?? 0) == "Other"
        })
        #expect(try ReplayRun.swipe(scratch, ["DISPLAY": x11.display, "WAYLAND_DISPLAY": "", "SWAYSOCK": ""]) == "default\n")
    }
}
