import GestureWire

/// A client-side copy of one binding's published GestureState (the `state` of its events),
/// with SwiftUI's reset rule: back to ``initialValue`` when the gesture ends or fails, and when
/// the connection drops (the daemon's gestures are over for this client then).
///
/// ```swift
/// var pan = GestureStateMirror(gesture: "pan", initialValue: (x: 0.0, y: 0.0)) { state in
///     state["x"]?.doubleValue.flatMap { x in state["y"]?.doubleValue.map { (x, $0) } }
/// }
/// for await event in client.events { if pan.apply(event) { redraw(offset: pan.value) } }
/// ```
public struct GestureStateMirror<Value: Sendable>: Sendable {
    /// The binding's name.
    public let gesture: String
    /// The value while no instance is active.
    public let initialValue: Value
    let decode: @Sendable (JSONValue) -> Value?
    /// The current value.
    public private(set) var value: Value
    /// The active instance, if any.
    public private(set) var instance: Int64?

    /// Mirrors `gesture`'s state, read from each event's `state` by `decode`.
    public init(gesture: String, initialValue: Value, decode: @escaping @Sendable (JSONValue) -> Value?) {
        self.gesture = gesture
        self.initialValue = initialValue
        self.decode = decode
        value = initialValue
    }

    /// Takes in an event; returns whether the value or the active instance changed.
    @discardableResult
    public mutating func apply(_ event: ClientEvent) -> Bool {
        switch event {
        case .gesture(let update) where update.gesture == gesture:
            switch update.phase {
            case .active:
                let next = update.state.flatMap(decode) ?? value
                defer { value = next; instance = update.instance }
                return instance != update.instance || !Self.same(next, value)
            case .ended, .failed:
                guard instance == nil || instance == update.instance else { return false }
                return reset()
            case .possible:
                return false
            }
        case .disconnected:
            return reset()
        default:
            return false
        }
    }

    mutating func reset() -> Bool {
        let changed = instance != nil
        instance = nil
        value = initialValue
        return changed
    }

    static func same(_ a: Value, _ b: Value) -> Bool {
        if let a = a as? any Equatable { return a.isEqual(to: b) }
        return false
    }
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}

extension GestureStateMirror where Value == JSONValue {
    /// Mirrors the raw JSON state (`null` while inactive).
    public init(gesture: String) {
        self.init(gesture: gesture, initialValue: .null, decode: { $0 })
    }
}
