/// What became of the values a grabbed node's other readers last read, as the grab ended
/// (``EvdevTouchSource/ungrab(restoring:at:)``, docs/OWNERSHIP.md "When the grab ends").
public enum StateWriteBack: Equatable, Sendable {
    /// The kernel held what the readers last read: nothing to write (or the node is gone).
    case unchanged
    /// This many values were written back into the node before the grab ended.
    case written(values: Int)
    /// They could not be written; the reason, for the journal.
    case failed(String)
}
