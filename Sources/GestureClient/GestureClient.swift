import GestureCore
import GestureWire
import LoopExecutor
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
///
/// A program built around the client's event loop (as `gesturectl actions` is) can take the
/// events as calls instead (`onEvent`), and make requests with a reply function, all on that
/// loop: no task and no other thread between a line from the daemon and its reaction.
public actor GestureClient {
    /// The socket path.
    public nonisolated let path: String
    /// The event loop the connection is read on, which is also this actor's executor: a line
    /// from the daemon becomes an event on the thread that read it, with no hop to another
    /// thread (what a reader isolated to the same loop, as `gesturectl actions` is, relies on).
    public nonisolated let eventLoop: any EventLoop
    /// The actor runs on ``eventLoop``.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { eventLoop.executor.asUnownedSerialExecutor() }
    /// Whether to reconnect after the connection ends.
    public nonisolated let reconnects: Bool
    /// Everything that happens, in order. Meant for one reader (empty when `onEvent` is given).
    public nonisolated let events: AsyncStream<ClientEvent>
    let continuation: AsyncStream<ClientEvent>.Continuation
    /// Called with each event, on ``eventLoop``, in place of ``events``.
    let onEvent: (@Sendable (ClientEvent) -> Void)?

    var subscriptions: [SubscriptionHandle: SubscriptionRequest] = [:]
    var nextHandle = 1
    /// The daemon's subscription ids on this connection → handles.
    var handles: [Int64: SubscriptionHandle] = [:]
    /// Subscribe requests in flight (request id → handle).
    var subscribing: [Int64: SubscriptionHandle] = [:]
    var replies: [Int64: @Sendable (Result<JSONValue, any Error>) -> Void] = [:]
    var nextRequest: Int64 = 1
    /// The connection now (nil between connections).
    var channel: (any Channel)?
    /// Why the connection broke, when the channel said (a reset, a read error).
    var channelError: (any Error)?
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
    /// socket). Nothing happens until ``start()``. With `onEvent`, each event is that call, made
    /// on ``eventLoop`` as it happens, and ``events`` stays empty.
    public init(path: String? = nil, reconnects: Bool = true, onEvent: (@Sendable (ClientEvent) -> Void)? = nil) {
        self.path = path ?? SocketPath.resolve() ?? SocketPath.system
        self.reconnects = reconnects
        self.onEvent = onEvent
        eventLoop = MultiThreadedEventLoopGroup.singleton.next()
        (events, continuation) = AsyncStream.makeStream(of: ClientEvent.self, bufferingPolicy: .unbounded)
    }

    /// Connects (and keeps reconnecting, if asked to) in the background.
    public func start() {
        guard connection == nil else { return }
        // On the loop, and what it awaits too (a future's `get`, the pause between attempts):
        // an unstructured task without this preference runs nonisolated calls on the
        // concurrency runtime's pool, starting libdispatch's worker pool in a program that
        // otherwise never uses it (gesturectl actions).
        connection = Task(executorPreference: EventLoopTaskExecutor(eventLoop)) { await self.run() }
    }

    /// Stops: closes the connection and finishes ``events``.
    public func close() async {
        connection?.cancel()
        channel?.close(promise: nil)
        await connection?.value
        continuation.finish()
    }

    /// Adds a subscription: made now when connected, and again after every reconnect.
    @discardableResult
    public func subscribe(_ request: SubscriptionRequest) -> SubscriptionHandle {
        let handle = SubscriptionHandle(nextHandle)
        nextHandle += 1
        subscriptions[handle] = request
        send(request, as: handle)
        return handle
    }

    /// Ends a subscription (instances it was told about end with `failed(unsubscribed)`); one
    /// the daemon has not confirmed yet is ended as soon as it does.
    public func unsubscribe(_ handle: SubscriptionHandle) {
        guard subscriptions.removeValue(forKey: handle) != nil else { return }
        guard let daemonID = handles.first(where: { $0.value == handle })?.key else { return }
        request(.unsubscribe(subscription: daemonID)) { _ in }
    }

    /// Sends a request (`snapshot`, `devices`, `ping`) and returns the daemon's reply.
    public func request(_ command: ClientRequest.Command) async throws -> JSONValue {
        try await withCheckedThrowingContinuation { continuation in
            request(command) { continuation.resume(with: $0) }
        }
    }

    /// Sends a request; `reply` is called on ``eventLoop`` with the daemon's reply, or the
    /// error (at once when not connected). Requests are written in the order they are made.
    public func request(_ command: ClientRequest.Command, reply: @escaping @Sendable (Result<JSONValue, any Error>) -> Void) {
        guard let channel else { return reply(.failure(ClientError.notConnected(path))) }
        let id = nextRequest
        nextRequest += 1
        replies[id] = reply
        channel.writeAndFlush(Self.line(ClientRequest(id: .int(id), command: command)), promise: nil)
    }

    /// Types on the daemon's virtual keyboard (the `keys` request): the steps in order. Returns
    /// the keys this connection holds down afterwards; throws ``ClientError/rejected(code:message:)``
    /// when the daemon types nothing (`forbidden`: its user is not in front; `keys-unavailable`,
    /// `rate-limited`, `too-many-keys`, `invalid-request`).
    public func keys(_ steps: [KeyStep]) async throws -> [UInt16] {
        Self.held(try await request(.keys(steps)))
    }

    /// The keys a `keys` reply says are held down.
    public static func held(_ reply: JSONValue) -> [UInt16] {
        reply["held"]?.arrayValue?.compactMap { $0.intValue.map { UInt16(clamping: $0) } } ?? []
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
                // Lines are handled where they are read, on the loop that is this actor's
                // executor: no task or thread between the socket and the events.
                let channel = try await ClientBootstrap(group: eventLoop)
                    .channelInitializer { [self] channel in
                        channel.eventLoop.makeCompletedFuture {
                            try channel.pipeline.syncOperations.addHandlers(ByteToMessageHandler(LineSplitter(limit: 1 << 24)), ClientLineHandler(client: self))
                            // Before any line is read: the hello's subscriptions are written on it.
                            self.assumeIsolated { $0.channel = channel }
                        }
                    }
                    .withConnectedSocket(descriptor)
                    .get()
                if Task.isCancelled { channel.close(promise: nil) }
                try await withTaskCancellationHandler {
                    try await channel.closeFuture.get()
                } onCancel: {
                    channel.close(promise: nil)
                }
                if let channelError { reason = "\(channelError)" }
            } catch {
                reason = "\(error)"
            }
            detach(reason: reason)
            guard reconnects, !Task.isCancelled else { break }
            await pause(nextDelay())
        }
        continuation.finish()
    }

    /// Waits `delay` on the client's loop, or until the task is cancelled: a timer of the loop
    /// rather than `Task.sleep`, which would start libdispatch's worker pool (and its monitor's
    /// wake-up every second) in a program that otherwise never uses it.
    func pause(_ delay: Duration) async {
        let (seconds, attoseconds) = delay.components
        let wait = eventLoop.scheduleTask(in: .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)) {}
        await withTaskCancellationHandler {
            _ = try? await wait.futureResult.get()
        } onCancel: {
            wait.cancel()
        }
    }

    func detach(reason: String) {
        let wasConnected = channel != nil
        channel = nil
        channelError = nil
        handles.removeAll()
        subscribing.removeAll()
        for reply in replies.values { reply(.failure(ClientError.disconnected)) }
        replies.removeAll()
        guard wasConnected || !reconnects || !reportedUnreachable else { return }
        reportedUnreachable = true
        emit(.disconnected(reason: reason))
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

    func send(_ request: SubscriptionRequest, as handle: SubscriptionHandle) {
        guard let channel else { return }
        let id = nextRequest
        nextRequest += 1
        subscribing[id] = handle
        channel.writeAndFlush(Self.line(ClientRequest(id: .int(id), command: .subscribe(request))), promise: nil)
    }

    static func line(_ request: ClientRequest) -> ByteBuffer {
        ByteBuffer(string: request.json.serialized + "\n")
    }

    /// An event to the app: `onEvent`, or the stream.
    func emit(_ event: ClientEvent) {
        if let onEvent { onEvent(event) } else { continuation.yield(event) }
    }

    /// One line from the daemon (on the loop, through ``ClientLineHandler``).
    func receive(_ value: JSONValue) {
        if let id = value["id"]?.intValue, value["ok"] != nil || value["error"] != nil {
            return reply(id: id, value)
        }
        switch value["event"]?.stringValue {
        case "hello":
            guard let hello = ServerHello(value) else {
                emit(.other(value))
                return
            }
            retryDelay = Self.firstDelay
            reportedUnreachable = false
            // The subscriptions made before are made again first: one the app makes on hearing
            // `connected` is sent by `subscribe` itself, and must not be sent twice.
            for (handle, request) in subscriptions.sorted(by: { $0.key < $1.key }) { send(request, as: handle) }
            emit(.connected(hello))
        case "gesture":
            let handle = value["subscription"]?.intValue.flatMap { handles[$0] }
            if let update = GestureUpdate(value, subscription: handle) { emit(.gesture(update)) }
        case "touchpad-gesture":
            emit(.touchpadGesture(value))
        case "touches":
            emit(.touches(value))
        case "device-added":
            emit(.deviceAdded(value["device"] ?? .null))
        case "device-changed":
            emit(.deviceChanged(value["device"] ?? .null))
        case "device-removed":
            emit(.deviceRemoved(value["device"]?.intValue ?? 0))
        case "config-reloaded":
            emit(.configReloaded(value))
        case "overflow":
            emit(.overflow(value))
        case "paused":
            emit(.paused(reason: value["reason"]?.stringValue ?? "", message: value["message"]?.stringValue ?? ""))
        case "resumed":
            emit(.resumed(devices: value["devices"]?.arrayValue ?? []))
        case "error":
            if value["code"]?.stringValue == "forbidden" { markRefused() }
            emit(.serverError(code: value["code"]?.stringValue ?? "error", message: value["message"]?.stringValue ?? ""))
        default:
            emit(.other(value))
        }
    }

    func reply(id: Int64, _ value: JSONValue) {
        let failure = value["error"].map { ClientError.rejected(code: $0["code"]?.stringValue ?? "error", message: $0["message"]?.stringValue ?? "") }
        if let handle = subscribing.removeValue(forKey: id) {
            if let daemonID = value["subscription"]?.intValue {
                // Ended while the daemon was still making it: ended now.
                if subscriptions[handle] == nil {
                    request(.unsubscribe(subscription: daemonID)) { _ in }
                } else {
                    handles[daemonID] = handle
                }
            }
            if case .rejected(let code, let message) = failure { emit(.subscriptionRefused(handle, code: code, message: message)) }
            return
        }
        guard let reply = replies.removeValue(forKey: id) else { return }
        reply(failure.map { .failure($0) } ?? .success(value))
    }
}
