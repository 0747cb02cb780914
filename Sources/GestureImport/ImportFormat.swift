/// Which tool's configuration a text looks like, so that a file given to the wrong importer is
/// refused with the right command instead of importing nothing.
public enum ImportFormat: String, Sendable, CaseIterable {
    /// `~/.config/libinput-gestures.conf`: lines of `gesture …`, `device …`.
    case libinputGestures = "libinput-gestures"
    /// `~/.config/fusuma/config.yml`: YAML with `swipe:`, `pinch:`, `rotate:`, `hold:` trees.
    case fusuma
    /// `~/.config/touchegg/touchegg.conf`: XML under `<touchégg>`.
    case touchegg
    /// `~/.config/inputactions/config.yaml`: YAML with `touchpad:`, `touchscreen:`, `mouse:`
    /// sections of `gestures:` (triggers with a `type:`).
    case inputActions = "inputactions"

    /// The format `text` clearly is, or nil when it is none of them for sure (an empty file,
    /// comments only, something else).
    public static func guess(_ text: String) -> ImportFormat? {
        var firstWords: [String] = []
        for raw in text.split(separator: "\n") {
            let line = raw.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            if line.hasPrefix("<touchégg") || line.hasPrefix("<touchegg") { return .touchegg }
            if line.hasPrefix("<") { continue }  // an XML declaration or comment, a tag
            firstWords.append(String(line.prefix { $0 != " " && $0 != "\t" && $0 != ":" }) + (line.contains(":") ? ":" : ""))
            if firstWords.count == 20 { break }
        }
        guard !firstWords.isEmpty else { return nil }
        if firstWords.contains(where: { ["swipe:", "pinch:", "rotate:", "hold:"].contains($0) && raw(text, top: $0) }) { return .fusuma }
        if firstWords.contains(where: { ["touchpad:", "touchscreen:", "mouse:", "keyboard:"].contains($0) && raw(text, top: $0) }), text.contains("gestures:") {
            return .inputActions
        }
        let directives = ["gesture", "gesture:", "device", "device:", "swipe_threshold", "swipe_threshold:", "timeout", "timeout:"]
        if firstWords.allSatisfy({ directives.contains($0) || directives.contains(String($0.dropLast())) }) { return .libinputGestures }
        return nil
    }

    /// Whether `text` could be this tool's file at all: a line of content, none of which is the
    /// tool's (a libinput-gestures directive, a fusuma or InputActions top-level key, a touchegg
    /// element) means another file was given (`/etc/passwd`, an actions file): it would import
    /// nothing, with exit status 0. An empty file, or comments only, is the tool's.
    public func mayBe(_ text: String) -> Bool {
        var content = false
        for raw in text.split(separator: "\n") {
            let line = raw.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            content = true
            let word = String(line.prefix { $0 != " " && $0 != "\t" && $0 != ":" })
            switch self {
            case .libinputGestures:
                if ["gesture", "device", "swipe_threshold", "timeout"].contains(word) { return true }
            case .fusuma:
                if raw.first != " ", ["swipe", "pinch", "rotate", "hold", "threshold", "interval", "plugin"].contains(word), line.dropFirst(word.count).first == ":" { return true }
            case .inputActions:
                if raw.first != " ", ["touchpad", "touchscreen", "mouse", "keyboard"].contains(word) { return true }
            case .touchegg:
                if line.hasPrefix("<") { return true }
            }
        }
        return !content
    }

    /// Where the tool itself looks for its file when none is given, in its order, with
    /// `configHome` the user's configuration folder (`$XDG_CONFIG_HOME` or `~/.config`):
    /// libinput-gestures reads its user file, then `/etc`'s (its `CONFDIRS`); touchegg its user
    /// file, then the one it installs in `/usr/share/touchegg`; fusuma and InputActions their
    /// user file only.
    public func defaultFiles(configHome: String?) -> [String] {
        let user: String? = switch self {
        case .libinputGestures: configHome.map { $0 + "/libinput-gestures.conf" }
        case .touchegg: configHome.map { $0 + "/touchegg/touchegg.conf" }
        case .fusuma: configHome.map { $0 + "/fusuma/config.yml" }
        case .inputActions: configHome.map { $0 + "/inputactions/config.yaml" }
        }
        let system: [String] = switch self {
        case .libinputGestures: ["/etc/libinput-gestures.conf"]
        case .touchegg: ["/usr/share/touchegg/touchegg.conf"]
        case .fusuma, .inputActions: []
        }
        return (user.map { [$0] } ?? []) + system
    }

    /// The words a `mayBe` refusal says the tool's file has.
    public var expected: String {
        switch self {
        case .libinputGestures: "`gesture …`, `device …`, `swipe_threshold …` or `timeout …` lines"
        case .fusuma: "YAML with `swipe:`, `pinch:`, `rotate:` or `hold:` at the top"
        case .inputActions: "YAML with `touchpad:`, `touchscreen:` or `mouse:` at the top"
        case .touchegg: "XML under `<touchégg>`"
        }
    }

    /// Another tool's file as its tool reads it: CR LF line ends read as LF (Python's universal
    /// newlines, libyaml's and expat's line breaks), and a byte-order mark dropped where the
    /// tool's parser drops it (YAML, XML; libinput-gestures' Python keeps it in the first line).
    public static func plain(_ text: String, for format: ImportFormat?) -> String {
        var text = text.contains("\r\n") ? text.replacing("\r\n", with: "\n") : text
        if format != .libinputGestures, text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        return text
    }

    /// Whether `key` (`swipe:`) starts a line of its own at the top level, as YAML writes it.
    static func raw(_ text: String, top key: String) -> Bool {
        text.split(separator: "\n").contains { $0.hasPrefix(key) && $0.dropFirst(key.count).allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }
    }
}
