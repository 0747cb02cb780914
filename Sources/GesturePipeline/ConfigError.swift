import Evdev

/// A configuration that cannot be used: which file (`<built-in>` for the default), which line,
/// what was wrong.
public typealias ConfigError = FileError
