import GestureClient

/// The daemon connection `gesturectl view` follows, for its page's requests (the Record button)
/// to use too; nil while there is none (waiting, or a view of recordings only).
actor DaemonLink {
    var client: GestureClient?

    func set(_ client: GestureClient?) {
        self.client = client
    }
}
