/// A length in millimetres. Every distance threshold in gestured is in millimetres,
/// measured on the device surface (from the evdev absinfo resolution).
public typealias Millimetres = Double

/// A duration in seconds. Every time threshold in gestured is in seconds.
public typealias Seconds = Double

/// An angle in radians, counter-clockwise positive as seen by the user (y grows downward
/// on the surface, so a positive rotation turns the fingers from +x towards -y).
public typealias Radians = Double
