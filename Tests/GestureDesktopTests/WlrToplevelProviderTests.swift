import GesturePipeline
import GestureWire
import Testing
@testable import GestureDesktop

/// wlr-foreign-toplevel-management against the real headless sway (a wlroots compositor that
/// offers it, as labwc, river and Wayfire do): the activated toplevel is the focus, and the
/// protocol's requests are read back through sway's own IPC.
@Suite(.serialized, .enabled(if: HeadlessSway.available, "sway or foot is not installed (make test installs them)"))
struct WlrToplevelProviderTests {
    @Test func theActivatedToplevelIsTheFocusAndRequestsReachIt() throws {
        let sway = try HeadlessSway()
        try sway.open("gestured-a")
        let provider = WlrToplevelProvider(display: sway.runtime + "/wayland-1")
        let changes = FocusChanges()
        provider.onFocusChange = { changes.add($0) }
        try provider.start()
        #expect(provider.focused()?.app == "gestured-a")
        changes.reset()
        try sway.open("gestured-b")
        #expect(changes.wait(for: "gestured-b"))
        #expect(provider.focused()?.title.isEmpty == false)

        try provider.perform(.fullscreen)
        try sway.waitFor { _, event in event["change"] == "fullscreen_mode" && event["container"]?["app_id"] == "gestured-b" }
        let tree = try I3Connection(path: sway.socket).request(I3Message.getTree, "")
        #expect(SwayProvider.node(in: tree) { $0["app_id"] == "gestured-b" }?["fullscreen_mode"] == .int(1))

        changes.reset()
        try provider.perform(.close)
        try sway.waitFor { _, event in event["change"] == "close" && event["container"]?["app_id"] == "gestured-b" }
        #expect(changes.wait(for: "gestured-a"))
        #expect(throws: DesktopError.self) { try provider.perform(.workspace(.next)) }
        provider.stop()
    }
}
