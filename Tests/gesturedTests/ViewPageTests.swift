import Foundation
import Testing

/// `gesturectl view`'s page in a real headless browser (Tests/browser/view_page_test.py, with
/// Debian's chromium and chromium-driver and selenium, which `make test` installs): recordings
/// played, stepped and opened on the page against `gesturectl replay`, live against a replaying
/// daemon and `gesturectl subscribe`, a screenshot checked, and refusals of a missing token and a
/// foreign origin. The screenshot is kept in .build/view-screenshot.png (README's picture); the
/// Actions panel's flow is a script of its own.
@Suite(.serialized) struct ViewPageTests {
    /// The virtual environment's Python, as scripts/browser-venv.sh makes it.
    static var python: String {
        let environment = ProcessInfo.processInfo.environment
        if let venv = environment["GESTURED_BROWSER_VENV"] { return venv + "/bin/python3" }
        let cache = environment["XDG_CACHE_HOME"] ?? (environment["HOME"] ?? "/root") + "/.cache"
        return cache + "/gestured/browser-venv/bin/python3"
    }

    @Test func thePageShowsWhatTheCommandLineSays() throws {
        try browse("Tests/browser/view_page_test.py", ["SCREENSHOT": DaemonProcess.root.appendingPathComponent(".build/view-screenshot.png").path])
    }

    /// The Actions panel (issue 51): a swipe bound by doing it, keys from a key press, tried,
    /// saved and run by a real `gesturectl actions`; "this one exactly", undo, a stale save, a
    /// touchegg import, a hostile page. Its screenshot is kept in .build/actions-panel.png
    /// (README's docs/images/actions-panel.png).
    @Test func theActionsPanelBindsAGestureByDoingIt() throws {
        try browse("Tests/browser/view_actions_test.py", ["ACTIONS_SCREENSHOT": DaemonProcess.root.appendingPathComponent(".build/actions-panel.png").path])
    }

    /// Issue 60: the panel on files as people keep them: CR LF and a byte-order mark, a block
    /// scalar's comment-like last line, a stow-like symbolic link saved through.
    @Test func theActionsPanelKeepsFilesAsPeopleKeepThem() throws {
        try browse("Tests/browser/view_files_test.py", [:])
    }

    /// Issue 60, the symlinked dotfiles scenario end to end: a stow-like layout, the runner, the
    /// overlay (on Xvfb with xcompmgr) and the view on the file's usual path, the view's save
    /// and an editor's save at the target each read again by the other two.
    @Test func theDotfilesScenarioEndToEnd() throws {
        try browse("Tests/browser/dotfiles_test.py", [:])
    }

    /// Runs one of Tests/browser's scripts with the built binaries; it passes when it says OK.
    func browse(_ script: String, _ environment: [String: String]) throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.python) && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver"),
            "no browser to drive: `make test` installs chromium, chromium-driver and \(Self.python) (scripts/browser-venv.sh)")
        let bin = DaemonProcess.root.appendingPathComponent(".build/debug").path
        let run = try ChildProcess(
            Self.python, [script], environment: environment.merging(["GESTURED": bin + "/gestured", "GESTURECTL": bin + "/gesturectl"]) { $1 }
        ).finish()
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.hasSuffix("OK\n"))
    }
}
