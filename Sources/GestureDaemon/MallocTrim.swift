/// glibc's `malloc_trim` (declared in <malloc.h>, which the Glibc module leaves out): gives the
/// system back the free pages in every malloc arena, not only the top of the heap.
enum MallocTrim {
    @_silgen_name("malloc_trim")
    static func malloc_trim(_ pad: Int) -> Int32

    /// Returns free memory to the system; cheap when there is little to return.
    static func now() { _ = malloc_trim(0) }
}
