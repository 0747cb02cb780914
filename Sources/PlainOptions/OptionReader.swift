import GestureWire
import Glibc

/// A command line of long options read without swift-argument-parser, which links
/// FoundationEssentials: 3.4 MB of code and 1.8 MB of memory in each program that stays resident
/// all day (the daemon and the actions runner; docs/BENCHMARKS.md). Help, usage and mistakes
/// are laid out and worded as swift-argument-parser lays them out (CLIContractTests hold the
/// texts it printed), and `--experimental-dump-help` describes the options as its does, for
/// `generate-manual` to make the man page from. Pure: arguments and the screen's width in, what
/// to do out.
public struct OptionReader: Sendable {
    /// What the arguments ask for.
    public enum Outcome: Equatable, Sendable {
        /// Run with these values.
        case run(OptionValues)
        /// Print this on standard output and exit 0 (`--help`, `--version`, the dump).
        case print(String)
        /// A mistake: say this on standard error and exit 64 (EX_USAGE).
        case mistake(String)
    }

    /// The program's name in help and mistakes.
    public let program: String
    /// Help's first paragraph.
    public let abstract: String
    /// Help's second paragraph (empty: none).
    public let discussion: String
    /// The version `--version` prints.
    public let version: String
    /// The options, in the order help lists them.
    public let options: [OptionSpec]

    /// A command line of `options` for `program`.
    public init(program: String, abstract: String, discussion: String, version: String, options: [OptionSpec]) {
        self.program = program
        self.abstract = abstract
        self.discussion = discussion
        self.version = version
        self.options = options
    }

