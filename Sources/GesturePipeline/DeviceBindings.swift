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
    public init(config: GestureConfig, engine: GestureEngine, device: DeviceProfile, root: TargetID) {
        for spec in config.bindings {
            if let reason = spec.exclusion(for: device) {
                excluded.append((spec.name, reason))
                continue
            }
            let target = spec.region.map { engine.addRegion($0.region, in: root) } ?? root
            let id: BindingID
            if let field = spec.state {
                let state = GestureState(initialValue: field.initialValue)
                let gesture = spec.gesture.gesture.updating(state) { value, published in
                    if let current = field.read(from: value) { published = current }
                }
                id = engine.attach(gesture, named: spec.name, to: target, priority: spec.priority, publishing: state)
            } else {
                id = engine.attach(spec.gesture.gesture, named: spec.name, to: target, priority: spec.priority)
            }
            if !spec.enabled { _ = engine.setEnabled(id, false, at: engine.now) }
            attached.append(Attached(spec: spec, id: id))
        }
    }
}
