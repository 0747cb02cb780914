import Glibc

/// A shared library opened the first time one of its functions is called, instead of linked.
/// The actions runner talks to a session bus only on GNOME and KDE Plasma, and to an X server
/// only on X11; linked, libsystemd and libxcb (with what they load: libgcrypt, libgpg-error,
/// libzstd, liblz4, liblzma, libcap; libXau, libXdmcp, libbsd, libmd) sat in every runner, on
/// sway and on a phone too. The calls of `SystemdBusCalls.swift` and `XCBCalls.swift` look
/// their symbols up here, once each.
struct LazyLibrary: @unchecked Sendable {
    /// The opened library, or why it could not be opened (dlerror's text); never closed.
    let opened: Result<UnsafeMutableRawPointer, DesktopError>

    /// Opens `name` (the library's file name, as Debian installs it) now; `purpose` says in an
    /// error what it was for.
    init(_ name: String, for purpose: String) {
        if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) {
            opened = .success(handle)
        } else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            opened = .failure(DesktopError("cannot open \(name), which \(purpose): \(reason)"))
        }
    }

    /// The function `symbol` as the C function type `type`; nil when the library or the symbol
    /// is missing (its caller then fails as the C function fails).
    func function<Function>(_ symbol: String, as type: Function.Type) -> Function? {
        guard case .success(let handle) = opened, let address = dlsym(handle, symbol) else { return nil }
        return unsafeBitCast(address, to: type)
    }

    /// libsystemd, for sd-bus (``DBusConnection``); opened on the first use.
    static let systemd = LazyLibrary("libsystemd.so.0", for: "talks to the session bus")

    /// libxcb, for ``X11Provider``; opened on the first use.
    static let xcb = LazyLibrary("libxcb.so.1", for: "talks to the X server")
}
