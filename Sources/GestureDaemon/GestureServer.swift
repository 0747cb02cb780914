import GestureClient
import Foundation
import Glibc
import NIOCore
import NIOPosix

/// The Unix-socket listener: binds the path (replacing a stale socket file, refusing to take
/// over a live one) and makes it mode 0660, or serves a socket systemd passed in; hands each
/// connection to the hub.
public enum GestureServer {
    /// Binds `path` and serves clients through `hub`; returns the listening channel. With
    /// `group`, the socket file is given to that group (its members may connect).
    public static func bind(path: String, group: UInt32? = nil, hub: GestureHub, loops: any EventLoopGroup) throws -> any Channel {
        try StaleSocket.clear(path)
        let channel = try bootstrap(hub: hub, loops: loops).bind(unixDomainSocketPath: path).wait()
        chmod(path, 0o660)
        if let group, chown(path, uid_t.max, group) != 0 {
            let reason = String(cString: strerror(errno))
            channel.close(promise: nil)
            unlink(path)
            throw SocketSetupError("cannot give \(path) to group \(group): \(reason)")
        }
        return channel
    }

    /// Serves the already listening socket `descriptor` (socket activation).
    public static func serve(descriptor: Int32, hub: GestureHub, loops: any EventLoopGroup) throws -> any Channel {
        try bootstrap(hub: hub, loops: loops).withBoundSocket(descriptor).wait()
    }

    static func bootstrap(hub: GestureHub, loops: any EventLoopGroup) -> ServerBootstrap {
        let limit = hub.limits.maximumLineBytes
        return ServerBootstrap(group: loops)
            .serverChannelOption(ChannelOptions.backlog, value: 64)
            .childChannelOption(ChannelOptions.writeBufferWaterMark, value: .init(low: 16 * 1024, high: 64 * 1024))
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineSplitter(limit: limit)))
                    try channel.pipeline.syncOperations.addHandler(ClientHandler(hub: hub))
                }
            }
    }
}
