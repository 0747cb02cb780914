import Glibc

/// A broken invariant: says which, and aborts so that libFuzzer saves the input that broke it.
enum Invariant {
    static func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        guard !condition() else { return }
        say("invariant violated: \(message())")
        abort()
    }

    /// A line on standard error.
    static func say(_ text: String) {
        let line = Array((text + "\n").utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
