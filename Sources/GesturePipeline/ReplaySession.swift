import Evdev
import GestureCore
import GestureWire

/// Runs recordings through the same pipeline as live input — decoder, configured bindings,
/// engine — as fast as possible (or paced by the caller) and deterministically.
///
/// Each device of each recording becomes an engine device (ids from 1, in order). The devices of
/// one recording play together, frames merged by time; several recordings play one after the
/// other. Time advances between frames and past the last one, so deadlines fire at their own
/// time (a single tap at the very end is still reported after its double-tap window); then the
/// engine shuts down, so every instance announced ends — `failed(shutdown)` for a gesture still
/// held when the recording stops.
public final class ReplaySession {
    /// One device being replayed.
    public struct Device: Sendable {
        /// Its engine id.
        public var id: DeviceID
        /// The recording it came from.
        public var file: String
        /// Its description.
        public var description: DeviceDescription
        /// How the configuration says it is mounted (its frames are turned so).
        public var rotation: SurfaceRotation
        /// The screen it follows (`rotation: follow`): a recording has no session to say how that
        /// screen is turned, so it replays as the configuration mounts it.
        public var follows: FollowedScreen?
        /// The libinput quirks that apply to it (the recording's own, or the database's).
        public var quirks: DeviceQuirks
        /// Its palm, thumb and jump rules (touchpads with per-finger positions).
        public var touchpad: TouchpadRules?
        /// The bindings attached to it, and those left out.
        public var bindings: DeviceBindings
    }

    /// The engine (inspect it in tests).
    public var engine: GestureEngine { pipeline.engine }
    /// Every device, in order.
    public private(set) var devices: [Device] = []
    /// The first event's time: event times are reported relative to it.
    public let origin: Timestamp
    /// The devices whose times went backwards and were clamped, one report each.
    public let clamps: [TimeClamp]
    /// The devices as the configuration sets them up: the pipeline the daemon uses too.
    let pipeline: ConfiguredDevices
    let schedule: [TouchFrame]
    let leftOut: [ReplayPlan.LeftOut]

    /// Prepares the replay of `recordings` (with their file names) under `config`; `quirks` is
    /// libinput's database (``QuirksLoader``) for touchpads whose file does not list its quirks.
    public init(
        recordings: [(recording: Recording, file: String)], config: GestureConfig, quirks: QuirksDatabase = QuirksDatabase(),
        settings: GestureSettings = .standard
    ) {
        pipeline = ConfiguredDevices(config: config, settings: settings)
        let plan = ReplayPlan(recordings: recordings, quirks: quirks)
        for device in plan.devices {
            let added = pipeline.add(device.id, description: device.description)
            devices.append(Device(
                id: device.id, file: device.file, description: device.description, rotation: added.rotation, follows: added.follows, quirks: device.quirks,
                touchpad: device.touchpad, bindings: added.bindings))
        }
        origin = plan.origin
        clamps = plan.clamps
        schedule = plan.frames
        leftOut = plan.leftOut
    }

    /// Frames to replay.
    public var frameCount: Int { schedule.count }

    /// A picture of this replay (`gesturectl replay --svg`): every frame as the engine saw it
    /// (turned as configured) on its device's surface, and a lane for each gesture attached to
    /// some device (in configuration order) with `events` — those ``run(pace:emit:)`` gave.
    public func picture(of events: [GestureEvent]) -> ReplayPicture {
        ReplayPicture(surfaces: surfaces, frames: framesAsSeen, events: events, gestures: gestures, origin: origin)
    }

    /// Every frame as the engine sees it: turned as the configuration mounts its device.
    public var framesAsSeen: [TouchFrame] {
        var byID: [DeviceID: Device] = [:]
        for device in devices { byID[device.id] = device }
        return schedule.map { frame in
            guard let device = byID[frame.device] else { return frame }
            return device.rotation.frame(frame, on: device.description.surface.geometry)
        }
    }

    /// The touches a touchpad's rules left out (palms, thumbs), frame by frame while any is down
    /// (``ReplayPlan/leftOut``), turned like the frames.
    public var leftOutAsSeen: [ReplayPlan.LeftOut] {
        var byID: [DeviceID: Device] = [:]
        for device in devices { byID[device.id] = device }
        return leftOut.map { entry in
            guard let device = byID[entry.device], !entry.contacts.isEmpty else { return entry }
            var turned = entry
            turned.contacts = device.rotation.frame(
                TouchFrame(device: entry.device, time: entry.time, contacts: entry.contacts), on: device.description.surface.geometry).contacts
            return turned
        }
    }

    /// Each device's surface as the engine sees it (turned), in device order.
    public var surfaces: [ReplayPicture.Surface] {
        devices.map { device in
            ReplayPicture.Surface(
                device: device.id, name: device.description.name,
                size: device.rotation.geometry(device.description.surface.geometry).size)
        }
    }

    /// The gestures attached to some device, in configuration order, each once.
    public var gestures: [String] {
        var names: [String] = []
        var seen = Set<String>()
        for device in devices {
            for name in device.bindings.attached.map(\.spec.name) where seen.insert(name).inserted { names.append(name) }
        }
        return names
    }

    /// Runs the whole replay, calling `emit` with every event in order. `pace`, when given, is
    /// called with each frame's time (relative to ``origin``) before it is fed, and may wait;
    /// `afterRound`, when given, after each frame, deadline and the shutdown have been fed, with
    /// their time (to read the engine's traces, ``GestureEngine/arenaLog`` and
    /// ``GestureEngine/unseenFailures``, as they grow).
    public func run(pace: ((Seconds) -> Void)? = nil, afterRound: ((Timestamp) -> Void)? = nil, emit: (GestureEvent) -> Void) {
        for frame in schedule {
            pace?(frame.time - origin)
            for event in pipeline.feed(frame).events { emit(event) }
            afterRound?(engine.now)
        }
        let fired = ReplayPlan.fireRemainingDeadlines(next: { engine.nextDeadline }) { deadline in
            pace?(deadline - origin)
            for event in engine.advance(to: deadline).events { emit(event) }
            afterRound?(engine.now)
        }
        let last = max(schedule.last?.time ?? origin, fired ?? origin)
        for event in engine.shutdown(at: last).events { emit(event) }
        afterRound?(engine.now)
    }
}
