import Posix

/// The user's configuration folder as the XDG base directory specification says:
/// `$XDG_CONFIG_HOME` when it is an absolute path, else `~/.config`.
public enum UserConfigHome {
    /// `relative` inside it, or nil when neither variable says where it is.
    public static func path(_ relative: String, environment: [String: String] = ProcessEnvironment.current) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/" + relative }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/" + relative }
        return nil
    }

    /// `path` as the user would write it: their home folder as `~` (what messages show).
    public static func shown(_ path: String, environment: [String: String] = ProcessEnvironment.current) -> String {
        guard let home = environment["HOME"], home.count > 1, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }
}
