import GestureWire

/// What a runner of an actions file subscribes to: `gesturectl actions`, and `gesturectl view`
/// for the gestures the file defines.
extension ActionsFile {
    /// The subscriptions the actions need: their configured gestures the daemon has, and their
    /// definitions — those the file consumes (``ActionsFile/consumes(_:)``) in one with
    /// `consume`, the others in one without; none when there is nothing to subscribe to.
    /// Definitions the daemon refused (`refused`, by name) are left out.
    public func subscriptions(configured: [String]?, refused: Set<String> = []) -> [SubscriptionRequest] {
        let known = configured.map(Set.init)
        let names = configuredGestures.filter { known?.contains($0) ?? true }
        // A definition with a configured gesture's name would make the daemon refuse them all.
        let kept = definitions.filter {
            let name = $0["name"]?.stringValue ?? ""
            return !(known?.contains(name) ?? false) && !refused.contains(name)
        }
        // A subscribe takes at most 16 definitions (docs/PROTOCOL.md, "Limits"): more go in
        // further subscriptions of the same kind.
        let size = ProtocolLimits.standard.maximumDefinitions
        return [true, false].flatMap { consume -> [SubscriptionRequest] in
            let names = names.filter { consumes($0) == consume }
            let definitions = kept.filter { consumes($0["name"]?.stringValue ?? "") == consume }
            guard !names.isEmpty || !definitions.isEmpty else { return [] }
            let chunks = stride(from: 0, to: max(definitions.count, 1), by: size).map { Array(definitions[$0..<min($0 + size, definitions.count)]) }
            return chunks.enumerated().map { index, definitions in
                var request = SubscriptionRequest(gestures: index == 0 ? names : [], definitions: definitions, consume: consume)
                // The user's recorded shapes go with the definitions that draw strokes.
                if definitions.contains(where: Self.holdsStroke) { request.strokes = StrokesFile(templates: strokes).json }
                return request
            }
        }
    }
}
