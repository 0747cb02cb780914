import Foundation
import Glibc
import Testing

/// Issue 21, item 11: every make target that installs packages waits for another package
/// manager's lock (bounded, said once) instead of failing at once. scripts/apt-install-missing.sh
/// with a lock file of the test's own and `echo` standing in for apt-get.
@Suite(.serialized) struct AptInstallTests {
    /// A process holding an fcntl lock on `path` (as dpkg does) until its input closes.
    final class LockHolder {
        let process = Process()
        let input = Pipe()
        let output = Pipe()

        init(_ path: String) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", """
                import fcntl, sys
                lock = open(sys.argv[1], "a")
                fcntl.lockf(lock, fcntl.LOCK_EX)
                print("locked", flush=True)
                sys.stdin.read()
                """, path]
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            #expect(DaemonProcess.read(output)?.hasPrefix("locked") == true)
        }

        func release() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }

        deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    }

    static func script(_ packages: [String], lock: String, timeout: Int) throws -> ChildProcess {
        try ChildProcess(
            "sh", ["scripts/apt-install-missing.sh"] + packages,
            environment: ["GESTURED_APT_LOCKS": lock, "GESTURED_APT_LOCK_TIMEOUT": String(timeout), "GESTURED_APT_GET": "echo apt-get"])
    }

    static func lockFile() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-dpkg-lock-\(UUID().uuidString.prefix(8))").path
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return path
    }

    @Test(.enabled(if: getuid() == 0, "the script runs apt-get through sudo otherwise")) func aHeldLockIsWaitedForThenSaid() throws {
        let lock = Self.lockFile()
        defer { unlink(lock) }
        let holder = try LockHolder(lock)
        let run = try Self.script(["gestured-test-no-such-package"], lock: lock, timeout: 1).finish()
        #expect(run.status == 1)
        #expect(run.errors == """
            Waiting up to 1 s for another package manager to finish (it holds \(lock))...
            error: the package manager lock (\(lock)) is still held after 1 s; let the other apt or unattended-upgrades finish (or set GESTURED_APT_LOCK_TIMEOUT), then run make again

            """)
        holder.release()
    }

    @Test(.enabled(if: getuid() == 0, "the script runs apt-get through sudo otherwise")) func aLockReleasedInTimeLetsTheInstallGoOn() throws {
        let lock = Self.lockFile()
        defer { unlink(lock) }
        let holder = try LockHolder(lock)
        let script = try Self.script(["gestured-test-no-such-package"], lock: lock, timeout: 60)
        // Released once the script has said that it waits.
        #expect(DaemonProcess.read(script.errors)?.hasPrefix("Waiting up to 60 s for another package manager") == true)
        holder.release()
        let run = script.finish()
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.lines == [
            "Installing: gestured-test-no-such-package",
            "apt-get -o DPkg::Lock::Timeout=60 update -qq",
            "apt-get -o DPkg::Lock::Timeout=60 install -y -qq --no-install-recommends gestured-test-no-such-package",
        ])
    }

    @Test func nothingMissingNeedsNoLock() throws {
        let lock = Self.lockFile()
        defer { unlink(lock) }
        let holder = try LockHolder(lock)
        let run = try Self.script(["dpkg"], lock: lock, timeout: 1).finish()
        #expect(run.status == 0 && run.lines.isEmpty && run.errors.isEmpty)
        holder.release()
    }
}
