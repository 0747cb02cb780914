import Evdev
import GestureCore

/// What a live source reports.
public enum LiveInputEvent: Hashable, Sendable {
    /// A touch device appeared.
    case deviceAdded(LiveDevice)
    /// A device went away; its touches are gone (the engine fails its gestures with
    /// `deviceRemoved`).
    case deviceRemoved(DeviceID, at: Timestamp)
    /// A frame of touches.
    case touches(TouchFrame)
    /// One of libinput's own touchpad gestures.
    case touchpadGesture(TouchpadGesture)
}
