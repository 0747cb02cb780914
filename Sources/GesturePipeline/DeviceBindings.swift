import GestureCore

/// A configuration's bindings attached to one device of an engine, with what was left out and
/// why, and the states the bindings publish.
public struct DeviceBindings: Sendable {
    /// One attached binding.
    public struct Attached: Sendable {
        /// Its spec.
        public var spec: BindingSpec
        /// The engine's binding.
        public var id: BindingID
    }

    /// The bindings attached, in config order.
    public private(set) var attached: [Attached] = []
    /// The bindings left out, with the reason.
    public private(set) var excluded: [(name: String, reason: String)] = []

    /// Attaches every binding of `config` that applies to `device` (already added to `engine`
    /// with its root target `root`); disabled ones are attached disabled.
    /// `tally` numbers the instances (nil: the engine's own, as a configuration's gestures; a
    /// client's definitions bring their subscription's).
    public init(config: GestureConfig, engine: GestureEngine, device: DeviceProfile, root: TargetID, tally: InstanceTally? = nil) {
        self.init(config: config, engine: engine, device: device, root: root, keeping: [:], tally: tally)
    }

    /// Attaches `config`, reusing the engine bindings in `kept` (by name) instead of attaching
    /// those anew.
    init(
        config: GestureConfig, engine: GestureEngine, device: DeviceProfile, root: TargetID, keeping kept: [String: Attached],
        tally: InstanceTally? = nil
    ) {
        for spec in config.bindings {
            if let reason = spec.exclusion(for: device) {
                excluded.append((spec.name, reason))
                continue
            }
            if let old = kept[spec.name] {
                attached.append(old)
                continue
            }
            attached.append(Attached(spec: spec, id: Self.attach(spec, engine: engine, root: root, tally: tally)))
        }
    }

    /// Moves the device to a new configuration. A binding whose spec is unchanged keeps its
    /// recognizer and any gesture in flight; a changed or removed one is detached (a gesture in
    /// flight fails with ``FailureReason/reconfigured``, in the returned events); new and
    /// changed ones are attached afresh.
    public mutating func reconfigure(
        to config: GestureConfig, engine: GestureEngine, device: DeviceProfile, root: TargetID, at time: Timestamp
    ) -> [GestureEvent] {
        let wanted = Dictionary(config.bindings.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var kept: [String: Attached] = [:]
        var events: [GestureEvent] = []
        for old in attached {
            if wanted[old.spec.name] == old.spec && old.spec.exclusion(for: device) == nil {
                kept[old.spec.name] = old
            } else {
                events += engine.detach(old.id, reason: .reconfigured, at: time).events
            }
        }
        self = DeviceBindings(config: config, engine: engine, device: device, root: root, keeping: kept)
        return events
    }

    static func attach(_ spec: BindingSpec, engine: GestureEngine, root: TargetID, tally: InstanceTally?) -> BindingID {
        let target = spec.region.map { engine.addRegion($0.region, in: root) } ?? root
        let id: BindingID
        if let field = spec.state {
            let state = GestureState(initialValue: field.initialValue)
            let gesture = spec.gesture.gesture.updating(state) { value, published in
                if let current = field.read(from: value) { published = current }
            }
            id = engine.attach(gesture, named: spec.name, to: target, priority: spec.priority, publishing: state, tally: tally)
        } else {
            id = engine.attach(spec.gesture.gesture, named: spec.name, to: target, priority: spec.priority, tally: tally)
        }
        if !spec.enabled { _ = engine.setEnabled(id, false, at: engine.now) }
        if spec.consume { engine.setConsumes(id, fingers: spec.gesture.fewestFingers) }
        return id
    }
}
