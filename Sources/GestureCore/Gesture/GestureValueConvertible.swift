/// A value that can be published as a ``GestureValue``: every built-in gesture value, and
/// the simple types a published ``GestureState`` may hold.
public protocol GestureValueConvertible {
    /// The erased value.
    var gestureValue: GestureValue { get }
}

extension Bool: GestureValueConvertible {
    public var gestureValue: GestureValue { .bool(self) }
}

extension Double: GestureValueConvertible {
    public var gestureValue: GestureValue { .number(self) }
}

extension Point: GestureValueConvertible {
    public var gestureValue: GestureValue { .point(self) }
}

extension Vector: GestureValueConvertible {
    public var gestureValue: GestureValue { .vector(self) }
}

extension GestureValue: GestureValueConvertible {
    /// Already erased.
    public var gestureValue: GestureValue { self }
}
