import GestureWire
import PlainOptions

/// `gestured-actions`' command line, read without swift-argument-parser (``OptionReader``):
/// the options gesturectl's `actions` takes (``ActionsSettings/options``), `--version`,
/// `-h`/`--help`, and `--experimental-dump-help` for the man page's generator.
public enum RunnerCommandLine {
    /// What the runner's `--help` says first.
    public static let abstract =
        "Run the commands of an actions file (default: ~/.config/gestured/actions.yml) when gestures begin, move, end or fail: `gesturectl actions`, for the user service gestured-actions.service."

    /// The runner's command line.
    public static let reader = OptionReader(
        program: "gestured-actions", abstract: abstract, discussion: ActionsSettings.discussion, version: GesturedVersion.current, options: ActionsSettings.options)

    /// What `arguments` ask the runner to do: run with these settings, print, or refuse.
    public enum Outcome: Equatable {
        /// Run (or check) with these settings.
        case run(ActionsSettings)
        /// Print this on standard output and exit 0.
        case print(String)
        /// Say this on standard error and exit 64.
        case mistake(String)
    }

    /// Reads `arguments` (without the program's name); help is wrapped to `width` columns.
    public static func read(_ arguments: [String], width: Int = 80) -> Outcome {
        switch reader.read(arguments, width: width) {
        case .print(let text): return .print(text)
        case .mistake(let text): return .mistake(text)
        case .run(let values):
            var settings = ActionsSettings()
            settings.file = values.value("file")
            settings.check = values.flag("check")
            settings.config = values.value("config")
            settings.verbose = values.flag("verbose")
            settings.once = values.flag("once")
            settings.strokes = values.value("strokes")
            settings.allowSecond = values.flag("allow-second")
            settings.socket = values.value("socket")
            return .run(settings)
        }
    }
}
