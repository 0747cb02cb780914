import Glibc
import NIOCore
import Posix

/// A file watched for changes the way people change files: an editor's atomic save (a new file
/// renamed over it), a plain write, and — for a symbolic link, the way dotfiles managers keep a
/// file (``LinkChain``) — a save at the link's target and the link re-pointed. inotify watches
/// the folder of every hop of the path, read on an event loop with no thread of its own; a
/// change to any hop's name there calls `changed`. What the actions runner and the overlay
/// reload their actions file by (issue 60).
///
/// Used on its loop only: `changed` and ``refresh()`` run there.
public final class FileWatch: @unchecked Sendable {
    /// The path watched, as given.
    public let path: String
    let descriptor: Int32
    let cannotWatch: @Sendable (_ folder: String, _ error: Int32) -> Void
    /// The folders watched so far, and the names whose change counts.
    var folders: Set<String> = []
    var names: Set<String> = []

    /// The events that mean a file there changed: written and closed, renamed there, made there.
    static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE)

    init(path: String, descriptor: Int32, cannotWatch: @escaping @Sendable (String, Int32) -> Void) {
        self.path = path
        self.descriptor = descriptor
        self.cannotWatch = cannotWatch
    }

    /// Watches `path` on `loop`, calling `changed` there on each read that names one of its
    /// hops; a folder that cannot be watched is told to `cannotWatch` (with `errno`). Nil, with
    /// `errno` set, when inotify cannot start. The channel is the caller's to close.
    public static func start(
        _ path: String, on loop: any EventLoop, cannotWatch: @escaping @Sendable (_ folder: String, _ error: Int32) -> Void,
        changed: @escaping @Sendable () -> Void
    ) -> (watch: FileWatch, channel: EventLoopFuture<any Channel>)? {
        guard let descriptor = InotifyEvents.open() else { return nil }
        let watch = FileWatch(path: path, descriptor: descriptor, cannotWatch: cannotWatch)
        watch.refresh()
        let channel = DescriptorReader.start(descriptor, on: loop, capacity: 4096) { bytes in
            if !watch.names.isDisjoint(with: InotifyEvents.names(in: Array(bytes.readableBytesView))) { changed() }
        }
        return (watch, channel)
    }

    /// Follows the path's links again and watches any folder on the way not watched yet (a link
    /// re-pointed to another folder); call it after each reload.
    public func refresh() {
        let hops = LinkChain.hops(path)
        names = Set(hops.map(LinkChain.name(of:)))
        for folder in Set(hops.map(LinkChain.folder(of:))) where !folders.contains(folder) {
            if InotifyEvents.add(descriptor, folder: folder, mask: Self.mask) {
                folders.insert(folder)
            } else {
                cannotWatch(folder, errno)
            }
        }
    }
}
