import GestureActions
import GesturePipeline
import Posix

/// What `gesturectl actions --check` finds in a file that reads: the names the daemon's
/// configuration does not have (or that a definition shadows), strokes and triggers a gesture
/// cannot reach, and keys the layout cannot type — each with its line, in line order. The one
/// judgement the `--check` command and `gesturectl view`'s Actions panel both show.
public struct ActionsCheck {
    /// Every mistake, in line order (none: the runner runs every action).
    public var problems: [ConfigError]
    /// The keys each action types, when every key could be typed on the layout.
    public var keys: ActionKeys?

    /// Checks `actions` against the daemon's `configured` gestures and the keyboard layout
    /// `environment` leads to.
    public init(_ actions: ActionsFile, configured: [BindingSpec], environment: [String: String] = ProcessEnvironment.current) {
        problems = actions.problems(configured: configured)
        do {
            keys = try ActionKeys(actions, environment: environment)
        } catch {
            keys = nil
            problems += error.problems
            problems.sort { ($0.line ?? 0) < ($1.line ?? 0) }
        }
    }
}

extension ActionsCheck {
    /// `--check`'s line for the action at `index` of `actions` (the file checked):
    /// `line 3: swipe-left-3 ended → keys super+Right (press 125, tap 106, release 125)`.
    public func line(_ index: Int, of actions: ActionsFile) -> String {
        ActionsSettings.describe(actions.actions[index], main: keys?.main[index], back: keys?.back[index])
    }

    /// The keyboard layout keys are typed in and where it was found, when an action types.
    public var layout: String? {
        keys?.layout.map { "\($0)" }
    }
}
