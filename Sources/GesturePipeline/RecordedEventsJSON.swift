import Evdev
import GestureCore
import GestureWire

/// The events of a `recorded` message (`[[sec, usec, type, code, value], …]`) as input events;
/// entries that are not five integers are left out.
public enum RecordedEventsJSON {
    /// The events of `message`.
    public static func events(_ message: JSONValue) -> [InputEvent] {
        (message["events"]?.arrayValue ?? []).compactMap { item in
            guard let parts = item.arrayValue?.compactMap(\.intValue), parts.count == 5 else { return nil }
            return InputEvent(
                time: Timestamp(microseconds: parts[0] &* 1_000_000 &+ parts[1]), type: UInt16(truncatingIfNeeded: parts[2]),
                code: UInt16(truncatingIfNeeded: parts[3]), value: Int32(truncatingIfNeeded: parts[4]))
        }
    }
}
