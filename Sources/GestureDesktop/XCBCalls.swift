import CXCB

// The xcb functions X11Provider calls, by their C names: declared in this module, they are the
// ones its calls reach (a module's own declarations shadow the C module's), so nothing links
// libxcb. Each looks its symbol up in LazyLibrary.xcb on first use; when the library or the
// symbol is missing, a call fails as xcb fails (no connection, an error, no reply, an empty
// cookie), and X11Provider says LazyLibrary.xcb's reason.

private let _xcb_connect = LazyLibrary.xcb.function("xcb_connect", as: (@convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<Int32>?) -> OpaquePointer?).self)
@discardableResult func xcb_connect(_ displayname: UnsafePointer<CChar>?, _ screenp: UnsafeMutablePointer<Int32>?) -> OpaquePointer? { _xcb_connect?(displayname, screenp) ?? nil }

private let _xcb_connection_has_error = LazyLibrary.xcb.function("xcb_connection_has_error", as: (@convention(c) (OpaquePointer?) -> Int32).self)
@discardableResult func xcb_connection_has_error(_ c: OpaquePointer?) -> Int32 { _xcb_connection_has_error?(c) ?? -1 }

private let _xcb_disconnect = LazyLibrary.xcb.function("xcb_disconnect", as: (@convention(c) (OpaquePointer?) -> Void).self)
func xcb_disconnect(_ c: OpaquePointer?) { _xcb_disconnect?(c) }

private let _xcb_flush = LazyLibrary.xcb.function("xcb_flush", as: (@convention(c) (OpaquePointer?) -> Int32).self)
@discardableResult func xcb_flush(_ c: OpaquePointer?) -> Int32 { _xcb_flush?(c) ?? -1 }

private let _xcb_get_setup = LazyLibrary.xcb.function("xcb_get_setup", as: (@convention(c) (OpaquePointer?) -> UnsafePointer<xcb_setup_t>?).self)
@discardableResult func xcb_get_setup(_ c: OpaquePointer?) -> UnsafePointer<xcb_setup_t>? { _xcb_get_setup?(c) ?? nil }

private let _xcb_setup_roots_iterator = LazyLibrary.xcb.function("xcb_setup_roots_iterator", as: (@convention(c) (UnsafePointer<xcb_setup_t>?) -> xcb_screen_iterator_t).self)
@discardableResult func xcb_setup_roots_iterator(_ R: UnsafePointer<xcb_setup_t>?) -> xcb_screen_iterator_t { _xcb_setup_roots_iterator?(R) ?? xcb_screen_iterator_t() }

private let _xcb_screen_next = LazyLibrary.xcb.function("xcb_screen_next", as: (@convention(c) (UnsafeMutablePointer<xcb_screen_iterator_t>?) -> Void).self)
func xcb_screen_next(_ i: UnsafeMutablePointer<xcb_screen_iterator_t>?) { _xcb_screen_next?(i) }

private let _xcb_intern_atom = LazyLibrary.xcb.function("xcb_intern_atom", as: (@convention(c) (OpaquePointer?, UInt8, UInt16, UnsafePointer<CChar>?) -> xcb_intern_atom_cookie_t).self)
@discardableResult func xcb_intern_atom(_ c: OpaquePointer?, _ only_if_exists: UInt8, _ name_len: UInt16, _ name: UnsafePointer<CChar>?) -> xcb_intern_atom_cookie_t { _xcb_intern_atom?(c, only_if_exists, name_len, name) ?? xcb_intern_atom_cookie_t() }

private let _xcb_intern_atom_reply = LazyLibrary.xcb.function("xcb_intern_atom_reply", as: (@convention(c) (OpaquePointer?, xcb_intern_atom_cookie_t, UnsafeMutablePointer<UnsafeMutablePointer<xcb_generic_error_t>?>?) -> UnsafeMutablePointer<xcb_intern_atom_reply_t>?).self)
@discardableResult func xcb_intern_atom_reply(_ c: OpaquePointer?, _ cookie: xcb_intern_atom_cookie_t, _ e: UnsafeMutablePointer<UnsafeMutablePointer<xcb_generic_error_t>?>?) -> UnsafeMutablePointer<xcb_intern_atom_reply_t>? { _xcb_intern_atom_reply?(c, cookie, e) ?? nil }

