import Foundation
import Glibc
import Testing

/// Issue 60: the actions file as people keep it. A stow-like dotfiles layout (the file a
/// symbolic link into `~/dotfiles`), an editor's atomic save at the link's target, the link
/// re-pointed; a second runner on the same file refused, naming the first. Real processes: the
/// built `gesturectl actions`, reading its log as it goes (no daemon: it waits for one).
@Suite(.serialized) struct DotfilesTests {
    /// A home folder laid out as GNU stow leaves it, removed at the end.
    final class Home {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-home-\(UUID().uuidString.prefix(8))").path
        /// The path the user (and the unit) names: `~/.config/gestured/actions.yml`, a link.
        var actions: String { folder + "/.config/gestured/actions.yml" }
        /// Where the link ends: the dotfiles copy.
        var dotfiles: String { folder + "/dotfiles/gestured/actions.yml" }
        var runtime: String { folder + "/run" }

        init() throws {
            for sub in ["/.config/gestured", "/dotfiles/gestured", "/dotfiles/laptop", "/run"] {
                try FileManager.default.createDirectory(atPath: folder + sub, withIntermediateDirectories: true)
            }
            try Self.save(Self.file(1), at: folder + "/dotfiles/gestured/actions.yml")
            // stow's relative link.
            #expect(symlink("../../dotfiles/gestured/actions.yml", actions) == 0)
        }

        /// An actions file of `count` actions.
        static func file(_ count: Int) -> String {
            "version: 1\nactions:\n" + (1...count).map { "  - gesture: swipe-left-3\n    run: [echo, \"\($0)\"]\n" }.joined()
        }

        /// What an editor's atomic save does: a new file beside it, renamed over it.
        static func save(_ text: String, at path: String) throws {
            try text.write(toFile: path + ".swp", atomically: false, encoding: .utf8)
            #expect(rename(path + ".swp", path) == 0)
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }
    }

    @Test func theRunnerFollowsTheLinksTargetAndTheLinkRepointed() throws {
        let home = try Home()
        let runner = try ActionsRunnerProcess(["--file", home.actions, "--socket", home.folder + "/none.sock"], environment: ["HOME": home.folder])
        try runner.waitForLog("1 action from")
        // The dotfiles copy saved by an editor: seen through the link.
        try Home.save(Home.file(2), at: home.dotfiles)
        try runner.waitForLog("changed on disk: 2 actions from")
        // The link re-pointed to another folder's file (`ln -sfn`: a new link renamed over it).
        try Home.save(Home.file(3), at: home.folder + "/dotfiles/laptop/actions.yml")
        #expect(symlink("../../dotfiles/laptop/actions.yml", home.actions + ".new") == 0 && rename(home.actions + ".new", home.actions) == 0)
        try runner.waitForLog("changed on disk: 3 actions from")
        // And the new target's folder is followed from then on.
        try Home.save(Home.file(4), at: home.folder + "/dotfiles/laptop/actions.yml")
        try runner.waitForLog("changed on disk: 4 actions from")
        var status = stat()
        #expect(lstat(home.actions, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK, "the link is still a link")
        kill(runner.process.processIdentifier, SIGTERM)
        #expect(runner.wait() == 0, "\(runner.log)")
        #expect(runner.log.contains("gesturectl actions: gestured is not running at \(home.folder)/none.sock (no socket there); waiting for it"), "\(runner.log)")
        #expect(!runner.log.contains("lost gestured"), "never connected is not lost: \(runner.log)")
    }

    @Test func aSecondRunnerOnTheSameFileIsRefusedUnlessAllowed() throws {
        let home = try Home()
        let environment = ["HOME": home.folder, "XDG_RUNTIME_DIR": home.runtime]
        let first = try ActionsRunnerProcess(["--file", home.actions, "--socket", home.folder + "/none.sock"], environment: environment)
        try first.waitForLog("1 action from")
        // The same file, named through its target: the same file.
        let second = try ActionsRunnerProcess(["--file", home.dotfiles, "--socket", home.folder + "/none.sock"], environment: environment)
        #expect(second.wait() == 75)
        #expect(second.log == """
            gesturectl actions: ~/dotfiles/gestured/actions.yml is already run by process \(first.process.processIdentifier); a second runner would run every action twice: \
            stop that one first (kill \(first.process.processIdentifier)), or give --allow-second

            """)
        let allowed = try ActionsRunnerProcess(["--file", home.actions, "--socket", home.folder + "/none.sock", "--allow-second"], environment: environment)
        try allowed.waitForLog("1 action from")
        for runner in [first, allowed] {
            kill(runner.process.processIdentifier, SIGTERM)
            #expect(runner.wait() == 0)
        }
        // Another file of the same user is not the same file.
        try Home.save(Home.file(1), at: home.folder + "/other.yml")
        let other = try ActionsRunnerProcess(["--file", home.folder + "/other.yml", "--socket", home.folder + "/none.sock"], environment: environment)
        try other.waitForLog("1 action from")
        kill(other.process.processIdentifier, SIGTERM)
        #expect(other.wait() == 0)
    }
}
