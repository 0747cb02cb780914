import GestureOptions
import Testing

/// Which display the overlay draws on, from `--display` and the environment, and the command
/// line `gesturectl overlay` hands to `gestured-overlay`.
@Suite struct OverlayOptionsTests {
    @Test func aGivenDisplayIsXsWhenItEndsInAColonAndANumber() {
        let none: [String: String] = [:]
        #expect(OverlayOptions.displayKind(":0", environment: none) == .x11(":0"))
        #expect(OverlayOptions.displayKind("host:1.0", environment: none) == .x11("host:1.0"))
        #expect(OverlayOptions.displayKind("wayland-1", environment: none) == .wayland("wayland-1"))
        #expect(OverlayOptions.displayKind("/run/user/1000/wayland-0", environment: none) == .wayland("/run/user/1000/wayland-0"))
        #expect(OverlayOptions.displayKind("/tmp/a:1", environment: none) == .wayland("/tmp/a:1"))
        #expect(OverlayOptions.displayKind("gnome-shell", environment: none) == .gnomeShell)
    }

    /// GNOME on Wayland: its extension draws (mutter has no wlr-layer-shell); GNOME on Xorg: the
    /// X11 overlay (mutter composites); a display given wins.
    @Test func onGnomeOnWaylandTheExtensionDraws() {
        #expect(OverlayOptions.displayKind(nil, environment: ["WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "GNOME"]) == .gnomeShell)
        #expect(OverlayOptions.displayKind(nil, environment: ["WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "ubuntu:GNOME"]) == .gnomeShell)
        #expect(OverlayOptions.displayKind(nil, environment: ["DISPLAY": ":0", "XDG_CURRENT_DESKTOP": "GNOME"]) == .x11(":0"))
        #expect(OverlayOptions.displayKind(nil, environment: ["WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "KDE"]) == .wayland("wayland-0"))
        #expect(OverlayOptions.displayKind("wayland-0", environment: ["WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "GNOME"]) == .wayland("wayland-0"))
    }

    @Test func withoutOneWaylandsComesFirstThenX() {
        #expect(OverlayOptions.displayKind(nil, environment: ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"]) == .wayland("wayland-0"))
        #expect(OverlayOptions.displayKind(nil, environment: ["DISPLAY": ":1"]) == .x11(":1"))
        #expect(OverlayOptions.displayKind(nil, environment: ["WAYLAND_DISPLAY": "", "DISPLAY": ""]) == nil)
    }

    @Test func theOptionsAreACommandLineAgain() throws {
        let options = try OverlayOptions.parse(["--file", "a.yml", "--verbose", "--display", ":0", "--socket", "/tmp/s"])
        #expect(options.arguments == ["--file", "a.yml", "--display", ":0", "--socket", "/tmp/s", "--verbose"])
        #expect(try OverlayOptions.parse(options.arguments).arguments == options.arguments)
    }
}
