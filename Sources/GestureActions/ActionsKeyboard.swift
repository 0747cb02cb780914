/// An actions file's `keyboard:` setting: the xkb layout its key names are typed in, when the
/// user's cannot be found or is not the one wanted.
public struct ActionsKeyboard: Sendable, Equatable {
    /// The layout (`fr`).
    public var layout: String
    /// Its variant, or empty.
    public var variant: String
    /// The model, or empty.
    public var model: String
    /// xkb options, or empty.
    public var options: String
    /// Where it stands in the file.
    public var line: Int?

    /// A setting.
    public init(layout: String, variant: String = "", model: String = "", options: String = "", line: Int? = nil) {
        self.layout = layout
        self.variant = variant
        self.model = model
        self.options = options
        self.line = line
    }
}
