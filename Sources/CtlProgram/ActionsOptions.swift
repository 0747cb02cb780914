import ArgumentParser
import GestureOptions
import GestureRunner

/// `gesturectl actions`' options through swift-argument-parser: ``ActionsSettings/options``,
/// the ones `gestured-actions` reads by hand, with the same help (CLIContractTests hold the two
/// programs' `--help` to each other).
struct ActionsOptions: ParsableArguments, Sendable {
    @Option(name: .long, help: ArgumentHelp(ActionsSettings.help("file"), valueName: "path"))
    var file: String?

    @Flag(name: .long, help: ArgumentHelp(ActionsSettings.help("check")))
    var check = false

    @Option(name: .long, help: ArgumentHelp(ActionsSettings.help("config"), valueName: "file"))
    var config: String?

    @Flag(name: .long, help: ArgumentHelp(ActionsSettings.help("verbose")))
    var verbose = false

    @Flag(name: .long, help: ArgumentHelp(ActionsSettings.help("once")))
    var once = false

    @Option(name: .long, help: ArgumentHelp(ActionsSettings.help("strokes"), valueName: "path"))
    var strokes: String?

    @Flag(name: .long, help: ArgumentHelp(ActionsSettings.help("allow-second")))
    var allowSecond = false

    @OptionGroup var daemon: SocketOption

    /// What the runner runs with.
    var settings: ActionsSettings {
        var settings = ActionsSettings()
        settings.file = file
        settings.check = check
        settings.config = config
        settings.verbose = verbose
        settings.once = once
        settings.strokes = strokes
        settings.allowSecond = allowSecond
        settings.socket = daemon.socket
        return settings
    }
}
