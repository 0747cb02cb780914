import Foundation
import Glibc
import NIOCore
import NIOPosix

/// The Unix-socket listener: binds the path (replacing a stale socket file, refusing to take
/// over a live one), makes it mode 0660, and hands each connection to the hub.
public enum GestureServer {
    /// Binds `path` and serves clients through `hub`; returns the listening channel.
    public static func bind(path: String, hub: GestureHub, group: any EventLoopGroup) throws -> any Channel {
        try StaleSocket.clear(path)
        let limit = hub.limits.maximumLineBytes
        let channel = try ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 64)
            .childChannelOption(ChannelOptions.writeBufferWaterMark, value: .init(low: 16 * 1024, high: 64 * 1024))
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineSplitter(limit: limit)))
                    try channel.pipeline.syncOperations.addHandler(ClientHandler(hub: hub))
                }
            }
            .bind(unixDomainSocketPath: path)
            .wait()
        chmod(path, 0o660)
        return channel
    }
}
