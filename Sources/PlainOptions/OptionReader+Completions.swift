extension OptionReader {
    /// The shells `--generate-completion-script` writes for.
    public static let shells = ["bash", "zsh", "fish"]

    /// Value names whose values are files, completed as file names.
    static let fileValues: Set<String> = ["path", "file", "recording", "desc"]

    /// The completion script for `shell` (bash, zsh or fish; nil for another): every option,
    /// file names after the options that take one, what each does where the shell shows it.
    public func completionScript(_ shell: String) -> String? {
        let function = "_" + program.map { $0.isLetter || $0.isNumber ? $0 : "_" }.map(String.init).joined()
        let all = options.map { "--\($0.name)" } + ["--version", "-h", "--help"]
        switch shell {
        case "bash":
            let files = options.filter { $0.value.map(Self.fileValues.contains) == true }.map { "--\($0.name)" }
            let others = options.filter { $0.value != nil && !Self.fileValues.contains($0.value!) }.map { "--\($0.name)" }
            var text = "# bash completion for \(program), written by \(program) --generate-completion-script bash\n"
            text += "\(function)() {\n"
            text += "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n"
            text += "    case \"$prev\" in\n"
            if !files.isEmpty { text += "        \(files.joined(separator: "|"))) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n" }
            if !others.isEmpty { text += "        \(others.joined(separator: "|"))) COMPREPLY=(); return ;;\n" }
            text += "    esac\n"
            text += "    COMPREPLY=($(compgen -W \"\(all.joined(separator: " "))\" -- \"$cur\"))\n"
            text += "}\n"
            text += "complete -F \(function) \(program)\n"
            return text
        case "zsh":
            func described(_ help: String) -> String {
                var out = ""
                for character in help {
                    switch character {
                    case "\\", "[", "]", ":": out += "\\\(character)"
                    case "'": out += "'\\''"
                    default: out.append(character)
                    }
                }
                return out
            }
            var lines = options.map { option -> String in
                let value = option.value.map { ":\($0):" + (Self.fileValues.contains($0) ? "_files" : " ") } ?? ""
                return "'\(option.repeating ? "*" : "")--\(option.name)[\(described(option.help))]\(value)'"
            }
            lines += ["'--version[Show the version.]'", "'(-h --help)'{-h,--help}'[Show help information.]'"]
            return "#compdef \(program)\n\n\(function)() {\n    _arguments -s \\\n        " + lines.joined(separator: " \\\n        ") + "\n}\n\n\(function) \"$@\"\n"
        case "fish":
            func quoted(_ text: String) -> String {
                "'" + text.map { $0 == "\\" || $0 == "'" ? "\\\($0)" : String($0) }.joined() + "'"
            }
            var lines = ["complete -c \(program) -f"]
            for option in options {
                let takes = option.value.map { Self.fileValues.contains($0) ? " -r -F" : " -x" } ?? ""
                lines.append("complete -c \(program) -l \(option.name)\(takes) -d \(quoted(option.help))")
            }
            lines += ["complete -c \(program) -l version -d 'Show the version.'", "complete -c \(program) -s h -l help -d 'Show help information.'"]
            return lines.joined(separator: "\n") + "\n"
        default:
            return nil
        }
    }
}
