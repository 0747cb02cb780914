import GestureWire
import Glibc
import NIOCore
import NIOPosix

/// The Unix-socket listener: binds the path (replacing a stale socket file, refusing to take
/// over a live one) and makes it mode 0660, or serves a socket systemd passed in; hands each
/// connection to the hub.
public enum GestureServer {
    /// Binds `path` and serves clients through `hub`; returns the listening channel. With
    /// `group`, the socket file is given to that group (its members may connect).
    public static func bind(path: String, group: UInt32? = nil, hub: GestureHub, loops: any EventLoopGroup) async throws -> any Channel {
        try StaleSocket.clear(path)
        let descriptor = try listeningSocket(path)
        let channel: any Channel
        do {
            channel = try await bootstrap(hub: hub, loops: loops).withBoundSocket(descriptor).get()
        } catch {
            close(descriptor)
            unlink(path)
            throw SocketSetupError("cannot listen on \(path): \(error)")
        }
        chmod(path, 0o660)
        if let group, chown(path, uid_t.max, group) != 0 {
            let reason = String(cString: strerror(errno))
            channel.close(promise: nil)
            unlink(path)
            throw SocketSetupError("cannot give \(path) to group \(group): \(reason)")
        }
        return channel
    }

    /// A socket bound to `path` and listening with the system's largest backlog (the kernel
    /// caps the request at net.core.somaxconn, so a burst of clients is not refused). Bound
    /// here rather than by SwiftNIO, whose portable limit of 103 bytes refuses paths Linux takes
    /// (up to 107 bytes).
    static func listeningSocket(_ path: String) throws -> Int32 {
        func failure(_ what: String) -> SocketSetupError {
            SocketSetupError("cannot listen on \(path): \(what): \(String(cString: strerror(errno)))")
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw failure("socket") }
        guard let bound = UnixSocketAddress.with(path, { Glibc.bind(fd, $0, $1) }) else {
            close(fd)
            throw SocketSetupError("cannot listen on \(path): the path is \(path.utf8.count) bytes; a Unix socket path may have at most 107")
        }
        guard bound == 0 else {
            let error = failure("bind")
            close(fd)
            throw error
        }
        guard listen(fd, Int32.max) == 0 else {
            let error = failure("listen")
            close(fd)
            unlink(path)
            throw error
        }
        return fd
    }

    /// Serves the already listening socket `descriptor` (socket activation).
    public static func serve(descriptor: Int32, hub: GestureHub, loops: any EventLoopGroup) async throws -> any Channel {
        try await bootstrap(hub: hub, loops: loops).withBoundSocket(descriptor).get()
    }

    static func bootstrap(hub: GestureHub, loops: any EventLoopGroup) -> ServerBootstrap {
        let limit = hub.limits.maximumLineBytes
        let logger = hub.logger
        return ServerBootstrap(group: loops)
            // Out of descriptors, accepting pauses instead of spinning (AcceptPause).
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(AcceptPause(logger: logger)) }
            }
            .childChannelOption(ChannelOptions.writeBufferWaterMark, value: .init(low: 16 * 1024, high: 64 * 1024))
            // A client that shut its writing side down still reads (PROTOCOL.md): its last line
            // is read, and events go on until it closes (epoll's hang-up closes it then).
            .childChannelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineSplitter(limit: limit)))
                    try channel.pipeline.syncOperations.addHandler(ClientHandler(hub: hub))
                }
            }
    }
}
