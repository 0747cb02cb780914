#if canImport(Glibc)
import Glibc
#endif

/// A thread of its own running `body` (the frames' writer, a subscriber's reader), joined for
/// its result.
final class Thread: @unchecked Sendable {
    let body: @Sendable () -> Int
    var result = 0
    var thread = pthread_t()

    init(_ body: @escaping @Sendable () -> Int) {
        self.body = body
        let context = Unmanaged.passRetained(self).toOpaque()
        pthread_create(&thread, nil, { context in
            let me = Unmanaged<Thread>.fromOpaque(context!).takeRetainedValue()
            me.result = me.body()
            return nil
        }, context)
    }

    /// Waits for it to end; its result.
    func join() -> Int {
        pthread_join(thread, nil)
        return result
    }
}
