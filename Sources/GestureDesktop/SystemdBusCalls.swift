import CSystemdBus
import Glibc

// The sd-bus functions DBusConnection calls, by their C names: declared in this module, they are
// the ones its calls reach (a module's own declarations shadow the C module's), so nothing links
// libsystemd. Each looks its symbol up in LazyLibrary.systemd on first use; when the library or
// the symbol is missing, a call returns -ENOSYS (or nil) as sd-bus reports an error, and
// DBusConnection says LazyLibrary.systemd's reason.

private let _sd_bus_new = LazyLibrary.systemd.function("sd_bus_new", as: (@convention(c) (UnsafeMutablePointer<OpaquePointer?>?) -> Int32).self)
func sd_bus_new(_ ret: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 { _sd_bus_new?(ret) ?? -ENOSYS }

private let _sd_bus_open_user = LazyLibrary.systemd.function("sd_bus_open_user", as: (@convention(c) (UnsafeMutablePointer<OpaquePointer?>?) -> Int32).self)
func sd_bus_open_user(_ ret: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 { _sd_bus_open_user?(ret) ?? -ENOSYS }

private let _sd_bus_set_address = LazyLibrary.systemd.function("sd_bus_set_address", as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32).self)
func sd_bus_set_address(_ bus: OpaquePointer?, _ address: UnsafePointer<CChar>?) -> Int32 { _sd_bus_set_address?(bus, address) ?? -ENOSYS }

private let _sd_bus_set_bus_client = LazyLibrary.systemd.function("sd_bus_set_bus_client", as: (@convention(c) (OpaquePointer?, Int32) -> Int32).self)
func sd_bus_set_bus_client(_ bus: OpaquePointer?, _ b: Int32) -> Int32 { _sd_bus_set_bus_client?(bus, b) ?? -ENOSYS }

private let _sd_bus_start = LazyLibrary.systemd.function("sd_bus_start", as: (@convention(c) (OpaquePointer?) -> Int32).self)
func sd_bus_start(_ bus: OpaquePointer?) -> Int32 { _sd_bus_start?(bus) ?? -ENOSYS }

private let _sd_bus_unref = LazyLibrary.systemd.function("sd_bus_unref", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self)
@discardableResult func sd_bus_unref(_ bus: OpaquePointer?) -> OpaquePointer? { _sd_bus_unref?(bus) ?? nil }

private let _sd_bus_flush_close_unref = LazyLibrary.systemd.function("sd_bus_flush_close_unref", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self)
@discardableResult func sd_bus_flush_close_unref(_ bus: OpaquePointer?) -> OpaquePointer? { _sd_bus_flush_close_unref?(bus) ?? nil }

private let _sd_bus_slot_unref = LazyLibrary.systemd.function("sd_bus_slot_unref", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self)
@discardableResult func sd_bus_slot_unref(_ slot: OpaquePointer?) -> OpaquePointer? { _sd_bus_slot_unref?(slot) ?? nil }

private let _sd_bus_get_fd = LazyLibrary.systemd.function("sd_bus_get_fd", as: (@convention(c) (OpaquePointer?) -> Int32).self)
func sd_bus_get_fd(_ bus: OpaquePointer?) -> Int32 { _sd_bus_get_fd?(bus) ?? -ENOSYS }

private let _sd_bus_get_unique_name = LazyLibrary.systemd.function("sd_bus_get_unique_name", as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32).self)
func sd_bus_get_unique_name(_ bus: OpaquePointer?, _ unique: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32 { _sd_bus_get_unique_name?(bus, unique) ?? -ENOSYS }

private let _sd_bus_message_new_method_call = LazyLibrary.systemd.function("sd_bus_message_new_method_call", as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32).self)
func sd_bus_message_new_method_call(_ bus: OpaquePointer?, _ m: UnsafeMutablePointer<OpaquePointer?>?, _ destination: UnsafePointer<CChar>?, _ path: UnsafePointer<CChar>?, _ interface: UnsafePointer<CChar>?, _ member: UnsafePointer<CChar>?) -> Int32 { _sd_bus_message_new_method_call?(bus, m, destination, path, interface, member) ?? -ENOSYS }

