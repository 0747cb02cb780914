import Evdev
import Glibc
import Posix

/// Loads libinput's quirks database from disk, as libinput does: every `*.quirks` file of the
/// data directory in version order, then the local overrides file. A file libinput would refuse
/// is left out with a warning that names its line (libinput would then run without any quirks;
/// gestured keeps the files that are right). Missing directories are no error: the database is
/// empty and libinput's defaults apply.
public enum QuirksLoader {
    /// Where Debian's libinput keeps its data files.
    public static let dataDirectory = "/usr/share/libinput"
    /// The administrator's overrides.
    public static let overridesFile = "/etc/libinput/local-overrides.quirks"

    /// The database and what was wrong with it.
    public struct Loaded: Sendable {
        /// The sections of every readable, well-formed file.
        public var database: QuirksDatabase
        /// One line per file left out.
        public var warnings: [String]
        /// The files read, in order.
        public var files: [String]
    }

    /// Reads the database; `directory` and `overrides` are for tests and `--quirks-dir`.
    public static func load(directory: String = dataDirectory, overrides: String? = overridesFile) -> Loaded {
        var loaded = Loaded(database: QuirksDatabase(), warnings: [], files: [])
        var names: [String] = []
        if let dir = opendir(directory) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name.hasSuffix(".quirks"), !name.hasPrefix(".") { names.append(name) }
            }
            closedir(dir)
        }
        var paths = names.sorted(by: QuirksDatabase.fileOrder).map { directory + "/" + $0 }
        if let overrides, access(overrides, F_OK) == 0 { paths.append(overrides) }
        for path in paths {
            do {
                try loaded.database.add(try RecordingLoader.text(path), file: path)
                loaded.files.append(path)
            } catch {
                loaded.warnings.append("\(error); this quirks file is ignored")
            }
        }
        return loaded
    }

    /// The machine's DMI modalias (`/sys/class/dmi/id/modalias`), nil where there is none.
    public static func machineDMI(path: String = "/sys/class/dmi/id/modalias") -> String? {
        guard let text = try? RecordingLoader.text(path) else { return nil }
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        return line.isEmpty ? nil : line
    }

    /// The machine's device tree `compatible` (its first string), nil where there is none.
    public static func machineDeviceTree(path: String = "/sys/firmware/devicetree/base/compatible") -> String? {
        guard let text = try? RecordingLoader.text(path) else { return nil }
        let first = text.split(separator: "\0").first.map(String.init) ?? ""
        return first.isEmpty ? nil : first
    }
}
