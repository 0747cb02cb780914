import Foundation
import Testing

/// The shell completions the package installs (packaging/README.md), written by the programs
/// themselves (`--generate-completion-script`, issue 66: no longer swift-argument-parser's),
/// loaded by the real shells: bash and fish asked to complete as a user's Tab asks, zsh's read.
@Suite struct CompletionScriptTests {
    static let bin = DaemonProcess.root.appendingPathComponent(".build/debug").path

    /// `shell -c script` with `file` holding `program`'s completion script for `shell`, in a
    /// folder with one file, `a.yml`, which is also the shell's home: fish makes its data folder
    /// there on its first start, and two test cases starting fish at once in one new home raced
    /// to make it ("Unable to locate data directory ... File exists" on stderr).
    static func complete(_ shell: String, _ program: String, _ script: String) throws -> (status: Int32, lines: [String], errors: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try ChildProcess(bin + "/" + program, ["--generate-completion-script", shell]).finish()
        try #require(written.status == 0, "\(written.errors)")
        let file = folder.appendingPathComponent("\(program).\(shell)")
        try (written.lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        try "".write(to: folder.appendingPathComponent("a.yml"), atomically: true, encoding: .utf8)
        let home = "HOME='\(folder.path)' XDG_DATA_HOME='\(folder.path)/.local/share' XDG_CONFIG_HOME='\(folder.path)/.config'"
        return try ChildProcess("/bin/sh", ["-c", "cd '\(folder.path)' && \(home) exec \(shell) -c '\(script.replacingOccurrences(of: "$FILE", with: file.path))'"]).finish()
    }

    @Test(arguments: ["gestured", "gestured-actions"])
    func bashCompletesOptionsAndFiles(program: String) throws {
        let function = "_" + program.replacingOccurrences(of: "-", with: "_")
        func tab(_ words: String) throws -> [String] {
            let run = try Self.complete("bash", program, "source $FILE; COMP_WORDS=(\(program) \(words)); COMP_CWORD=\(words.split(separator: " ").count); \(function); printf \"%s\\n\" \"${COMPREPLY[@]}\"")
            try #require(run.status == 0, "\(run.errors)")
            return run.lines.filter { !$0.isEmpty }
        }
        #expect(try tab("--soc") == (program == "gestured" ? ["--socket", "--socket-group"] : ["--socket"]))
        #expect(try tab("--socket a") == ["a.yml"])  // a path: the folder's files
        #expect(try tab("--he") == ["--help"])
    }

    @Test func bashOffersNothingForAValueThatIsNoFile() throws {
        let run = try Self.complete("bash", "gestured", "source $FILE; COMP_WORDS=(gestured --seat \"\"); COMP_CWORD=2; _gestured; echo \"${#COMPREPLY[@]}\"")
        #expect(run.lines.first == "0")
    }

    @Test(arguments: ["gestured", "gestured-actions"])
    func fishCompletesWithEachOptionsHelp(program: String) throws {
        let run = try Self.complete("fish", program, "source $FILE; complete -C \"\(program) --verb\"; complete -C \"\(program) --socket \"")
        try #require(run.status == 0, "\(run.errors)")
        if program == "gestured-actions" { #expect(run.lines.contains("--verbose\tSay each command as it starts.")) }
        #expect(run.lines.contains("a.yml"))
        #expect(run.errors.isEmpty)
    }

    @Test(arguments: ["gestured", "gestured-actions"])
    func zshReadsTheScript(program: String) throws {
        // As the package installs it: a file named after its function in a folder of $fpath,
        // which compinit reads and registers for the program (#compdef).
        let function = "_" + program.replacingOccurrences(of: "-", with: "_")
        let run = try Self.complete(
            "zsh", program, "zsh -n $FILE || exit 3; mkdir f && cp $FILE f/\(function) && fpath=(f $fpath) && autoload -Uz compinit && compinit -u -D && print ${_comps[\(program)]}")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.lines == [function])
        #expect(run.errors.isEmpty)
    }

    @Test func anotherShellIsAMistake() throws {
        let run = try ChildProcess(Self.bin + "/gestured", ["--generate-completion-script", "tcsh"]).finish()
        #expect(run.status == 64)
        #expect(run.errors.hasPrefix("Error: --generate-completion-script takes one of bash, zsh, fish, not 'tcsh'\n"))
    }
}
