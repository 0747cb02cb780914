/// The version of gestured and gesturectl: what `--version` prints, what the daemon's `hello`
/// reports as `server`, and what `make deb` checks against packaging/changelog.
public enum GesturedVersion {
    /// The release, as `MAJOR.MINOR.PATCH`.
    public static let current = "0.9.2"
}
