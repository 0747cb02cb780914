/// One finger in one frame, as a source reports it.
public struct Contact: Hashable, Sendable {
    /// The source's identifier for this contact (the evdev tracking id or libinput seat slot).
    /// Unique among the live contacts of a device; may be reused after the contact ends.
    public var id: Int32
    /// Position in millimetres from the top-left corner of the surface.
    public var position: Point
    /// Position normalized 0…1 across the surface.
    public var normalized: Point
    /// What happened to the contact in this frame.
    public var phase: TouchPhase
    /// Pressure, 0…1, where the device reports it.
    public var pressure: Double?
    /// Length of the contact ellipse's major axis in millimetres, where the device reports it.
    public var majorAxis: Millimetres?

    /// Creates a contact.
    @inlinable public init(
        id: Int32, position: Point, normalized: Point, phase: TouchPhase,
        pressure: Double? = nil, majorAxis: Millimetres? = nil
    ) {
        self.id = id
        self.position = position
        self.normalized = normalized
        self.phase = phase
        self.pressure = pressure
        self.majorAxis = majorAxis
    }
}