    /// Reads `arguments` (without the program's name); help is wrapped to `width` columns.
    public func read(_ arguments: [String], width: Int = 80) -> Outcome {
        var values = OptionValues()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "-h", "--help", "-help": return .print(help(width: width))
            case "--version": return .print(version + "\n")
            case "--experimental-dump-help": return .print(dump() + "\n")
            case "--generate-completion-script":
                let shell = index < arguments.count ? arguments[index] : ""
                guard let script = completionScript(shell) else {
                    return .mistake(mistake("--generate-completion-script takes one of \(Self.shells.joined(separator: ", ")), not '\(shell)'"))
                }
                return .print(script)
            default: break
            }
            guard argument.hasPrefix("--"), argument.count > 2 else { return .mistake(mistake("Unexpected argument '\(argument)'")) }
            let spelled = argument.dropFirst(2)
            let name = String(spelled.prefix { $0 != "=" })
            let attached = spelled.firstIndex(of: "=").map { String(spelled[spelled.index(after: $0)...]) }
            guard let option = options.first(where: { $0.name == name }) else {
                let near = nearest(name).map { ". Did you mean '--\($0)'?" } ?? ""
                return .mistake(mistake("Unknown option '--\(name)'\(near)"))
            }
            guard option.kind != .flag else {
                if let attached { return .mistake(mistake("The option '--\(name)' does not take any value, but '\(attached)' was specified.")) }
                values.given[name, default: []].append("")
                continue
            }
            let value: String
            if let attached, !attached.isEmpty {
                value = attached
            } else if attached == nil, index < arguments.count, option.unconditional || !arguments[index].hasPrefix("-") {
                value = arguments[index]
                index += 1
            } else {
                return .mistake(mistake("Missing value for '\(option.label)'\nHelp:  \(option.label)  \(option.help)"))
            }
            if option.kind == .integer, Int(value) == nil {
                return .mistake(mistake("The value '\(value)' is invalid for '\(option.label)'\nHelp:  \(option.label)  \(option.help)"))
            }
            if option.repeating { values.given[name, default: []].append(value) } else { values.given[name] = [value] }
        }
        return .run(values)
    }

    /// The usage line: every option, or `<options>` when there are more than twelve (as
    /// swift-argument-parser shortens it).
    public var usage: String {
        options.count > 12 ? "\(program) <options>" : "\(program) " + options.map { "[\($0.label)\($0.repeating ? " ..." : "")]" }.joined(separator: " ")
    }

    /// A mistake as swift-argument-parser says it: the error, the usage, where help is.
    public func mistake(_ text: String) -> String {
        "Error: \(text)\nUsage: \(usage)\n  See '\(program) --help' for more information.\n"
    }

    /// `--help`, as swift-argument-parser lays it out: the overview and discussion wrapped to
    /// `width`, the usage, then each option with its help from column 26 (below a longer label).
    public func help(width: Int) -> String {
        let overview = "OVERVIEW: \(abstract)" + (discussion.isEmpty ? "" : "\n\n\(discussion)")
        var text = Self.wrapped(overview, to: width) + "\n\nUSAGE: \(usage)\n\nOPTIONS:\n"
        let rows = options.map { ($0.label, $0.helpWithDefault) } + [("--version", "Show the version."), ("-h, --help", "Show help information.")]
        for (label, help) in rows {
            let padded = "  " + label
            let body = Self.wrapped(help, to: width, indent: Self.labelColumn)
            if padded.count < Self.labelColumn {
                text += padded + String(body.dropFirst(padded.count)) + "\n"
            } else {
                text += padded + "\n" + body + "\n"
            }
        }
        return text + "\n"
    }

    /// Where option help starts (swift-argument-parser's label column).
    static let labelColumn = 26

    /// `text` broken into lines at spaces, each indented by `indent` and shorter than `width`
    /// (the last may reach it; a word longer than a line stands alone): swift-argument-parser's
    /// wrapping, step for step.
    public static func wrapped(_ text: String, to width: Int, indent: Int = 0) -> String {
        let columns = max(1, width - indent)
        let characters = Array(text)
        var lines: [String] = []
        var start = 0
        while true {
            let end = min(characters.count, start + columns)
            let chunk = characters[start..<end]
            if let lineBreak = chunk.lastIndex(of: "\n") {
                lines += String(characters[start..<lineBreak]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                start = lineBreak + 1
            } else if end == characters.count {
                lines.append(String(characters[start...]))
                break
            } else if let space = chunk.lastIndex(of: " ") {
                lines.append(String(characters[start..<space]))
                start = space + 1
            } else if let space = characters[start...].firstIndex(of: " ") {
                lines.append(String(characters[start..<space]))
                start = space + 1
            } else {
                lines.append(String(characters[start...]))
                break
            }
        }
        let margin = String(repeating: " ", count: indent)
        return lines.map { $0.isEmpty ? $0 : margin + $0 }.joined(separator: "\n")
    }

    /// The option closest to a misspelled `name`, as swift-argument-parser suggests one.
    func nearest(_ name: String) -> String? {
        let scored = options.map { ($0.name, Self.distance(Array(name), Array($0.name))) }.filter { $0.1 < 4 }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The command as swift-argument-parser's `--experimental-dump-help` describes one (its
    /// ToolInfo, version 0): what `generate-manual` makes the man page from.
    public func dump() -> String {
        func argument(_ kind: String, _ names: [(String, String)], value: String, help: String, defaultValue: String? = nil, repeating: Bool = false) -> JSONValue {
            let spelled = names.map { JSONValue.object([("kind", .string($0.0)), ("name", .string($0.1))]) }
            return .object(
                [
                    ("kind", .string(kind)), ("names", .array(spelled)), ("preferredName", spelled.last ?? .null), ("valueName", .string(value)),
                    ("abstract", .string(help)), ("isOptional", .bool(true)), ("isRepeating", .bool(repeating)),
                    ("parsingStrategy", .string("default")), ("shouldDisplay", .bool(true)),
                ] + (defaultValue.map { [("defaultValue", JSONValue.string($0))] } ?? []))
        }
        var arguments = options.map { option in
            argument(
                option.kind == .flag ? "flag" : "option", [("long", option.name)], value: option.value ?? option.name, help: option.help,
                defaultValue: option.defaultValue, repeating: option.repeating)
        }
        arguments.append(argument("flag", [("long", "version")], value: "version", help: "Show the version."))
        arguments.append(argument("flag", [("short", "h"), ("long", "help")], value: "help", help: "Show help information."))
        let command = JSONValue.object(
            [("commandName", .string(program)), ("abstract", .string(abstract))] + (discussion.isEmpty ? [] : [("discussion", JSONValue.string(discussion))])
                + [("shouldDisplay", .bool(true)), ("arguments", .array(arguments))])
        return JSONValue.object([("serializationVersion", .int(0)), ("command", command)]).serialized
    }

    /// The width help is wrapped to, as swift-argument-parser finds it: `COLUMNS`, else the
    /// terminal on standard output, else 80.
    public static func screenWidth(_ environment: [String: String]) -> Int {
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
