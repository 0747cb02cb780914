import GestureCore

/// A frame out of the slots at SYN_REPORT: the contacts as reported, the touchpad's palms and
/// thumbs left out, each contact's identity and phase, positions in millimetres.
extension MultitouchDecoder {
    mutating func frame(at time: Timestamp) -> TouchFrame? {
        // The last frame's contacts buffer, reused: once that frame is let go (the daemon's
        // reader lets it go before it reads again) a frame allocates nothing; a frame still held
        // costs this one a new buffer, nothing more.
        var contacts = contactsBuffer
        contactsBuffer = []
        contacts.removeAll(keepingCapacity: true)
        if !steadyFrame(into: &contacts) { changedFrame(at: time, into: &contacts) }
        contactsBuffer = contacts
        return contacts.isEmpty ? nil : TouchFrame(device: device, time: time, contacts: contacts)
    }

    /// The usual frame of a touchscreen: the fingers of the last frame, in the same slots and
    /// order, moving or still. Built straight from the slots, with no buffer in between (what
    /// ``changedFrame(at:into:)`` would build from them). False, with
    /// `contacts` left empty and nothing changed, for any other frame — a touch began or ended,
    /// a tool is no finger, a slot number outside the array, a touchpad (its rules judge every
    /// frame).
    mutating func steadyFrame(into contacts: inout [Contact]) -> Bool {
        guard buildsSteadyFramesFromSlots, slots.far.isEmpty, !live.isEmpty else { return false }
        var placed = 0
        let built = slots.near.withUnsafeBufferPointer { near in
            for slot in near {
                guard let id = slot.axes.trackingID, id >= 0, !slot.rejected, !slot.heldOver else { continue }
                guard placed < live.count, live[placed].id == id, slot.axes.isFinger else { return false }
                let (position, normalized) = place(slot.axes.x ?? 0, slot.axes.y ?? 0)
                contacts.append(Contact(
                    id: id, position: position, normalized: normalized, phase: live[placed].position == position ? .stationary : .moved,
                    pressure: slot.axes.pressure.flatMap(pressure), majorAxis: slot.axes.major.map { Double($0) * millimetresPerUnitX }))
                placed += 1
            }
            return placed == live.count
        }
        guard built else {
            contacts.removeAll(keepingCapacity: true)
            return false
        }
        for index in contacts.indices {
            live[index].position = contacts[index].position
            live[index].normalized = contacts[index].normalized
        }
        return true
    }

    /// Any frame: the contacts as reported (fake fingers added, a touchpad's palms and thumbs
    /// left out), given identities, matched against the last frame for their phases, with
    /// those that are gone ended (or cancelled).
    mutating func changedFrame(at time: Timestamp, into contacts: inout [Contact]) {
        // The buffers are taken out while in use (no copy on write) and put back at the end.
        var current = rawBuffer
        rawBuffer = []
        var ids = idBuffer
        idBuffer = []
        var next = nextBuffer
        nextBuffer = []
        defer {
            rawBuffer = current
            idBuffer = ids
            nextBuffer = next
        }
        let unplaced = currentContacts(into: &current)
        identities(for: current, into: &ids)
        var notFingers = Set<Int32>()
        if touchpadFilter != nil {
            // A buffer kept between frames: the filter's input costs no allocation per frame.
            filterSamples.removeAll(keepingCapacity: true)
            for i in current.indices {
                filterSamples.append(TouchpadContactFilter.Sample(
                    id: ids[i], x: current[i].x, y: current[i].y, pressure: current[i].pressure, major: current[i].major,
                    minor: current[i].minor))
            }
            notFingers = touchpadFilter!.update(&filterSamples, at: time, unplaced: unplaced)
            rejectedNow.formUnion(notFingers)
            for i in current.indices { (current[i].x, current[i].y) = (filterSamples[i].x, filterSamples[i].y) }
        }
        // On a touchpad, a counted touch found not to be a finger changes the finger count under
        // the gesture: libinput cancels its gesture and starts again with the fingers that count.
        // So do the other fingers here: cancelled in this frame, beginning again in the next.
        var restarted = Set<Int32>()
        if touchpadFilter != nil, live.contains(where: { rejectedNow.contains($0.id) }) {
            restarted = Set(live.map(\.id)).subtracting(rejectedNow)
        }
        contacts.reserveCapacity(current.count + live.count)
        next.removeAll(keepingCapacity: true)
        if !leftOut.isEmpty { leftOut.removeAll(keepingCapacity: true) }
        if !notFingers.isEmpty {
            for (index, raw) in current.enumerated() where notFingers.contains(ids[index]) {
                let (position, normalized) = place(raw.x, raw.y)
                leftOut.append((
                    Contact(id: ids[index], position: position, normalized: normalized, phase: .stationary),
                    touchpadFilter?.reason(for: ids[index]) ?? "not a finger"))
            }
        }
        let dropsSome = !notFingers.isEmpty || !restarted.isEmpty
        for (index, raw) in current.enumerated() where !dropsSome || (!notFingers.contains(ids[index]) && !restarted.contains(ids[index])) {
            let (position, normalized) = place(raw.x, raw.y)
            let id = ids[index]
            let phase: TouchPhase
            // Contacts mostly keep their order from frame to frame: the same place is looked at first.
            let hint = next.count
            if let before = hint < live.count && live[hint].id == id ? live[hint] : live.first(where: { $0.id == id }) {
                phase = before.position == position ? .stationary : .moved
            } else {
                phase = .began
            }
            contacts.append(Contact(
                id: id, position: position, normalized: normalized, phase: phase,
                pressure: raw.pressure.flatMap(pressure), majorAxis: raw.major.map { Double($0) * millimetresPerUnitX }))
            next.append(Live(id: id, position: position, normalized: normalized))
        }
        for (index, before) in live.enumerated() where !(index < next.count && next[index].id == before.id) && !next.contains(where: { $0.id == before.id }) {
            let phase: TouchPhase = !rejectedNow.isEmpty && rejectedNow.contains(before.id) || restarted.contains(before.id) ? .cancelled : .ended
            contacts.append(Contact(id: before.id, position: before.position, normalized: before.normalized, phase: phase))
        }
        if !rejectedNow.isEmpty { rejectedNow.removeAll() }
        swap(&live, &next)
    }

