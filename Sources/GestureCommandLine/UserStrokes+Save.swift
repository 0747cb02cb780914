import GestureActions
import GestureCore
import GestureWire
import Posix

/// Recorded shapes saved to the user's strokes file: by `gesturectl stroke record` and by the
/// view's Actions panel alike.
extension UserStrokes {
    /// Whether `text` may name a recorded shape: letters, digits, `-`, `_` and `.`, starting with a
    /// letter, at most 64 characters.
    public static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, text.count <= 64, ("a"..."z").contains(first) || ("A"..."Z").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0) }
    }

    /// Writes `drawings` of `name` to the strokes file at `path` in place of any of that name
    /// in `existing`; returns what to say: what was saved, and the shapes it resembles.
    public static func save(_ drawings: [StrokeTemplate], name: String, existing: [StrokeTemplate], to path: String) throws(TextFile.Failure) -> [String] {
        let others = existing.filter { $0.name != name }
        let file = StrokesFile(templates: others + drawings)
        try TextFile.makeParentFolders(of: LinkChain.target(path))
        // The file written anew, with the line ends and byte-order mark it had (a copy kept on
        // Windows stays CR LF: issue 60), whole by a rename, through a dotfiles link.
        var text = file.yaml
        if let previous = try? FileReader.text(path), let kept = try? FileLines(previous) {
            if kept.newline == "\r\n" { text = text.replacing("\n", with: "\r\n") }
            if kept.byteOrderMark { text = "\u{FEFF}" + text }
        }
        try TextFile.replace(text, at: path)
        let replaced = existing.count - others.count
        var said = "saved \(EventText.count(drawings.count, "drawing")) of \(name) to \(path)"
        if replaced > 0 { said += ", replacing \(replaced)" } else if StrokeTemplate.builtIn.contains(where: { $0.name == name }) { said += ", in place of the built-in \(name)" }
        var lines = [said]
        // A shape another one is taken for fires the wrong action: say so. A built-in one it
        // resembles gives way to it (StrokeMatcher.Options.recordedMargin).
        let minimum = GestureSettings.standard.strokeMinimumScore
        let builtIns = StrokeTemplate.builtIn.filter { builtIn in builtIn.name != name && !others.contains { $0.name == builtIn.name } }
        if let match = StrokeMatcher(templates: builtIns).match(drawings[0].points), match.score >= minimum {
            lines.append("note: it resembles the built-in \(match.name) (score \(GestureEventText.format(match.score, 2))); where the two score alike, \(name) is taken")
        }
        if let match = StrokeMatcher(templates: others).match(drawings[0].points), match.score >= minimum {
            lines.append("note: it is close to your \(match.name) (score \(GestureEventText.format(match.score, 2))); the two may be taken for each other")
        }
        return lines
    }
}
