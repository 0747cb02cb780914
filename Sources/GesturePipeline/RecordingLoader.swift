import Evdev
import Glibc
import Posix

/// Reads recording and configuration files from disk, turning file-system failures into the
/// same kind of clear message as format errors.
public enum RecordingLoader {
    /// A file that could not be read at all (`PATH: cannot read: no such file`).
    public typealias UnreadableFile = FileReadError

    /// The text of a file.
    public static func text(_ path: String) throws -> String {
        try FileReader.text(path)
    }

    /// Reads recordings; `description` is the `.desc` file for events-only evemu recordings.
    public static func recordings(_ paths: [String], description: String? = nil) throws -> [(recording: Recording, file: String)] {
        let header = try description.map { (text: try text($0), file: $0) }
        return try paths.map { path in
            (try Recording.read(try text(path), file: path, description: header), path)
        }
    }

    /// The daemon's configuration file when none is named.
    public static let systemConfig = "/etc/gestured/gestured.yml"

    /// The file the daemon reads when given `path`: that file, else ``systemConfig`` when it
    /// exists, else nil (the built-in set).
    public static func daemonConfigPath(_ path: String?) -> String? {
        path ?? (FileReader.exists(systemConfig) ? systemConfig : nil)
    }

    /// Reads a configuration file, or the built-in one when `path` is nil. A file over
    /// ``ConfigLimits/maximumBytes`` is refused before it is read.
    public static func config(_ path: String?) throws -> GestureConfig {
        guard let path else { return .builtIn }
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) > ConfigLimits.maximumBytes {
            throw ConfigError(file: path, line: nil, "the configuration is \(info.st_size) bytes; at most \(ConfigLimits.maximumBytes) (1 MiB) are allowed")
        }
        return try GestureConfig.parse(try text(path), file: path)
    }
}
