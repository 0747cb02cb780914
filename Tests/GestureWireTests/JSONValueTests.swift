import GestureCore
import GestureWire
import Testing

@Suite struct JSONValueTests {
    @Test func serialisesDeterministicallyWithOrderedKeys() {
        let value: JSONValue = .object([("b", .int(1)), ("a", .array([.bool(true), .null, .number(0.5)])), ("s", "q\"\\\n\u{1}")])
        #expect(value.serialized == #"{"b":1,"a":[true,null,0.5],"s":"q\"\\\n\u0001"}"#)
    }

    @Test func numbersAreCompactAndRounded() {
        #expect(JSONValue.number(12).serialized == "12")
        #expect(JSONValue.number(-0.0).serialized == "0")
        #expect(JSONValue.number(.nan).serialized == "null")
        #expect(JSONValue.rounded(1.23456789, 3).serialized == "1.235")
        #expect(JSONValue.rounded(0.1 + 0.2, 6).serialized == "0.3")
    }

    @Test func eventLineHasTheDocumentedFields() {
        let event = GestureEvent(
            time: Timestamp(seconds: 1.5), device: DeviceID(2), binding: BindingID(0), name: "pan", instance: InstanceID(7),
            phase: .failed, reason: .extraTouch, value: nil, state: .vector(Vector(dx: 0, dy: 0)))
        #expect(
            GestureEventJSON.line(event, origin: Timestamp(seconds: 1))
                == #"{"gesture":"pan","instance":7,"phase":"failed","reason":"extraTouch","time":0.5,"device":2,"state":{"x":0,"y":0}}"#)
    }

    @Test func compositeValuesNestTheirParts() {
        let value = GestureValue.exclusiveSecond(.tap(TapGesture.Value(count: 1, fingers: 1, location: Point(x: 1.23456, y: 2))))
        #expect(
            GestureEventJSON.value(value).serialized
                == #"{"kind":"exclusiveSecond","first":null,"second":{"kind":"tap","count":1,"fingers":1,"location":{"x":1.235,"y":2}}}"#)
    }
}
