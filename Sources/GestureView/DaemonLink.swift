import GestureActions
import GestureClient
import GestureWire

/// The daemon connection `gesturectl view` follows, for its page's requests (the Record button,
/// the Actions panel) to use too; nil while there is none (waiting, or a view of recordings only).
public actor DaemonLink {
    var client: GestureClient?
    /// The daemon's configured gestures, from its hello.
    var configured: [String]?
    /// The subscriptions made for the gestures the actions file and the tried action define.
    var definitions: [SubscriptionHandle] = []
    var defined: [SubscriptionRequest] = []

    /// No connection yet.
    public init() {}

    /// The connection now (nil: none), with the daemon's configured gestures from its hello.
    public func set(_ client: GestureClient?, configured: [String]? = nil) {
        self.client = client
        self.configured = configured
        definitions = []
        defined = []
    }

    /// Subscribes to what `files` define (as the runner would, but without consuming, without
    /// the configured gestures the view already follows, and `simultaneous`), replacing what
    /// was subscribed before.
    public func define(_ files: [ActionsFile]) async {
        guard let client else { return }
        let wanted = files.flatMap { $0.subscriptions(configured: configured) }.compactMap { request -> SubscriptionRequest? in
            guard !request.definitions.isEmpty else { return nil }
            var request = request
            request.gestures = []
            request.consume = false
            // The view watches: its copies never take touches from the runner's or anyone's.
            request.definitions = request.definitions.map(Self.simultaneous)
            return request
        }
        guard wanted != defined else { return }
        for handle in definitions { await client.unsubscribe(handle) }
        definitions = []
        for request in wanted { definitions.append(await client.subscribe(request)) }
        defined = wanted
    }

    /// `definition` with `priority: simultaneous`.
    static func simultaneous(_ definition: JSONValue) -> JSONValue {
        guard case .object(var fields) = definition else { return definition }
        fields.removeAll { $0.0 == "priority" }
        fields.append(("priority", .string("simultaneous")))
        return .object(fields)
    }
}
