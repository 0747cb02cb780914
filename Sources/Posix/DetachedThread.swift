import Glibc

/// A thread of its own for work that blocks in a library's wait (a desktop's socket, xcb,
/// libwayland, sd-bus), started detached: it ends when its body returns, and nothing joins it.
/// A plain POSIX thread, so that a program on one event loop (the actions runner) never starts
/// libdispatch's worker pool for it, as a `DispatchQueue` would.
public enum DetachedThread {
    /// A thread that cannot be started (the process is out of threads or memory).
    public struct StartError: Error, CustomStringConvertible {
        /// pthread_create's error number.
        public let code: Int32
        public var description: String { "cannot start a thread: \(String(cString: strerror(code)))" }
    }

    /// Runs `body` on a new detached thread named `name` (at most 15 bytes are kept, as the
    /// kernel's `comm`).
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) throws(StartError) {
        final class Box {
            let name: String
            let body: @Sendable () -> Void
            init(_ name: String, _ body: @escaping @Sendable () -> Void) { (self.name, self.body) = (name, body) }
        }
        let box = Unmanaged.passRetained(Box(name, body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let code = pthread_create(&thread, &attributes, { pointer in
            let box = Unmanaged<Box>.fromOpaque(pointer!).takeRetainedValue()
            DetachedThread.nameThisThread(box.name)
            box.body()
            return nil
        }, box)
        if code != 0 {
            Unmanaged<Box>.fromOpaque(box).release()
            throw StartError(code: code)
        }
    }

    /// Names the calling thread (what `ps -L`, `top -H` and /proc/PID/task/*/comm show; at most
    /// 15 bytes are kept) through /proc: glibc's pthread_setname_np is a GNU extension the Glibc
    /// module does not show Swift, and it writes this same file.
    public static func nameThisThread(_ name: String) {
        let comm = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard comm >= 0 else { return }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(comm, $0.baseAddress, $0.count) }
        close(comm)
    }
}
