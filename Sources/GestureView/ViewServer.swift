import GestureWire
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// `gesturectl view`'s web server, on swift-nio's HTTP/1 and WebSocket modules: the page, the
/// live WebSocket fed by a ``ViewBroadcast``, the command line's recordings, and replays of
/// recordings the page posts. It binds the loopback interface only, and ``ViewAccess`` decides
/// every request (the WebSocket upgrade included) before anything is served.
public struct ViewServer: Sendable {
    /// Replays a recording posted by the page: its name and text to a ``ViewReplayDocument``,
    /// or an error whose description says what is wrong (and where).
    public typealias Replay = @Sendable (_ name: String, _ text: String) throws -> JSONValue
    /// Records a live device for some seconds and replays what it recorded (a
    /// ``ViewReplayDocument`` with `recording` and `transcript` added), or throws what went wrong.
    public typealias Record = @Sendable (_ device: Int64, _ seconds: Double) async throws -> JSONValue

    /// The Actions panel's requests: `list` (no body), or `check`, `try`, `save`, `undo`,
    /// `import`, `stroke` with the page's JSON body; answers with JSON, or throws a ``ViewRefusal`` (its
    /// status and reason) or another error (422, its description).
    public typealias Actions = @Sendable (_ verb: String, _ body: JSONValue?) async throws -> JSONValue

    /// The largest recording the page may post (bytes): 64 MiB.
    public static let bodyLimit = 64 << 20

    /// How requests are decided (its token is in the address).
    public let access: ViewAccess
    let broadcast: ViewBroadcast
    let recordings: JSONValue?
    let replay: Replay
    let record: Record?
    let actions: Actions?

    /// A server deciding requests with `access`, sending `broadcast`'s messages to live pages,
    /// offering `recordings` (a ``ViewReplayDocument``, or nil when none were given) and
    /// replaying posted recordings with `replay`, recording with `record` and answering the
    /// Actions panel with `actions` (nil: they are not offered).
    public init(access: ViewAccess, broadcast: ViewBroadcast, recordings: JSONValue?, replay: @escaping Replay, record: Record? = nil, actions: Actions? = nil) {
        self.access = access
        self.actions = actions
        self.record = record
        self.broadcast = broadcast
        self.recordings = recordings
        self.replay = replay
    }

    enum Connection {
        case live(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case http(NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, refusal: NIOLockedValueBox<String?>)
    }

    /// Binds `127.0.0.1:port` (0: a free port the kernel picks), calls `bound` with the port,
    /// and serves until the task is cancelled.
    public func run(port: Int, bound: @Sendable (Int) -> Void) async throws {
        let listener: NIOAsyncChannel<EventLoopFuture<Connection>, Never>
        do {
            listener = try await bind(port: port)
        } catch let error as IOError {
            throw ViewServerError.cannotListen(port: port, reason: ViewServerError.reason(error.errnoCode))
        }
        bound(listener.channel.localAddress?.port ?? port)
        try await withThrowingDiscardingTaskGroup { group in
            try await listener.executeThenClose { connections in
                for try await connection in connections {
                    group.addTask { await self.serve(connection) }
                }
            }
        }
    }

