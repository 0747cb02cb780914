import Foundation
import GestureCore
import GestureWire
import Testing

@Suite struct RequestParserTests {
    func parse(_ line: String, limits: ProtocolLimits = .standard) -> Result<ClientRequest, RequestParser.Failure> {
        RequestParser.parse(line, limits: limits)
    }

    @Test func readsEveryRequest() throws {
        #expect(try parse(#"{"id": 1, "request": "ping"}"#).get() == ClientRequest(id: .int(1), command: .ping))
        #expect(try parse(#"{"id": "a", "request": "snapshot"}"#).get().command == .snapshot)
        #expect(try parse(#"{"request": "devices"}"#).get() == ClientRequest(id: nil, command: .devices))
        #expect(try parse(#"{"id": 2, "request": "unsubscribe", "subscription": 4}"#).get().command == .unsubscribe(subscription: 4))
        let subscribe = try parse(#"""
            {"id": 7, "request": "subscribe", "gestures": ["swipe-left-3"], "devices": [1], "phases": ["ended", "failed"],
             "define": [{"name": "my-tap", "tap": {"count": 2}, "priority": "high"}], "touchpadGestures": true}
            """#.replacingOccurrences(of: "\n", with: "")).get()
        guard case .subscribe(let request) = subscribe.command else { Issue.record("not a subscribe"); return }
        #expect(request.gestures == ["swipe-left-3"])
        #expect(request.devices == [1])
        #expect(request.phases == [.ended, .failed])
        #expect(request.definitions.first?["name"]?.stringValue == "my-tap")
        #expect(request.touchpadGestures)
        guard case .subscribe(let plain) = try parse(#"{"request": "subscribe"}"#).get().command else { return }
        #expect(!plain.touchpadGestures)
    }

    @Test(arguments: [
        (#"{"id": 1, "request": "ping""#, ProtocolError.Code.badJSON, false),
        (#"[1, 2]"#, .invalidRequest, false),
        (#"{"id": 3}"#, .unknownRequest, true),
        (#"{"id": 3, "request": "dance"}"#, .unknownRequest, true),
        (#"{"id": 3, "request": "unsubscribe"}"#, .invalidRequest, true),
        (#"{"id": 3, "request": "subscribe", "gestures": "pan"}"#, .invalidRequest, true),
        (#"{"id": 3, "request": "subscribe", "phases": ["possible"]}"#, .invalidRequest, true),
        (#"{"id": 3, "request": "subscribe", "define": [3]}"#, .invalidGesture, true),
        (#"{"id": 3, "request": "subscribe", "touchpadGestures": "yes"}"#, .invalidRequest, true),
        (#"{"id": 3, "request": "subscribe", "devices": [4294967296]}"#, .invalidRequest, true),
        (#"{"id": 3, "request": "subscribe", "devices": [-1]}"#, .invalidRequest, true),
        (#"{"id": 01, "request": "ping"}"#, .badJSON, false),
        // Issue 21, item 10: an unknown field is a mistake, not ignored (this one subscribed to all).
        (#"{"id": 3, "request": "subscribe", "gesture": ["pinch"]}"#, .invalidRequest, true),
        (#"{"id": 3, "request": "ping", "extra": 1}"#, .invalidRequest, true),
        // Issue 53: a key twice is not JSON this reader guesses at; `define: []` defines nothing
        // (it would have subscribed to everything); a definition's name is a string.
        (#"{"id": 3, "request": "ping", "request": "snapshot"}"#, .badJSON, false),
        (#"{"id": 3, "request": "subscribe", "define": []}"#, .invalidGesture, true),
        (#"{"id": 3, "request": "subscribe", "define": [{"name": 5, "tap": {}}]}"#, .invalidGesture, true),
    ])
    func badRequestsNameTheProblemAndKeepTheID(_ line: String, _ code: ProtocolError.Code, _ hasID: Bool) {
        guard case .failure(let failure) = parse(line) else {
            Issue.record("accepted: \(line)")
            return
        }
        #expect(failure.error.code == code, "\(failure.error)")
        #expect((failure.id != nil) == hasID)
    }

    @Test func readsKeysAndSaysWhatIsWrongWithThem() throws {
        let keys = try parse(#"{"id": 3, "request": "keys", "steps": [{"press": 125}, {"tap": 106}, {"release": 125}, {"wheel": -2}, {"hwheel": 1}]}"#).get()
        #expect(keys.command == .keys([.press(125), .tap(106), .release(125), .wheel(-2), .hwheel(1)]))
        // What a client sends is what it reads back.
        #expect(try parse(keys.json.serialized).get() == keys)
        func message(_ line: String) -> String? {
            guard case .failure(let failure) = parse(line) else { return nil }
            return failure.error.message
        }
        #expect(message(#"{"request": "keys"}"#)?.hasPrefix(#"keys needs "steps""#) == true)
        #expect(message(#"{"request": "keys", "steps": [{"press": 0}]}"#) == "steps[0]: key code 0 is out of range (1 to 767, evdev's KEY_* and BTN_* codes)")
        #expect(message(#"{"request": "keys", "steps": [{"tap": 1}, {"hold": 2}]}"#) == #"steps[1]: unknown step "hold"; steps are press, release, tap, wheel and hwheel"#)
        #expect(message(#"{"request": "keys", "steps": [{"wheel": 21}]}"#) == "steps[0]: wheel turns 1 to 20 detents either way, not 21")
        #expect(message(#"{"request": "keys", "steps": [{"tap": "a"}]}"#)?.hasPrefix("steps[0]: keys needs") == true)
        let many = Array(repeating: #"{"tap": 30}"#, count: 65).joined(separator: ",")
        #expect(message(#"{"request": "keys", "steps": [\#(many)]}"#) == "at most 64 steps per keys request")
    }

    @Test func traceIsABooleanOffByDefault() throws {
        guard case .subscribe(let on) = try parse(#"{"request": "subscribe", "trace": true}"#).get().command else { return }
        #expect(on.trace)
        #expect(ClientRequest(id: nil, command: .subscribe(on)).json.serialized.contains(#""trace":true"#))
        guard case .subscribe(let off) = try parse(#"{"request": "subscribe"}"#).get().command else { return }
        #expect(!off.trace)
        guard case .failure(let failure) = parse(#"{"request": "subscribe", "trace": 1}"#) else { Issue.record("trace: 1"); return }
        #expect(failure.error.message == #""trace" must be true or false"#)
    }

    @Test func readsRecordAndStopRecord() throws {
        #expect(try parse(#"{"id": 3, "request": "record", "device": 2}"#).get() == ClientRequest(id: .int(3), command: .record(device: 2)))
        #expect(try parse(#"{"request": "stop-record", "device": 2}"#).get().command == .stopRecord(device: 2))
        #expect(ClientRequest(id: .int(3), command: .record(device: 2)).json.serialized == #"{"id":3,"request":"record","device":2}"#)
        guard case .failure(let failure) = parse(#"{"id": 4, "request": "record"}"#) else { Issue.record("a record without a device"); return }
        #expect(failure.error.message == #"record needs "device": a device id, as devices lists them"#)
        guard case .failure(let extra) = parse(#"{"request": "record", "device": 1, "file": "x"}"#) else { return }
        #expect(extra.error.message.contains(#"record has no field "file""#))
    }

    @Test func anUnknownFieldIsNamed() {
        guard case .failure(let failure) = parse(#"{"id": 3, "request": "subscribe", "gesture": ["pinch"]}"#) else {
            Issue.record("accepted")
            return
        }
        #expect(failure.error.message == #"subscribe has no field "gesture"; its fields are "id", "gestures", "devices", "phases", "define", "strokes", "touchpadGestures", "consume", "touches", "trace""#)
    }

    /// Issue 34: a subscription may ask its gestures to consume their touches.
    @Test func consumeIsABoolean() throws {
        let request = try parse(#"{"id": 1, "request": "subscribe", "gestures": ["edge-left"], "consume": true}"#).get()
        guard case .subscribe(let subscribe) = request.command else {
            Issue.record("not a subscribe: \(request)")
            return
        }
        #expect(subscribe.consume && subscribe.gestures == ["edge-left"])
        #expect(try parse(request.json.serialized).get() == request, "encoded as parsed")
        guard case .failure(let failure) = parse(#"{"id": 1, "request": "subscribe", "consume": "yes"}"#) else {
            Issue.record("accepted")
            return
        }
        #expect(failure.error.message == #""consume" must be true or false"#)
    }

    /// Issue 36: a subscription may ask for the touch frames.
    @Test func touchesIsABoolean() throws {
        let request = try parse(#"{"id": 1, "request": "subscribe", "gestures": ["edge-left"], "touches": true}"#).get()
        guard case .subscribe(let subscribe) = request.command else {
            Issue.record("not a subscribe: \(request)")
            return
        }
        #expect(subscribe.touches && !subscribe.consume)
        #expect(try parse(request.json.serialized).get() == request, "encoded as parsed")
        guard case .failure(let failure) = parse(#"{"id": 1, "request": "subscribe", "touches": 1}"#) else {
            Issue.record("accepted")
            return
        }
        #expect(failure.error.message == #""touches" must be true or false"#)
    }

    /// An id is echoed exactly as it came, whatever number it is (issue 10, fault 8: a 30-digit
    /// id came back rounded, and `1e999999` made the whole line bad JSON).
    @Test(arguments: ["123456789012345678901234567890", "1e999999", "-0", "1.50", "\"text\"", "{\"a\":[1]}"])
    func idsAreEchoedExactly(_ id: String) throws {
        guard case .success(let request) = parse(#"{"id": \#(id), "request": "ping"}"#) else {
            Issue.record("refused id \(id)")
            return
        }
        #expect(ServerMessage.ok(id: request.id).serialized == #"{"id":\#(id),"ok":true}"#)
    }

    @Test func limitsAreEnforced() {
        var limits = ProtocolLimits()
        limits.maximumLineBytes = 40
        guard case .failure(let long) = parse(#"{"id": 1, "request": "ping", "padding": "xxxxxxxxxxxx"}"#, limits: limits) else {
            Issue.record("long line accepted")
            return
        }
        #expect(long.error.code == .lineTooLong)
        limits = ProtocolLimits()
        limits.maximumDefinitions = 1
        let two = #"{"id": 1, "request": "subscribe", "define": [{"name": "a", "tap": {}}, {"name": "b", "tap": {}}]}"#
        guard case .failure(let many) = parse(two, limits: limits) else { Issue.record("two definitions accepted"); return }
        #expect(many.error.code == .invalidGesture)
    }

    @Test func serverMessagesHaveTheDocumentedShape() {
        #expect(ServerMessage.ok(id: .int(7), [("subscription", .int(1))]).serialized == #"{"id":7,"ok":true,"subscription":1}"#)
        #expect(
            ServerMessage.error(id: .int(7), ProtocolError(.unknownRequest, "no")).serialized
                == #"{"id":7,"error":{"code":"unknown-request","message":"no"}}"#)
        let event = GestureEvent(
            time: Timestamp(microseconds: 2_500_000), device: DeviceID(1), binding: BindingID(0), name: "pan", instance: InstanceID(3),
            phase: .ended, value: .bool(true))
        #expect(
            ServerMessage.gesture(event, sequence: 9, subscription: 2, origin: Timestamp(microseconds: 500_000)).serialized
                == #"{"event":"gesture","seq":9,"subscription":2,"gesture":"pan","instance":3,"phase":"ended","time":2,"device":1,"value":true,"timeUs":2500000}"#)
        #expect(ServerMessage.hello(serverVersion: "0.1", capabilities: ["replay"], devices: []).serialized.hasPrefix(#"{"event":"hello","protocol":1,"#))
        // A grabbed device names the twin the desktop reads (issue 34); others say nothing of it.
        #expect(
            ServerMessage.device(id: 1, name: "Pad", kind: "touchpad", width: 100, height: 60, sizeEstimated: false, slots: 5, twin: "/dev/input/event7").serialized
                == #"{"id":1,"name":"Pad","kind":"touchpad","size":{"width":100,"height":60,"estimated":false},"slots":5,"twin":"/dev/input/event7"}"#)
        #expect(!ServerMessage.device(id: 1, name: "Pad", kind: "touchpad", width: 100, height: 60, sizeEstimated: false, slots: 5).serialized.contains("twin"))
    }

    @Test func requestsARoundTripThroughTheirJSON() throws {
        let requests: [ClientRequest] = [
            ClientRequest(id: .int(1), command: .ping), ClientRequest(id: nil, command: .devices),
            ClientRequest(id: .string("s"), command: .snapshot), ClientRequest(id: .int(2), command: .unsubscribe(subscription: 9)),
            ClientRequest(id: .int(3), command: .subscribe(SubscriptionRequest(
                gestures: ["pan"], devices: [1, 2], phases: [.ended, .failed], touchpadGestures: true))),
            ClientRequest(id: .int(4), command: .subscribe(SubscriptionRequest(
                definitions: [.object([("name", "mine"), ("tap", .object([("count", .int(2))]))])]))),
        ]
        for request in requests {
            #expect(try parse(request.json.serialized).get() == request)
        }
    }
}
