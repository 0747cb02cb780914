/// Every recognition threshold in one value, each with its unit in its name's doc comment.
///
/// Gestures take their explicit parameters first and fall back to these. The defaults are
/// chosen for touchscreens and touchpads measured in millimetres; see docs/ENGINE.md.
public struct GestureSettings: Hashable, Sendable {
    /// Default distance a drag must move before it becomes active. 2 mm.
    public var dragMinimumDistance: Millimetres = 2
    /// How far a tap's fingers may move and still be a tap. 3 mm.
    public var tapMaximumMovement: Millimetres = 3
    /// Longest press that still counts as a tap. 0.5 s.
    public var tapMaximumDuration: Seconds = 0.5
    /// Release jitter: once a finger of a multi-finger tap has lifted, how far past
    /// `tapMaximumMovement` the fingers still down may seem to move (panels that estimate a
    /// lifting hand's contacts jump 2–4 mm then). 5 mm.
    public var tapReleaseJitter: Millimetres = 5
    /// Longest gap between one tap's lift and the next tap's touch in a multi-tap. 0.3 s.
    public var multiTapInterval: Seconds = 0.3
    /// Furthest the taps of a multi-tap may be apart. 10 mm.
    public var multiTapDistance: Millimetres = 10
    /// Default time a long press must be held. 0.5 s.
    public var longPressMinimumDuration: Seconds = 0.5
    /// Default distance a long press may wander. 3 mm.
    public var longPressMaximumDistance: Millimetres = 3
    /// Time fingers must rest before a hold becomes active (libinput's hold timeout). 0.18 s.
    public var holdDelay: Seconds = 0.18
    /// Distance that ends a hold as movement. 1.5 mm.
    public var holdMaximumDistance: Millimetres = 1.5
    /// Default relative change of finger spread before a magnify becomes active. 0.01 (1 %).
    public var magnifyMinimumScaleDelta: Double = 0.01
    /// Default rotation before a rotate becomes active. 1° in radians.
    public var rotateMinimumAngleDelta: Radians = Double.pi / 180
    /// Distance a swipe or edge swipe moves before it becomes active and its direction is judged. 4 mm.
    public var swipeActivationDistance: Millimetres = 4
    /// Default distance a swipe must cover for it to end successfully. 15 mm.
    public var swipeMinimumDistance: Millimetres = 15
    /// Default release speed a swipe needs to end successfully. 0 mm/s (any speed).
    public var swipeMinimumVelocity: Double = 0
    /// Half-width of the angular sector each swipe direction accepts. 22.5°, in radians, so
    /// the eight directions tile the circle.
    public var swipeAngleTolerance: Radians = Double.pi / 8
    /// The score a drawn stroke needs against its best template to be that shape (cosine of
    /// the two, ``StrokeMatcher``). 0.85: on generated strokes with the variations people make,
    /// every known shape scores above it and unknown shapes rarely do (docs/BENCHMARKS-HISTORY.md,
    /// "Strokes").
    public var strokeMinimumScore: Double = 0.85
    /// The path a stroke must cover to be matched at all. 20 mm.
    public var strokeMinimumLength: Millimetres = 20
    /// Width of the strip along an edge where an edge swipe must start. 5 mm.
    public var edgeWidth: Millimetres = 5
    /// Default inward distance an edge swipe must cover to end successfully. 10 mm.
    public var edgeSwipeMinimumDistance: Millimetres = 10
    /// How long the finger count of a multi-finger gesture must stay the same before the gesture
    /// may become active, so fingers that land one after another (a 4-finger swipe whose fourth
    /// finger lands 80 ms late) are counted right. 0.1 s, like libinput's gesture settling.
    public var fingerSettleTime: Seconds = 0.1
    /// Distance any finger may move before all fingers of a multi-finger gesture are down. 15 mm:
    /// a hand sweeping at ~200 mm/s covers that in the ~80 ms a late finger can take to land.
    public var multiFingerSlop: Millimetres = 15
    /// Window over which velocities are estimated. 0.1 s.
    public var velocityWindow: Seconds = 0.1
    /// Deceleration used to predict where a flung drag would stop, as the fraction of speed kept
    /// per millisecond (UIKit's normal scroll deceleration). 0.998 /ms.
    public var decelerationRate: Double = 0.998

    /// The defaults.
    public static let standard = GestureSettings()

    /// Creates the default settings; change fields to tune.
    public init() {}

    /// Seconds of current velocity that a projected stop lies ahead: rate / (1 − rate) ms.
    @inlinable public var projectionTime: Seconds {
        decelerationRate / (1 - decelerationRate) / 1000
    }
}
