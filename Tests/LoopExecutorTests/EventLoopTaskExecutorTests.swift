import LoopExecutor
import NIOCore
import NIOPosix
import Testing

@Suite struct EventLoopTaskExecutorTests {
    struct Refused: Error, Equatable {}

    @Test func theBodyAndItsChildTasksRunOnTheLoop() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let loop = group.next()
        try EventLoopTaskExecutor.run(on: loop) {
            #expect(loop.inEventLoop)
            let children = await withTaskGroup(of: Bool.self) { tasks in
                for _ in 0..<4 { tasks.addTask { loop.inEventLoop } }
                return await tasks.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(children == [true, true, true, true])
            await Task.yield()
            #expect(loop.inEventLoop)
        }
    }

    @Test func whatTheBodyThrowsIsRethrown() {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        #expect(throws: Refused.self) {
            try EventLoopTaskExecutor.run(on: group.next()) { throw Refused() }
        }
    }
}
