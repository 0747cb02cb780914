import GestureWire

/// A client's line through the JSON and request parsers. Invariants: any JSON value parses
/// back from its own serialisation to the same text; any accepted request, serialised as a
/// client sends it, parses to the same request; a refusal keeps the id when the line had one;
/// the id read from a line's head (for a line too long to parse) is the line's own id.
enum RequestHarness {
    static func run(_ data: UnsafeRawBufferPointer) {
        let text = String(decoding: data, as: UTF8.self)
        if let value = try? JSONParser.parse(text) {
            let again = try? JSONParser.parse(value.serialized)
            Invariant.check(again?.serialized == value.serialized, "JSON \(value.serialized) came back as \(again?.serialized ?? "an error")")
        }
        if let scanned = RequestIDScanner.id(in: Array(data.prefix(LineSplitter.headBytes))),
            let id = (try? JSONParser.parse(text))?["id"]
        {
            Invariant.check(scanned.serialized == id.serialized, "the head's id \(scanned.serialized) is not the line's \(id.serialized)")
        }
        switch RequestParser.parse(text, limits: .standard) {
        case .success(let request):
            let line = request.json.serialized
            guard case .success(let again) = RequestParser.parse(line, limits: .standard) else {
                Invariant.check(false, "request \(line) does not parse again")
                return
            }
            Invariant.check(again == request, "request \(line) parsed again as \(again.json.serialized)")
        case .failure(let failure):
            if let id = (try? JSONParser.parse(text))?["id"] {
                Invariant.check(failure.id?.serialized == id.serialized, "the refusal lost the id \(id.serialized)")
            }
        }
    }
}
