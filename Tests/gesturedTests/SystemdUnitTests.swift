import Foundation
import Testing

/// The unit files and snippets in systemd/ as systemd's own tools read them.
@Suite struct SystemdUnitTests {
    static let tools = ["/usr/bin/systemd-analyze", "/usr/bin/systemd-sysusers", "/usr/bin/systemd-tmpfiles"]
    static let available = tools.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }

    static func run(_ tool: String, _ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-units-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test(.enabled(if: available, "systemd-analyze, systemd-sysusers or systemd-tmpfiles is not installed: unit files not verified"))
    func unitsVerifyWithoutAWarning() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let systemd = DaemonProcess.root.appendingPathComponent("systemd")
        // verify insists that ExecStart exists: point it at this build's binary.
        let service = try String(contentsOf: systemd.appendingPathComponent("gestured.service"), encoding: .utf8)
        #expect(service.contains("ExecStart=/usr/bin/gestured\n"))
        let built = DaemonProcess.root.appendingPathComponent(".build/debug/gestured").path
        try service.replacingOccurrences(of: "ExecStart=/usr/bin/gestured", with: "ExecStart=\(built)")
            .write(to: directory.appendingPathComponent("gestured.service"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: systemd.appendingPathComponent("gestured.socket"), to: directory.appendingPathComponent("gestured.socket"))
        let verify = try Self.run("/usr/bin/systemd-analyze", ["verify", "./gestured.socket", "./gestured.service"], in: directory)
        #expect(verify.status == 0)
        // verify exits 0 on settings it ignores; any line it prints is a problem.
        #expect(verify.output.isEmpty, "\(verify.output)")
        for (key, value) in [("Type", "notify"), ("User", "gestured"), ("SupplementaryGroups", "input gestured-uinput"), ("NoNewPrivileges", "yes"),
                             ("ProtectSystem", "strict"), ("IPAddressDeny", "any"), ("DeviceAllow", "char-input rw"), ("DeviceAllow", "/dev/uinput rw"),
                             ("RestrictAddressFamilies", "AF_UNIX AF_NETLINK")] {
            #expect(service.contains("\n\(key)=\(value)\n"), "\(key)=\(value)")
        }
        // The user unit: the runner's own program, started with the graphical session, once the
        // session's environment is there (make e2e-desktops shows it on GNOME).
        let actions = try String(contentsOf: systemd.appendingPathComponent("gestured-actions.service"), encoding: .utf8)
        #expect(actions.contains("\nExecStart=/usr/libexec/gestured-actions\n") && actions.contains("\nWantedBy=graphical-session.target\n")
            && actions.contains("\nPartOf=graphical-session.target\n"))
        let runner = DaemonProcess.root.appendingPathComponent(".build/debug/gestured-actions").path
        try actions.replacingOccurrences(of: "ExecStart=/usr/libexec/gestured-actions", with: "ExecStart=\(runner)")
            .write(to: directory.appendingPathComponent("gestured-actions.service"), atomically: true, encoding: .utf8)
        // The user manager's scope wants a runtime directory, as a login session has.
        let runtime = directory.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // The view's user unit: gesturectl view, its address in the user's runtime folder, taken
        // away when it stops.
        let view = try String(contentsOf: systemd.appendingPathComponent("gestured-view.service"), encoding: .utf8)
        #expect(view.contains("\nExecStart=/usr/bin/gesturectl view --no-open --address-file %t/gestured/view-address\n")
            && view.contains("\nExecStopPost=/bin/rm -f %t/gestured/view-address\n") && view.contains("\nWantedBy=graphical-session.target\n"))
        let gesturectl = DaemonProcess.root.appendingPathComponent(".build/debug/gesturectl").path
        try view.replacingOccurrences(of: "ExecStart=/usr/bin/gesturectl", with: "ExecStart=\(gesturectl)")
            .write(to: directory.appendingPathComponent("gestured-view.service"), atomically: true, encoding: .utf8)
        let user = try Self.run(
            "/usr/bin/env", ["XDG_RUNTIME_DIR=\(runtime.path)", "/usr/bin/systemd-analyze", "verify", "--user", "./gestured-actions.service", "./gestured-view.service"],
            in: directory)
        #expect(user.status == 0 && user.output.isEmpty, "\(user.output)")
        // A private network namespace would cut the daemon off from udev's netlink broadcasts:
        // no hotplug after start, no devices after resume (issue 9; the e2e guest proves it).
        #expect(!service.contains("\nPrivateNetwork=yes"), "PrivateNetwork=yes breaks hotplug")
    }

    @Test(.enabled(if: available, "systemd-sysusers or systemd-tmpfiles is not installed: snippets not checked"))
    func sysusersAndTmpfilesCreateTheUserAndTheSocketDirectory() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("etc"), withIntermediateDirectories: true)
        let systemd = DaemonProcess.root.appendingPathComponent("systemd")
        let users = try Self.run("/usr/bin/systemd-sysusers", ["--root=\(root.path)", systemd.appendingPathComponent("sysusers.d/gestured.conf").path], in: root)
        #expect(users.status == 0, "\(users.output)")
        let passwd = try String(contentsOf: root.appendingPathComponent("etc/passwd"), encoding: .utf8)
        let group = try String(contentsOf: root.appendingPathComponent("etc/group"), encoding: .utf8)
        #expect(passwd.contains("gestured:x:"))
        #expect(group.split(separator: "\n").contains { $0.hasPrefix("input:") && $0.hasSuffix(":gestured") })
        // The uinput group has no members: only the service joins it (SupplementaryGroups=).
        #expect(group.split(separator: "\n").contains { $0.hasPrefix("gestured-uinput:") && $0.hasSuffix(":") })
        let files = try Self.run(
            "/usr/bin/systemd-tmpfiles", ["--root=\(root.path)", "--create", systemd.appendingPathComponent("tmpfiles.d/gestured.conf").path], in: root)
        #expect(files.status == 0, "\(files.output)")
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("run/gestured").path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }
}
