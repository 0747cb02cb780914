import GestureKeys
import Testing

/// Where the user's layout is found, first found wins.
@Suite struct KeyboardLayoutTests {
    static func detect(_ environment: [String: String], files: [String: String] = [:], gnome: String? = nil) -> KeyboardLayout {
        KeyboardLayout.detect(environment: environment, home: "/home/alice", readFile: { files[$0] }, gnomeSources: { _ in gnome })
    }

    @Test func theEnvironmentFirstAsSwayAndLibxkbcommonReadIt() {
        let found = Self.detect(["XKB_DEFAULT_LAYOUT": "de,us", "XKB_DEFAULT_VARIANT": "nodeadkeys"], files: ["/etc/default/keyboard": "XKBLAYOUT=fr\n"])
        #expect(found == KeyboardLayout(layout: "de", variant: "nodeadkeys", source: "$XKB_DEFAULT_LAYOUT"))
    }

    /// Found in a real Plasma 6.3 session (make e2e-desktops): sddm put the system's `us` in
    /// XKB_DEFAULT_LAYOUT, the user had chosen German in System Settings, KWin typed German.
    @Test func inAKDESessionTheUsersOwnKDELayoutComesBeforeTheEnvironment() {
        let chosen = "[Layout]\nLayoutList=de\nUse=true\n"
        let session = ["XDG_CURRENT_DESKTOP": "KDE", "XKB_DEFAULT_LAYOUT": "us"]
        #expect(Self.detect(session, files: ["/home/alice/.config/kxkbrc": chosen]) == KeyboardLayout(layout: "de", source: "/home/alice/.config/kxkbrc"))
        // Not ticked in System Settings: KWin goes by the environment, and so does gestured.
        let unticked = "[Layout]\nLayoutList=de\nUse=false\n"
        #expect(Self.detect(session, files: ["/home/alice/.config/kxkbrc": unticked]).layout == "us")
        // A kxkbrc left over from KDE does not outweigh the environment on sway.
        #expect(Self.detect(["XDG_CURRENT_DESKTOP": "sway", "XKB_DEFAULT_LAYOUT": "us"], files: ["/home/alice/.config/kxkbrc": chosen]).layout == "us")
    }

    @Test func thenKDEThenGNOMEThenTheSystem() {
        let kde = "[Layout]\nDisplayNames=,\nLayoutList=fr,us\nUse=true\nVariantList=azerty,\n"
        #expect(Self.detect([:], files: ["/home/alice/.config/kxkbrc": kde]).layout == "fr")
        #expect(Self.detect([:], files: ["/home/alice/.config/kxkbrc": kde]).variant == "azerty")
        let gnome = Self.detect([:], gnome: "[('xkb', 'fr+azerty'), ('xkb', 'us')]\n")
        #expect(gnome == KeyboardLayout(layout: "fr", variant: "azerty", source: "GNOME's input sources (gsettings)"))
        let debian = "# KEYBOARD CONFIGURATION FILE\nXKBMODEL=\"pc105\"\nXKBLAYOUT=\"de\"\nXKBVARIANT=\"\"\nXKBOPTIONS=\"ctrl:nocaps\"\n"
        #expect(Self.detect([:], files: ["/etc/default/keyboard": debian]) == KeyboardLayout(layout: "de", model: "pc105", options: "ctrl:nocaps", source: "/etc/default/keyboard"))
        #expect(Self.detect([:]) == .fallback)
    }
}
