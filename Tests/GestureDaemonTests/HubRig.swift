import Evdev
import GestureCore
import GestureDaemon
import GesturePipeline
import GestureWire
import Logging
import NIOCore
import NIOEmbedded

/// A hub on an embedded event loop with embedded client channels: every line a client would
/// receive is read back synchronously, time is whatever the test feeds. No sockets, no clock.
final class HubRig {
    let loop = EmbeddedEventLoop()
    let hub: GestureHub
    var clock: Int64 = 1_000_000

    /// 200 × 100 mm at 10 units/mm, 10 slots.
    static let screen = DeviceDescription(
        name: "Rig Touchscreen", bus: 0x18, properties: [EventCode.INPUT_PROP_DIRECT],
        codes: [EventCode.EV_KEY: [EventCode.BTN_TOUCH]],
        absinfo: [
            EventCode.ABS_X: AbsInfo(minimum: 0, maximum: 2000, resolution: 10),
            EventCode.ABS_Y: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            EventCode.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 9),
            EventCode.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 2000, resolution: 10),
            EventCode.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            EventCode.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
        ])

    /// A hub with `config`; `capabilities` as a live daemon's unless a test plays a replay's.
    init(config: String, outboxLimit: Int = 1024, capabilities: [String] = ["live", "touchpad-gestures", "define", "snapshot"]) throws {
        hub = GestureHub(
            loop: loop, config: try GestureConfig.parse(config, file: "rig.yml"), origin: Timestamp(microseconds: 1_000_000),
            serverVersion: "test", capabilities: capabilities, outboxLimit: outboxLimit, deadlineClock: nil, logger: Logger(label: "rig"))
        hub.addDevice(DeviceID(1), description: Self.screen)
    }

    /// A connected client.
    func connect(peer: PeerCredentials? = PeerCredentials(pid: 1, uid: 1000, gid: 1000, groups: [1000])) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel(loop: loop)
        try channel.connect(to: SocketAddress(unixDomainSocketPath: "/rig")).wait()
        hub.connect(channel, peer: peer)
        return channel
    }

    func send(_ line: String, from channel: EmbeddedChannel) {
        hub.receive(.text(line), from: channel)
    }

    /// Every line the client has been sent since the last call, parsed.
    func lines(_ channel: EmbeddedChannel) throws -> [JSONValue] {
        var result: [JSONValue] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) {
            let text = String(buffer: buffer)
            for line in text.split(separator: "\n") { result.append(try JSONParser.parse(String(line))) }
        }
        return result
    }

    /// `gesture phase(reason)` for each gesture event among `values`; other events by name.
    static func summary(_ values: [JSONValue]) -> [String] {
        values.compactMap { value in
            guard let event = value["event"]?.stringValue else { return nil }
            guard event == "gesture" else { return event }
            let reason = value["reason"]?.stringValue.map { "(\($0))" } ?? ""
            return "\(value["gesture"]?.stringValue ?? "?") \(value["phase"]?.stringValue ?? "?")\(reason)"
        }
    }

    /// One frame of fingers (id → position in mm) on device 1, 10 ms after the last.
    func frame(_ fingers: [(Int32, Point, TouchPhase)]) {
        clock += 10_000
        hub.feed(TouchFrame(
            device: DeviceID(1), time: Timestamp(microseconds: clock),
            contacts: fingers.map { Contact(id: $0.0, position: $0.1, normalized: Point(x: $0.1.x / 200, y: $0.1.y / 100), phase: $0.2) }))
    }
}
