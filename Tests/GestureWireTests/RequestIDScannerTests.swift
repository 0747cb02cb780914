import GestureWire
import Testing

/// The id of a line too long to parse, read from its head (issue 61).
@Suite struct RequestIDScannerTests {
    static func id(_ head: String) -> String? { RequestIDScanner.id(in: Array(head.utf8))?.serialized }

    @Test func anIDBeforeTheLongPartIsFound() {
        #expect(Self.id(#"{"id":42,"request":"ping","pad":"xxxx"#) == "42")
        #expect(Self.id(#" { "request" : "ping" , "id" : "a\"b}" , "pad":"xx"#) == #""a\"b}""#)
        #expect(Self.id(#"{"n":{"x":[1,{"y":"]"}]},"id":[1,2],"pad":"#) == "[1,2]")
        #expect(Self.id(#"{"id":null,"pad":"#) == "null")
    }

    @Test func anIDTheHeadDoesNotShowIsNotGuessed() {
        #expect(Self.id(#"{"request":"ping","pad":"xxxx"#) == nil)  // the value runs past the head
        #expect(Self.id(#"{"id":12345"#) == nil)  // 12345… may go on
        #expect(Self.id(#"["id",1]"#) == nil)
        #expect(Self.id(#"{"id":01,"x":1}"#) == nil)  // not JSON
        #expect(Self.id("") == nil)
    }
}
