import Glibc

/// inotify's events as a reader needs them: a watch on a folder, and the names in a read.
public enum InotifyEvents {
    /// A non-blocking inotify descriptor watching `folder` for `mask`; nil with `errno` set when
    /// it cannot (the descriptor is closed then).
    public static func watch(_ folder: String, mask: UInt32) -> Int32? {
        guard let descriptor = open() else { return nil }
        guard add(descriptor, folder: folder, mask: mask) else {
            let saved = errno
            close(descriptor)
            errno = saved
            return nil
        }
        return descriptor
    }

    /// A non-blocking inotify descriptor with no watch yet (``add(_:folder:mask:)``); nil with
    /// `errno` set when it cannot.
    public static func open() -> Int32? {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        return descriptor >= 0 ? descriptor : nil
    }

    /// Adds a watch on `folder` to `descriptor`; false with `errno` set when it cannot.
    public static func add(_ descriptor: Int32, folder: String, mask: UInt32) -> Bool {
        inotify_add_watch(descriptor, folder, mask) >= 0
    }

    /// The names in a read of events (`struct inotify_event`: wd, mask, cookie, len, 4 bytes
    /// each, then len bytes of name, NUL-padded; the kernel writes whole events).
    public static func names(in buffer: [UInt8]) -> [String] {
        var names: [String] = []
        var offset = 0
        while offset + 16 <= buffer.count {
            let length = Int(buffer[offset + 12]) | Int(buffer[offset + 13]) << 8 | Int(buffer[offset + 14]) << 16 | Int(buffer[offset + 15]) << 24
            let bytes = buffer[(offset + 16)..<min(buffer.count, offset + 16 + length)].prefix { $0 != 0 }
            names.append(String(decoding: bytes, as: UTF8.self))
            offset += 16 + length
        }
        return names
    }
}
