import Glibc

/// libFuzzer's hooks. libFuzzer supplies `main`; it calls `LLVMFuzzerInitialize` with the
/// command line before reading its options, which is where the harness is chosen:
/// `gestured-fuzz HARNESS [libFuzzer options…] [corpus…]` (`make fuzz`, docs/RELIABILITY.md).
/// The name is also put in `GESTURED_FUZZ_HARNESS`, which is read when no name is given, so
/// the copies of itself libFuzzer starts (`-minimize_crash`, `-fork`) run the same harness.
enum FuzzEntry {
    static let harnesses: [String: @Sendable (UnsafeRawBufferPointer) -> Void] = [
        "request": RequestHarness.run,
        "config": ConfigHarness.run,
        "evemu": RecordingHarness.run,
        "libinput-record": RecordingHarness.run,
        "evtest": RecordingHarness.run,
        "decoder": DecoderHarness.run,
        "forwarder": ForwarderHarness.run,
        "import": ImportHarness.run,
        "edit": EditHarness.run,
    ]

    /// The harness that runs; set once, before any input.
    nonisolated(unsafe) static var selected: (@Sendable (UnsafeRawBufferPointer) -> Void)?
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    let count = Int(argc.pointee)
    var name = getenv("GESTURED_FUZZ_HARNESS").map { String(cString: $0) }
    if count >= 2, let vector = argv.pointee, let first = vector[1], FuzzEntry.harnesses[String(cString: first)] != nil {
        name = String(cString: first)
        // Drop it, so libFuzzer reads only its own options and corpus folders.
        for index in 1..<count { vector[index] = vector[index + 1] }
        argc.pointee -= 1
    }
    guard let name, let harness = FuzzEntry.harnesses[name] else {
        Invariant.say("usage: gestured-fuzz HARNESS [libFuzzer options] [corpus…]\nharnesses: \(FuzzEntry.harnesses.keys.sorted().joined(separator: ", "))")
        exit(2)
    }
    setenv("GESTURED_FUZZ_HARNESS", name, 1)
    FuzzEntry.selected = harness
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzEntry.selected?(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
