// daemon-bench: the daemon's added latency, CPU and memory with many clients, and gesturectl's
// replay throughput. Run by `make bench` (Benchmarks/daemon/run.sh); numbers go to
// docs/BENCHMARKS.md.
//
//   daemon-bench latency --gestured BIN --recording REC --config CFG --clients N --seconds S
//   daemon-bench replay --gesturectl BIN --recording REC [--runs N]
//
// Latency: gestured runs with --latency-stamps, so each gesture event carries `ingressUs`, the
// CLOCK_MONOTONIC time at which its frame entered the engine. Every client's socket is read on
// one thread here with poll(); a line's latency is the monotonic time after the read that
// delivered it minus its ingressUs: engine, fan-out, serialisation, the kernel socket and the
// wake-up of a reader. All N clients' lines count.
import Foundation
import GesturePipeline
import GestureWire
import Glibc

func monotonicMicroseconds() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1_000
}

func option(_ name: String, _ arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("daemon-bench: \(message)\n".utf8))
    exit(1)
}

/// Kibibytes of resident memory (VmRSS) and CPU ticks (utime + stime) of a process.
func processUsage(_ pid: Int32) -> (rssKiB: Int, ticks: Int) {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    let rss = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[1]) } ?? 0
    let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    // Fields after the command name (which is in parentheses): utime is the 14th field, stime the 15th.
    let rest = stat.split(separator: ")").last.map { $0.split(separator: " ") } ?? []
    let ticks = rest.count > 13 ? (Int(rest[11]) ?? 0) + (Int(rest[12]) ?? 0) : 0
    return (rss, ticks)
}

func connectUnix(_ path: String) -> Int32 {
    switch UnixSocketAddress.connect(path) {
    case .success(let fd): return fd
    case .failure(let error): fail("connect \(path): \(error)")
    }
}

func percentile(_ sorted: [Int64], _ p: Double) -> Int64 {
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.down)))]
}

/// The integer of `"ingressUs":N}` at the end of a line (the daemon puts it last), if there.
func ingress(in line: ArraySlice<UInt8>) -> Int64? {
    let key = Array(#""ingressUs":"#.utf8)
    guard line.last == UInt8(ascii: "}") else { return nil }
    var index = line.endIndex - 1
    while index > line.startIndex, line[index - 1] >= 48, line[index - 1] <= 57 { index -= 1 }
    guard index - key.count >= line.startIndex, line[(index - key.count)..<index].elementsEqual(key) else { return nil }
    var value: Int64 = 0
    for digit in line[index..<(line.endIndex - 1)] { value = value * 10 + Int64(digit - 48) }
    return value
}

/// The integer after `{"event":"gesture","seq":` at the start of a line.
func sequence(in line: ArraySlice<UInt8>) -> Int64? {
    let key = Array(#"{"event":"gesture","seq":"#.utf8)
    guard line.starts(with: key) else { return nil }
    var value: Int64 = 0
    for digit in line.dropFirst(key.count) {
        guard digit >= 48, digit <= 57 else { break }
        value = value * 10 + Int64(digit - 48)
    }
    return value
}

/// Starts gestured with `arguments` on a fresh socket; returns once it serves.
func startDaemon(_ gestured: String, _ arguments: [String]) -> (Process, String) {
    let socketPath = "/tmp/daemon-bench-\(getpid())-\(Int.random(in: 0..<1_000_000)).sock"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: gestured)
    process.arguments = ["--socket", socketPath] + arguments
    let errors = Pipe()
    process.standardError = errors
    do { try process.run() } catch { fail("cannot start \(gestured): \(error)") }
    var log = ""
    while !log.contains("serving on") {
        let data = errors.fileHandleForReading.availableData
        if data.isEmpty { fail("gestured exited: \(log)") }
        log += String(decoding: data, as: UTF8.self)
    }
    return (process, socketPath)
}

func stopDaemon(_ process: Process, _ socketPath: String) {
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    unlink(socketPath)
}

func subscribeClients(_ count: Int, to socketPath: String, gestures: String) -> [Int32] {
    (0..<count).map { _ in
        let fd = connectUnix(socketPath)
        let request = Array(#"{"id":1,"request":"subscribe","gestures":[\#(gestures)]}"#.utf8) + [10]
        _ = request.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        return fd
    }
}

/// Private (unshared) resident memory in KiB: what the process alone costs, without the pages
/// of shared libraries it has in common with other processes.
func privateKiB(_ pid: Int32) -> Int {
    let rollup = (try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8)) ?? ""
    return rollup.split(separator: "\n").filter { $0.hasPrefix("Private_") }
        .compactMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[1]) }.reduce(0, +)
}

