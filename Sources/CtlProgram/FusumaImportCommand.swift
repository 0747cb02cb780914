import ArgumentParser
import GestureImport

/// `gesturectl import fusuma FILE`: a fusuma configuration as actions.
struct FusumaImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fusuma",
        abstract: "Import ~/.config/fusuma/config.yml (or FILE).",
        discussion: """
            Swipes, pinches, rotations and holds — their commands, and begin:/update:/end: as the fingers start, move \
            and stop — become actions on gestures defined in the actions file itself; thresholds become distances, \
            scales, steps and durations; a pinch runs as fusuma runs it, once and again every 0.3 s × its \
            `interval:` while it goes on; `sendkey:` becomes `keys:`, fusuma-plugin-wmctrl's `workspace:`/`window:` \
            become `window:`, and a document's `context: { application: … }` becomes `when:`. Other plugins' \
            properties and contexts, a swipe's or rotation's `interval:` and `accel:` have no equivalent; each is \
            left out with its line and why. \
            Example: gesturectl import fusuma --output ~/.config/gestured/actions.yml
            """)

    @Argument(help: ArgumentHelp("The fusuma configuration (default: ~/.config/fusuma/config.yml).", valueName: "file"))
    var file: String?

    @OptionGroup var output: ImportOutput

    func run() throws {
        try output.importFile(file, defaultFile: "fusuma/config.yml", tool: "fusuma") { try FusumaImporter.read($0) }
    }
}