private let _xcb_change_window_attributes = LazyLibrary.xcb.function("xcb_change_window_attributes", as: (@convention(c) (OpaquePointer?, xcb_window_t, UInt32, UnsafeRawPointer?) -> xcb_void_cookie_t).self)
@discardableResult func xcb_change_window_attributes(_ c: OpaquePointer?, _ window: xcb_window_t, _ value_mask: UInt32, _ value_list: UnsafeRawPointer?) -> xcb_void_cookie_t { _xcb_change_window_attributes?(c, window, value_mask, value_list) ?? xcb_void_cookie_t() }

private let _xcb_wait_for_event = LazyLibrary.xcb.function("xcb_wait_for_event", as: (@convention(c) (OpaquePointer?) -> UnsafeMutablePointer<xcb_generic_event_t>?).self)
@discardableResult func xcb_wait_for_event(_ c: OpaquePointer?) -> UnsafeMutablePointer<xcb_generic_event_t>? { _xcb_wait_for_event?(c) ?? nil }

private let _xcb_get_property = LazyLibrary.xcb.function("xcb_get_property", as: (@convention(c) (OpaquePointer?, UInt8, xcb_window_t, xcb_atom_t, xcb_atom_t, UInt32, UInt32) -> xcb_get_property_cookie_t).self)
@discardableResult func xcb_get_property(_ c: OpaquePointer?, _ _delete: UInt8, _ window: xcb_window_t, _ property: xcb_atom_t, _ type: xcb_atom_t, _ long_offset: UInt32, _ long_length: UInt32) -> xcb_get_property_cookie_t { _xcb_get_property?(c, _delete, window, property, type, long_offset, long_length) ?? xcb_get_property_cookie_t() }

private let _xcb_get_property_reply = LazyLibrary.xcb.function("xcb_get_property_reply", as: (@convention(c) (OpaquePointer?, xcb_get_property_cookie_t, UnsafeMutablePointer<UnsafeMutablePointer<xcb_generic_error_t>?>?) -> UnsafeMutablePointer<xcb_get_property_reply_t>?).self)
@discardableResult func xcb_get_property_reply(_ c: OpaquePointer?, _ cookie: xcb_get_property_cookie_t, _ e: UnsafeMutablePointer<UnsafeMutablePointer<xcb_generic_error_t>?>?) -> UnsafeMutablePointer<xcb_get_property_reply_t>? { _xcb_get_property_reply?(c, cookie, e) ?? nil }

private let _xcb_get_property_value = LazyLibrary.xcb.function("xcb_get_property_value", as: (@convention(c) (UnsafePointer<xcb_get_property_reply_t>?) -> UnsafeMutableRawPointer?).self)
@discardableResult func xcb_get_property_value(_ R: UnsafePointer<xcb_get_property_reply_t>?) -> UnsafeMutableRawPointer? { _xcb_get_property_value?(R) ?? nil }

private let _xcb_get_property_value_length = LazyLibrary.xcb.function("xcb_get_property_value_length", as: (@convention(c) (UnsafePointer<xcb_get_property_reply_t>?) -> Int32).self)
@discardableResult func xcb_get_property_value_length(_ R: UnsafePointer<xcb_get_property_reply_t>?) -> Int32 { _xcb_get_property_value_length?(R) ?? -1 }

private let _xcb_send_event = LazyLibrary.xcb.function("xcb_send_event", as: (@convention(c) (OpaquePointer?, UInt8, xcb_window_t, UInt32, UnsafePointer<CChar>?) -> xcb_void_cookie_t).self)
@discardableResult func xcb_send_event(_ c: OpaquePointer?, _ propagate: UInt8, _ destination: xcb_window_t, _ event_mask: UInt32, _ event: UnsafePointer<CChar>?) -> xcb_void_cookie_t { _xcb_send_event?(c, propagate, destination, event_mask, event) ?? xcb_void_cookie_t() }
