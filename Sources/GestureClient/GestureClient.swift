import GestureCore
import GestureWire
import NIOCore
import NIOPosix

/// A connection to `gestured` for Swift apps: subscribe, then read typed ``ClientEvent``s from
/// ``events`` (an `AsyncSequence`). When the daemon goes away (a restart, an upgrade), the
/// client reports ``ClientEvent/disconnected(reason:)``, reconnects with a growing delay (50 ms
/// doubling to 2 s) and makes every subscription again, so an app keeps working across daemon
/// restarts without code of its own. A daemon that is not there at all is reported the same way,
/// once, on the first attempt. A daemon that refuses the client (`forbidden`: not in the access
/// list, or its user is not the one in front of the seat) is asked again less often: 2 s
/// doubling to 10 s, so that a waiting client never hammers it.
///
/// ```swift
/// let client = GestureClient()
/// await client.subscribe(SubscriptionRequest(gestures: ["swipe-left-3"]))
/// await client.start()
/// for await event in client.events { if case .gesture(let update) = event { print(update.gesture, update.phase) } }
/// ```
public actor GestureClient {
    /// The socket path.
    public nonisolated let path: String
    /// Whether to reconnect after the connection ends.
    public nonisolated let reconnects: Bool
    /// Everything that happens, in order. Meant for one reader.
    public nonisolated let events: AsyncStream<ClientEvent>
    let continuation: AsyncStream<ClientEvent>.Continuation

    var subscriptions: [SubscriptionHandle: SubscriptionRequest] = [:]
    var nextHandle = 1
    /// The daemon's subscription ids on this connection → handles.
    var handles: [Int64: SubscriptionHandle] = [:]
    /// Subscribe requests in flight (request id → handle).
    var subscribing: [Int64: SubscriptionHandle] = [:]
    var replies: [Int64: CheckedContinuation<JSONValue, any Error>] = [:]
    var nextRequest: Int64 = 1
    var writer: NIOAsyncChannelOutboundWriter<ByteBuffer>?
    var connection: Task<Void, Never>?
    /// The wait before the next attempt: reset by a `hello`, not by a connection (a daemon that
    /// refuses accepts the connection first).
    var retryDelay: Duration = GestureClient.firstDelay
    /// Whether a failed attempt was reported since the last `hello` (said once, not per attempt).
    var reportedUnreachable = false
    /// Whether the daemon refused this connection (`forbidden`).
    var refused = false

    static let firstDelay: Duration = .milliseconds(50)
    static let longestDelay: Duration = .seconds(2)
    static let firstRefusedDelay: Duration = .seconds(2)
    static let longestRefusedDelay: Duration = .seconds(10)

    /// A client for the daemon at `path` (default: ``SocketPath/resolve(_:)``, else the system
    /// socket). Nothing happens until ``start()``.
    public init(path: String? = nil, reconnects: Bool = true) {
        self.path = path ?? SocketPath.resolve() ?? SocketPath.system
        self.reconnects = reconnects
        (events, continuation) = AsyncStream.makeStream(of: ClientEvent.self, bufferingPolicy: .unbounded)
    }

    /// Connects (and keeps reconnecting, if asked to) in the background.
    public func start() {
        guard connection == nil else { return }
        connection = Task { await self.run() }
    }

    /// Stops: closes the connection and finishes ``events``.
    public func close() async {
        connection?.cancel()
        try? await writer?.finish()
        await connection?.value
        continuation.finish()
    }

    /// Adds a subscription: made now when connected, and again after every reconnect.
    @discardableResult
    public func subscribe(_ request: SubscriptionRequest) async -> SubscriptionHandle {
        let handle = SubscriptionHandle(nextHandle)
        nextHandle += 1
        subscriptions[handle] = request
        if writer != nil { await send(request, as: handle) }
        return handle
    }

    /// Ends a subscription (instances it was told about end with `failed(unsubscribed)`).
    public func unsubscribe(_ handle: SubscriptionHandle) async {
        guard subscriptions.removeValue(forKey: handle) != nil else { return }
        guard let daemonID = handles.first(where: { $0.value == handle })?.key else { return }
        _ = try? await request(.unsubscribe(subscription: daemonID))
    }

    /// Sends a request (`snapshot`, `devices`, `ping`) and returns the daemon's reply.
    public func request(_ command: ClientRequest.Command) async throws -> JSONValue {
        guard let writer else { throw ClientError.notConnected(path) }
        let id = nextRequest
        nextRequest += 1
        return try await withCheckedThrowingContinuation { reply in
            replies[id] = reply
            Task { try? await writer.write(Self.line(ClientRequest(id: .int(id), command: command))) }
        }
    }

    /// Types on the daemon's virtual keyboard (the `keys` request): the steps in order. Returns
    /// the keys this connection holds down afterwards; throws ``ClientError/rejected(code:message:)``
    /// when the daemon types nothing (`forbidden`: its user is not in front; `keys-unavailable`,
    /// `rate-limited`, `too-many-keys`, `invalid-request`).
    public func keys(_ steps: [KeyStep]) async throws -> [UInt16] {
        let reply = try await request(.keys(steps))
        return reply["held"]?.arrayValue?.compactMap { $0.intValue.map { UInt16(clamping: $0) } } ?? []
    }

    /// Every gesture instance active now (the `snapshot` request).
    public func snapshot() async throws -> [GestureUpdate] {
        try await request(.snapshot)["instances"]?.arrayValue?.compactMap { GestureUpdate($0, subscription: nil) } ?? []
    }

    // MARK: Connection

    func run() async {
        while !Task.isCancelled {
            var reason = "connection closed by gestured"
            do {
                // Connected here rather than by SwiftNIO, whose portable limit of 103 bytes
                // refuses socket paths Linux takes (up to 107 bytes).
                let descriptor: Int32
                switch UnixSocketAddress.connect(path) {
                case .success(let fd): descriptor = fd
                case .failure(let errno): throw errno
                }
                let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                    .withConnectedSocket(descriptor) { channel in
                        channel.eventLoop.makeCompletedFuture {
                            try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineSplitter(limit: 1 << 24)))
                            return try NIOAsyncChannel<LineSplitter.Line, ByteBuffer>(wrappingChannelSynchronously: channel)
                        }
                    }
                try await channel.executeThenClose { inbound, outbound in
                    self.attach(outbound)
                    for try await line in inbound {
                        guard case .text(let text) = line, let value = try? JSONParser.parse(text) else { continue }
                        await self.receive(value)
                    }
                }
            } catch {
                reason = "\(error)"
            }
            detach(reason: reason)
            guard reconnects, !Task.isCancelled else { break }
            let delay = nextDelay()
            try? await Task.sleep(for: delay)
        }
        continuation.finish()
    }

    func attach(_ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>) {
        writer = outbound
    }

    func detach(reason: String) {
        let wasConnected = writer != nil
        writer = nil
        handles.removeAll()
        subscribing.removeAll()
        for reply in replies.values { reply.resume(throwing: ClientError.disconnected) }
        replies.removeAll()
        guard wasConnected || !reconnects || !reportedUnreachable else { return }
        reportedUnreachable = true
        continuation.yield(.disconnected(reason: reason))
    }

    /// The daemon said `forbidden`: the next attempt waits longer.
    func markRefused() { refused = true }

    /// The wait before the next attempt, and the one after it: doubling, longer after a refusal.
    func nextDelay() -> Duration {
        if refused {
            refused = false
            retryDelay = min(max(retryDelay * 2, Self.firstRefusedDelay), Self.longestRefusedDelay)
            return retryDelay
        }
        let delay = retryDelay
        retryDelay = min(retryDelay * 2, max(Self.longestDelay, retryDelay))
        return delay
    }

    func send(_ request: SubscriptionRequest, as handle: SubscriptionHandle) async {
        guard let writer else { return }
        let id = nextRequest
        nextRequest += 1
        subscribing[id] = handle
        try? await writer.write(Self.line(ClientRequest(id: .int(id), command: .subscribe(request))))
    }

    static func line(_ request: ClientRequest) -> ByteBuffer {
        ByteBuffer(string: request.json.serialized + "\n")
    }

    func receive(_ value: JSONValue) async {
        if let id = value["id"]?.intValue, value["ok"] != nil || value["error"] != nil {
            return reply(id: id, value)
        }
        switch value["event"]?.stringValue {
        case "hello":
            guard let hello = ServerHello(value) else {
                continuation.yield(.other(value))
                return
            }
            retryDelay = Self.firstDelay
            reportedUnreachable = false
            continuation.yield(.connected(hello))
            for (handle, request) in subscriptions.sorted(by: { $0.key < $1.key }) { await send(request, as: handle) }
        case "gesture":
            let handle = value["subscription"]?.intValue.flatMap { handles[$0] }
            if let update = GestureUpdate(value, subscription: handle) { continuation.yield(.gesture(update)) }
        case "touchpad-gesture":
            continuation.yield(.touchpadGesture(value))
        case "device-added":
            continuation.yield(.deviceAdded(value["device"] ?? .null))
        case "device-removed":
            continuation.yield(.deviceRemoved(value["device"]?.intValue ?? 0))
        case "config-reloaded":
            continuation.yield(.configReloaded(value))
        case "overflow":
            continuation.yield(.overflow(value))
        case "paused":
            continuation.yield(.paused(reason: value["reason"]?.stringValue ?? "", message: value["message"]?.stringValue ?? ""))
        case "resumed":
            continuation.yield(.resumed(devices: value["devices"]?.arrayValue ?? []))
        case "error":
            if value["code"]?.stringValue == "forbidden" { markRefused() }
            continuation.yield(.serverError(code: value["code"]?.stringValue ?? "error", message: value["message"]?.stringValue ?? ""))
        default:
            continuation.yield(.other(value))
        }
    }

    func reply(id: Int64, _ value: JSONValue) {
        let failure = value["error"].map { ClientError.rejected(code: $0["code"]?.stringValue ?? "error", message: $0["message"]?.stringValue ?? "") }
        if let handle = subscribing.removeValue(forKey: id) {
            if let daemonID = value["subscription"]?.intValue { handles[daemonID] = handle }
            if case .rejected(let code, let message) = failure { continuation.yield(.serverError(code: code, message: message)) }
            return
        }
        guard let reply = replies.removeValue(forKey: id) else { return }
        if let failure { reply.resume(throwing: failure) } else { reply.resume(returning: value) }
    }
}
