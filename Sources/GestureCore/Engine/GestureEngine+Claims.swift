/// Consuming bindings: a gesture whose touches the desktop must not see (issue 34). The engine
/// only says, after each round, what the device's consuming bindings claim of each contact;
/// a forwarder that grabbed the device applies it (Evdev's `TouchForwarder`).
///
/// A contact is
/// - ``TouchVerdict/consume``d once a consuming binding that has it is accepted by the arena
///   (active or ended), and stays so until it lifts;
/// - ``TouchVerdict/hold``: a consuming binding that has it is undecided and has at least its
///   `fingers` touches (a three-finger swipe does not hold a lone finger: the pointer moves
///   as it always did);
/// - ``TouchVerdict/forward`` otherwise: outside every consuming binding's target, of a count
///   none takes, or every consuming binding that had it failed.
extension GestureEngine {
    /// Makes a binding consume the touches it recognizes, from the moment `fingers` of its
    /// touches are down; nil stops it.
    public func setConsumes(_ id: BindingID, fingers: Int?) {
        checkNotDispatching()
        guard let binding = binding(id) else { return }
        let device = binding.deviceState
        binding.consumeFingers = fingers.map { max(1, $0) } ?? 0
        device.consumers.removeAll { $0 == id.rawValue }
        if binding.consumeFingers > 0 { device.consumers.append(id.rawValue) }
        if device.consumers.isEmpty {
            device.claims.removeAll()
            device.consumedSlots = 0
            device.deciding = false
        } else {
            device.claims.reserveCapacity(16)
        }
        consumingDevices = devices.values.count { !$0.consumers.isEmpty }
    }

    /// Whether any binding on `device` consumes touches.
    public func consumes(on device: DeviceID) -> Bool { !(devices[device]?.consumers.isEmpty ?? true) }

    /// What the consuming gestures of `device` say of its contacts after the last round, for
    /// its forwarder (``TouchVerdicts/none`` for a device the engine does not know).
    public func verdicts(on device: DeviceID) -> TouchVerdicts {
        guard let state = self.device(device) else { return .none }
        return TouchVerdicts(claims: state.claims, isDeciding: state.deciding, consumptions: state.consumptions)
    }

    /// The verdict on a contact of `device` after the last round (a contact that lifted in that
    /// round included); nil for one the engine does not know, or a device that consumes nothing.
    public func verdict(forContact id: Int32, on device: DeviceID) -> TouchVerdict? {
        guard let state = self.device(device) else { return nil }
        for claim in state.claims where claim.contact == id { return claim.verdict }
        return nil
    }

    /// Whether a consuming binding of `device` is undecided with an instance under way (it may
    /// yet claim a contact that lifted, as a double tap claims its first tap).
    public func isDeciding(on device: DeviceID) -> Bool { devices[device]?.deciding ?? false }

    /// How many contacts the consuming bindings of `device` have claimed so far.
    public func consumptions(on device: DeviceID) -> UInt64 { devices[device]?.consumptions ?? 0 }

    /// Judges every contact of the devices with consuming bindings (one device, or all of them
    /// when the round had none), before the round forgets the touches that lifted.
    func updateClaims(_ device: DeviceState?) {
        if let device {
            if !device.consumers.isEmpty { updateClaims(of: device) }
            return
        }
        for state in devices.values where !state.consumers.isEmpty { updateClaims(of: state) }
    }

    func updateClaims(of device: DeviceState) {
        device.claims.removeAll(keepingCapacity: true)
        var used = device.table.used
        while used != 0 {
            let slot = used.trailingZeroBitCount
            let bit: UInt64 = 1 << UInt64(slot)
            used &= used - 1
            var verdict = device.consumedSlots & bit != 0 ? TouchVerdict.consume : .forward
            if verdict != .consume {
                for index in device.consumers {
                    unowned(unsafe) let binding = bindings[index]!
                    guard binding.enabled, binding.touches & bit != 0, binding.kind != .failed else { continue }
                    if binding.stage >= .accepted {
                        verdict = .consume
                        break
                    }
                    if binding.touches.nonzeroBitCount >= binding.consumeFingers { verdict = .hold }
                }
                if verdict == .consume {
                    device.consumedSlots |= bit
                    device.consumptions &+= 1
                }
            }
            device.claims.append((device.table.slots[slot].contactID, verdict))
        }
        device.deciding = device.consumers.contains { index in
            let binding = bindings[index]!
            return binding.enabled && binding.kind == .possible && binding.stage < .accepted && binding.inFlight
        }
    }
}
