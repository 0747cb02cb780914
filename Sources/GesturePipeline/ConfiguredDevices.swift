import Evdev
import GestureCore
import GestureWire

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
        /// How it is turned now: as the configuration says it is mounted, or (a touchscreen
        /// that follows its screen) as its session last said the screen is turned.
        public var rotation: SurfaceRotation
        /// The screen it turns with (`rotation: follow`; nil: it keeps the configuration's).
        public var follows: FollowedScreen?
        /// Who gave a following device its rotation (nil: nobody yet).
        public var setBy: DeviceOrientation.Teller?
        /// Its root target in the engine.
        public var root: TargetID
        /// The configured bindings attached to it, and those left out.
        public var bindings: DeviceBindings
        /// The device as the engine and the bindings see it (its geometry turned).
        public var profile: DeviceProfile { DeviceProfile(description).turned(rotation) }
        /// How it is turned and who said so.
        public var orientation: DeviceOrientation { DeviceOrientation(rotation: rotation, follows: follows, setBy: setBy) }
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

    /// Adds a device: turned, added to the engine, its configured bindings attached. A
    /// touchscreen that follows its screen is turned as `screens` (the last report of its
    /// seat's session, when there is one) says its screen is.
    @discardableResult
    public func add(_ id: DeviceID, description: DeviceDescription, screens: ScreenReport? = nil) -> Device {
        let mounted = Self.orientation(of: description, in: config, screens: screens)
        let profile = DeviceProfile(description).turned(mounted.rotation)
        let root = engine.addDevice(id, geometry: profile.geometry)
        let device = Device(
            description: description, rotation: mounted.rotation, follows: mounted.follows, setBy: mounted.setBy, root: root,
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

    /// How `config` mounts a device: its `devices:` entry's rotation, or — for a touchscreen
    /// that follows its screen — that screen's rotation in `screens` (its seat's last report),
    /// and who said so. The one reading of a device's mounting, for ``add(_:description:screens:)``
    /// and ``reload(_:at:screens:delivering:)``.
    static func orientation(of description: DeviceDescription, in config: GestureConfig, screens: ScreenReport?) -> DeviceOrientation {
        let setting = config.setting(for: DeviceProfile(description))
        guard let follows = setting?.follows, let screens, let screen = follows.screen(in: screens) else {
            return DeviceOrientation(rotation: setting?.rotation ?? .none, follows: setting?.follows)
        }
        return DeviceOrientation(rotation: screen.rotation, follows: follows, setBy: .init(source: screens.source, output: screen.output))
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

    /// What a session says of its screens, for the devices `ids` (those of its seat): each of
    /// them that follows a screen the report has takes that screen's rotation (``turn(_:to:at:delivering:)``:
    /// its gestures in flight fail with `rotated`) and remembers who said it. Returns the
    /// devices that follow a screen of the report, and of them those that turned.
    public func follow(
        _ report: ScreenReport, devices ids: some Sequence<DeviceID>, at time: Timestamp, delivering: ([GestureEvent]) -> Void
    ) -> (following: [DeviceID], turned: [DeviceID]) {
        var following: [DeviceID] = []
        var turned: [DeviceID] = []
        for id in ids.sorted() {
            guard let follows = devices[id]?.follows, let screen = follows.screen(in: report) else { continue }
            following.append(id)
            if turn(id, to: screen.rotation, at: time, delivering: delivering) { turned.append(id) }
            devices[id]?.setBy = DeviceOrientation.Teller(source: report.source, output: screen.output)
        }
        return (following, turned)
    }

    /// Moves every device to `newConfig`: a device turned another way fails its gestures in
    /// flight (`reconfigured`: positions before and after do not compare), unchanged bindings
    /// keep their recognizers and gestures in flight, changed and removed ones fail with
    /// `reconfigured`. A device that follows its screen keeps the rotation its session gave
    /// it (`screens`: the last report of its seat's session, asked per device) — a reload never
    /// turns it back to the file's. The failures go to `delivering` while their bindings still
    /// count as configured. Returns the devices whose rotation changed.
    @discardableResult
    public func reload(
        _ newConfig: GestureConfig, at time: Timestamp, screens: (DeviceID) -> ScreenReport? = { _ in nil },
        delivering: ([GestureEvent]) -> Void
    ) -> [DeviceID] {
        var events: [GestureEvent] = []
        var turned: [DeviceID] = []
        for id in devices.keys.sorted() {
            guard var device = devices[id] else { continue }
            let mounted = Self.orientation(of: device.description, in: newConfig, screens: screens(id))
            device.follows = mounted.follows
            device.setBy = mounted.setBy
            if mounted.rotation != device.rotation {
                device.rotation = mounted.rotation
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
