import Evdev
import GestureCore

/// The engine's consuming gestures as the owner of one device's touches, for its forwarder: the
/// verdicts the engine judged after its last round (``GestureEngine/verdict(forContact:on:)``).
public struct EngineOwnership: TouchOwnership {
    /// The engine whose verdicts these are.
    public let engine: GestureEngine
    /// The device they are of.
    public let device: DeviceID

    public func verdict(forContact trackingID: Int32) -> TouchVerdict? { engine.verdict(forContact: trackingID, on: device) }
    public var isDeciding: Bool { engine.isDeciding(on: device) }
    public var consumptions: UInt64 { engine.consumptions(on: device) }
}

extension EngineOwnership {
    /// The verdicts `engine` holds on `device`'s contacts.
    public init(_ engine: GestureEngine, device: DeviceID) {
        self.engine = engine
        self.device = device
    }
}
