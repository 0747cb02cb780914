import Glibc
import GestureWire
import Posix

/// The keyboard layout key names are resolved in (xkb's rules, model, layout, variant and
/// options), and where it was found, for `--check` to say.
public struct KeyboardLayout: Hashable, Sendable, CustomStringConvertible {
    /// The layout (`us`, `fr`, `de`; the first of a list, which is what a desktop starts with).
    public var layout: String
    /// Its variant (`dvorak`, `azerty`), or empty.
    public var variant: String
    /// The keyboard model (`pc105`), or empty for xkb's default.
    public var model: String
    /// xkb options (`ctrl:nocaps`), or empty.
    public var options: String
    /// Where it came from: `the actions file`, `$XKB_DEFAULT_LAYOUT`, `/etc/default/keyboard`, …
    public var source: String

    /// A layout.
    public init(layout: String, variant: String = "", model: String = "", options: String = "", source: String) {
        self.layout = layout
        self.variant = variant
        self.model = model
        self.options = options
        self.source = source
    }

    /// `fr (variant azerty) from /etc/default/keyboard`.
    public var description: String {
        var text = layout
        if !variant.isEmpty { text += " (variant \(variant))" }
        if !options.isEmpty { text += " with options \(options)" }
        return text + " from \(source)"
    }

    /// xkb's own default, when nothing says otherwise.
    public static let fallback = KeyboardLayout(layout: "us", source: "xkb's default (nothing configured one)")

    /// The user's layout, looked for where desktops keep it, first found wins: the environment
    /// (`XKB_DEFAULT_LAYOUT`, as sway and libxkbcommon read it), KDE's `kxkbrc`, GNOME's
    /// input sources (through `gsettings`, when it runs), then the system's
    /// (`/etc/default/keyboard`, written by `localectl` and Debian's installer); else `us`.
    /// In a KDE session, `kxkbrc` with `Use=true` comes before the environment, as KWin reads
    /// them: sddm puts the system's layout in `XKB_DEFAULT_LAYOUT`, and the user's own choice
    /// in System Settings is `kxkbrc`'s.
    public static func detect(environment: [String: String], home: String?, readFile: (String) -> String? = Self.read,
                              gnomeSources: (([String: String]) -> String?) = Self.gnomeInputSources) -> KeyboardLayout {
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home.map { $0 + "/.config" }
        let kxkbrc = config.flatMap { config in readFile(config + "/kxkbrc").map { (text: $0, path: config + "/kxkbrc") } }
        if environment["XDG_CURRENT_DESKTOP"]?.split(separator: ":").contains("KDE") == true, let kxkbrc,
           let found = kde(kxkbrc.text, source: kxkbrc.path, used: true) {
            return found
        }
        if let layout = environment["XKB_DEFAULT_LAYOUT"], !layout.isEmpty {
            return KeyboardLayout(
                layout: first(layout), variant: first(environment["XKB_DEFAULT_VARIANT"] ?? ""), model: environment["XKB_DEFAULT_MODEL"] ?? "",
                options: environment["XKB_DEFAULT_OPTIONS"] ?? "", source: "$XKB_DEFAULT_LAYOUT")
        }
        if let kxkbrc, let found = kde(kxkbrc.text, source: kxkbrc.path) {
            return found
        }
        if let sources = gnomeSources(environment), let found = gnome(sources) { return found }
        if let text = readFile("/etc/default/keyboard"), let found = debian(text) { return found }
        return fallback
    }

    /// `[Layout]` … `LayoutList=de,us`, `VariantList=nodeadkeys`, `Options=…`; with `used`,
    /// only when it also says `Use=true` (KDE's "Configure layouts" ticked).
    static func kde(_ text: String, source: String, used: Bool = false) -> KeyboardLayout? {
        var section = "", fields: [String: String] = [:]
        for raw in text.split(separator: "\n") {
            let line = raw.trimmed
            if line.hasPrefix("[") { section = line; continue }
            guard section == "[Layout]", let equals = line.firstIndex(of: "=") else { continue }
            fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let list = fields["LayoutList"], !list.isEmpty, !used || fields["Use"] == "true" else { return nil }
        return KeyboardLayout(layout: first(list), variant: first(fields["VariantList"] ?? ""), model: fields["Model"] ?? "",
                              options: fields["Options"] ?? "", source: source)
    }

    /// gsettings' `[('xkb', 'fr+azerty'), ('xkb', 'us')]`.
    static func gnome(_ text: String) -> KeyboardLayout? {
        let marker = "('xkb', '"
        guard let start = text.indices.first(where: { text[$0...].hasPrefix(marker) }) else { return nil }
        let rest = text[text.index(start, offsetBy: marker.count)...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        let parts = rest[..<end].split(separator: "+", maxSplits: 1).map(String.init)
        guard let layout = parts.first, !layout.isEmpty else { return nil }
        return KeyboardLayout(layout: layout, variant: parts.count > 1 ? parts[1] : "", source: "GNOME's input sources (gsettings)")
    }

    /// Debian's `XKBLAYOUT="fr"` lines (shell syntax).
    static func debian(_ text: String) -> KeyboardLayout? {
        var fields: [String: String] = [:]
        for raw in text.split(separator: "\n") {
            let line = raw.trimmed
            guard !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
            var value = String(line[line.index(after: equals)...])
            if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote { value = String(value.dropFirst().dropLast()) }
            fields[String(line[..<equals])] = value
        }
        guard let layout = fields["XKBLAYOUT"], !layout.isEmpty else { return nil }
        return KeyboardLayout(layout: first(layout), variant: first(fields["XKBVARIANT"] ?? ""), model: fields["XKBMODEL"] ?? "",
                              options: fields["XKBOPTIONS"] ?? "", source: "/etc/default/keyboard")
    }

    /// The first of a comma-separated list.
    static func first(_ list: String) -> String {
        (list.split(separator: ",", omittingEmptySubsequences: false).first ?? "").trimmed
    }

    /// A file's text, or nil.
    public static func read(_ path: String) -> String? { try? FileReader.text(path) }

    /// GNOME's input sources, read with `gsettings` on a GNOME desktop (`XDG_CURRENT_DESKTOP`).
    public static func gnomeInputSources(_ environment: [String: String]) -> String? {
        guard environment["XDG_CURRENT_DESKTOP"]?.firstRange(of: "GNOME") != nil, ChildProcess.canRun("gsettings", path: environment["PATH"]),
              let pipe = popen("gsettings get org.gnome.desktop.input-sources sources 2>/dev/null", "r")
        else { return nil }
        var output = ""
        var buffer = [CChar](repeating: 0, count: 512)
        while fgets(&buffer, Int32(buffer.count), pipe) != nil {
            let line = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            output += String(decoding: line, as: UTF8.self)
        }
        pclose(pipe)
        return output.firstRange(of: "xkb") != nil ? output : nil
    }
}
