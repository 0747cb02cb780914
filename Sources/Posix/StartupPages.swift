import CStartupPages

/// The pages a program mapped while it started, given back once it has: `release()` unmaps
/// the read-only segments (code, read-only data) of the executable and of every library it
/// loaded (`madvise(MADV_DONTNEED)`), so that what stays resident is what runs from then on.
///
/// Starting runs code that never runs again — reading options and the configuration, opening
/// devices, connecting — and each page it touched stays mapped, with up to 64 KB around it
/// (the kernel's fault-around): most of a resident program's memory (docs/BENCHMARKS.md,
/// issue 66). Nothing is lost: those pages are the files' own, never written, so the page
/// cache keeps them (unmapped, they are among the first the kernel reclaims when memory is
/// short; mapped code it keeps longer), and a page used again comes back as a minor fault.
/// Writable segments, RELRO among them (written by relocation), and objects with text
/// relocations are left alone. The daemon calls it when it is ready and again once settled
/// (``settlingSeconds`` without a new client), the actions runner when it first connects and
/// ``settlingSeconds`` later, the overlay when it first connects.
///
/// A debugger's or a uprobe's breakpoints live in private copies of code pages, which this
/// would drop: it does nothing while a tracer is attached, and runs once, at start, so that
/// probes set later stay.
public enum StartupPages {
    /// What one call gave back.
    public struct Released: Equatable, Sendable {
        /// Bytes of address space unmapped (each object's read-only segments, whole pages).
        public var bytes: Int
        /// The loaded objects whose segments were unmapped.
        public var objects: Int
    }

    /// How long a program waits, after its first release, before it releases again, settled:
    /// ready is not yet settled (the daemon's input thread is still starting beside it, and the
    /// first clients, under socket activation, come just after; the runner's subscription and
    /// the daemon's first answers come after its first connect), and what those first moments
    /// ran would otherwise stay mapped (docs/BENCHMARKS.md, issue 66, step 10).
    public static let settlingSeconds: Int64 = 5

    /// Unmaps the read-only pages of everything loaded; nil, doing nothing, while a tracer
    /// (a debugger, strace) is attached.
    @discardableResult
    public static func release() -> Released? {
        guard !traced else { return nil }
        let released = gestured_release_read_only_pages()
        return Released(bytes: released.bytes, objects: Int(released.objects))
    }

    /// Whether /proc/self/status names a tracer.
    static var traced: Bool {
        guard let status = try? FileReader.text("/proc/self/status") else { return false }
        for line in status.split(separator: "\n") where line.hasPrefix("TracerPid:") {
            return line.dropFirst("TracerPid:".count).contains { $0 != " " && $0 != "\t" && $0 != "0" }
        }
        return false
    }
}
