/// One gesture attached to one target, with the bookkeeping of its current instance.
final class Binding {
    let id: BindingID
    let name: String
    let device: DeviceID
    let target: Int
    let priority: GesturePriority
    let mask: GestureMask
    /// Arena rank: a member waits for every competing member of higher rank.
    let rank: Int
    let box: AnyRecognizerBox
    let shouldBegin: ((GestureValue?) -> Bool)?
    let publishedState: (() -> GestureValue)?
    var enabled = true

    // The current instance.
    /// Slots (of the device's touch table) routed to this binding.
    var touches: UInt64 = 0
    /// Undecided arena memberships: (arena index, member index).
    var memberships: [(arena: Int, member: Int)] = []
    /// The arena let this instance be seen.
    var accepted = false
    /// `shouldBegin` was asked for this instance.
    var vetoChecked = false
    /// The instance was announced (has an id).
    var instance: InstanceID?
    /// The instance's `ended` or `failed` was announced.
    var finished = false
    /// The recognizer consumed input, time or a failure this round.
    var dirty = false
    /// The binding is in this round's list.
    var inRound = false

    init(
        id: BindingID, name: String, device: DeviceID, target: Int, depth: Int, priority: GesturePriority,
        mask: GestureMask, box: AnyRecognizerBox, shouldBegin: ((GestureValue?) -> Bool)?,
        publishedState: (() -> GestureValue)?
    ) {
        self.id = id
        self.name = name
        self.device = device
        self.target = target
        self.priority = priority
        self.mask = mask
        self.box = box
        self.shouldBegin = shouldBegin
        self.publishedState = publishedState
        rank = switch priority {
        case .high: 2000 - depth
        case .normal, .simultaneous: 1000 + depth
        }
        memberships.reserveCapacity(4)
    }

    /// Whether an instance is under way (touches, arena business, a deadline, or an announcement).
    var inFlight: Bool {
        touches != 0 || !memberships.isEmpty || accepted || (!box.isTerminal && box.deadline != nil)
    }

    /// Forgets the finished instance.
    func resetInstance() {
        box.reset()
        memberships.removeAll(keepingCapacity: true)
        accepted = false
        vetoChecked = false
        instance = nil
        finished = false
    }
}
