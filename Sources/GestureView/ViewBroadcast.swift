/// The messages `gesturectl view` sends its pages over their WebSockets: each page gets the
/// greeting first (what a page opened late needs: the daemon's hello with today's devices),
/// then every message published after it.
///
/// Publishing never waits for a page: each has a queue of ``queueLimit`` messages, and a page
/// that falls that far behind is closed (it says so and reconnects), so a stalled browser tab
/// costs memory up to the limit and never holds up the others or the daemon's connection.
public actor ViewBroadcast {
    /// Messages a page may fall behind before it is closed.
    public let queueLimit: Int
    var greeting: [String] = []
    var pages: [Int: AsyncStream<String>.Continuation] = [:]
    var nextPage = 0

    /// A broadcast whose pages may fall `queueLimit` messages behind.
    public init(queueLimit: Int = 4_096) {
        self.queueLimit = queueLimit
    }

    /// How many pages are connected.
    public var pageCount: Int { pages.count }

    /// Sets what every page gets first, and sends nothing now.
    public func setGreeting(_ messages: [String]) {
        greeting = messages
    }

    /// Sends `message` to every page.
    public func publish(_ message: String) {
        for (page, queue) in pages {
            if case .dropped = queue.yield(message) {
                queue.finish()
                pages[page] = nil
            }
        }
    }

    /// A new page's queue, holding the greeting already, and its number for ``leave(_:)``.
    func join() -> (Int, AsyncStream<String>) {
        let (stream, queue) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingOldest(queueLimit))
        for message in greeting { queue.yield(message) }
        let page = nextPage
        nextPage += 1
        pages[page] = queue
        return (page, stream)
    }

    /// Forgets a page that went away.
    func leave(_ page: Int) {
        pages.removeValue(forKey: page)?.finish()
    }
}