/// Resident memory of a live daemon (libinput on seat0, whatever devices there are) idle, then
/// with `--clients` subscribed clients.
func memory(_ arguments: [String]) {
    guard let gestured = option("--gestured", arguments) else { fail("memory needs --gestured") }
    let clients = Int(option("--clients", arguments) ?? "256") ?? 256
    let (process, socketPath) = startDaemon(gestured, [])
    defer { stopDaemon(process, socketPath) }
    let idle = processUsage(process.processIdentifier)
    let idlePrivate = privateKiB(process.processIdentifier)
    let fds = subscribeClients(clients, to: socketPath, gestures: "")
    // Every client has its hello and subscribe reply once a ping on the last one is answered.
    let ping = Array(#"{"id":2,"request":"ping"}"#.utf8) + [10]
    _ = ping.withUnsafeBytes { write(fds.last!, $0.baseAddress, $0.count) }
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while !String(decoding: received, as: UTF8.self).contains(#""pong":true"#) {
        let count = chunk.withUnsafeMutableBytes { read(fds.last!, $0.baseAddress, $0.count) }
        if count <= 0 { fail("no reply") }
        received += chunk[..<count]
    }
    let loaded = processUsage(process.processIdentifier)
    let loadedPrivate = privateKiB(process.processIdentifier)
    print(String(
        format: "live daemon (no touch devices): rss idle %.1f MiB (private %.1f MiB), with %d subscribed clients %.1f MiB (private %.1f MiB)",
        Double(idle.rssKiB) / 1024, Double(idlePrivate) / 1024, clients, Double(loaded.rssKiB) / 1024, Double(loadedPrivate) / 1024))
    for fd in fds { close(fd) }
}

func latency(_ arguments: [String]) {
    guard let gestured = option("--gestured", arguments), let recording = option("--recording", arguments),
        let config = option("--config", arguments)
    else { fail("latency needs --gestured, --recording and --config") }
    let clients = Int(option("--clients", arguments) ?? "1") ?? 1
    let seconds = Double(option("--seconds", arguments) ?? "20") ?? 20
    let (process, socketPath) = startDaemon(gestured, [
        "--config", config, "--replay", recording, "--realtime", "--loop", "--latency-stamps",
        "--wait-subscribers", String(clients), "--client-queue-limit", "100000",
    ])
    defer { stopDaemon(process, socketPath) }
    let idle = processUsage(process.processIdentifier)
    let fds = subscribeClients(clients, to: socketPath, gestures: #""ten-finger-drag""#)
    var buffers = [[UInt8]](repeating: [], count: clients)
    var samples: [Int64] = []
    var firstRead: [Int64: Int64] = [:]
    firstRead.reserveCapacity(Int(seconds * 300))
    samples.reserveCapacity(Int(seconds * 240) * clients)
    var polls = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    // Measure from the first event on, for `seconds`.
    var start: Int64?
    var startTicks = 0
    var deadline = Int64.max
    while monotonicMicroseconds() < deadline {
        guard poll(&polls, nfds_t(polls.count), 1000) > 0 else { continue }
        for index in polls.indices where polls[index].revents != 0 {
            let count = chunk.withUnsafeMutableBytes { read(polls[index].fd, $0.baseAddress, $0.count) }
            if count <= 0 { fail("client \(index) was disconnected") }
            let now = monotonicMicroseconds()
            buffers[index] += chunk[..<count]
            var consumed = 0
            while let newline = buffers[index][consumed...].firstIndex(of: 10) {
                if let stamp = ingress(in: buffers[index][consumed..<newline]) {
                    if start == nil {
                        start = now
                        startTicks = processUsage(process.processIdentifier).ticks
                        deadline = now + Int64(seconds * 1_000_000)
                    }
                    samples.append(now - stamp)
                    if let seq = sequence(in: buffers[index][consumed..<newline]) {
                        firstRead[seq] = min(firstRead[seq] ?? .max, now - stamp)
                    }
                }
                consumed = newline + 1
            }
            buffers[index].removeFirst(consumed)
        }
    }
    let end = monotonicMicroseconds()
    let loaded = processUsage(process.processIdentifier)
    let cpu = Double(loaded.ticks - startTicks) / Double(sysconf(Int32(_SC_CLK_TCK))) / (Double(end - (start ?? end)) / 1e6)
    for fd in fds { close(fd) }
    samples.sort()
    let first = firstRead.values.sorted()
    print(String(
        format: "clients %d, %d events read: all reads p50 %d µs, p99 %d µs, p99.9 %d µs, max %d µs; first read of each event p50 %d µs, p99 %d µs, p99.9 %d µs; cpu %.1f %%; rss %.1f → %.1f MiB",
        clients, samples.count, percentile(samples, 0.5), percentile(samples, 0.99), percentile(samples, 0.999), samples.last ?? 0,
        percentile(first, 0.5), percentile(first, 0.99), percentile(first, 0.999),
        cpu * 100, Double(idle.rssKiB) / 1024, Double(loaded.rssKiB) / 1024))
}

func replay(_ arguments: [String]) {
    guard let gesturectl = option("--gesturectl", arguments), let recording = option("--recording", arguments) else {
        fail("replay needs --gesturectl and --recording")
    }
    let runs = Int(option("--runs", arguments) ?? "5") ?? 5
    let frames: Int
    do {
        frames = ReplayPlan(recordings: try RecordingLoader.recordings([recording], description: nil)).frames.count
    } catch {
        fail("\(error)")
    }
    var times: [Double] = []
    for _ in 0..<runs {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gesturectl)
        process.arguments = ["replay", "--json", "--config", "Fixtures/gestures.yml", recording]
        process.standardOutput = FileHandle.nullDevice
        let begin = monotonicMicroseconds()
        do { try process.run() } catch { fail("cannot start \(gesturectl): \(error)") }
        process.waitUntilExit()
        times.append(Double(monotonicMicroseconds() - begin) / 1e6)
    }
    times.sort()
    let median = times[times.count / 2]
    print(String(
        format: "replay %@: %d frames, median %.3f s over %d runs (whole process: start, read, recognize, print) = %.0f frames/s",
        (recording as NSString).lastPathComponent, frames, median, runs, Double(frames) / median))
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "latency": latency(arguments)
case "replay": replay(arguments)
case "memory": memory(arguments)
default: fail("usage: daemon-bench latency|memory|replay …")
}
