import Glibc

/// Reads whole files with the C library (no Foundation).
public enum FileReader {
    /// The bytes of a file.
    public static func bytes(_ path: String) throws(FileReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileReadError(path: path, code: errno) }
        defer { close(fd) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                result.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                return result
            } else if errno != EINTR {
                throw FileReadError(path: path, code: errno)
            }
        }
    }

    /// The text of a file, which must be UTF-8.
    public static func text(_ path: String) throws(FileReadError) -> String {
        let data = try bytes(path)
        guard let text = String(validating: data, as: UTF8.self) else { throw FileReadError(path: path, reason: "not UTF-8 text") }
        return text
    }

    /// Whether a path exists (any kind of file).
    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }
}