private let _sd_bus_message_new_method_return = LazyLibrary.systemd.function("sd_bus_message_new_method_return", as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?) -> Int32).self)
func sd_bus_message_new_method_return(_ call: OpaquePointer?, _ m: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 { _sd_bus_message_new_method_return?(call, m) ?? -ENOSYS }

private let _sd_bus_message_unref = LazyLibrary.systemd.function("sd_bus_message_unref", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self)
@discardableResult func sd_bus_message_unref(_ m: OpaquePointer?) -> OpaquePointer? { _sd_bus_message_unref?(m) ?? nil }

private let _sd_bus_call = LazyLibrary.systemd.function("sd_bus_call", as: (@convention(c) (OpaquePointer?, OpaquePointer?, UInt64, UnsafeMutablePointer<sd_bus_error>?, UnsafeMutablePointer<OpaquePointer?>?) -> Int32).self)
func sd_bus_call(_ bus: OpaquePointer?, _ m: OpaquePointer?, _ usec: UInt64, _ ret_error: UnsafeMutablePointer<sd_bus_error>?, _ reply: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 { _sd_bus_call?(bus, m, usec, ret_error, reply) ?? -ENOSYS }

private let _sd_bus_error_free = LazyLibrary.systemd.function("sd_bus_error_free", as: (@convention(c) (UnsafeMutablePointer<sd_bus_error>?) -> Void).self)
func sd_bus_error_free(_ e: UnsafeMutablePointer<sd_bus_error>?) { _sd_bus_error_free?(e) }

private let _sd_bus_error_set = LazyLibrary.systemd.function("sd_bus_error_set", as: (@convention(c) (UnsafeMutablePointer<sd_bus_error>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32).self)
func sd_bus_error_set(_ e: UnsafeMutablePointer<sd_bus_error>?, _ name: UnsafePointer<CChar>?, _ message: UnsafePointer<CChar>?) -> Int32 { _sd_bus_error_set?(e, name, message) ?? -ENOSYS }

private let _sd_bus_add_object = LazyLibrary.systemd.function("sd_bus_add_object", as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?, UnsafePointer<CChar>?, sd_bus_message_handler_t?, UnsafeMutableRawPointer?) -> Int32).self)
func sd_bus_add_object(_ bus: OpaquePointer?, _ slot: UnsafeMutablePointer<OpaquePointer?>?, _ path: UnsafePointer<CChar>?, _ callback: sd_bus_message_handler_t?, _ userdata: UnsafeMutableRawPointer?) -> Int32 { _sd_bus_add_object?(bus, slot, path, callback, userdata) ?? -ENOSYS }

private let _sd_bus_add_match = LazyLibrary.systemd.function("sd_bus_add_match", as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?, UnsafePointer<CChar>?, sd_bus_message_handler_t?, UnsafeMutableRawPointer?) -> Int32).self)
func sd_bus_add_match(_ bus: OpaquePointer?, _ slot: UnsafeMutablePointer<OpaquePointer?>?, _ match: UnsafePointer<CChar>?, _ callback: sd_bus_message_handler_t?, _ userdata: UnsafeMutableRawPointer?) -> Int32 { _sd_bus_add_match?(bus, slot, match, callback, userdata) ?? -ENOSYS }

private let _sd_bus_request_name = LazyLibrary.systemd.function("sd_bus_request_name", as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UInt64) -> Int32).self)
func sd_bus_request_name(_ bus: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ flags: UInt64) -> Int32 { _sd_bus_request_name?(bus, name, flags) ?? -ENOSYS }

private let _sd_bus_release_name = LazyLibrary.systemd.function("sd_bus_release_name", as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32).self)
func sd_bus_release_name(_ bus: OpaquePointer?, _ name: UnsafePointer<CChar>?) -> Int32 { _sd_bus_release_name?(bus, name) ?? -ENOSYS }

private let _sd_bus_process = LazyLibrary.systemd.function("sd_bus_process", as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?) -> Int32).self)
func sd_bus_process(_ bus: OpaquePointer?, _ r: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 { _sd_bus_process?(bus, r) ?? -ENOSYS }

private let _sd_bus_wait = LazyLibrary.systemd.function("sd_bus_wait", as: (@convention(c) (OpaquePointer?, UInt64) -> Int32).self)
func sd_bus_wait(_ bus: OpaquePointer?, _ timeout_usec: UInt64) -> Int32 { _sd_bus_wait?(bus, timeout_usec) ?? -ENOSYS }

private let _sd_bus_send = LazyLibrary.systemd.function("sd_bus_send", as: (@convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<UInt64>?) -> Int32).self)
func sd_bus_send(_ bus: OpaquePointer?, _ m: OpaquePointer?, _ cookie: UnsafeMutablePointer<UInt64>?) -> Int32 { _sd_bus_send?(bus, m, cookie) ?? -ENOSYS }

