import Posix

extension DesktopProvider {
    /// Runs `body`, the provider's wait for the desktop's events, on a thread of its own
    /// (`gestured-focus`), a plain POSIX thread: the runner that asks for the focus stays on its
    /// one event loop, and libdispatch never starts (docs/ARCHITECTURE.md, "The actions runner").
    func followOnItsOwnThread(_ body: @escaping @Sendable () -> Void) throws(DesktopError) {
        do {
            try DetachedThread.start(name: "gestured-focus", body)
        } catch {
            throw DesktopError("\(name): \(error)")
        }
    }
}
