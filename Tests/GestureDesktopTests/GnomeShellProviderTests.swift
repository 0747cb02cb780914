import GestureActions
import Posix
import Testing
@testable import GestureDesktop

/// GNOME Shell through gestured's extension: what the provider reads from the extension's
/// replies, and what it says when the extension is missing, off, out of date or failed — the
/// entries of GNOME Shell's `GetExtensionInfo`. The extension itself runs in a real GNOME 48
/// in `make e2e-desktops` (e2e/guest/gnome.py); here a real dbus-daemon stands for a session
/// with no GNOME Shell on it.
@Suite struct GnomeShellProviderTests {
    @Test func theExtensionsRepliesAreWindows() {
        #expect(GnomeShellProvider.window([.string("org.gnome.TextEditor"), .strings(["org.gnome.TextEditor.Devel"]), .string("notes")])
            == FocusedWindow(app: "org.gnome.TextEditor", otherNames: ["org.gnome.TextEditor.Devel"], title: "notes"))
        // No window in front, and a reply of another shape: no focus.
        #expect(GnomeShellProvider.window([.string(""), .strings([]), .string("")]) == nil)
        #expect(GnomeShellProvider.window([.string("firefox")]) == nil)
    }

    @Test func actionsAreSentAsTheActionsFileWritesThem() {
        #expect(GnomeShellProvider.words(.workspace(.next)) == "workspace next")
        #expect(GnomeShellProvider.words(.workspace(.number(3))) == "workspace 3")
        #expect(GnomeShellProvider.words(.moveToWorkspace(.previous)) == "move-to-workspace previous")
        #expect(GnomeShellProvider.words(.showDesktop) == "show-desktop")
        #expect(GnomeShellProvider.words(.close) == "close")
    }

    /// The versions the provider names in its refusal are the ones the extension's metadata
    /// lists (GNOME Shell refuses it on any other), and its UUID is the folder's name.
    @Test func theExtensionsMetadataAgrees() throws {
        let folder = ReplayRun.root + "/gnome-shell/" + GnomeShellProvider.uuid
        let metadata = try FileReader.text(folder + "/metadata.json")
        #expect(metadata.contains("\"uuid\": \"\(GnomeShellProvider.uuid)\""))
        guard let start = metadata.firstRange(of: "\"shell-version\""), let end = metadata[start.upperBound...].firstIndex(of: "]") else {
            Issue.record("no shell-version in \(folder)/metadata.json")
            return
        }
        let listed = metadata[start.upperBound..<end].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(listed == Array(GnomeShellProvider.versions))
    }

    @Test func whatIsWrongWithTheExtensionIsSaidWithWhatToDo() {
        let uuid = GnomeShellProvider.uuid
        // GNOME Shell knows no such extension: an empty dictionary.
        #expect(GnomeShellProvider.diagnosis([:], shellVersion: "48.7")?.message
            == "gestured's GNOME Shell extension (\(uuid)) is not installed: install the gestured package (it puts it in /usr/share/gnome-shell/extensions), log out and in again, then run `gnome-extensions enable \(uuid)`")
        #expect(GnomeShellProvider.diagnosis(["state": .double(2), "enabled": .bool(false)], shellVersion: "48.7")?.message
            == "gestured's GNOME Shell extension is installed but not enabled: run `gnome-extensions enable \(uuid)`")
        #expect(GnomeShellProvider.diagnosis(["state": .double(4), "enabled": .bool(true)], shellVersion: "49.1")?.message
            == "gestured's GNOME Shell extension is made for GNOME Shell 45–48, and this is GNOME Shell 49.1: GNOME Shell will not run it (a gestured made for this GNOME will)")
        #expect(GnomeShellProvider.diagnosis(["state": .double(3), "error": .string("TypeError: x is undefined")], shellVersion: nil)?.message
            == "gestured's GNOME Shell extension failed in GNOME Shell: TypeError: x is undefined (journalctl --user -b _COMM=gnome-shell)")
        // Enabled, but GNOME Shell holds it back (user extensions switched off).
        #expect(GnomeShellProvider.diagnosis(["state": .double(2), "enabled": .bool(true)], shellVersion: "48.7")?.message
            == "gestured's GNOME Shell extension is enabled but not running (GNOME Shell's state 2); if user extensions are switched off, switch them on (Extensions app) or run `gnome-extensions enable \(uuid)`")
        // Running: whatever failed, the call's own error says it.
        #expect(GnomeShellProvider.diagnosis(["state": .double(1), "enabled": .bool(true)], shellVersion: "48.7") == nil)
    }

    @Test(.enabled(if: PrivateSessionBus.available, "dbus-daemon is not installed"))
    func aSessionWithoutGnomeShellIsSaid() throws {
        let bus = try PrivateSessionBus(prefix: "gestured-gnome")
        defer { bus.stop() }
        let provider = GnomeShellProvider(address: bus.address)
        #expect(throws: DesktopError("GNOME Shell does not answer on the session bus (org.gnome.Shell /org/gnome/Shell org.gnome.Shell.Extensions.GetExtensionInfo: org.freedesktop.DBus.Error.ServiceUnknown: The name org.gnome.Shell was not provided by any .service files); is this a GNOME session?")) {
            try provider.start()
        }
        #expect(provider.focused() == nil)
        #expect(throws: DesktopError.self) { try provider.perform(.close) }
    }

    /// A GNOME Shell that is there but busy (starting, under load) is not "no GNOME session":
    /// its name is owned on the bus, its calls go unanswered until the provider's timeout.
    @Test(.enabled(if: PrivateSessionBus.available, "dbus-daemon is not installed"))
    func aGnomeShellThatDoesNotAnswerInTimeIsSaidSo() throws {
        let bus = try PrivateSessionBus(prefix: "gestured-busy")
        defer { bus.stop() }
        let shell = try DBusConnection(address: bus.address)
        try shell.requestName("org.gnome.Shell")  // and never reads a call
        let provider = GnomeShellProvider(address: bus.address, timeout: 0.3)
        do {
            try provider.start()
            Issue.record("started")
        } catch {
            #expect(error.message.hasPrefix("GNOME Shell did not answer on the session bus within 0.3 s (org.gnome.Shell /org/gnome/Shell org.gnome.Shell.Extensions.GetExtensionInfo: org.freedesktop.DBus.Error.Timeout"))
            #expect(error.message.hasSuffix("); it is asked again as gestures come"))
        }
    }

    /// `a{sv}` as a real dbus-daemon sends it: its own properties (arrays of strings), and a
    /// caller's credentials, whose unsigned numbers and byte arrays are left out, not misread.
    @Test(.enabled(if: PrivateSessionBus.available, "dbus-daemon is not installed"))
    func dictionariesOfVariantsAreRead() throws {
        let bus = try PrivateSessionBus(prefix: "gestured-dict")
        defer { bus.stop() }
        let connection = try DBusConnection(address: bus.address)
        let properties = try connection.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.Properties", "GetAll", [.string("org.freedesktop.DBus")])
        guard case .dictionary(let entries)? = properties.first, case .strings(let interfaces)? = entries["Interfaces"] else {
            Issue.record("not a dictionary with Interfaces: \(properties)")
            return
        }
        #expect(interfaces.contains("org.freedesktop.DBus.Monitoring"))
        let credentials = try connection.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetConnectionCredentials", [.string(connection.uniqueName)])
        guard case .dictionary(let read)? = credentials.first else {
            Issue.record("not a dictionary: \(credentials)")
            return
        }
        #expect(read["UnixUserID"] == nil)  // `u`: not a type the provider reads
    }
}
