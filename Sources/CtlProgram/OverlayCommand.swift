import ArgumentParser
import GestureCommandLine
import GestureOptions
import Glibc

/// `gesturectl overlay`: starts `gestured-overlay` (``OverlayOptions``) in its place, with the
/// same options: the drawing program links cairo and pango, which gesturectl does not.
struct OverlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overlay", abstract: OverlayOptions.abstract, discussion: OverlayOptions.discussion + " (It is `gestured-overlay`, started in gesturectl's place.)")

    @OptionGroup var options: OverlayOptions

    func run() throws {
        let candidates = OverlayOptions.programCandidates()
        guard let program = candidates.first(where: { access($0, X_OK) == 0 }) else {
            // The Debian packages keep it apart (it links cairo and pango): say which one to install.
            throw CleanExit.message("gesturectl overlay: gestured-overlay is not installed (looked for \(candidates.joined(separator: " and "))); it is the package gestured-overlay: apt install gestured-overlay", code: 1)
        }
        // Its messages then begin `gesturectl overlay:`, the command the user typed.
        let argv = [OverlayOptions.startedAs] + options.arguments
        var pointers = argv.map { strdup($0) } + [nil]
        execv(program, &pointers)
        throw CleanExit.message("gesturectl overlay: cannot start \(program): \(String(cString: strerror(errno)))", code: 1)
    }
}
