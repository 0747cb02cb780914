#if canImport(Glibc)
import Glibc
#endif
import Evdev
import GestureCore
import GestureDaemon
import GesturePipeline
import GestureTesting
import LinuxInput
import Logging
import NIOCore
import NIOPosix

/// One run of the whole path (main.swift says what it measures): the frames written, every
/// one read, decoded and fed; the exit status.
enum PathProfile {
    static func run(_ load: PeersLoad, frames: Int, subscribers: Int) throws -> Int32 {
        let records = (0..<frames).map(load.records)
        var node: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &node) == 0 else {
            print("path-profile: socketpair: \(String(cString: strerror(errno)))")
            return 1
        }
        _ = fcntl(node[0], F_SETFL, fcntl(node[0], F_GETFL) | O_NONBLOCK)
        var description = load.description
        let rules = TouchpadRules.forDevice(&description, quirks: DeviceQuirks(), udevProperties: [:])
        let source = try EvdevTouchSource(standIn: node[0], description: description, device: DeviceID(1), rules: rules)

        let loop = MultiThreadedEventLoopGroup.singleton.next()
        var logger = Logger(label: "path-profile")
        logger.logLevel = .critical
        let hub = GestureHub(
            loop: loop, config: .builtIn, origin: Timestamp(microseconds: 0), serverVersion: "path-profile", capabilities: ["live"], deadlineClock: nil,
            logger: logger)
        try loop.submit { hub.addDevice(DeviceID(1), description: source.description) }.wait()

        // Each subscriber: a socket the hub writes to, read to the end by a thread of its own.
        var readers: [Thread] = []
        var channels: [any Channel] = []
        for _ in 0..<subscribers {
            var pair: [Int32] = [0, 0]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else { return 1 }
            let channel = try ClientBootstrap(group: loop).withConnectedSocket(pair[0]).wait()
            channels.append(channel)
            try loop.submit {
                hub.connect(channel, peer: PeerCredentials(pid: getpid(), uid: 0, gid: 0, groups: [0]))
                hub.receive(.text(#"{"id":1,"request":"subscribe"}"#), from: channel)
            }.wait()
            let theirs = pair[1]
            readers.append(Thread { () -> Int in
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                var total = 0
                while true {
                    let count = read(theirs, &buffer, buffer.count)
                    if count <= 0 { return total }
                    total += count
                }
            })
        }

        // The node is read until it ends (the writer closes it): then the device is gone.
        let gone = Semaphore()
        _ = try loop.submit { EvdevNodeReader.start(source, hub: hub) { _ in gone.signal() } }.wait().wait()
        let end = node[1]
        let writer = Thread { () -> Int in
            for frame in records {
                let written = frame.withUnsafeBytes { write(end, $0.baseAddress, $0.count) }
                guard written == frame.count else { return -1 }
            }
            close(end)
            return records.count
        }
        gone.wait()
        let written = writer.join()
        // What the subscribers were sent, read to the end once their sockets close.
        for channel in channels { try channel.close().wait() }
        let sent = readers.map { $0.join() }.reduce(0, +)
        print("\(load.rawValue): \(written) frames, \(subscribers) subscriber\(subscribers == 1 ? "" : "s"), \(sent) bytes sent to them")
        return written == frames ? 0 : 1
    }
}
