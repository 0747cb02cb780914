import GestureCore
@testable import GestureWire
import Testing

/// The gesture lines are written straight into bytes (``JSONWriter``); each must be the text the
/// JSONValue form of the same event serialises to, number for number and value for value.
@Suite struct JSONWriterTests {
    /// A deterministic stream of numbers of every size a gesture's value can have, and edges.
    struct Numbers: Sequence, IteratorProtocol {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        var count = 0
        let edges: [Double] = [
            0, -0.0, 1, -1, 0.5, 0.0005, 0.00049, -0.0005, 0.00005, 0.000049, 1e-7, 5e-5, 0.1 + 0.2, 1.0005, 2.675,
            123.4565, 999.9995, 1e14, 1e15 - 0.5, 1e15, 1e16, 9.2e18, 1e300, -1e300, .nan, .infinity, -.infinity,
            Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude,
        ]

        mutating func next() -> Double? {
            defer { count += 1 }
            if count < edges.count { return edges[count] }
            guard count < 60_000 else { return nil }
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let mantissa = Double(seed >> 11) / Double(1 << 53)
            let exponent = Int((seed >> 3) % 24) - 8
            var scale = 1.0
            for _ in 0..<abs(exponent) { scale *= 10 }
            let magnitude = exponent < 0 ? mantissa / scale : mantissa * scale
            return seed & 1 == 0 ? magnitude : -magnitude
        }
    }

    @Test func roundedNumbersAreTheTextJSONValueGives() {
        var mismatches: [String] = []
        for value in Numbers() {
            for places in 0...6 {
                var writer = JSONWriter()
                writer.rounded(value, places)
                let expected = JSONValue.rounded(value, places).serialized
                let written = String(decoding: writer.bytes, as: UTF8.self)
                if written != expected { mismatches.append("\(value) to \(places): \(written) against \(expected)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(8))")
    }

    @Test func wholeNumbersAreTheirDecimalText() {
        for value: Int64 in [0, 7, -7, 10, 99, 100, -100, 1_234_567_890, .max, .min, .min + 1] {
            var writer = JSONWriter()
            writer.int(value)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
        }
    }

    /// One value of every kind, with awkward numbers in it.
    static func values(_ n: Double) -> [GestureValue] {
        let t = Timestamp(seconds: 3)
        let p = Point(x: n, y: -n / 3)
        let v = Vector(dx: n * 7.123456, dy: 0.0004)
        let tap = GestureValue.tap(TapGesture.Value(count: 2, fingers: 1, location: p))
        return [
            tap,
            .spatialTap(SpatialTapGesture.Value(location: p, normalizedLocation: Point(x: 0.1234567, y: 0.00001))),
            .longPress(true), .longPress(false),
            .drag(DragGesture.Value(time: t, location: p, startLocation: Point(x: 1, y: 2), velocity: v, projectionTime: 0.1, fingers: 2)),
            .magnify(MagnifyGesture.Value(time: t, magnification: 1 + n / 1000, velocity: n, startAnchor: Point(x: 0.5, y: 0.25), startLocation: p, location: p)),
            .rotate(RotateGesture.Value(time: t, rotation: -n / 100, velocity: 0.00004, startAnchor: Point(x: 1 / 3, y: 2 / 3), startLocation: p, location: p)),
            .swipe(SwipeGesture.Value(time: t, direction: .left, fingers: 3, translation: Vector(dx: -n, dy: 0), velocity: v)),
            .edgeSwipe(EdgeSwipeGesture.Value(time: t, edge: .top, fingers: 1, location: p, translation: v, velocity: v)),
            .hold(HoldGesture.Value(time: t, duration: n / 10_000, location: p, fingers: 2)),
            .stroke(StrokeGesture.Value(time: t, name: "circle \"\\ε", score: 0.9876, fingers: 3, length: n, duration: n / 1_000)),
            .bool(true), .number(n), .number(-n / 7), .point(p), .vector(v),
            .simultaneous(first: tap, second: nil), .simultaneous(first: .number(n), second: .longPress(true)),
            .sequenceSecond(tap, .exclusiveSecond(.vector(v))), .exclusiveFirst(.sequenceFirst(.bool(false))),
        ]
    }

    @Test func everyKindOfEventIsWrittenAsItsObjectSerialises() {
        var mismatches: [String] = []
        let origin = Timestamp(microseconds: 1_000_000)
        for n in [0, 1, 37.1666666, -352.4914, 0.00012, 12_345.678901, 1e-9] {
            for value in Self.values(n) {
                for (reason, state) in [(FailureReason?.none, GestureValue?.none), (.extraTouch, .some(value)), (nil, .bool(false))] {
                    let event = GestureEvent(
                        time: Timestamp(microseconds: 32_766_457 + Int64(n)), device: DeviceID(2), binding: BindingID(0), name: "swipe \"3\"",
                        instance: InstanceID(41), phase: reason == nil ? .active : .failed, reason: reason, value: value, state: state)
                    let line = ServerMessage.gestureLine(event, sequence: 12, origin: origin, extra: [("ingressUs", .int(-5))])
                    var expected = ServerMessage.gesture(event, sequence: 12, subscription: 1234, origin: origin)
                    if case .object(let pairs) = expected { expected = .object(pairs + [("ingressUs", .int(-5))]) }
                    let written = line.line(subscription: 1234)
                    if written != expected.serialized { mismatches.append("\(written)\nagainst\n\(expected.serialized)") }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
    }

    /// Issue 53: a frame's touches and a round's trace are made once for every subscription:
    /// the same text as the message made for one.
    @Test func touchesAndTraceLinesAreTheirMessages() {
        let contacts = [
            Contact(id: 3, position: Point(x: 12.345678, y: -0.5), normalized: Point(x: 0.1, y: 0.9), phase: .moved, pressure: 0.25, majorAxis: 7.75),
            Contact(id: 4, position: Point(x: 0, y: 1e-9), normalized: Point(x: 0, y: 0), phase: .ended),
        ]
        for subscription: Int64 in [1, 32, 9_223_372_036_854_775_807] {
            #expect(
                ServerMessage.touchesLine(device: 2, time: 1.2345678, timeUs: 1_234_567, contacts: contacts).line(subscription: subscription)
                    == ServerMessage.touches(subscription: subscription, device: 2, time: 1.2345678, timeUs: 1_234_567, contacts: contacts).serialized)
            let entries: [JSONValue] = [.object([("gesture", .string("pan \"x\"")), ("arena", .string("joined")), ("touch", .int(3))])]
            #expect(
                ServerMessage.traceLine(device: 2, time: 0.5, timeUs: 500_000, entries: entries).line(subscription: subscription)
                    == ServerMessage.trace(subscription: subscription, device: 2, time: 0.5, timeUs: 500_000, entries: entries).serialized)
        }
    }
}
