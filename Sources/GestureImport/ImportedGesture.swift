import GestureActions
import GestureCore
import GesturePipeline
import GestureWire

/// The gestures importers define in the actions file they write, and the conventions they
/// share: every definition watches beside the daemon's own gestures (`priority:
/// simultaneous`), so imported actions take nothing from them.
enum ImportedGesture {
    /// A definition of `kind` (`swipe`, `magnify`, …) with its parameters, in the order given;
    /// with `devices`, kept to those (`touchscreen`, `touchpad`, part of a name).
    static func define(_ kind: String, _ parameters: [(String, JSONValue)] = [], devices: [String] = []) -> JSONValue {
        var pairs: [(String, JSONValue)] = [(kind, .object(parameters)), ("priority", .string("simultaneous"))]
        if !devices.isEmpty { pairs.append(("devices", .array(devices.map(JSONValue.string)))) }
        return .object(pairs)
    }

    /// The gesture a pinch of `fingers` fingers maps to, named after the tool (`lg`, `te`,
    /// `fusuma`): `PREFIX-pinch` for two, as it always was, `PREFIX-pinch-N` for more.
    static func pinchName(_ prefix: String, fingers: Int) -> String { fingers == 2 ? "\(prefix)-pinch" : "\(prefix)-pinch-\(fingers)" }

    /// A magnify of `fingers` fingers (a many-finger pinch for three or more).
    static func pinch(fingers: Int) -> JSONValue {
        define("magnify", fingers == 2 ? [] : [("fingers", int(fingers))])
    }

    /// The gesture a pinch one way maps to: `PREFIX-pinch-in` for two fingers, `PREFIX-pinch-in-N`
    /// for more.
    static func pinchName(_ prefix: String, fingers: Int, direction: PinchDirection) -> String {
        fingers == 2 ? "\(prefix)-pinch-\(direction.rawValue)" : "\(prefix)-pinch-\(direction.rawValue)-\(fingers)"
    }

    /// A magnify of `fingers` fingers one way: its direction taken from its first 5 % (as the
    /// built-in `pinch`'s threshold: resting fingers jitter past 1 %), so it is one gesture
    /// with one direction, as touchegg's `PINCH IN` and libinput-gestures' `pinch in` are.
    static func pinch(fingers: Int, direction: PinchDirection, threshold: Double = 0.05) -> JSONValue {
        define("magnify", (fingers == 2 ? [] : [("fingers", int(fingers))]) + [("direction", .string(direction.rawValue)), ("minimumScaleDelta", .number(threshold))])
    }

    /// The gesture a twist of `fingers` fingers maps to: `PREFIX-twist` (fusuma:
    /// `fusuma-rotate`) for two, as it always was, `PREFIX-twist-N` for more.
    static func twistName(_ name: String, fingers: Int) -> String { fingers == 2 ? name : "\(name)-\(fingers)" }

    /// A rotate of `fingers` fingers.
    static func twist(fingers: Int) -> JSONValue {
        define("rotate", fingers == 2 ? [] : [("fingers", int(fingers))])
    }

    /// The items in file order, every step action with `overlap: queue`: each tool ran every
    /// step (touchegg one after another, fusuma and libinput-gestures each in a process of its
    /// own), so none may be dropped because the previous one still runs.
    static func finish(_ items: [ImportedItem]) -> [ImportedItem] {
        // `when:` conditions met so far, per gesture, with the line that brought each: a later
        // one they cover could never run (the actions file refuses it), so it is said instead.
        var conditions: [String: [(ActionCondition, Int)]] = [:]
        return items.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map { _, item in
            guard case .actions(let actions, let note) = item.outcome else { return item }
            var item = item
            for action in actions {
                guard let when = action.when else { continue }
                let earlier = conditions[action.gesture] ?? []
                if let wide = when.shadowed(by: earlier.map(\.0)), let (_, line) = earlier.first(where: { $0.0 == wide }) {
                    item.outcome = .skipped("line \(line) is for \(wide), which covers \(when) too, and the first match wins: this one would never run")
                    return item
                }
            }
            for action in actions {
                guard let when = action.when, !(conditions[action.gesture] ?? []).contains(where: { $0.0 == when }) else { continue }
                conditions[action.gesture, default: []].append((when, item.line))
            }
            item.outcome = .actions(actions.map { action in
                guard case .update = action.trigger else { return action }
                var action = action
                action.overlap = .queue
                return action
            }, note: note)
            return item
        }
    }

    /// A whole number as a definition's value.
    static func int(_ value: Int) -> JSONValue { .int(Int64(value)) }
}
