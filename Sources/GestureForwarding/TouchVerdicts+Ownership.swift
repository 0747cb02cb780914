import GestureCore

/// The engine's verdicts, handed down once a frame, are what the forwarder asks of each contact.
extension TouchVerdicts: TouchOwnership {}
