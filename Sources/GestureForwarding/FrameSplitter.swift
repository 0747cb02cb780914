import Evdev
import GestureCore

/// What splits a grabbed node's reads into frames and decodes them: the node's source
/// (LinuxInput's `EvdevTouchSource.nextFrame`), or a test's decoder over records.
public protocol FrameSplitter: AnyObject {
    /// The device the frames are of.
    var device: DeviceID { get }
    /// The next frame of a read, starting at `offset` (moved past it): its raw events appended to
    /// `events`, its decoded frames in `frames`; nil when the read has no more records.
    func nextFrame(in bytes: UnsafeRawBufferPointer, at offset: inout Int, events: inout [InputEvent], frames: inout [TouchFrame]) -> ForwardedRead?
}
