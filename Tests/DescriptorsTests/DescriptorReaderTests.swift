import Descriptors
import Glibc
import NIOCore
import NIOPosix
import Testing

/// The kit's readers against the kernel's own descriptors: a signalfd that reads a signal
/// raised at this process, and an inotify watch that names a file written into its folder.
@Suite(.serialized) struct DescriptorReaderTests {
    @Test func aSignalRaisedIsReadFromTheSignalfd() throws {
        // A signalfd reads what is pending for the process or for the thread that reads it: the
        // loop's. So the loop's thread blocks SIGUSR2 and raises it at itself, and unblocks it
        // once it was read.
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let read = loop.makePromise(of: Int32.self)
        let channel = try loop.submit {
            SignalDescriptor.block([SIGUSR2])
            let descriptor = SignalDescriptor.open([SIGUSR2])
            precondition(descriptor >= 0, "signalfd: \(errno)")
            pthread_kill(pthread_self(), SIGUSR2)
            return descriptor
        }.flatMap { descriptor in
            DescriptorReader.start(descriptor, on: loop, capacity: 16 * SignalDescriptor.recordSize) { bytes in
                SignalDescriptor.forEachSignal(in: bytes) { read.succeed($0) }
            }
        }.wait()
        #expect(try read.futureResult.wait() == SIGUSR2)
        try channel.close().wait()
        try loop.submit {
            var set = SignalDescriptor.set([SIGUSR2])
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
        }.wait()
    }

    @Test func aFileWrittenIntoTheWatchedFolderIsNamed() throws {
        var template = Array("/tmp/gestured-inotify-XXXXXX".utf8CString)
        let folder = String(cString: mkdtemp(&template)!)
        defer { rmdir(folder) }
        let descriptor = try #require(InotifyEvents.watch(folder, mask: UInt32(IN_CLOSE_WRITE)))
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let named = loop.makePromise(of: [String].self)
        let completed = loop.makePromise(of: Void.self)
        let channel = try DescriptorReader.start(descriptor, on: loop, capacity: 4096) { bytes in
            named.succeed(InotifyEvents.names(in: Array(bytes.readableBytesView)))
        }.wait()
        // A second watch of its own, read in bursts: one call once the write's events are read.
        let second = try #require(InotifyEvents.watch(folder, mask: UInt32(IN_CLOSE_WRITE)))
        let burst = try DescriptorReader.start(second, on: loop, capacity: 4096, readComplete: { completed.succeed() }).wait()
        let file = folder + "/actions.yml"
        let written = open(file, O_WRONLY | O_CREAT, 0o644)
        close(written)
        defer { unlink(file) }
        #expect(try named.futureResult.wait() == ["actions.yml"])
        try completed.futureResult.wait()
        try channel.close().wait()
        try burst.close().wait()
        #expect(InotifyEvents.watch("/nonexistent-folder", mask: UInt32(IN_CLOSE_WRITE)) == nil && errno == ENOENT)
    }
}
