/// How big a configuration, and one gesture in it or in a client's `define`, may be: what a
/// gesture costs per frame grows with its recognizers, and what a file costs to load with its
/// size, so these bound what anyone can make the daemon do (docs/RELIABILITY.md). Exceeding
/// one is an error naming the file, the line and the limit.
public enum ConfigLimits {
    /// Most levels of combinators nested in one gesture: 8.
    public static let maximumDepth = 8
    /// Most recognizers (tap, drag, …) in one gesture, over all its combinators: 16.
    public static let maximumRecognizers = 16
    /// Most gestures in one configuration: 1,024.
    public static let maximumGestures = 1024
    /// Largest configuration file: 1 MiB (the built-in set is 2 KiB).
    public static let maximumBytes = 1 << 20
    /// Recorded stroke drawings (`strokes:`) a configuration or a subscription may list: each is
    /// matched against every stroke drawn.
    public static let maximumStrokes = 256
    /// Points a recorded stroke drawing may have (`gesturectl stroke record` writes 32).
    public static let maximumStrokePoints = 1024
}
