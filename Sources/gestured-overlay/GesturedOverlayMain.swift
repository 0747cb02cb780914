import PlainOptions

/// `gestured-overlay`'s entry point: the drawing loop on the main thread, the daemon's
/// connection beside it.
@main
enum GesturedOverlayMain {
    static func main() {
        let command = GesturedOverlay.parseOrExit()
        do {
            try command.run()
        } catch {
            ExitStatus.end(error) { GesturedOverlay.exit(withError: $0) }
        }
    }
}
