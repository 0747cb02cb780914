extension MultitouchDecoder {
    /// The slots of a protocol B device, by slot number: an array for the numbers devices use
    /// (0 up to ``nearCount``), so that an event costs no hashing and a frame no sorting, and a
    /// dictionary for any other number a faulty or hostile device sends (accepted, as the
    /// kernel's own slots are not checked by uinput). A slot never reported is a default
    /// ``Slot`` (no tracking id: not down), as if it were absent.
    struct SlotTable: Sendable {
        /// Slot numbers kept in the array: 0 ..< nearCount.
        static let nearCount: Int32 = 256

        var near: [Slot]
        var far: [Int32: Slot] = [:]

        init(capacity: Int) {
            near = Array(repeating: Slot(), count: min(max(capacity, 0), Int(Self.nearCount)))
        }

        /// A slot as it stands (a default one when never reported).
        @inline(__always)
        func slot(_ number: Int32) -> Slot {
            if number >= 0 && Int(number) < near.count { return near[Int(number)] }
            return far[number] ?? Slot()
        }

        /// Changes a slot in place (no copy of it out and back). Inlined: it runs for every
        /// axis event.
        @inline(__always)
        mutating func update<R>(_ number: Int32, _ body: (inout Slot) -> R) -> R {
            if number >= 0 && number < Self.nearCount {
                while near.count <= Int(number) { near.append(Slot()) }
                return body(&near[Int(number)])
            }
            var slot = far[number] ?? Slot()
            defer { far[number] = slot }
            return body(&slot)
        }

        /// The numbers outside the array, in ascending order (almost always none).
        var farNumbers: [Int32] { far.isEmpty ? [] : far.keys.sorted() }

        /// Holds over every contact that is down (the decoder starts again): out until its
        /// tracking id changes.
        mutating func holdOverContactsDown() {
            for index in near.indices where near[index].axes.trackingID ?? -1 >= 0 { near[index].heldOver = true }
            for key in far.keys where far[key]!.axes.trackingID ?? -1 >= 0 { far[key]!.heldOver = true }
        }

        /// Whether a contact down at the last (re)start is still down.
        var holdsContactOver: Bool {
            near.contains { $0.heldOver } || (!far.isEmpty && far.values.contains { $0.heldOver })
        }

        /// Every slot number that holds anything, ascending.
        var numbers: [Int32] {
            let far = farNumbers
            return far.filter { $0 < 0 } + Array(0..<Int32(near.count)) + far.filter { $0 >= 0 }
        }

        /// Forgets every slot.
        mutating func removeAll() {
            for index in near.indices { near[index] = Slot() }
            far.removeAll()
        }
    }
}
