import Descriptors
import GestureWire
import GestureActions
import GestureCommandLine
import Glibc
import NIOCore
import OverlayScreen
import Posix
import Synchronization

/// The overlay's actions file read again when it changes on disk — an editor's save, a save at a
/// dotfiles link's target, the link re-pointed (``FileWatch``) — as the actions runner reads it:
/// what the cards name and what `overlay:` draws take effect at once; a file with a mistake is
/// said and the previous one kept (issue 60).
final class OverlayReload: Sendable {
    let path: String
    let strokes: String?
    /// A file read since the daemon's events last looked, for the feed to take.
    let pending = Mutex<ActionsFile?>(nil)
    /// The watch, kept for its life (nil until started, or when inotify cannot).
    let watch = Mutex<FileWatch?>(nil)

    init(path: String, strokes: String?) {
        self.path = path
        self.strokes = strokes
    }

    /// Watches the file on `loop`; each change is read and handed to `overlay` (its settings)
    /// and, through ``take()``, to the feed.
    func start(on loop: any EventLoop, into overlay: OverlayLoop) {
        let name = GesturedOverlay.name
        loop.execute { [self] in
            guard let started = FileWatch.start(path, on: loop, cannotWatch: { folder, error in
                StandardError.line("\(name): cannot watch \(folder) for changes (\(String(cString: strerror(error))))")
            }, changed: { [self] in reload(into: overlay) }) else {
                StandardError.line("\(name): cannot watch \(path) for changes (inotify: \(String(cString: strerror(errno))))")
                return
            }
            watch.withLock { $0 = started.watch }
            // The channel lives as long as the process: the overlay ends by its signals.
            _ = started.channel
        }
    }

    /// Reads the file again, on the watch's loop.
    func reload(into overlay: OverlayLoop) {
        let name = GesturedOverlay.name
        // A link re-pointed to another folder: watched before the file is read, so a save there
        // after this read is seen too.
        watch.withLock { $0?.refresh() }
        let file: ActionsFile
        do {
            file = try ActionsFile.parse(try FileReader.text(path), file: path, strokes: try UserStrokes.load(strokes))
        } catch {
            StandardError.line("\(name): changed on disk: keeping the previous actions and settings; the file has a mistake: \(error)")
            return
        }
        pending.withLock { $0 = file }
        overlay.take([.settings(file.overlay ?? ActionsOverlay())], at: MonotonicTime.seconds)
        StandardError.line("\(name): changed on disk: \(Counted.words(file.actions.count, "action")) from \(path)")
    }

    /// The file read since the last call, if one was.
    func take() -> ActionsFile? {
        pending.withLock { file in
            defer { file = nil }
            return file
        }
    }
}
