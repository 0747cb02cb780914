import GestureCore
import GesturePipeline

/// Where each configured gesture's progress cue runs to: the distance a swipe or an edge swipe
/// must cover to count when the fingers lift (its `minimumDistance`, or the engine's default),
/// read from the daemon's configuration with its own reader. A bar that fills tells a user
/// whether lifting now would do it. Other kinds show their value without a bar: their
/// thresholds (a pinch's 0.01, a rotation's 1°) are reached as soon as they are active.
public enum OverlayGoals {
    /// The goals of `config`'s gestures, by name; `settings` gives the defaults.
    public static func of(_ config: GestureConfig, settings: GestureSettings = GestureSettings()) -> [String: Double] {
        var goals: [String: Double] = [:]
        for binding in config.bindings {
            if let goal = goal(binding.gesture, settings) { goals[binding.name] = goal }
        }
        return goals
    }

    static func goal(_ spec: GestureSpec, _ settings: GestureSettings) -> Double? {
        switch spec {
        case .swipe(_, _, let distance, _): distance ?? settings.swipeMinimumDistance
        case .edgeSwipe(_, _, let distance): distance ?? settings.edgeSwipeMinimumDistance
        case .simultaneously(let parts), .sequenced(let parts), .exclusively(let parts): parts.lazy.compactMap { goal($0, settings) }.first
        default: nil
        }
    }
}
