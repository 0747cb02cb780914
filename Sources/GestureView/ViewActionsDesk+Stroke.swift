import GestureActions
import GestureCommandLine
import GestureWire

/// A shape of the user's own, recorded from the live touches for the Actions panel.
extension ViewActionsDesk {
    /// `stroke`: records the shape `name` from the next drawings on any device (`times`, 3 by
    /// default), as `gesturectl stroke record` does; `name: null` stops. Each drawing is said to
    /// the page (``takeStroke(_:)``), and the drawings are saved to the strokes file at the end.
    func recordStroke(_ body: JSONValue?) throws -> JSONValue {
        guard let name = body?["name"]?.stringValue else {
            recording = nil
            return .object([("recording", .null)])
        }
        guard UserStrokes.isName(name) else {
            throw ViewRefusal(status: 400, "a shape's name is letters, digits, '-', '_' and '.', starting with a letter, at most 64 characters")
        }
        let times = body?["times"]?.intValue ?? 3
        guard (1...10).contains(times) else { throw ViewRefusal(status: 400, "`times` is 1 to 10") }
        guard UserStrokes.defaultPath != nil || strokesPath != nil else { throw ViewRefusal(status: 409, "no strokes file: set HOME") }
        _ = try UserStrokes.load(strokesPath, missingIsEmpty: true)  // one with a mistake is said now, and never overwritten
        recording = StrokeRecording(name: name, times: Int(times))
        return .object([("recording", .string(name)), ("times", .number(Double(times)))])
    }

    /// Takes one `touches` event for the shape being recorded: the page's message when a
    /// drawing finished (and, with the last, what was saved), nil otherwise.
    func takeStroke(_ touches: JSONValue) -> ViewMessage? {
        guard var recording else { return nil }
        let step = recording.take(touches)
        self.recording = recording
        guard let step else { return nil }
        var lines = [recording.said(step)]
        var value: JSONValue?
        if recording.isDone {
            self.recording = nil
            do {
                guard let path = strokesPath ?? UserStrokes.defaultPath else { throw ViewRefusal(status: 409, "no strokes file: set HOME") }
                lines += try UserStrokes.save(recording.drawings, name: recording.name, existing: try UserStrokes.load(strokesPath, missingIsEmpty: true), to: path)
                value = .object([("kind", "stroke"), ("name", .string(recording.name)), ("fingers", .number(Double(recording.fingers)))])
                generation += 1
            } catch {
                lines.append("\(error); nothing saved")
            }
        }
        return .stroke(name: recording.name, value: value, text: lines.joined(separator: "\n"))
    }
}
