import GestureActions
import GestureClient
import GesturePipeline
import GestureWire
import Posix

/// What the runner subscribes to: the file's configured gestures and definitions, as the
/// daemon has them and takes them, and what it does when the daemon refuses a definition.
extension ActionRunner {
    /// The subscriptions the actions need: their configured gestures the daemon has, and their
    /// definitions — those the file consumes (``ActionsFile/consumes(_:)``) in one with
    /// `consume`, the others in one without; none when there is nothing to subscribe to.
    /// Definitions the daemon refused (`refused`, by name) are left out.
    static func subscriptions(for file: ActionsFile, configured: [String]?, refused: Set<String> = []) -> [SubscriptionRequest] {
        let known = configured.map(Set.init)
        let names = file.configuredGestures.filter { known?.contains($0) ?? true }
        // A definition with a configured gesture's name would make the daemon refuse them all.
        let definitions = file.definitions.filter {
            let name = $0["name"]?.stringValue ?? ""
            return !(known?.contains(name) ?? false) && !refused.contains(name)
        }
        // A subscribe takes at most 16 definitions (docs/PROTOCOL.md, "Limits"): more go in
        // further subscriptions of the same kind.
        let size = ProtocolLimits.standard.maximumDefinitions
        return [true, false].flatMap { consume -> [SubscriptionRequest] in
            let names = names.filter { file.consumes($0) == consume }
            let definitions = definitions.filter { file.consumes($0["name"]?.stringValue ?? "") == consume }
            guard !names.isEmpty || !definitions.isEmpty else { return [] }
            let chunks = stride(from: 0, to: max(definitions.count, 1), by: size).map { Array(definitions[$0..<min($0 + size, definitions.count)]) }
            return chunks.enumerated().map { index, definitions in
                var request = SubscriptionRequest(gestures: index == 0 ? names : [], definitions: definitions, consume: consume)
                // The user's recorded shapes go with the definitions that draw strokes.
                if definitions.contains(where: ActionsFile.holdsStroke) { request.strokes = StrokesFile(templates: file.strokes).json }
                return request
            }
        }
    }

    /// Makes the subscription the file and the daemon's gestures call for now, and says once
    /// which actions are off because the daemon has no such gesture.
    func resubscribe() {
        if let configured {
            for action in file.actions where (action.definition == nil) != configured.contains(action.gesture) {
                guard reportedUnknown.insert(action.line ?? 0).inserted else { continue }
                let why = action.definition == nil ? ActionsFile.unknown(action.gesture, configured: configured) : ActionsFile.shadowing(action.gesture)
                StandardError.line("gesturectl actions: \(ConfigError(file: path, line: action.line, why)); this action is off, the others run")
            }
        }
        let wanted = Self.subscriptions(for: file, configured: configured, refused: Set(refusedDefinitions.keys))
        guard wanted != requests || handles.count != wanted.count else { return }
        let old = handles
        handles = withClient { client in
            for handle in old { client.unsubscribe(handle) }
            return wanted.map { client.subscribe($0) }
        }
        requests = wanted
    }

    /// A subscription the daemon refused: the definition it names (`define[N]: …`, else every
    /// one the request had) is left out with its actions, said once, and the rest subscribed
    /// again; a refusal that names no definition is said as the daemon's.
    func refused(_ handle: SubscriptionHandle, code: String, _ message: String) {
        guard let index = handles.firstIndex(of: handle), index < requests.count else { return }
        let request = requests[index]
        let named = Self.definitionIndex(in: message).flatMap { $0 < request.definitions.count ? [request.definitions[$0]] : nil }
        let names = (named ?? request.definitions).compactMap { $0["name"]?.stringValue }
        guard !names.isEmpty else {
            StandardError.line("gesturectl actions: gestured says: \(message) (\(code))")
            return
        }
        for name in names { refusedDefinitions[name] = message }
        guard reportedRefusals.insert(names.joined(separator: ",") + "\u{0}" + message).inserted else { return resubscribe() }
        let lines = file.actions.filter { names.contains($0.gesture) }.compactMap(\.line).map(String.init)
        let shown = names.count <= 3 ? names.map { "`\($0)`" }.joined(separator: ", ") : names.prefix(2).map { "`\($0)`" }.joined(separator: ", ") + " and \(names.count - 2) more"
        let linesShown = lines.count <= 3 ? lines.joined(separator: ", ") : lines.prefix(2).joined(separator: ", ") + ", …"
        StandardError.line(
            "gesturectl actions: \(path): gestured refuses \(names.count == 1 ? "the gesture" : "the gestures") \(shown) this file defines: \(message) (\(code)); "
                + "\(lines.count == 1 ? "its action (line" : "their actions (lines") \(linesShown)) \(lines.count == 1 ? "is" : "are") off, the others run")
        resubscribe()
    }

    /// N of a daemon's `define[N]: …` message.
    static func definitionIndex(in message: String) -> Int? {
        guard let start = message.firstRange(of: "define[") else { return nil }
        return Int(message[start.upperBound...].prefix { $0.isNumber })
    }
}