    /// Stable ids: tracking ids where the device gives them, otherwise nearest-neighbour
    /// matching against the previous frame (closest pairs first), fresh ids for the rest. A
    /// tracking id given to two contacts at once (a faulty or hostile device: the kernel keeps
    /// them unique, uinput does not) stays with the first; the other is matched as if it had
    /// none, so a frame never holds one id twice.
    mutating func identities(for current: [RawContact], into ids: inout [Int32]) {
        ids.removeAll(keepingCapacity: true)
        // The usual frame: the same contacts as the last one, in the same order (their ids are
        // unique, as every frame's are); otherwise, often, every contact has its own tracking id
        // (checked without allocating).
        let sameAsLast = current.count == live.count && current.indices.allSatisfy { current[$0].id == live[$0].id }
        if sameAsLast || current.indices.allSatisfy({ i in current[i].id.map { id in !current[..<i].contains { $0.id == id } } ?? false }) {
            for raw in current { ids.append(raw.id!) }
            return
        }
        ids.append(contentsOf: identities(for: current))
    }

    /// ``identities(for:into:)`` where some contact has no tracking id of its own.
    mutating func identities(for current: [RawContact]) -> [Int32] {
        var result: [Int32?] = []
        var taken = Set<Int32>()
        for raw in current {
            if let id = raw.id, taken.insert(id).inserted { result.append(id) } else { result.append(nil) }
        }
        if !result.contains(nil) { return result.map { $0! } }
        var pairs: [(distance: Double, index: Int, id: Int32)] = []
        for (index, raw) in current.enumerated() where result[index] == nil {
            let position = millimetres(raw.x, raw.y)
            for before in live where !taken.contains(before.id) {
                pairs.append((position.distance(to: before.position), index, before.id))
            }
        }
        pairs.sort { ($0.distance, $0.index, $0.id) < ($1.distance, $1.index, $1.id) }
        for pair in pairs where result[pair.index] == nil && !taken.contains(pair.id) {
            result[pair.index] = pair.id
            taken.insert(pair.id)
        }
        return result.map { id in
            if let id { return id }
            while taken.contains(nextAnonymousID) || live.contains(where: { $0.id == nextAnonymousID }) {
                nextAnonymousID = nextAnonymousID == .max ? 0 : nextAnonymousID + 1
            }
            taken.insert(nextAnonymousID)
            return nextAnonymousID
        }
    }

    /// A device position in millimetres on the surface, and as a fraction of each axis.
    @inline(__always)
    func place(_ x: Int32, _ y: Int32) -> (position: Point, normalized: Point) {
        let (dx, dy) = (Double(xAxis.offset(of: x)), Double(yAxis.offset(of: y)))
        return (Point(x: dx * millimetresPerUnitX, y: dy * millimetresPerUnitY), Point(x: dx / spanX, y: dy / spanY))
    }

    func millimetres(_ x: Int32, _ y: Int32) -> Point { place(x, y).position }

    func pressure(_ value: Int32) -> Double? {
        guard let axis = pressureAxis else { return nil }
        return Double(axis.offset(of: value)) / Double(axis.span)
    }
}
