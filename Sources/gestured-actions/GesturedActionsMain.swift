import GestureRunner

/// `gestured-actions`' entry point: synchronous, as `gesturectl`'s, so that the runner lives on
/// one event loop and never starts libdispatch (``ActionsOptions/runOnLoop()``); `--check`
/// too runs there, since nothing else would.
@main
enum GesturedActionsMain {
    static func main() {
        let command = GesturedActions.parseOrExit()
        do {
            try command.options.runOnLoop()
        } catch {
            GesturedActions.exit(withError: error)
        }
    }
}
