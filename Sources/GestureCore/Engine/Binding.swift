/// One gesture attached to one target, with the bookkeeping of its current instance.
final class Binding {
    let id: BindingID
    let name: String
    let device: DeviceID
    /// The device's state, and this binding's position in its `bindings` and `working` arrays.
    /// The engine drops a device's bindings when it drops the device, so the reference never
    /// dangles; `unowned(unsafe)` spares the check and retain a safe `unowned` costs per read.
    unowned(unsafe) let deviceState: DeviceState
    var position: Int
    let target: Int
    let priority: GesturePriority
    let mask: GestureMask
    /// Arena rank: a member waits for every competing member of higher rank.
    let rank: Int
    let box: RecognizerBox
    /// The box's `settles` and `announces`, kept here so a round reads them without the box.
    let settles: Bool
    let announces: Bool
    let shouldBegin: ((GestureValue?) -> Bool)?
    let publishedState: (() -> GestureValue)?
    /// What the published state resets to (its initial value).
    let initialState: GestureValue?
    /// Numbers its instances (shared with the bindings of the same owner).
    let tally: InstanceTally
    @exclusivity(unchecked) var enabled = true
    /// It consumes the touches it recognizes once this many of its touches are down (0: it
    /// consumes nothing; ``GestureEngine/setConsumes(_:fingers:)``).
    @exclusivity(unchecked) var consumeFingers = 0
    /// The recognizer's phase kind and deadline, kept from the ``RecognizerStatus`` each change
    /// returns (reading them from a composed recognizer is the expensive part of a frame).
    @exclusivity(unchecked) private(set) var kind = PhaseKind.possible
    @exclusivity(unchecked) private(set) var deadline: Timestamp?

    // The current instance.
    /// Where it stands: open, cleared, accepted, announced, finished (``InstanceStage``).
    @exclusivity(unchecked) var stage = InstanceStage.open
    /// Its id, from ``InstanceStage/announced`` on (read it through ``instance``).
    @exclusivity(unchecked) var announcedID = InstanceID(0)
    /// Its number in ``tally``, from ``InstanceStage/announced`` on.
    @exclusivity(unchecked) var announcedNumber: UInt64 = 0
    /// The round in which the instance first claimed its arenas (0: it has not), so that equal
    /// ranks go to the first to claim.
    @exclusivity(unchecked) var claimRound: UInt64 = 0
    /// Slots (of the device's touch table) routed to this binding.
    @exclusivity(unchecked) var touches: UInt64 = 0
    /// Slots that landed on its target while its instance was finished: it took none of them,
    /// but a failed instance is not reset while any is down.
    @exclusivity(unchecked) var watched: UInt64 = 0
    /// Its unannounced failure is in the engine's trace (``GestureEngine/recordsUnseenFailures``).
    @exclusivity(unchecked) var failureTraced = false
    /// Undecided arena memberships: (arena index, member index).
    @exclusivity(unchecked) var memberships: [ArenaMembership] = []

    // The round's bookkeeping, not the instance's: both are cleared at every round's end.
    /// The recognizer consumed input, time or a failure this round.
    @exclusivity(unchecked) var dirty = false
    /// The binding is in this round's list.
    @exclusivity(unchecked) var inRound = false

    /// The arena let this instance be seen.
    var accepted: Bool { stage >= .accepted }
    /// The instance's id, once announced.
    var instance: InstanceID? { stage >= .announced ? announcedID : nil }
    /// The instance's `ended` or `failed` was announced.
    var finished: Bool { stage == .finished }

    init(
        id: BindingID, name: String, device: DeviceState, position: Int, target: Int, depth: Int, priority: GesturePriority,
        mask: GestureMask, box: RecognizerBox, shouldBegin: ((GestureValue?) -> Bool)?,
        publishedState: (() -> GestureValue)?, initialState: GestureValue?, tally: InstanceTally
    ) {
        self.id = id
        self.name = name
        self.device = device.id
        deviceState = device
        self.position = position
        self.target = target
        self.priority = priority
        self.mask = mask
        self.box = box
        settles = box.settles
        announces = box.announces
        self.shouldBegin = shouldBegin
        self.publishedState = publishedState
        self.initialState = initialState
        self.tally = tally
        rank = switch priority {
        case .high: 2000 - depth
        case .normal, .simultaneous: 1000 + depth
        }
        memberships.reserveCapacity(4)
    }

    /// Whether the current instance finished.
    var isTerminal: Bool { kind == .ended || kind == .failed }

    /// Keeps the recognizer's status, as the call that changed it returned it. Returns whether
    /// the deadline changed.
    @discardableResult
    func apply(_ status: RecognizerStatus) -> Bool {
        kind = status.kind
        let old = deadline
        deadline = status.deadline
        return old != deadline
    }

    /// Its touches while its instance is not finished, 0 otherwise (see `DeviceState.working`).
    var working: UInt64 { isTerminal ? 0 : touches }

    /// Copies `working` into the device's array.
    func publishWorking() {
        deviceState.setWorking(position, working)
    }

    /// Whether an instance is under way (touches, arena business, a deadline, or an announcement).
    var inFlight: Bool {
        touches != 0 || !memberships.isEmpty || accepted || deadline != nil
    }

    /// Forgets the finished instance. Returns whether the deadline changed.
    func resetInstance() -> Bool {
        memberships.removeAll(keepingCapacity: true)
        stage = .open
        claimRound = 0
        failureTraced = false
        return apply(box.reset())
    }
}
