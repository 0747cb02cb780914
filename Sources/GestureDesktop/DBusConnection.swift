import CSystemdBus
import Glibc
import Synchronization

/// A connection to a D-Bus bus through libsystemd's sd-bus: method calls with basic arguments,
/// objects served by a handler, and a loop that waits for messages. Not thread-safe, as sd-bus
/// is not: each connection belongs to one thread at a time (KWinProvider keeps two).
public final class DBusConnection: @unchecked Sendable {
    let bus: OpaquePointer
    var slots: [OpaquePointer] = []
    var handlers: [Handler] = []

    /// Answers one method call made to a served object: its interface, member and arguments;
    /// returns the reply's values, or throws a ``DesktopError`` sent back as a D-Bus error.
    public typealias MethodHandler = (_ interface: String, _ member: String, _ arguments: [DBusValue]) throws(DesktopError) -> [DBusValue]?

    /// A served object's handler, kept alive for sd-bus's callback.
    final class Handler {
        let handle: MethodHandler
        init(_ handle: @escaping MethodHandler) { self.handle = handle }
    }

    /// Connects to the bus at `address` (`unix:path=…`), or, when nil, to the user's session bus
    /// (`$DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`).
    public init(address: String?) throws(DesktopError) {
        if case .failure(let error) = LazyLibrary.systemd.opened { throw error }
        var bus: OpaquePointer?
        var result: Int32
        if let address {
            result = sd_bus_new(&bus)
            if result >= 0 { result = sd_bus_set_address(bus, address) }
            if result >= 0 { result = sd_bus_set_bus_client(bus, 1) }
            if result >= 0 { result = sd_bus_start(bus) }
        } else {
            result = sd_bus_open_user(&bus)
        }
        guard result >= 0, let bus else {
            if let bus { sd_bus_unref(bus) }
            throw DesktopError("cannot connect to the session bus \(address ?? "(the user's)"): \(Self.reason(result))")
        }
        self.bus = bus
    }

    deinit {
        for slot in slots { sd_bus_slot_unref(slot) }
        sd_bus_flush_close_unref(bus)
    }

    /// The connection's descriptor, to poll for reading before ``process(waiting:)``.
    public var descriptor: Int32 { sd_bus_get_fd(bus) }

    /// The connection's unique name on the bus (`:1.42`).
    public var uniqueName: String {
        var name: UnsafePointer<CChar>?
        guard sd_bus_get_unique_name(bus, &name) >= 0, let name else { return "" }
        return String(cString: name)
    }

    /// Calls `member` and returns the reply's values; throws with the bus's error (its name and
    /// message) or when nothing answers within `timeout` seconds.
    @discardableResult
    public func call(_ destination: String, _ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = [], timeout: Double = 5) throws(DesktopError) -> [DBusValue] {
        var message: OpaquePointer?
        var result = sd_bus_message_new_method_call(bus, &message, destination, path, interface, member)
        guard result >= 0, let message else { throw DesktopError("D-Bus: cannot make the call \(member): \(Self.reason(result))") }
        defer { sd_bus_message_unref(message) }
        for argument in arguments {
            result = Self.append(argument, to: message)
            guard result >= 0 else { throw DesktopError("D-Bus: cannot add an argument to \(member): \(Self.reason(result))") }
        }
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        result = sd_bus_call(bus, message, UInt64(timeout * 1_000_000), &error, &reply)
        guard result >= 0, let reply else {
            let name = error.name.map { String(cString: $0) } ?? Self.reason(result)
            let text = error.message.map { ": " + String(cString: $0) } ?? ""
            throw DesktopError("\(destination) \(path) \(interface).\(member): \(name)\(text)")
        }
        defer { sd_bus_message_unref(reply) }
        return Self.values(of: reply)
    }

    /// Serves the object at `path`: every method call to it goes to `handler`, on the thread
    /// that runs ``process()``.
    public func serve(_ path: String, _ handler: @escaping MethodHandler) throws(DesktopError) {
        let box = Handler(handler)
        var slot: OpaquePointer?
        let result = sd_bus_add_object(bus, &slot, path, { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            let handler = Unmanaged<Handler>.fromOpaque(userdata).takeUnretainedValue()
            return DBusConnection.dispatch(message, to: handler)
        }, Unmanaged.passUnretained(box).toOpaque())
        guard result >= 0, let slot else { throw DesktopError("D-Bus: cannot serve \(path): \(Self.reason(result))") }
        handlers.append(box)
        slots.append(slot)
    }

    /// Asks for the well-known `name` on the bus.
    public func requestName(_ name: String) throws(DesktopError) {
        let result = sd_bus_request_name(bus, name, 0)
        guard result >= 0 else { throw DesktopError("D-Bus: cannot own \(name): \(Self.reason(result))") }
    }

    /// Gives up the well-known `name`.
    public func releaseName(_ name: String) throws(DesktopError) {
        let result = sd_bus_release_name(bus, name)
        guard result >= 0 else { throw DesktopError("D-Bus: cannot give up \(name): \(Self.reason(result))") }
    }

    /// Calls `handler` with every NameOwnerChanged of `name`: its new owner, "" when it left.
    public func watchOwner(of name: String, _ handler: @escaping (String) -> Void) throws(DesktopError) {
        let rule = "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(name)'"
        try addMatch(rule, what: name) { arguments in
            if arguments.count == 3, case .string(let owner) = arguments[2] { handler(owner) }
        }
    }

    /// Calls `handler` with the arguments of every signal `member` of `interface` sent from `path`
    /// by `sender` (a well-known name: whoever owns it then).
    public func watchSignal(sender: String, path: String, interface: String, member: String, _ handler: @escaping ([DBusValue]) -> Void) throws(DesktopError) {
        let rule = "type='signal',sender='\(sender)',path='\(path)',interface='\(interface)',member='\(member)'"
        try addMatch(rule, what: "\(interface).\(member)", handler)
    }

    /// Calls `handler` with the arguments of every message matching `rule`; `what` names it in
    /// an error.
    func addMatch(_ rule: String, what: String, _ handler: @escaping ([DBusValue]) -> Void) throws(DesktopError) {
        let box = Handler { _, _, arguments throws(DesktopError) in
            handler(arguments)
            return nil
        }
        var slot: OpaquePointer?
        let result = sd_bus_add_match(bus, &slot, rule, { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            let handler = Unmanaged<Handler>.fromOpaque(userdata).takeUnretainedValue()
            _ = try? handler.handle("", "", DBusConnection.values(of: message))
            return 0
        }, Unmanaged.passUnretained(box).toOpaque())
        guard result >= 0, let slot else { throw DesktopError("D-Bus: cannot watch \(what): \(Self.reason(result))") }
        handlers.append(box)
        slots.append(slot)
    }

    /// Handles every message that has come, then waits up to `timeout` seconds for more;
    /// false once the connection is gone.
    public func process(waiting timeout: Double) -> Bool {
        while true {
            let result = sd_bus_process(bus, nil)
            if result < 0 { return false }
            if result == 0 { break }
        }
        return sd_bus_wait(bus, UInt64(timeout * 1_000_000)) >= 0
    }

    /// One method call to a served object: the handler's reply, or its error sent back.
    static func dispatch(_ message: OpaquePointer, to handler: Handler) -> Int32 {
        let interface = sd_bus_message_get_interface(message).map { String(cString: $0) } ?? ""
        let member = sd_bus_message_get_member(message).map { String(cString: $0) } ?? ""
        guard sd_bus_message_is_method_call(message, nil, nil) > 0 else { return 0 }
        let reply: [DBusValue]?
        do {
            reply = try handler.handle(interface, member, values(of: message))
        } catch {
            var busError = sd_bus_error()
            defer { sd_bus_error_free(&busError) }
            _ = sd_bus_error_set(&busError, "org.gestured.Error", error.message)
            return sd_bus_reply_method_error(message, &busError)
        }
        guard let reply else { return 0 }
        var answer: OpaquePointer?
        guard sd_bus_message_new_method_return(message, &answer) >= 0, let answer else { return -1 }
        defer { sd_bus_message_unref(answer) }
        for value in reply where append(value, to: answer) < 0 { return -1 }
        let sent = sd_bus_send(nil, answer, nil)
        return sent < 0 ? sent : 1
    }

    static func append(_ value: DBusValue, to message: OpaquePointer) -> Int32 {
        switch value {
        case .string(let text):
            return text.withCString { sd_bus_message_append_basic(message, CChar(UInt8(ascii: "s")), $0) }
        case .int32(var number):
            return sd_bus_message_append_basic(message, CChar(UInt8(ascii: "i")), &number)
        case .bool(let flag):
            var number: Int32 = flag ? 1 : 0
            return sd_bus_message_append_basic(message, CChar(UInt8(ascii: "b")), &number)
        case .strings(let texts):
            var result = sd_bus_message_open_container(message, CChar(UInt8(ascii: "a")), "s")
            for text in texts where result >= 0 {
                result = text.withCString { sd_bus_message_append_basic(message, CChar(UInt8(ascii: "s")), $0) }
            }
            return result < 0 ? result : sd_bus_message_close_container(message)
        case .double(var number):
            return sd_bus_message_append_basic(message, CChar(UInt8(ascii: "d")), &number)
        case .dictionary:
            return -EINVAL  // read only: no call gestured makes sends one
        }
    }

    /// The message's values, as far as they are of the types above (others end the list).
    static func values(of message: OpaquePointer) -> [DBusValue] {
        var values: [DBusValue] = []
        while let value = value(of: message) { values.append(value) }
        return values
    }

    /// The message's next value, or nil at its end or at a value of another type.
    static func value(of message: OpaquePointer) -> DBusValue? {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        guard sd_bus_message_peek_type(message, &type, &contents) > 0 else { return nil }
        let inner = contents.map { String(cString: $0) }
        switch UInt8(bitPattern: type) {
        case UInt8(ascii: "s"), UInt8(ascii: "o"):
            var text: UnsafePointer<CChar>?
            guard sd_bus_message_read_basic(message, type, &text) > 0, let text else { return nil }
            return .string(String(cString: text))
        case UInt8(ascii: "i"):
            var number: Int32 = 0
            guard sd_bus_message_read_basic(message, type, &number) > 0 else { return nil }
            return .int32(number)
        case UInt8(ascii: "b"):
            var number: Int32 = 0
            guard sd_bus_message_read_basic(message, type, &number) > 0 else { return nil }
            return .bool(number != 0)
        case UInt8(ascii: "d"):
            var number: Double = 0
            guard sd_bus_message_read_basic(message, type, &number) > 0 else { return nil }
            return .double(number)
        case UInt8(ascii: "a") where inner == "s":
            guard sd_bus_message_enter_container(message, type, "s") > 0 else { return nil }
            var texts: [String] = []
            var text: UnsafePointer<CChar>?
            while sd_bus_message_read_basic(message, CChar(UInt8(ascii: "s")), &text) > 0, let item = text { texts.append(String(cString: item)) }
            sd_bus_message_exit_container(message)
            return .strings(texts)
        case UInt8(ascii: "a") where inner == "{sv}":
            guard sd_bus_message_enter_container(message, type, "{sv}") > 0 else { return nil }
            var entries: [String: DBusValue] = [:]
            while sd_bus_message_enter_container(message, CChar(UInt8(ascii: "e")), "sv") > 0 {
                var key: UnsafePointer<CChar>?
                if sd_bus_message_read_basic(message, CChar(UInt8(ascii: "s")), &key) > 0, let key {
                    var variant: CChar = 0
                    var signature: UnsafePointer<CChar>?
                    if sd_bus_message_peek_type(message, &variant, &signature) > 0, let signature,
                       sd_bus_message_enter_container(message, CChar(UInt8(ascii: "v")), signature) > 0 {
                        if let item = Self.value(of: message) {
                            entries[String(cString: key)] = item
                        } else {
                            sd_bus_message_skip(message, signature)  // a value of another type: left out
                        }
                        sd_bus_message_exit_container(message)
                    }
                }
                sd_bus_message_exit_container(message)
            }
            sd_bus_message_exit_container(message)
            return .dictionary(entries)
        default:
            return nil
        }
    }

    static func reason(_ result: Int32) -> String { String(cString: strerror(-result)) }
}
