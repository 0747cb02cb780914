import CLinux
import Glibc
import NIOCore

/// Signals read from a signalfd instead of handled: blocked in every thread (``block(_:)``,
/// called before any thread exists, so the kernel queues them), then read on an event loop
/// (``open(_:)`` and ``DescriptorReader``) as records whose first field is the signal's number.
/// The daemon's and the actions runner's signals.
public enum SignalDescriptor {
    /// The size of one record (`struct signalfd_siginfo`).
    public static let recordSize = MemoryLayout<signalfd_siginfo>.size

    /// A set of `signals`.
    public static func set(_ signals: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return set
    }

    /// Blocks `signals` in the calling thread and every thread it starts after, their
    /// dispositions at the default (children start with nothing blocked).
    public static func block(_ signals: [Int32]) {
        var set = set(signals)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        for signal in signals { Glibc.signal(signal, SIG_DFL) }
    }

    /// A non-blocking signalfd for `signals`; -1 with `errno` set when the kernel refuses.
    public static func open(_ signals: [Int32]) -> Int32 {
        var set = set(signals)
        return signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
    }

    /// Each signal number in a read of whole records, in order.
    public static func forEachSignal(in bytes: ByteBuffer, _ body: (Int32) -> Void) {
        var bytes = bytes
        // ssi_signo is the record's first field, a host-order UInt32; the kernel writes whole records.
        while let record = bytes.readSlice(length: recordSize) {
            if let signal = record.getInteger(at: record.readerIndex, endianness: .host, as: UInt32.self) { body(Int32(signal)) }
        }
    }
}
