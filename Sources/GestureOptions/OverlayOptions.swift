import ArgumentParser
import Glibc

/// The options of `gestured-overlay`, which `gesturectl overlay` takes too and hands on to it
/// (``arguments``): the overlay links cairo and pango, which no other command of gesturectl
/// needs, so it is a program of its own (``programCandidates()``).
public struct OverlayOptions: ParsableArguments, Sendable {
    /// Nothing given: the user's actions file, the compositor's output.
    public init() {}

    /// What it is, in one line.
    public static let abstract = "Show touches and gestures on the desktop itself: trails where the fingers go, a touchpad miniature, each gesture's name, progress and what it ran."

    /// What `--help` says after the options.
    public static let discussion = """
        A client of gestured's socket, for the user in front (as `gesturectl subscribe --touches`): it draws on a \
        surface above every window, fullscreen ones too, that lets every click and key through and is not there \
        at all while nothing happens. What it draws, its colours and the touchpad miniature's corner are the \
        actions file's `overlay:` section (docs/OVERLAY.md); the actions that file runs are named on each \
        gesture's card. On Wayland it needs wlr-layer-shell (sway, labwc, river, Hyprland, KDE Plasma), on X11 \
        a compositing manager; on GNOME on Wayland gestured's GNOME Shell extension draws it (enabled with \
        `gnome-extensions enable gestured@gestured.org`).
        """

    @Option(name: .long, help: ArgumentHelp("The actions file whose `overlay:` section and actions it shows (default: $XDG_CONFIG_HOME/gestured/actions.yml, ~/.config/gestured/actions.yml, when it exists).", valueName: "path"))
    public var file: String?

    @Option(name: .long, help: ArgumentHelp("The recorded strokes the actions file's stroke gestures may name (default: the user's strokes file, when it exists).", valueName: "path"))
    public var strokes: String?

    @Option(name: .long, help: ArgumentHelp("The daemon's configuration, whose swipes' distances the progress bars run to (default: as gestured chooses it, /etc/gestured/gestured.yml when it exists, else the built-in set).", valueName: "file"))
    public var config: String?

    @Option(name: .long, help: ArgumentHelp("The display: a Wayland one (wayland-1, or a socket's path), an X one (:0), or `gnome-shell` (gestured's GNOME Shell extension draws it) (default: gnome-shell in a GNOME session on Wayland, else $WAYLAND_DISPLAY, else $DISPLAY).", valueName: "name"))
    public var display: String?

    /// Which kind of display the overlay draws on.
    public enum DisplayKind: Equatable, Sendable {
        /// A Wayland display (its name or socket path; nil: libwayland's default).
        case wayland(String?)
        /// An X display (`:0`, `host:1.0`).
        case x11(String)
        /// GNOME Shell, through gestured's extension on the session bus (mutter offers no
        /// wlr-layer-shell, and no client may draw above its windows).
        case gnomeShell
    }

    /// `--display`'s word for ``DisplayKind/gnomeShell``.
    public static let gnomeShell = "gnome-shell"

    /// `--display` (`gnome-shell`, or a name with a `:` before its display number: X's, anything
    /// else Wayland's), else GNOME Shell in a GNOME session on Wayland, else `$WAYLAND_DISPLAY`,
    /// else `$DISPLAY`. Nil: no display at all.
    public static func displayKind(_ given: String?, environment: [String: String]) -> DisplayKind? {
        if let given, !given.isEmpty { return given == gnomeShell ? .gnomeShell : isX11(given) ? .x11(given) : .wayland(given) }
        if let wayland = environment["WAYLAND_DISPLAY"], !wayland.isEmpty {
            // GNOME on Wayland (Ubuntu's `ubuntu:GNOME` too), as the runner finds GNOME Shell; on Xorg
            // mutter composites, and the X11 overlay draws there.
            return (environment["XDG_CURRENT_DESKTOP"] ?? "").contains("GNOME") ? .gnomeShell : .wayland(wayland)
        }
        if let x = environment["DISPLAY"], !x.isEmpty { return .x11(x) }
        return nil
    }

    static func isX11(_ name: String) -> Bool {
        guard !name.hasPrefix("/"), let colon = name.lastIndex(of: ":") else { return false }
        let number = name[name.index(after: colon)...].split(separator: ".").first ?? ""
        return !number.isEmpty && number.allSatisfy(\.isNumber)
    }

    @Option(name: .long, help: ArgumentHelp("The output the touchscreen is mapped to, which the overlay covers (default: the file's `overlay: { output: }`, else the compositor's choice).", valueName: "name"))
    public var output: String?

    @Flag(name: .long, help: "Say on stderr when it connects, and when the overlay is shown (with its size) and taken away.")
    public var verbose = false

    @Flag(name: .long, help: "Read the actions file, say what the overlay would show and where, and exit (1 when the file has a mistake).")
    public var check = false

    @OptionGroup public var daemon: SocketOption

    /// The options as a command line again, for `gesturectl overlay` to start `gestured-overlay` with.
    public var arguments: [String] {
        var arguments: [String] = []
        for (name, value) in [("--file", file), ("--strokes", strokes), ("--config", config), ("--display", display), ("--output", output), ("--socket", daemon.socket)] {
            if let value { arguments += [name, value] }
        }
        if verbose { arguments.append("--verbose") }
        if check { arguments.append("--check") }
        return arguments
    }

    /// The `argv[0]` `gesturectl overlay` starts `gestured-overlay` with, so that its messages
    /// name the command the user typed.
    public static let startedAs = "gesturectl overlay"

    /// Where `gestured-overlay` is looked for: beside this executable (a build folder), then in
    /// the `libexec` folder beside its `bin` (the package's /usr/libexec, `make install`'s).
    public static func programCandidates() -> [String] {
        var path = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &path, path.count - 1)
        guard length > 0 else { return [] }
        let own = String(decoding: path[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = own.lastIndex(of: "/") else { return [] }
        let folder = String(own[..<slash])
        let parent = folder.lastIndex(of: "/").map { String(folder[..<$0]) } ?? ""
        return [folder + "/gestured-overlay", parent + "/libexec/gestured-overlay"]
    }
}
