import Evdev
import Foundation
import GestureCore
import GesturePipeline
import GestureTesting
import GestureWire
import Testing

/// A device's frames play in file order, whatever their timestamps say (issue 11: a recording
/// whose clock stepped back was reordered by time, turning one drag into a pan jumping back and
/// forth and a second pan that never ended).
@Suite struct ReplayPlanTests {
    /// 200 × 100 mm at 10 units/mm.
    static let screen = DeviceDescription(
        name: "Plan Touchscreen", bus: 0x18, properties: [EventCode.INPUT_PROP_DIRECT],
        codes: [EventCode.EV_KEY: [EventCode.BTN_TOUCH]],
        absinfo: [
            EventCode.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 9),
            EventCode.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 2000, resolution: 10),
            EventCode.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            EventCode.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
        ])

    /// One finger dragged 40 mm right in 40 frames 10 ms apart, from t = 100 s; from frame
    /// `stepAt` on the clock reads 0.2 s earlier (an NTP step). Events are numbered as lines
    /// from 1, one per event.
    static func drag(stepAt: Int?) -> RecordedDevice {
        var events: [InputEvent] = []
        for frame in 0...41 {
            var micros = Int64(100_000_000 + frame * 10_000)
            if let stepAt, frame >= stepAt { micros -= 200_000 }
            let time = Timestamp(microseconds: micros)
            func add(_ type: UInt16, _ code: UInt16, _ value: Int32) { events.append(InputEvent(time: time, type: type, code: code, value: value)) }
            if frame == 0 {
                add(EventCode.EV_ABS, EventCode.ABS_MT_TRACKING_ID, 7)
                add(EventCode.EV_ABS, EventCode.ABS_MT_POSITION_Y, 500)
                add(EventCode.EV_KEY, EventCode.BTN_TOUCH, 1)
            }
            if frame == 41 {
                add(EventCode.EV_ABS, EventCode.ABS_MT_TRACKING_ID, -1)
                add(EventCode.EV_KEY, EventCode.BTN_TOUCH, 0)
            } else {
                add(EventCode.EV_ABS, EventCode.ABS_MT_POSITION_X, Int32(500 + min(frame, 40) * 10))
            }
            add(EventCode.EV_SYN, EventCode.SYN_REPORT, 0)
        }
        return RecordedDevice(node: nil, description: screen, events: events, lines: Array(1...events.count))
    }

    static let config = try! GestureConfig.parse(
        "version: 1\ngestures:\n  - name: pan\n    drag: { minimumDistance: 2 }\n    state: translation\n", file: "pan.yml")

    func replay(_ devices: [RecordedDevice]) -> (session: ReplaySession, events: [GestureEvent]) {
        let session = ReplaySession(recordings: [(Recording(format: .evemu, devices: devices), "step.evemu")], config: Self.config)
        var events: [GestureEvent] = []
        session.run { events.append($0) }
        return (session, events)
    }

    @Test func aClockThatStepsBackIsClampedNotReordered() throws {
        let (session, events) = replay([Self.drag(stepAt: 20)])
        // One pan, from start to lift, that ends 40 mm to the right.
        #expect(Set(events.map(\.instance)).count == 1)
        #expect(events.last?.phase == .ended)
        #expect(events.last { $0.phase == .active }?.state == .vector(Vector(dx: 40, dy: 0)))
        // Time never went back in the engine.
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
        // Reported once, where it happened: frame 20's SYN_REPORT is event 3 + 20 × 2 + 2 = 45;
        // frames 20…38 read earlier than frame 19 (100.19 s) and are clamped to it.
        #expect(session.clamps == [TimeClamp(device: DeviceID(1), file: "step.evemu", line: 45, back: 0.19, count: 19)])
        #expect(session.clamps.first?.message == "step.evemu: time went back 0.19 s at line 45; clamped (19 frames on this device)")
    }

    @Test func anUnsteppedRecordingReportsNothing() {
        let (session, events) = replay([Self.drag(stepAt: nil)])
        #expect(session.clamps.isEmpty)
        #expect(events.last { $0.phase == .active }?.state == .vector(Vector(dx: 40, dy: 0)))
    }

    /// Two devices of one recording are merged by time, but neither's frames change order.
    @Test func mergingDevicesKeepsEachDevicesOrder() {
        let plan = ReplayPlan(recordings: [(Recording(format: .evemu, devices: [Self.drag(stepAt: 20), Self.drag(stepAt: nil)]), "two.evemu")])
        for device in [DeviceID(1), DeviceID(2)] {
            let xs = plan.frames.filter { $0.device == device }.compactMap { $0.contacts.first?.position.x }
            #expect(xs == xs.sorted(), "device \(device.rawValue) replayed out of order")
            #expect(xs.count == 42)
        }
        #expect(zip(plan.frames, plan.frames.dropFirst()).allSatisfy { $0.time <= $1.time })
        #expect(plan.clamps.map(\.device) == [DeviceID(1)])
    }

    /// The readers give each event its line, which is what the report names.
    /// Property: for any devices and any timestamps (forwards, backwards, equal), each device's
    /// frames come out in the order its own events were decoded, and times never run back.
    @Test(arguments: 0..<200)
    func noDevicesFramesAreEverReordered(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        let devices = (0..<Int.random(in: 1...4, using: &random)).map { _ -> RecordedDevice in
            var events: [InputEvent] = []
            var micros = Int64.random(in: 0...1_000_000, using: &random)
            for frame in 0..<Int.random(in: 1...30, using: &random) {
                micros += Int64.random(in: -300_000...50_000, using: &random)
                let time = Timestamp(microseconds: micros)
                if frame == 0 { events.append(InputEvent(time: time, type: EventCode.EV_ABS, code: EventCode.ABS_MT_TRACKING_ID, value: 1)) }
                // The frame's number is its x: the order is readable from the positions.
                events.append(InputEvent(time: time, type: EventCode.EV_ABS, code: EventCode.ABS_MT_POSITION_X, value: Int32(frame * 10)))
                events.append(InputEvent(time: time, type: EventCode.EV_ABS, code: EventCode.ABS_MT_POSITION_Y, value: 500))
                events.append(InputEvent(time: time, type: EventCode.EV_SYN, code: EventCode.SYN_REPORT, value: 0))
            }
            return RecordedDevice(node: nil, description: Self.screen, events: events)
        }
        let plan = ReplayPlan(recordings: [(Recording(format: .evemu, devices: devices), "random.evemu")])
        for (index, recorded) in devices.enumerated() {
            var decoder = MultitouchDecoder(device: DeviceID(UInt32(index + 1)), description: Self.screen)
            let decoded = recorded.events.compactMap { decoder.feed($0) }.map { $0.contacts.first?.position.x }
            let played = plan.frames.filter { $0.device == DeviceID(UInt32(index + 1)) }.map { $0.contacts.first?.position.x }
            #expect(played == decoded, "device \(index + 1), seed \(seed)")
        }
        #expect(zip(plan.frames, plan.frames.dropFirst()).allSatisfy { $0.time <= $1.time }, "time runs forwards")
    }

    @Test func readersRecordEachEventsLine() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for name in ["Fixtures/real/ts-atmel-maxtouch-1finger-drag-up-down.evemu", "Fixtures/constructed/double-tap.yml"] {
            let text = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
            let device = try #require(try Recording.read(text, file: name).devices.first)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(device.lines.count == device.events.count)
            for (event, line) in zip(device.events, device.lines).prefix(50) {
                let content = lines[line - 1]
                #expect(content.contains("E: ") || content.contains("- ["), "\(name):\(line) is not an event: \(content)")
                #expect(content.contains(String(event.value)), "\(name):\(line) does not hold \(event)")
            }
        }
    }

    /// Issue 33: a recording's first touch may omit what kept the value it had before recording
    /// began; the description's `Value` comments say what that was (here the current slot of a
    /// multitouch panel, and a single-touch panel's y).
    @Test func aRecordingStartsFromTheStateItsDescriptionGives() throws {
        let comments = """
            # Supported events:
            #   Event type 3 (EV_ABS)
            #     Event code 0 (ABS_X)
            #       Value    150
            #     Event code 1 (ABS_Y)
            #       Value    800
            #     Event code 47 (ABS_MT_SLOT)
            #       Value      2

            """
        // No ABS_MT_SLOT before the first contact: it is in slot 2, so slot 0's contact joins it.
        let screen = try EvemuParser.parse(comments + """
            E: 1.000000 0003 0039 0007
            E: 1.000000 0003 0035 0100
            E: 1.000000 0001 014a 0001
            E: 1.000000 0000 0000 0000
            E: 1.010000 0003 002f 0000
            E: 1.010000 0003 0039 0008
            E: 1.010000 0003 0035 0300
            E: 1.010000 0000 0000 0000
            """, file: "screen.evemu", description: Self.screen)
        #expect(screen.devices[0].initialState == DeviceState(currentSlot: 2, axes: [EventCode.ABS_X: 150, EventCode.ABS_Y: 800]))
        let frames = ReplayPlan(recordings: [(screen, "screen.evemu")]).frames
        #expect(frames.count == 2)
        #expect(frames.last?.contacts.map { "\($0.id):\($0.phase)" } == ["8:began", "7:stationary"])

        var single = Self.screen
        single.absinfo = [
            EventCode.ABS_X: AbsInfo(minimum: 0, maximum: 2000, resolution: 10), EventCode.ABS_Y: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
        ]
        let touch = try EvemuParser.parse(comments + """
            E: 1.000000 0003 0000 0400
            E: 1.000000 0001 014a 0001
            E: 1.000000 0000 0000 0000
            """, file: "single.evemu", description: single)
        let first = try #require(ReplayPlan(recordings: [(touch, "single.evemu")]).frames.first)
        #expect(first.contacts[0].position == Point(x: 40, y: 80), "y is the 800 the description gave, not 0")
    }
}
