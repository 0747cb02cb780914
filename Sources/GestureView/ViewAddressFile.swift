import Glibc
import GestureWire
import Posix

/// Where a running view says its address, with its token, so that `gesturectl view` opens that
/// view rather than start a second: the user unit `gestured-view.service` runs `gesturectl view
/// --no-open --address-file $XDG_RUNTIME_DIR/gestured/view-address`. The file is the user's
/// alone (mode 0600, in the user's own runtime folder): the token in it is the view's one secret.
public enum ViewAddressFile {
    /// `$XDG_RUNTIME_DIR/gestured/view-address`, or nil without a runtime folder.
    public static func standardPath(_ environment: [String: String]) -> String? {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        return runtime + "/gestured/view-address"
    }

    /// Writes `address` and a line end to `path`, mode 0600, its folder made (0700) when
    /// missing; nil when done, else why not.
    public static func write(_ address: String, to path: String) -> String? {
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            let folder = String(path[..<slash])
            if mkdir(folder, 0o700) != 0, errno != EEXIST { return "cannot make \(folder): \(String(cString: strerror(errno)))" }
        }
        guard let error = WholeWrite.replace(path, with: Array((address + "\n").utf8), mode: 0o600) else { return nil }
        return "cannot write \(path): \(String(cString: strerror(error)))"
    }

    /// The address in the file at `path` when a view answers at its port on 127.0.0.1 now; nil
    /// when there is no file, it holds no view's address, or nothing listens there any more (a
    /// view that stopped without taking its file away).
    public static func running(at path: String) -> String? {
        guard let text = try? FileReader.text(path) else { return nil }
        let address = text.trimmed
        guard let port = port(of: address), answers(port) else { return nil }
        return address
    }

    /// The port of a view's address (`http://127.0.0.1:PORT/?token=…`).
    static func port(of address: String) -> UInt16? {
        let prefix = "http://127.0.0.1:"
        guard address.hasPrefix(prefix), address.contains("/?token=") else { return nil }
        let digits = address.dropFirst(prefix.count).prefix { $0 != "/" }
        return UInt16(digits)
    }

    /// Whether something accepts a connection at `port` on 127.0.0.1.
    static func answers(_ port: UInt16) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
