@testable import GestureCore
import Testing

/// The round's work list: grows past its first capacity in order, sorts, empties and refills.
@Suite struct WorkListTests {
    @Test func itGrowsInOrderSortsAndStartsOverEmpty() {
        let list = WorkList(capacity: 2)
        for index in [5, 3, 9, 1, 7] { list.append(index) }
        #expect(list.count == 5)
        #expect(list.indices.map { list[$0] } == [5, 3, 9, 1, 7])
        list.sort()
        #expect(list.indices.map { list[$0] } == [1, 3, 5, 7, 9])
        list[0] = 4
        #expect(list[0] == 4)
        list.removeAll()
        #expect(list.count == 0 && list.indices.isEmpty)
        list.append(2)
        #expect(list.indices.map { list[$0] } == [2])
    }
}
