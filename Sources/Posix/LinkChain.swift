import Glibc

/// The symbolic links a path goes through: how dotfiles managers keep a file (stow, chezmoi's
/// symlink mode, home-manager, yadm: `~/.config/gestured/actions.yml -> ~/dotfiles/…`). A file
/// written "at" such a path is written at the end of the chain, so the link stays a link and
/// the dotfiles copy gets the change; a reader that watches for changes watches every hop's
/// folder (an editor's atomic save at the target, and the link itself re-pointed).
public enum LinkChain {
    /// How many links are followed before giving up, as the kernel's own limit (ELOOP).
    public static let maximumHops = 40

    /// `path`, then each link's target in turn (a relative target read against its link's
    /// folder), ending at the first path that is not a symbolic link (a file, a folder, or
    /// nothing yet). A loop ends after ``maximumHops``.
    public static func hops(_ path: String) -> [String] {
        var hops = [path]
        var status = stat()
        while hops.count <= maximumHops, lstat(hops[hops.count - 1], &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            let link = hops[hops.count - 1]
            guard let target = contents(of: link) else { break }
            hops.append(target.hasPrefix("/") ? target : folder(of: link) + "/" + target)
        }
        return hops
    }

    /// What the symbolic link at `link` says, as written (nil when it is none, or unreadable).
    public static func contents(of link: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Where a write "at" `path` lands: the end of its chain of links (`path` when it is none).
    public static func target(_ path: String) -> String {
        hops(path).last ?? path
    }

    /// The folder a path names its file in (`.` for a bare name, `/` for one at the root).
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last part of a path: the name its folder lists.
    public static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
