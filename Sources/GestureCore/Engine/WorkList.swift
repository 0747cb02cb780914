/// The indices of the bindings in a round: appended as they change, read in passes, emptied
/// at the round's end. Storage of its own that only grows, so that emptying it is setting a
/// count and no access checks for sharing (an array cleared every frame cost more than the
/// rest of a quiet round).
final class WorkList {
    private var storage: UnsafeMutablePointer<Int>
    private var capacity: Int
    /// How many indices it holds.
    @exclusivity(unchecked) private(set) var count = 0

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        storage = .allocate(capacity: self.capacity)
    }

    deinit {
        storage.deallocate()
    }

    /// The positions of the held indices.
    var indices: Range<Int> { 0..<count }

    /// The index at `position` (below `count`).
    subscript(position: Int) -> Int {
        get {
            precondition(position >= 0 && position < count, "WorkList index out of range")
            return storage[position]
        }
        set {
            precondition(position >= 0 && position < count, "WorkList index out of range")
            storage[position] = newValue
        }
    }

    /// Adds an index at the end, growing the storage when full.
    func append(_ index: Int) {
        if count == capacity {
            let larger = UnsafeMutablePointer<Int>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: storage, count: count)
            storage.deallocate()
            storage = larger
            capacity *= 2
        }
        storage[count] = index
        count += 1
    }

    /// Forgets every index, keeping the storage.
    func removeAll() {
        count = 0
    }

    /// Sorts the indices in place (insertion sort: rounds are short and nearly sorted).
    func sort() {
        guard count > 1 else { return }
        for i in 1..<count {
            let value = storage[i]
            var j = i - 1
            while j >= 0 && storage[j] > value {
                storage[j + 1] = storage[j]
                j -= 1
            }
            storage[j + 1] = value
        }
    }
}
