/// What a device holds at one moment, as the kernel keeps it and libevdev reads it when it
/// opens a node (`EVIOCGMTSLOTS`, `EVIOCGABS`, `EVIOCGKEY`): every slot's axes, the current
/// slot, the other absolute axes and the keys that are down.
///
/// The kernel passes an axis on only when its value changed (by more than its fuzz), so a new
/// touch whose y equals the slot's last y carries no `ABS_MT_POSITION_Y`: without this state a
/// decoder that opened the node later cannot know where the touch is. ``MultitouchDecoder``
/// starts from it (``MultitouchDecoder/restart(from:at:)``) when a live node is opened and
/// again after events were lost (`SYN_DROPPED`); a recording gives what its description
/// says (``described(by:)``).
public struct DeviceState: Hashable, Sendable {
    /// The `ABS_MT_*` values of each slot, by slot number, by code (`ABS_MT_TRACKING_ID` -1:
    /// no contact). A code a slot does not list is unknown (treated as the kernel's 0).
    public var slots: [Int32: [UInt16: Int32]]
    /// The slot the next `ABS_MT_*` event applies to when no `ABS_MT_SLOT` comes first.
    public var currentSlot: Int32
    /// The values of the other absolute axes (`ABS_X`, `ABS_Y`, `ABS_PRESSURE`, …), by code.
    public var axes: [UInt16: Int32]
    /// The keys that are down (`BTN_TOUCH`, `BTN_TOOL_*`, buttons).
    public var keysDown: Set<UInt16>

    /// Creates a state; the defaults are a device as the kernel makes it (nothing down, slot 0).
    public init(slots: [Int32: [UInt16: Int32]] = [:], currentSlot: Int32 = 0, axes: [UInt16: Int32] = [:], keysDown: Set<UInt16> = []) {
        self.slots = slots
        self.currentSlot = currentSlot
        self.axes = axes
        self.keysDown = keysDown
    }

    /// Whether any contact is down: a slot with a tracking id, or `BTN_TOUCH` held.
    public var hasContactDown: Bool {
        keysDown.contains(EventCode.BTN_TOUCH) || slots.values.contains { ($0[EventCode.ABS_MT_TRACKING_ID] ?? -1) >= 0 }
    }

    /// The state a recording's description gives: the `Value` each axis had when recording
    /// began, from the comments `evemu-record` and `libinput record` write under every
    /// `Event code N (NAME)` line of type `EV_ABS`. The kernel keeps no per-slot value there
    /// (its `ABS_MT_*` values are always 0 in these comments), so this holds the current slot
    /// and the other axes; the slots start as a new device's. Nil when the text has none.
    public static func described(by comments: some Sequence<Substring>) -> DeviceState? {
        var state = DeviceState()
        var found = false
        var inAbsolute = false
        var code: UInt16?
        for line in comments {
            let words = line.split { $0 == "#" || $0 == " " || $0 == "\t" || $0 == "\r" }
            guard words.count >= 2 else { continue }
            switch (words[0], words[1]) {
            case ("Event", "type"):
                inAbsolute = words.count > 2 && words[2] == "3"
                code = nil
            case ("Event", "code"):
                code = inAbsolute && words.count > 2 ? UInt16(words[2]) : nil
            case ("Value", _):
                guard let axis = code, let value = Int32(words[1]) else { continue }
                found = true
                code = nil
                if axis == EventCode.ABS_MT_SLOT {
                    state.currentSlot = value
                } else if !EventCode.isMultitouchAxis(axis) {
                    state.axes[axis] = value
                }
            default:
                continue
            }
        }
        return found ? state : nil
    }
}
