/// The window that has the keyboard focus, as the desktop's focus provider reports it.
public struct FocusedWindow: Hashable, Sendable, CustomStringConvertible {
    /// The application: the Wayland app_id, or on X11 the WM_CLASS class (`Firefox`).
    public var app: String
    /// Other names the application goes by: X11's WM_CLASS instance (`Navigator`), an
    /// Xwayland window's class on sway.
    public var otherNames: [String]
    /// The window's title.
    public var title: String

    /// A window.
    public init(app: String, otherNames: [String] = [], title: String) {
        self.app = app
        self.otherNames = otherNames
        self.title = title
    }

    public var description: String { "\(app) (\(title))" }
}
