import GestureActions
import GestureClient
import GesturePipeline
import GestureWire
import Posix

/// What the runner subscribes to: the file's configured gestures and definitions, as the
/// daemon has them and takes them, and what it does when the daemon refuses a definition.
extension ActionRunner {
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
        let wanted = file.subscriptions(configured: configured, refused: Set(refusedDefinitions.keys))
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
