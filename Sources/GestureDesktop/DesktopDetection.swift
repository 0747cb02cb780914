/// Which desktop the user runs, from the environment a session gives its programs, and the
/// provider that talks to it — or why there is none.
public enum DesktopDetection {
    /// The provider for `environment`, or why none (said once in the log; `when:` entries are
    /// then skipped and `window:` actions fail with this reason).
    public static func provider(_ environment: [String: String]) -> Result<any DesktopProvider, DesktopError> {
        if let path = environment["SWAYSOCK"], !path.isEmpty { return .success(SwayProvider(path: path, isSway: true)) }
        if let path = environment["I3SOCK"], !path.isEmpty { return .success(SwayProvider(path: path, isSway: false)) }
        if let signature = environment["HYPRLAND_INSTANCE_SIGNATURE"], !signature.isEmpty {
            let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
            return .success(HyprlandProvider(folder: runtime + "/hypr/" + signature))
        }
        if let path = environment["NIRI_SOCKET"], !path.isEmpty { return .success(NiriProvider(path: path)) }
        let desktop = environment["XDG_CURRENT_DESKTOP"] ?? ""
        let wayland = !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty || environment["XDG_SESSION_TYPE"] == "wayland"
        // On X11 every window manager that keeps EWMH will do, GNOME's and KDE's included.
        if !wayland, let display = environment["DISPLAY"], !display.isEmpty { return .success(X11Provider(display: display)) }
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        let bus = environment["DBUS_SESSION_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 } ?? runtime.map { "unix:path=\($0)/bus" }
        // GNOME Shell through gestured's extension (start() says when it is missing or off).
        if desktop.contains("GNOME") { return .success(GnomeShellProvider(address: bus)) }
        if desktop.contains("KDE") { return .success(KWinProvider(address: bus, folder: runtime ?? "/tmp")) }
        // Other Wayland compositors: wlr-foreign-toplevel-management, where they offer it
        // (labwc, river, Wayfire, …); start() says when one does not.
        if let display = environment["WAYLAND_DISPLAY"], !display.isEmpty {
            let runtime = environment["XDG_RUNTIME_DIR"] ?? ""
            return .success(WlrToplevelProvider(display: display.hasPrefix("/") || runtime.isEmpty ? display : runtime + "/" + display))
        }
        return .failure(DesktopError("no desktop found that gestured can ask (no $SWAYSOCK, $I3SOCK, $HYPRLAND_INSTANCE_SIGNATURE, $NIRI_SOCKET, or X11 $DISPLAY; supported: sway, i3, Hyprland, niri, GNOME Shell with gestured's extension, KDE Plasma, Wayland compositors with wlr-foreign-toplevel-management, X11 window managers with EWMH)"))
    }

    /// The compositor that says how the screens are turned, for `environment`, or why there is
    /// none (said once: touchscreens that follow their screen then keep the last rotation said).
    /// Every Wayland compositor says it through core `wl_output`.
    public static func screenSource(_ environment: [String: String]) -> Result<any ScreenSource, DesktopError> {
        if let display = environment["WAYLAND_DISPLAY"], !display.isEmpty {
            let runtime = environment["XDG_RUNTIME_DIR"] ?? ""
            return .success(WaylandScreens(display: display.hasPrefix("/") || runtime.isEmpty ? display : runtime + "/" + display))
        }
        return .failure(DesktopError("no Wayland display ($WAYLAND_DISPLAY) to ask how the screens are turned; on X11, run `gesturectl screen ROTATION` from what turns the screen (xrandr's hook)"))
    }
}
