#if canImport(Glibc)
import Glibc
#endif

/// A POSIX semaphore: the event loop says the node ended, the main thread waits for it.
final class Semaphore: @unchecked Sendable {
    var semaphore = sem_t()

    init() {
        sem_init(&semaphore, 0, 0)
    }

    func signal() {
        sem_post(&semaphore)
    }

    func wait() {
        while sem_wait(&semaphore) != 0 && errno == EINTR {}
    }
}
