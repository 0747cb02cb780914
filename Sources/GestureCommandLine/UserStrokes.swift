import GestureActions
import GestureCore

import Posix

/// The user's recorded strokes file: `--strokes FILE`, else `$XDG_CONFIG_HOME/gestured/strokes.yml`
/// (`~/.config/gestured/strokes.yml`), which `gesturectl stroke record` writes.
public enum UserStrokes {
    /// The default file, or nil when neither variable says where the configuration is.
    public static var defaultPath: String? { UserConfigHome.path("gestured/strokes.yml") }

    /// The drawings of `path`, or of the default file: none when the default file does not
    /// exist yet or is not this user's to read; a file given that does not exist, or any
    /// mistake, is an error.
    public static func load(_ path: String?, missingIsEmpty: Bool = false) throws -> [StrokeTemplate] {
        guard let file = path ?? defaultPath else { return [] }
        do {
            return try StrokesFile.parse(try FileReader.text(file), file: file).templates
        } catch let error as FileReadError where error.reason == "no such file" && (path == nil || missingIsEmpty) {
            return []
        } catch let error as FileReadError where error.reason == "permission denied" && path == nil {
            // Another user's HOME (a service started with HOME=/root): not this user's file.
            return []
        }
    }
}
