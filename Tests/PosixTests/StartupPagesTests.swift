import Glibc
import Posix
import Testing

/// The pages starting used, given back (issue 66): this test process's own code, resident
/// before, is unmapped by the call and comes back page by page as it runs on.
@Suite struct StartupPagesTests {
    /// KiB resident in this process's mappings of its own executable with `permissions`
    /// (`/proc/self/smaps`).
    static func resident(_ permissions: String) throws -> Int {
        var path = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &path, path.count - 1)
        try #require(length > 0)
        let executable = String(decoding: path[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let smaps = try FileReader.text("/proc/self/smaps")
        var total = 0
        var counting = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), !first.hasSuffix(":") {
                counting = fields.count >= 6 && fields[1] == permissions && fields[5...].joined(separator: " ") == executable
            } else if counting, fields.first == "Rss:", fields.count >= 2 {
                total += Int(fields[1]) ?? 0
            }
        }
        return total
    }

    @Test func theExecutablesCodeIsUnmappedAndRunsOn() throws {
        let before = try Self.resident("r-xp")
        try #require(before > 256, "the test process ran \(before) KiB of its code")
        let released = try #require(StartupPages.release())
        #expect(released.objects >= 2)  // the executable, libc at least
        #expect(released.bytes >= before * 1024)
        let after = try Self.resident("r-xp")
        // What ran since (this test, the smaps reading, other suites' threads) came back.
        #expect(after < before, "resident code \(before) KiB before, \(after) KiB after")
        // Relocated data (RELRO, left alone) and the code that uses it still work.
        #expect(String(describing: [1, 2, 3].map { $0 * 2 }) == "[2, 4, 6]")
    }
}