    /// The listening socket, each connection set up for HTTP with the WebSocket upgrade on /live.
    func bind(port: Int) async throws -> NIOAsyncChannel<EventLoopFuture<Connection>, Never> {
        let access = self.access
        return try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    // Why an upgrade was refused: swift-nio hands a refused upgrade's request on
                    // without its head, so the answer is decided here.
                    let refusal = NIOLockedValueBox<String?>(nil)
                    let upgrader = NIOTypedWebSocketServerUpgrader<Connection>(
                        maxFrameSize: 1 << 16,
                        shouldUpgrade: { channel, head in
                            let decision = access.decide(target: head.uri, headers: head.headers.map { ($0.name, $0.value) })
                            let reason: String? = switch decision {
                            case .forbidden(let reason): reason
                            case .allowed: ViewRoute(method: "GET", target: head.uri) == .live ? nil : "only /live is a WebSocket"
                            }
                            refusal.withLockedValue { $0 = reason }
                            return channel.eventLoop.makeSucceededFuture(reason == nil ? HTTPHeaders() : nil)
                        },
                        upgradePipelineHandler: { channel, _ in
                            channel.eventLoop.makeCompletedFuture {
                                .live(try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(wrappingChannelSynchronously: channel))
                            }
                        })
                    let configuration = NIOTypedHTTPServerUpgradeConfiguration<Connection>(
                        upgraders: [upgrader],
                        notUpgradingCompletionHandler: { channel in
                            channel.eventLoop.makeCompletedFuture {
                                .http(
                                    try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(wrappingChannelSynchronously: channel),
                                    refusal: refusal)
                            }
                        })
                    return try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(
                        configuration: .init(upgradeConfiguration: configuration))
                }
            }
    }

    func serve(_ connection: EventLoopFuture<Connection>) async {
        do {
            switch try await connection.get() {
            case .live(let channel): try await live(channel)
            case .http(let channel, let refusal): try await http(channel, refusal: refusal.withLockedValue { $0 })
            }
        } catch {
            // A connection that broke off concerns that connection only.
        }
    }

    /// One HTTP request on the connection, answered, then the connection is closed. A refused
    /// WebSocket upgrade arrives without its head, and is answered with `refusal`: 403.
    func http(_ channel: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, refusal: String?) async throws {
        try await channel.executeThenClose { inbound, outbound in
            var head: HTTPRequestHead?
            var body = ByteBuffer()
            var tooLarge = false
            for try await part in inbound {
                switch part {
                case .head(let start): head = start
                case .body(var chunk):
                    if body.readableBytes + chunk.readableBytes > Self.bodyLimit { tooLarge = true } else { body.writeBuffer(&chunk) }
                case .end:
                    let response: ViewResponse
                    if let refusal {
                        response = .text(.forbidden, refusal)
                    } else if head == nil {
                        response = .text(.badRequest, "the only upgrade here is to a WebSocket, on /live")
                    } else if tooLarge {
                        response = .text(.payloadTooLarge, "a recording of at most \(Self.bodyLimit >> 20) MiB, please")
                    } else {
                        response = await respond(to: head!, body: body)
                    }
                    var headers = response.headers
                    headers.add(name: "Content-Length", value: String(response.body.readableBytes))
                    headers.add(name: "Connection", value: "close")
                    try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: response.status, headers: headers)))
                    if head?.method != .HEAD { try await outbound.write(.body(.byteBuffer(response.body))) }
                    try await outbound.write(.end(nil))
                    return
                }
            }
        }
    }

    /// The response to a whole request.
    func respond(to head: HTTPRequestHead, body: ByteBuffer) async -> ViewResponse {
        let route = ViewRoute(method: head.method.rawValue, target: head.uri)
        if route == .notFound { return .text(.notFound, "no such page") }
        if case .forbidden(let reason) = access.decide(target: head.uri, headers: head.headers.map { ($0.name, $0.value) }) {
            return .text(.forbidden, reason)
        }
        switch route {
        case .page: return ViewResponse(status: .ok, contentType: "text/html; charset=utf-8", body: ViewPage.html)
        case .live: return .text(.badRequest, "/live is a WebSocket: ask for an upgrade")
        case .recordings: return .json(.ok, recordings ?? .object([("files", .array([]))]))
        case .replay(let name):
            do {
                return .json(.ok, try replay(name, String(buffer: body)))
            } catch {
                return .json(.unprocessableEntity, .object([("error", .string("\(error)"))]))
            }
        case .record(let device, let seconds):
            guard let record else { return .json(.conflict, .object([("error", .string("no daemon: gesturectl view was started with recordings"))])) }
            guard device > 0, seconds > 0, seconds <= 600 else {
                return .json(.badRequest, .object([("error", .string("record needs a device id (1 or more) and a duration of more than 0 and at most 600 seconds"))]))
            }
            do {
                return .json(.ok, try await record(device, seconds))
            } catch {
                return .json(.unprocessableEntity, .object([("error", .string("\(error)"))]))
            }
        case .actions(let verb):
            guard let actions else { return .json(.conflict, .object([("error", .string("no actions file: gesturectl view was started with recordings or --no-actions"))])) }
            var request: JSONValue?
            if verb != "list" {
                guard let parsed = try? JSONParser.parse(String(buffer: body)), case .object = parsed else {
                    return .json(.badRequest, .object([("error", .string("the body is a JSON object"))]))
                }
                request = parsed
            }
            do {
                return .json(.ok, try await actions(verb, request))
            } catch let refusal as ViewRefusal {
                return .json(HTTPResponseStatus(statusCode: refusal.status), .object([("error", .string(refusal.reason))]))
            } catch {
                return .json(.unprocessableEntity, .object([("error", .string("\(error)"))]))
            }
        case .methodNotAllowed: return .text(.methodNotAllowed, "not with \(head.method.rawValue)")
        case .notFound: return .text(.notFound, "no such page")
        }
    }

    /// A live page: the broadcast's messages as text frames until either side ends.
    func live(_ channel: NIOAsyncChannel<WebSocketFrame, WebSocketFrame>) async throws {
        let (page, messages) = await broadcast.join()
        let allocator = channel.channel.allocator
        defer { Task { [broadcast] in await broadcast.leave(page) } }
        try await channel.executeThenClose { inbound, outbound in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for try await frame in inbound {
                        switch frame.opcode {
                        case .ping:
                            try await outbound.write(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData))
                        case .connectionClose:
                            var data = frame.unmaskedData
                            let code = data.readSlice(length: 2) ?? ByteBuffer()
                            try await outbound.write(WebSocketFrame(fin: true, opcode: .connectionClose, data: code))
                            return
                        default:
                            // The page only listens; what it sends is ignored.
                            continue
                        }
                    }
                }
                group.addTask {
                    for await message in messages {
                        try await outbound.write(WebSocketFrame(fin: true, opcode: .text, data: allocator.buffer(string: message)))
                    }
                    // Finished: the page fell behind (or the view is ending); say so, then close.
                    var data = allocator.buffer(capacity: 32)
                    data.write(webSocketErrorCode: .policyViolation)
                    data.writeString("fell behind")
                    try await outbound.write(WebSocketFrame(fin: true, opcode: .connectionClose, data: data))
                }
                try await group.next()
                group.cancelAll()
            }
        }
    }
}
