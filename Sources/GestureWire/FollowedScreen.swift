/// The screen a touchscreen configured with `rotation: follow` turns with: the output named by
/// its `output:`, or (no name) the session's built-in screen.
public struct FollowedScreen: Hashable, Sendable {
    /// The output's name as the compositor gives it (nil: the built-in screen).
    public var output: String?

    /// Follows `output` (nil: the built-in screen).
    public init(output: String? = nil) {
        self.output = output
    }

    /// Its screen in a session's report, if the report has it.
    public func screen(in report: ScreenReport) -> ScreenReport.Screen? {
        report.screen(named: output)
    }

    /// As people read it: `the built-in screen`, `output DSI-1`.
    public var description: String { output.map { "output \($0)" } ?? "the built-in screen" }
}
