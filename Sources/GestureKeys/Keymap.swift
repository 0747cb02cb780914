import CLibevdev
import CXKBCommon
import GestureWire

/// A compiled xkb keymap for one ``KeyboardLayout``, which turns key names into the evdev codes
/// that type them on that layout — as the compositor, reading the daemon's virtual keyboard
/// with the same layout, will read them back. `ctrl+z` on AZERTY is the key labelled Z, evdev's
/// KEY_W; `A` adds shift; `€` on a layout with it at level 3 adds AltGr. Sendable: an xkb
/// keymap never changes once compiled, and is only read.
public final class Keymap: @unchecked Sendable {
    /// The layout it was compiled from.
    public let layout: KeyboardLayout
    let context: OpaquePointer
    let keymap: OpaquePointer

    /// Compiles `layout` with xkb's rules (xkb-data); throws when xkb does not know it.
    public init(_ layout: KeyboardLayout) throws(KeyNameError) {
        self.layout = layout
        // The layout given, not one the environment slips in for an empty field.
        guard let context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES) else { throw KeyNameError("libxkbcommon: cannot make a context") }
        xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL)
        let compiled: OpaquePointer? = "evdev".withCString { rules in
            layout.model.withCString { model in
                layout.layout.withCString { name in
                    layout.variant.withCString { variant in
                        layout.options.withCString { options in
                            var names = xkb_rule_names(rules: rules, model: model, layout: name, variant: variant, options: options)
                            return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                        }
                    }
                }
            }
        }
        guard let compiled else {
            xkb_context_unref(context)
            throw KeyNameError("xkb cannot make a keymap of layout \(layout) (is xkb-data installed, and is the layout in /usr/share/X11/xkb/rules/evdev.lst?)")
        }
        self.context = context
        keymap = compiled
    }

    deinit {
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// Names people give modifiers and a few keys, as the xkb keysym they mean.
    static let aliases: [String: String] = [
        "ctrl": "Control_L", "control": "Control_L", "alt": "Alt_L", "shift": "Shift_L", "super": "Super_L", "win": "Super_L",
        "logo": "Super_L", "meta": "Super_L", "mod4": "Super_L", "altgr": "ISO_Level3_Shift", "esc": "Escape", "enter": "Return",
        "del": "Delete", "ins": "Insert", "pgup": "Prior", "pageup": "Prior", "pgdn": "Next", "pagedown": "Next",
    ]

    /// The real modifiers a level may need, and the keysym of the key that sets each.
    static let modifierKeys: [(name: String, keysym: String, usual: UInt16)] = [
        ("Shift", "Shift_L", 42), ("Control", "Control_L", 29), ("Mod1", "Alt_L", 56), ("Mod4", "Super_L", 125),
        ("Mod5", "ISO_Level3_Shift", 100),
    ]

    /// The key that sets a modifier: its usual key (AltGr is KEY_RIGHTALT) when the layout gives
    /// that key the modifier's keysym, else the first that makes it.
    func modifierCode(_ keysym: String, usual: UInt16) -> UInt16? {
        let sym = xkb_keysym_from_name(keysym, XKB_KEYSYM_NO_FLAGS)
        var syms: UnsafePointer<xkb_keysym_t>?
        let count = xkb_keymap_key_get_syms_by_level(keymap, xkb_keycode_t(usual) + 8, 0, 0, &syms)
        if count > 0, let syms, (0..<Int(count)).contains(where: { syms[$0] == sym }) { return usual }
        return find(sym).map { UInt16($0.0 - 8) }
    }

    /// The codes that type `chord`.
    public func resolve(_ chord: KeyChord) throws(KeyNameError) -> ResolvedChord {
        var modifiers: [UInt16] = []
        for name in chord.names.dropLast() {
            let (code, needs) = try self.code(name)
            for extra in needs + [code] where !modifiers.contains(extra) { modifiers.append(extra) }
        }
        let (key, needs) = try code(chord.names.last!)
        for extra in needs where !modifiers.contains(extra) && extra != key { modifiers.append(extra) }
        return ResolvedChord(modifiers: modifiers, key: key)
    }

    /// The xkb name of what evdev key `code` types on this layout with no modifier (`dead_acute`
    /// for KEY_EQUAL on `de`), nil when it types nothing: how the view names a key the browser
    /// can only call "Dead" (issue 60).
    public func name(ofCode code: UInt16) -> String? {
        var syms: UnsafePointer<xkb_keysym_t>?
        let count = xkb_keymap_key_get_syms_by_level(keymap, xkb_keycode_t(code) + 8, 0, 0, &syms)
        guard count > 0, let syms else { return nil }
        var buffer = [CChar](repeating: 0, count: 64)
        guard xkb_keysym_get_name(syms[0], &buffer, buffer.count) > 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The evdev code of one name, with the modifier keys its level needs.
    public func code(_ name: String) throws(KeyNameError) -> (UInt16, needs: [UInt16]) {
        if name.hasPrefix("KEY_") || name.hasPrefix("BTN_") {
            let code = libevdev_event_code_from_name(UInt32(0x01), name)
            guard code > 0 else { throw KeyNameError("unknown key \"\(name)\": not an evdev key code (see linux/input-event-codes.h)") }
            return (UInt16(code), [])
        }
        if let modifier = Self.modifierKeys.first(where: { $0.keysym == Self.aliases[name.lowercased()] }),
           let code = modifierCode(modifier.keysym, usual: modifier.usual) {
            return (code, [])
        }
        let keysym = self.keysym(name)
        guard keysym != 0 else {
            throw KeyNameError("unknown key \"\(name)\"; keys are xkb names (Right, Tab, Return, XF86AudioRaiseVolume, a letter), modifiers ctrl, alt, shift, super, altgr, or evdev codes (KEY_LEFTCTRL)")
        }
        guard let (keycode, level) = find(keysym) else {
            throw KeyNameError("key \"\(name)\" is not on keyboard layout \(layout)")
        }
        return (UInt16(keycode - 8), try modifiers(keycode, level))
    }

    func keysym(_ name: String) -> xkb_keysym_t {
        let name = Self.aliases[name.lowercased()] ?? name
        let scalars = Array(name.unicodeScalars)
        if scalars.count == 1 {
            let sym = xkb_utf32_to_keysym(scalars[0].value)
            if sym != 0 { return sym }
        }
        let exact = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
        return exact != 0 ? exact : xkb_keysym_from_name(name, XKB_KEYSYM_CASE_INSENSITIVE)
    }

    /// The key and level of the first layout that make `keysym`: a key X11 can send too
    /// (keycode 255 or below) before one only Wayland can, then the lowest level, then the
    /// lowest keycode (German's euro sign is AltGr+E, not KEY_EURO).
    func find(_ keysym: xkb_keysym_t) -> (xkb_keycode_t, xkb_level_index_t)? {
        var best: (xkb_keycode_t, xkb_level_index_t)?
        func rank(_ candidate: (xkb_keycode_t, xkb_level_index_t)) -> (Int, xkb_level_index_t, xkb_keycode_t) {
            (candidate.0 > 255 ? 1 : 0, candidate.1, candidate.0)
        }
        let low = xkb_keymap_min_keycode(keymap), high = xkb_keymap_max_keycode(keymap)
        guard low <= high else { return nil }
        for keycode in max(low, 8)...high {
            let levels = xkb_keymap_num_levels_for_key(keymap, keycode, 0)
            for level in 0..<levels {
                var syms: UnsafePointer<xkb_keysym_t>?
                let count = xkb_keymap_key_get_syms_by_level(keymap, keycode, 0, level, &syms)
                guard count > 0, let syms, (0..<Int(count)).contains(where: { syms[$0] == keysym }) else { continue }
                if best.map({ rank((keycode, level)) < rank($0) }) ?? true { best = (keycode, level) }
                break
            }
        }
        return best
    }

    /// The modifier keys that select `level` of `keycode` (none for level 0).
    func modifiers(_ keycode: xkb_keycode_t, _ level: xkb_level_index_t) throws(KeyNameError) -> [UInt16] {
        guard level > 0 else { return [] }
        var masks = [xkb_mod_mask_t](repeating: 0, count: 16)
        let count = xkb_keymap_key_get_mods_for_level(keymap, keycode, 0, level, &masks, masks.count)
        let lock = xkb_keymap_mod_get_index(keymap, "Lock")
        // The mask with the fewest modifiers that does not need caps lock.
        let candidates = masks.prefix(Int(count)).filter { lock == XKB_MOD_INVALID || $0 & (1 << lock) == 0 }
        guard let mask = candidates.min(by: { $0.nonzeroBitCount < $1.nonzeroBitCount }) else { return [] }
        var keys: [UInt16] = []
        for (name, keysym, usual) in Self.modifierKeys {
            let index = xkb_keymap_mod_get_index(keymap, name)
            guard index != XKB_MOD_INVALID, mask & (1 << index) != 0 else { continue }
            guard let code = modifierCode(keysym, usual: usual) else {
                throw KeyNameError("layout \(layout) has no key for \(keysym), which this key needs")
            }
            keys.append(code)
        }
        return keys
    }
}
