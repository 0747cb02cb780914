extension VelocityEstimator {
    #if compiler(>=6.2)
    /// The eight samples, in place: Swift 6.2's `InlineArray`.
    typealias SampleStorage = InlineArray<8, Sample>
    #else
    /// The eight samples, in place, for Swift 6.0 and 6.1 (Debian 13's 6.0.3), which have no
    /// `InlineArray`: a tuple read and written at each sample's byte offset, with the subscript
    /// and initializer `InlineArray` has.
    struct SampleStorage: Sendable {
        var elements: (Sample, Sample, Sample, Sample, Sample, Sample, Sample, Sample)

        init(repeating sample: Sample) {
            elements = (sample, sample, sample, sample, sample, sample, sample, sample)
        }

        subscript(index: Int) -> Sample {
            get {
                precondition(index >= 0 && index < 8, "sample index out of range")
                return withUnsafeBytes(of: elements) { $0.load(fromByteOffset: index * MemoryLayout<Sample>.stride, as: Sample.self) }
            }
            set {
                precondition(index >= 0 && index < 8, "sample index out of range")
                withUnsafeMutableBytes(of: &elements) { $0.storeBytes(of: newValue, toByteOffset: index * MemoryLayout<Sample>.stride, as: Sample.self) }
            }
        }
    }
    #endif
}
