/// What a device's consuming gestures say of its contacts after a round, handed down once a
/// frame (``GestureEngine/verdicts(on:)``) to the device's forwarder, which reads it contact by
/// contact without asking the engine again (docs/OWNERSHIP.md).
public struct TouchVerdicts: Sendable {
    /// Each contact the consuming gestures judged, with its verdict (a contact that lifted in
    /// the round included).
    public var claims: [(contact: Int32, verdict: TouchVerdict)]
    /// Some consuming gesture of the device is still undecided (it may yet claim a contact that
    /// already lifted, as a double tap claims its first tap).
    public var isDeciding: Bool
    /// How many times a consuming gesture of the device claimed touches.
    public var consumptions: UInt64

    /// Verdicts as given.
    public init(claims: [(contact: Int32, verdict: TouchVerdict)], isDeciding: Bool, consumptions: UInt64) {
        self.claims = claims
        self.isDeciding = isDeciding
        self.consumptions = consumptions
    }

    /// Nothing consumes: every contact goes to the desktop.
    public static let none = TouchVerdicts(claims: [], isDeciding: false, consumptions: 0)

    /// The verdict on the contact with this tracking id; nil for one not judged.
    public func verdict(forContact id: Int32) -> TouchVerdict? {
        for claim in claims where claim.contact == id { return claim.verdict }
        return nil
    }
}
