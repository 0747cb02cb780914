import Glibc

/// The process's environment, read from `environ` (what Foundation's `ProcessInfo` gave, without
/// Foundation).
public enum ProcessEnvironment {
    /// Every variable, by name (the first of duplicates wins, as getenv(3) reads them).
    public static var current: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return result
    }

    /// One variable, when set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
