import Evdev
import GestureCore

/// The engine's consuming gestures as the owner of one device's touches, for its forwarder: the
/// verdicts the engine judged after its last round (``GestureEngine/verdict(forContact:on:)``).
struct EngineOwnership: TouchOwnership {
    let engine: GestureEngine
    let device: DeviceID

    func verdict(forContact trackingID: Int32) -> TouchVerdict? { engine.verdict(forContact: trackingID, on: device) }
    var isDeciding: Bool { engine.isDeciding(on: device) }
    var consumptions: UInt64 { engine.consumptions(on: device) }
}
