import Evdev
import GestureCore

/// The engine and its devices as the configuration sets them up: the one pipeline that replay
/// (``ReplaySession``) and the daemon (its hub, live or replaying) share. A device is turned as
/// the configuration mounts it (`devices:` rotation), added to the engine with its turned
/// geometry and given its configured bindings (``DeviceBindings``); its frames are turned the
/// same way before the engine sees them. A reload turns devices anew and keeps unchanged
/// bindings. Pure: time is passed in, events are returned — or, where what was known before
/// matters to whoever delivers them (a device's last failures, a reload's), handed to
/// `delivering` while it still is.
public final class ConfiguredDevices {
    /// One device as the engine sees it.
    public struct Device: Sendable {
        /// What the device says of itself.
        public var description: DeviceDescription
        /// How the configuration says it is mounted.
        public var rotation: SurfaceRotation
        /// Its root target in the engine.
        public var root: TargetID
        /// The configured bindings attached to it, and those left out.
        public var bindings: DeviceBindings
        /// The device as the engine and the bindings see it (its geometry turned).
        public var profile: DeviceProfile { DeviceProfile(description).turned(rotation) }
    }

    /// The engine.
    public let engine: GestureEngine
    /// The configuration in force.
    public private(set) var config: GestureConfig
    /// The devices, by id.
    public private(set) var devices: [DeviceID: Device] = [:]
    /// The engine bindings that come from the configuration (not from clients' definitions).
    public private(set) var configuredBindings: Set<BindingID> = []
    /// The devices that are turned, and their surfaces: what a frame needs (looked up without
    /// copying a whole ``Device`` per frame).
    var turned: [DeviceID: (rotation: SurfaceRotation, surface: DeviceGeometry)] = [:]

    /// An engine with no devices yet, for `config`.
    public init(config: GestureConfig, settings: GestureSettings = .standard) {
        self.config = config
        engine = GestureEngine(settings: settings)
    }

    /// Adds a device: turned, added to the engine, its configured bindings attached.
    @discardableResult
    public func add(_ id: DeviceID, description: DeviceDescription) -> Device {
        let rotation = config.rotation(for: DeviceProfile(description))
        let profile = DeviceProfile(description).turned(rotation)
        let root = engine.addDevice(id, geometry: profile.geometry)
        let device = Device(
            description: description, rotation: rotation, root: root,
            bindings: DeviceBindings(config: config, engine: engine, device: profile, root: root))
        configuredBindings.formUnion(device.bindings.attached.map(\.id))
        devices[id] = device
        noteTurn(of: id)
        return device
    }

    /// Removes a device: its gestures in flight fail with `deviceRemoved`, handed to
    /// `delivering` while the device and its bindings are still known; then it is forgotten.
    public func remove(_ id: DeviceID, at time: Timestamp, delivering: ([GestureEvent]) -> Void) {
        guard let device = devices[id] else { return }
        delivering(engine.removeDevice(id, at: time).events)
        devices[id] = nil
        turned[id] = nil
        configuredBindings.subtract(device.bindings.attached.map(\.id))
    }

    /// One frame, turned as its device is mounted.
    public func feed(_ frame: TouchFrame) -> EngineOutput {
        engine.feed(turned(frame))
    }

    /// A frame as the engine sees it: turned as its device is mounted.
    public func turned(_ frame: TouchFrame) -> TouchFrame {
        guard let turn = turned[frame.device] else { return frame }
        return turn.rotation.frame(frame, on: turn.surface)
    }

    /// Keeps ``turned`` in step with a device's rotation.
    func noteTurn(of id: DeviceID) {
        guard let device = devices[id], device.rotation != .none else {
            turned[id] = nil
            return
        }
        turned[id] = (device.rotation, device.description.surface.geometry)
    }

    /// Turns device `id`'s surface to `rotation` while it runs (the screen it is mounted on
    /// turned): every gesture in flight on it fails with ``FailureReason/rotated`` — a swipe is
    /// never reported in the old direction after the turn — and its frames, edge regions,
    /// `region:`s and strokes are read in the new orientation from the next frame on. The
    /// failures go to `delivering`. Returns false (and does nothing) for an unknown device or
    /// the rotation it has.
    @discardableResult
    public func turn(_ id: DeviceID, to rotation: SurfaceRotation, at time: Timestamp, delivering: ([GestureEvent]) -> Void) -> Bool {
        guard var device = devices[id], device.rotation != rotation else { return false }
        device.rotation = rotation
        let events = engine.reorient(id, geometry: device.profile.geometry, at: time, reason: .rotated).events
        devices[id] = device
        noteTurn(of: id)
        delivering(events)
        return true
    }

    /// Moves every device to `newConfig`: a device turned another way fails its gestures in
    /// flight (`reconfigured`: positions before and after do not compare), unchanged bindings
    /// keep their recognizers and gestures in flight, changed and removed ones fail with
    /// `reconfigured`. The failures go to `delivering` while their bindings still count as
    /// configured. Returns the devices whose rotation changed.
    @discardableResult
    public func reload(_ newConfig: GestureConfig, at time: Timestamp, delivering: ([GestureEvent]) -> Void) -> [DeviceID] {
        var events: [GestureEvent] = []
        var turned: [DeviceID] = []
        for id in devices.keys.sorted() {
            guard var device = devices[id] else { continue }
            let rotation = newConfig.rotation(for: DeviceProfile(device.description))
            if rotation != device.rotation {
                device.rotation = rotation
                events += engine.reorient(id, geometry: device.profile.geometry, at: time).events
                turned.append(id)
            }
            events += device.bindings.reconfigure(to: newConfig, engine: engine, device: device.profile, root: device.root, at: time)
            devices[id] = device
            noteTurn(of: id)
        }
        delivering(events)
        config = newConfig
        configuredBindings = Set(devices.values.flatMap { $0.bindings.attached.map(\.id) })
        return turned
    }
}
