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
        let channel: any Channel
        do {
            channel = try bootstrap(hub: hub, loops: loops).bind(unixDomainSocketPath: path).wait()
        } catch {
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

    /// Serves the already listening socket `descriptor` (socket activation).
    public static func serve(descriptor: Int32, hub: GestureHub, loops: any EventLoopGroup) throws -> any Channel {
        try bootstrap(hub: hub, loops: loops).withBoundSocket(descriptor).wait()
    }

    static func bootstrap(hub: GestureHub, loops: any EventLoopGroup) -> ServerBootstrap {
        let limit = hub.limits.maximumLineBytes
        return ServerBootstrap(group: loops)
            // The kernel caps the backlog at net.core.somaxconn: asking for the most gets the
            // system's maximum, so a burst of clients connecting at once is not refused.
            .serverChannelOption(ChannelOptions.backlog, value: .max)
            .childChannelOption(ChannelOptions.writeBufferWaterMark, value: .init(low: 16 * 1024, high: 64 * 1024))
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineSplitter(limit: limit)))
                    try channel.pipeline.syncOperations.addHandler(ClientHandler(hub: hub))
                }
            }
    }
}
