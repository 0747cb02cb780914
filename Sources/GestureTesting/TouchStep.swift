import GestureCore

/// One step of a scripted touch sequence. A script reads like the gesture it describes:
/// `[.down(1, at: p), .move(1, by: Vector(dx: 30, dy: 0), steps: 10), .up(1)]`.
public enum TouchStep: Hashable, Sendable {
    /// Fingers touch down together in one frame.
    case downMany([Finger])
    /// Fingers move together by the same displacements, spread over `steps` frames.
    case moveMany([FingerMove], steps: Int)
    /// Fingers lift together in one frame.
    case upMany([Int32])
    /// The source cancels fingers in one frame.
    case cancelMany([Int32])
    /// A frame in which nothing moves (every live finger stationary).
    case hold
    /// Time passes with no input; deadlines fire.
    case wait(Seconds)

    /// A finger and where it is.
    public struct Finger: Hashable, Sendable {
        /// The contact id.
        public var id: Int32
        /// Position in millimetres.
        public var position: Point

        /// Creates a finger.
        public init(_ id: Int32, at position: Point) {
            self.id = id
            self.position = position
        }
    }

    /// A finger and how far it moves.
    public struct FingerMove: Hashable, Sendable {
        /// The contact id.
        public var id: Int32
        /// Total displacement in millimetres.
        public var delta: Vector

        /// Creates a move.
        public init(_ id: Int32, by delta: Vector) {
            self.id = id
            self.delta = delta
        }
    }

    /// One finger touches down.
    public static func down(_ id: Int32, at position: Point) -> TouchStep { .downMany([Finger(id, at: position)]) }
    /// One finger moves by `delta` over `steps` frames.
    public static func move(_ id: Int32, by delta: Vector, steps: Int = 1) -> TouchStep {
        .moveMany([FingerMove(id, by: delta)], steps: steps)
    }
    /// One finger lifts.
    public static func up(_ id: Int32) -> TouchStep { .upMany([id]) }
    /// One finger is cancelled.
    public static func cancel(_ id: Int32) -> TouchStep { .cancelMany([id]) }
}
