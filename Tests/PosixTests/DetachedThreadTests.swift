import Glibc
import Posix
import Testing

@Suite struct DetachedThreadTests {
    /// The body runs on a thread of its own, named as asked, and what it hands back arrives.
    @Test func theBodyRunsOnANamedThreadOfItsOwn() throws {
        var pipe: [Int32] = [0, 0]
        #expect(Glibc.pipe(&pipe) == 0)
        defer { close(pipe[0]) }
        let caller = pthread_self()
        let writer = pipe[1]
        try DetachedThread.start(name: "gestured-focus-follower") {
            var name = [UInt8](repeating: 0, count: 32)
            let comm = open("/proc/thread-self/comm", O_RDONLY)
            let count = read(comm, &name, name.count)
            close(comm)
            let own = pthread_equal(pthread_self(), caller) == 0
            let line = "\(own) \(String(decoding: name[..<max(count, 0)], as: UTF8.self))"
            _ = line.withCString { write(writer, $0, strlen($0)) }
            close(writer)
        }
        // Blocks until the thread wrote and closed its end: no sleep, no clock.
        var bytes = [UInt8](repeating: 0, count: 64)
        var text = ""
        while true {
            let count = read(pipe[0], &bytes, bytes.count)
            if count <= 0 { break }
            text += String(decoding: bytes[..<count], as: UTF8.self)
        }
        #expect(text == "true gestured-focus-\n", "the kernel keeps 15 bytes of a thread's name")
    }
}
