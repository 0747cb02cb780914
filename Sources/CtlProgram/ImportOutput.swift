import ArgumentParser
import Evdev
import GestureActions
import GestureOptions
import GesturePipeline
import GestureImport
import Glibc
import Posix
import YAML
import GestureCommandLine
import GestureRunner
import GestureView

/// Where `gesturectl import` writes, and how it reports what it left out.
struct ImportOutput: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Write the actions file here (default: standard output); an existing file is left alone unless --force.", valueName: "path"))
    var output: String?

    @Flag(name: .long, help: "Replace the --output file if it exists.")
    var force = false

    /// Reads `file` (default: `defaultFile` in the user's configuration folder) with `read`, and
    /// writes what it became; a file that cannot be read, or has a mistake, is an error that
    /// names the file and line.
    func importFile(_ file: String?, defaultFile: String, tool: String, _ read: (String) throws -> [ImportedItem]) throws {
        let path: String
        if let file {
            path = file
        } else {
            // The tool's own default files, in its order; which one was read is said.
            let candidates = ImportFormat(rawValue: tool)?.defaultFiles(configHome: UserConfigHome.path("").map { String($0.dropLast()) })
                ?? UserConfigHome.path(defaultFile).map { [$0] } ?? []
            guard let found = candidates.first(where: { access($0, F_OK) == 0 }) else {
                let places = candidates.map { UserConfigHome.shown($0) }.joined(separator: " or ")
                throw CleanExit.message(
                    "gesturectl import \(tool): give the file; \(tool) has none \(places.isEmpty ? "here" : "at \(places)")", code: 1)
            }
            if found != candidates.first {
                StandardError.line("gesturectl import \(tool): reading \(found), as \(tool) does when there is no \(candidates.first.map { UserConfigHome.shown($0) } ?? "file of yours")")
            }
            path = found
        }
        var text: String
        do {
            text = try FileReader.text(path)
        } catch {
            throw CleanExit.message("gesturectl import: \(error)", code: 1)
        }
        text = ImportFormat.plain(text, for: ImportFormat(rawValue: tool))
        // Another tool's file would import nothing, quietly: say which it is.
        if let format = ImportFormat.guess(text), format.rawValue != tool {
            throw CleanExit.message(
                "gesturectl import \(tool): \(path): this looks like \(Self.article(format.rawValue)) \(format.rawValue) file, not \(Self.article(tool)) \(tool) one; import it with: gesturectl import \(format.rawValue) \(path)",
                code: 1)
        }
        // Nobody's file (an actions file, /etc/passwd): said, not imported as nothing.
        if ImportFormat.guess(text) == nil, let format = ImportFormat(rawValue: tool), !format.mayBe(text) {
            throw CleanExit.message(
                "gesturectl import \(tool): \(path) is not \(Self.article(tool)) \(tool) file: no line of it is what \(tool) reads (\(format.expected))",
                code: 1)
        }
        let items: [ImportedItem]
        do {
            items = try read(text)
        } catch let failure as YAMLSource.Failure {
            throw CleanExit.message("gesturectl import: \(path)\(failure.line.map { ":\($0)" } ?? ""): \(failure.problem)", code: 1)
        } catch let failure as XMLReader.Failure {
            throw CleanExit.message("gesturectl import: \(path):\(failure.line): \(failure.problem)", code: 1)
        }
        try write(items, from: path, tool: tool)
    }

    /// Writes the actions file for `items`, says each line left out on standard error, and
    /// checks that what it wrote reads back (an importer's mistake is an error, not a file).
    func write(_ items: [ImportedItem], from path: String, tool: String) throws {
        let items = ImportCheck.typable(items, tool: tool)
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
            do {
                // ~/.config/gestured may not exist yet on a machine that never ran gestured.
                try TextFile.makeParentFolders(of: output)
                try TextFile.write(text, to: output)
            } catch {
                throw CleanExit.message("gesturectl import: \(error)", code: 1)
            }
        } else {
            print(text, terminator: "")
        }
        StandardError.line("gesturectl import: \(EventText.count(file.actions.count, "action")) from \(items.count - skipped) of \(EventText.count(items.count, "line")) of \(path)\(output.map { " → \($0)" } ?? "")")
    }

    /// "a" or "an" before a tool's name, by its first letter (an inputactions file).
    static func article(_ word: String) -> String {
        word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }
}