private let _sd_bus_reply_method_error = LazyLibrary.systemd.function("sd_bus_reply_method_error", as: (@convention(c) (OpaquePointer?, UnsafePointer<sd_bus_error>?) -> Int32).self)
func sd_bus_reply_method_error(_ call: OpaquePointer?, _ e: UnsafePointer<sd_bus_error>?) -> Int32 { _sd_bus_reply_method_error?(call, e) ?? -ENOSYS }

private let _sd_bus_message_get_interface = LazyLibrary.systemd.function("sd_bus_message_get_interface", as: (@convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?).self)
func sd_bus_message_get_interface(_ m: OpaquePointer?) -> UnsafePointer<CChar>? { _sd_bus_message_get_interface?(m) ?? nil }

private let _sd_bus_message_get_member = LazyLibrary.systemd.function("sd_bus_message_get_member", as: (@convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?).self)
func sd_bus_message_get_member(_ m: OpaquePointer?) -> UnsafePointer<CChar>? { _sd_bus_message_get_member?(m) ?? nil }

private let _sd_bus_message_is_method_call = LazyLibrary.systemd.function("sd_bus_message_is_method_call", as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32).self)
func sd_bus_message_is_method_call(_ m: OpaquePointer?, _ interface: UnsafePointer<CChar>?, _ member: UnsafePointer<CChar>?) -> Int32 { _sd_bus_message_is_method_call?(m, interface, member) ?? -ENOSYS }

private let _sd_bus_message_append_basic = LazyLibrary.systemd.function("sd_bus_message_append_basic", as: (@convention(c) (OpaquePointer?, CChar, UnsafeRawPointer?) -> Int32).self)
func sd_bus_message_append_basic(_ m: OpaquePointer?, _ type: CChar, _ p: UnsafeRawPointer?) -> Int32 { _sd_bus_message_append_basic?(m, type, p) ?? -ENOSYS }

private let _sd_bus_message_open_container = LazyLibrary.systemd.function("sd_bus_message_open_container", as: (@convention(c) (OpaquePointer?, CChar, UnsafePointer<CChar>?) -> Int32).self)
func sd_bus_message_open_container(_ m: OpaquePointer?, _ type: CChar, _ contents: UnsafePointer<CChar>?) -> Int32 { _sd_bus_message_open_container?(m, type, contents) ?? -ENOSYS }

private let _sd_bus_message_close_container = LazyLibrary.systemd.function("sd_bus_message_close_container", as: (@convention(c) (OpaquePointer?) -> Int32).self)
func sd_bus_message_close_container(_ m: OpaquePointer?) -> Int32 { _sd_bus_message_close_container?(m) ?? -ENOSYS }

private let _sd_bus_message_enter_container = LazyLibrary.systemd.function("sd_bus_message_enter_container", as: (@convention(c) (OpaquePointer?, CChar, UnsafePointer<CChar>?) -> Int32).self)
func sd_bus_message_enter_container(_ m: OpaquePointer?, _ type: CChar, _ contents: UnsafePointer<CChar>?) -> Int32 { _sd_bus_message_enter_container?(m, type, contents) ?? -ENOSYS }

private let _sd_bus_message_exit_container = LazyLibrary.systemd.function("sd_bus_message_exit_container", as: (@convention(c) (OpaquePointer?) -> Int32).self)
@discardableResult func sd_bus_message_exit_container(_ m: OpaquePointer?) -> Int32 { _sd_bus_message_exit_container?(m) ?? -ENOSYS }

private let _sd_bus_message_peek_type = LazyLibrary.systemd.function("sd_bus_message_peek_type", as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32).self)
func sd_bus_message_peek_type(_ m: OpaquePointer?, _ type: UnsafeMutablePointer<CChar>?, _ contents: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32 { _sd_bus_message_peek_type?(m, type, contents) ?? -ENOSYS }

private let _sd_bus_message_read_basic = LazyLibrary.systemd.function("sd_bus_message_read_basic", as: (@convention(c) (OpaquePointer?, CChar, UnsafeMutableRawPointer?) -> Int32).self)
func sd_bus_message_read_basic(_ m: OpaquePointer?, _ type: CChar, _ p: UnsafeMutableRawPointer?) -> Int32 { _sd_bus_message_read_basic?(m, type, p) ?? -ENOSYS }

private let _sd_bus_message_skip = LazyLibrary.systemd.function("sd_bus_message_skip", as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32).self)
@discardableResult func sd_bus_message_skip(_ m: OpaquePointer?, _ types: UnsafePointer<CChar>?) -> Int32 { _sd_bus_message_skip?(m, types) ?? -ENOSYS }
