import GesturePipeline
import GestureWire

/// A step of a gesture's value, for `on: { update: { every: … } }`: the action runs once for
/// each step the value moves forward from where it started, and its `back:` command once for
/// each step backward. A step taken must be undone by a whole step before one counts the
/// other way, so a value that jitters on a boundary does not run both commands in turn.
public struct ActionStep: Sendable, Equatable {
    /// What is measured.
    public enum Measure: Sendable, Equatable {
        /// Translation in mm (drag, swipe, edge swipe): along one axis (signed), or its length.
        case distance(axis: Axis?)
        /// Magnification (magnify); it starts at 1.
        case scale
        /// Rotation in degrees (rotate), clockwise positive.
        case angle
    }

    /// An axis of the device's surface: x grows rightward, y downward.
    public enum Axis: String, Sendable, CaseIterable {
        /// Left to right.
        case x
        /// Top to bottom.
        case y
    }

    /// What is measured.
    public var measure: Measure
    /// How much makes one step (mm, scale or degrees; positive).
    public var size: Double

    /// Creates a step.
    public init(_ measure: Measure, size: Double) {
        self.measure = measure
        self.size = size
    }

    /// The measure at a gesture's start: translation and rotation 0, magnification 1.
    public var origin: Double {
        if case .scale = measure { return 1 }
        return 0
    }

    /// The measure in a published value (`value` of a gesture event), looking into the parts
    /// of combined gestures; nil when the value has nothing to measure.
    public func read(_ value: JSONValue?) -> Double? {
        guard let value else { return nil }
        if value["first"] != nil || value["second"] != nil {
            // A combined gesture: the later part (a sequence's second gesture) first.
            return read(value["second"]) ?? read(value["first"])
        }
        switch measure {
        case .distance(let axis):
            guard let translation = value["translation"], let x = translation["x"]?.doubleValue, let y = translation["y"]?.doubleValue else { return nil }
            switch axis {
            case .x?: return x
            case .y?: return y
            case nil: return (x * x + y * y).squareRoot()
            }
        case .scale:
            return value["magnification"]?.doubleValue
        case .angle:
            return value["rotation"]?.doubleValue.map { $0 * 180 / .pi }
        }
    }
}
