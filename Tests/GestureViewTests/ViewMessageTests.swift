import GestureView
import GestureWire
import Testing

/// The page's live messages, each with its fields, as the page reads them (`view` the kind).
@Suite struct ViewMessageTests {
    @Test func eachKindIsAnObjectWithItsFields() throws {
        #expect(ViewMessage.status("waiting").serialized == #"{"view":"status","text":"waiting"}"#)
        let event = try JSONParser.parse(#"{"event":"hello"}"#)
        #expect(ViewMessage.event(event, text: nil).serialized == #"{"view":"event","message":{"event":"hello"},"json":"{\"event\":\"hello\"}","text":null}"#)
        let stroke = ViewMessage.stroke(name: "loop", value: nil, text: "drawing 1 of 3 taken")
        #expect(stroke.serialized == #"{"view":"stroke","name":"loop","text":"drawing 1 of 3 taken"}"#)
        let back = ViewMessage.action(gesture: "zoom", instance: 2, line: 5, back: true, does: "quieter", time: 12.25)
        #expect(back.text == "  12.250s  action  zoom#2  line 5 back: quieter")
        #expect(back.json["back"] == .bool(true) && back.json["instance"] == .number(2) && back.json["time"] == .number(12.25))
    }
}
