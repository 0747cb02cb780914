import ArgumentParser
import GesturePipeline
import Glibc
import Posix

/// Where `gesturectl import` writes, and how it reports what it left out.
struct ImportOutput: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Write the actions file here (default: standard output); an existing file is left alone unless --force.", valueName: "path"))
    var output: String?

    @Flag(name: .long, help: "Replace the --output file if it exists.")
    var force = false

    /// Writes the actions file for `items`, says each line left out on standard error, and
    /// checks that what it wrote reads back (an importer's mistake is an error, not a file).
    func write(_ items: [ImportedItem], from path: String, tool: String) throws {
        let text = ActionsWriter.render(items, origin: "\(tool): \(path)")
        let file: ActionsFile
        do {
            file = try ActionsFile.parse(text, file: output ?? "<import>")
        } catch {
            throw CleanExit.message("gesturectl import: the imported actions do not read back (a bug): \(error)", code: 70)
        }
        var skipped = 0
        for item in items {
            if case .skipped(let reason) = item.outcome {
                StandardError.line("\(path):\(item.line): not imported: \(reason)")
                skipped += 1
            }
        }
        if let output {
            if FileReader.exists(output) && !force {
                throw CleanExit.message("gesturectl import: \(output) exists; give --force to replace it", code: 1)
            }
            let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw CleanExit.message("gesturectl import: cannot write \(output): \(String(cString: strerror(errno)))", code: 1) }
            defer { close(descriptor) }
            let bytes = Array(text.utf8)
            guard bytes.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
                throw CleanExit.message("gesturectl import: cannot write \(output): \(String(cString: strerror(errno)))", code: 1)
            }
        } else {
            print(text, terminator: "")
        }
        StandardError.line("gesturectl import: \(file.actions.count) actions from \(items.count - skipped) of \(items.count) lines of \(path)\(output.map { " → \($0)" } ?? "")")
    }
}
