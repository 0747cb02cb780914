@testable import GestureView
import Testing

@Suite struct ViewBroadcastTests {
    @Test func aPageGetsTheGreetingThenWhatIsPublished() async {
        let broadcast = ViewBroadcast(queueLimit: 8)
        await broadcast.setGreeting(["hello"])
        await broadcast.publish("before anyone")
        let (_, stream) = await broadcast.join()
        await broadcast.publish("one")
        await broadcast.publish("two")
        var iterator = stream.makeAsyncIterator()
        var got: [String] = []
        for _ in 0..<3 { got.append(await iterator.next() ?? "-") }
        #expect(got == ["hello", "one", "two"])
    }

    /// A page that does not read is closed once its queue is full; the others carry on.
    @Test func aPageThatFallsBehindIsClosedAlone() async {
        let broadcast = ViewBroadcast(queueLimit: 3)
        let (_, stalled) = await broadcast.join()
        let (_, reading) = await broadcast.join()
        var reader = reading.makeAsyncIterator()
        for n in 0..<5 {
            await broadcast.publish("m\(n)")
            #expect(await reader.next() == "m\(n)")
        }
        #expect(await broadcast.pageCount == 1)
        var got: [String] = []
        for await message in stalled { got.append(message) }
        #expect(got == ["m0", "m1", "m2"])
    }

    @Test func aPageThatLeavesIsForgotten() async {
        let broadcast = ViewBroadcast()
        let (page, stream) = await broadcast.join()
        await broadcast.leave(page)
        #expect(await broadcast.pageCount == 0)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == nil)
    }
}
