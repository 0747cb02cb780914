import Dispatch
import GestureActions
import Glibc
import GesturePipeline
import Testing
@testable import GestureDesktop

/// Hyprland and niri, which do not run here, against transcripts of their IPC written from
/// their documentation (Fixtures/desktop/README.md) and served on real sockets.
@Suite struct TranscriptProviderTests {
    static func folder() -> String {
        var template = Array("/tmp/gestured-ipc-XXXXXX".utf8CString)
        return String(cString: mkdtemp(&template)!)
    }

    @Test func hyprland() throws {
        let server = try TranscriptServer("hyprland")
        let folder = Self.folder()
        try server.listen(folder + "/.socket.sock")
        try server.listen(folder + "/.socket2.sock", events: true)
        let provider = HyprlandProvider(folder: folder)
        let changes = FocusChanges()
        provider.onFocusChange = { changes.add($0) }
        try provider.start()
        #expect(provider.focused() == FocusedWindow(app: "firefox", title: "Hyprland Wiki — Mozilla Firefox"))
        // activewindow>>CLASS,TITLE: a title with a comma stays whole.
        changes.reset()
        #expect(server.emitNext())
        #expect(changes.wait(for: "kitty"))
        #expect(provider.focused()?.title == "~/src, a folder")
        // The address of the window in front, then its title changes.
        #expect(server.emitNext())
        #expect(server.emitNext())
        #expect(changes.waitForTitle("vim notes.md", provider))
        // No window in front.
        #expect(server.emitNext())
        #expect(changes.waitForNone(provider))
        for action in [WindowAction.close, .maximize, .fullscreen, .workspace(.next), .workspace(.previous), .workspace(.number(3)),
                       .moveToWorkspace(.next), .moveToWorkspace(.previous), .moveToWorkspace(.number(2))] {
            try provider.perform(action)
        }
        #expect(throws: DesktopError.self) { try provider.perform(.minimize) }
        #expect(server.unknown.isEmpty)
        provider.stop()
    }

    @Test func niri() throws {
        let server = try TranscriptServer("niri")
        let folder = Self.folder()
        try server.listen(folder + "/niri.sock")
        let provider = NiriProvider(path: folder + "/niri.sock")
        let changes = FocusChanges()
        provider.onFocusChange = { changes.add($0) }
        try provider.start()
        #expect(provider.focused() == FocusedWindow(app: "Alacritty", title: "~"))
        changes.reset()
        #expect(server.emitNext())  // the windows, firefox in front
        #expect(changes.wait(for: "firefox"))
        #expect(server.emitNext())  // its title changed
        #expect(changes.waitForTitle("niri IPC — Mozilla Firefox", provider))
        changes.reset()
        #expect(server.emitNext())  // the focus back to Alacritty
        #expect(changes.wait(for: "Alacritty"))
        #expect(server.emitNext())  // which closes
        #expect(changes.waitForNone(provider))
        for action in [WindowAction.close, .maximize, .fullscreen, .workspace(.next), .workspace(.previous),
                       .moveToWorkspace(.next), .moveToWorkspace(.previous), .moveToWorkspace(.number(2))] {
            try provider.perform(action)
        }
        // niri's own refusal is said.
        #expect(throws: DesktopError("niri refused FocusWorkspace: workspace not found")) { try provider.perform(.workspace(.number(3))) }
        #expect(server.unknown.isEmpty)
        provider.stop()
    }

    @Test func theDesktopIsFoundFromTheEnvironment() {
        func name(_ environment: [String: String]) -> String {
            switch DesktopDetection.provider(environment) {
            case .success(let provider): provider.name
            case .failure(let error): "none: " + error.message
            }
        }
        #expect(name(["SWAYSOCK": "/run/user/1000/sway-ipc.sock", "DISPLAY": ":0"]).hasPrefix("sway"))
        #expect(name(["HYPRLAND_INSTANCE_SIGNATURE": "abc", "XDG_RUNTIME_DIR": "/run/user/1000"]).hasPrefix("Hyprland"))
        #expect(name(["NIRI_SOCKET": "/run/user/1000/niri.sock"]).hasPrefix("niri"))
        #expect(name(["DISPLAY": ":0", "XDG_SESSION_TYPE": "x11", "XDG_CURRENT_DESKTOP": "GNOME"]).hasPrefix("X11"))
        #expect(name(["DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "GNOME"]).hasPrefix("GNOME Shell (gestured's extension"))
        #expect(name(["WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "KDE", "XDG_RUNTIME_DIR": "/run/user/1000"]).hasPrefix("KWin"))
        #expect(name(["WAYLAND_DISPLAY": "wayland-1", "XDG_RUNTIME_DIR": "/run/user/1000", "XDG_CURRENT_DESKTOP": "labwc:wlroots"])
            == "wlr-foreign-toplevel-management on Wayland display /run/user/1000/wayland-1")
        #expect(name([:]).hasPrefix("none: no desktop found"))
    }
}

extension FocusChanges {
    /// Whether the provider's focused title became `title` (within 20 s).
    func waitForTitle(_ title: String, _ provider: any DesktopProvider) -> Bool {
        while provider.focused()?.title != title {
            guard semaphore.wait(timeout: .now() + .seconds(20)) == .success else { return false }
        }
        return true
    }

    /// Whether the provider's focus became none (within 20 s).
    func waitForNone(_ provider: any DesktopProvider) -> Bool {
        while provider.focused() != nil {
            guard semaphore.wait(timeout: .now() + .seconds(20)) == .success else { return false }
        }
        return true
    }
}
