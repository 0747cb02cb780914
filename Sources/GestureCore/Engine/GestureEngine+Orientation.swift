extension GestureEngine {
    /// Gives a known device a new surface (it was turned): every gesture in flight on it fails
    /// with `reason` (``FailureReason/reconfigured`` by a reload, ``FailureReason/rotated`` when
    /// the screen turned; announced in the returned events), since positions before and after
    /// the turn do not compare. Touches still down stay tracked.
    public func reorient(_ id: DeviceID, geometry: DeviceGeometry, at time: Timestamp, reason: FailureReason = .reconfigured) -> EngineOutput {
        let time = clamp(time)
        return collect { events in
            fireDeadlines(upTo: time, into: &events)
            guard let device = devices[id] else { return }
            failInFlight(on: device, reason)
            finishRound(at: time, endedSlots: 0, on: device, into: &events)
            device.geometry = geometry
            deadlinesChanged = true
        }
    }

    /// Fails every gesture in flight on `device` with `reason` (announced at the round's end).
    func failInFlight(on device: DeviceState, _ reason: FailureReason) {
        for index in device.bindings {
            let binding = bindings[index]!
            if binding.inFlight { fail(binding, reason) }
        }
    }
}
