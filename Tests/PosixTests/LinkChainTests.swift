import Glibc
import Posix
import Testing

/// Dotfiles' symbolic links followed to the file they name (issue 60).
@Suite struct LinkChainTests {
    /// A scratch folder, removed at the end.
    final class Scratch {
        let folder: String
        init() {
            var template = Array("/tmp/gestured-links-XXXXXX".utf8CString)
            folder = String(cString: mkdtemp(&template))
        }
        deinit { _ = system("rm -rf '\(folder)'") }
    }

    @Test func aStowLikeChainEndsAtTheDotfilesCopy() throws {
        let scratch = Scratch()
        let home = scratch.folder
        #expect(system("mkdir -p \(home)/dotfiles/gestured/.config/gestured \(home)/.config && touch \(home)/dotfiles/gestured/.config/gestured/actions.yml") == 0)
        // stow links the folder relatively; a second link in front of it (a user's own).
        #expect(symlink("../dotfiles/gestured/.config/gestured", "\(home)/.config/gestured") == 0)
        #expect(symlink("gestured/actions.yml", "\(home)/.config/mine.yml") == 0)
        let hops = LinkChain.hops("\(home)/.config/mine.yml")
        #expect(hops == ["\(home)/.config/mine.yml", "\(home)/.config/gestured/actions.yml"])
        #expect(LinkChain.target("\(home)/.config/mine.yml") == "\(home)/.config/gestured/actions.yml")
        // A file link to an absolute path, and a dangling one: the end is where a write lands.
        #expect(symlink("\(home)/dotfiles/new.yml", "\(home)/.config/dangling.yml") == 0)
        #expect(LinkChain.target("\(home)/.config/dangling.yml") == "\(home)/dotfiles/new.yml")
        #expect(LinkChain.hops("\(home)/plain.yml") == ["\(home)/plain.yml"])
    }

    @Test func aLoopEndsAtTheKernelsLimit() {
        let scratch = Scratch()
        #expect(symlink("b", scratch.folder + "/a") == 0 && symlink("a", scratch.folder + "/b") == 0)
        #expect(LinkChain.hops(scratch.folder + "/a").count == LinkChain.maximumHops + 1)
    }

    @Test func aWriteGoesThroughTheLinkAndTheLinkStays() throws {
        let scratch = Scratch()
        #expect(system("mkdir -p \(scratch.folder)/dotfiles && printf old > \(scratch.folder)/dotfiles/actions.yml") == 0)
        #expect(symlink("dotfiles/actions.yml", scratch.folder + "/actions.yml") == 0)
        #expect(WholeWrite.replace(scratch.folder + "/actions.yml", with: Array("new".utf8)) == nil)
        var status = stat()
        #expect(lstat(scratch.folder + "/actions.yml", &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
        #expect(try FileReader.text(scratch.folder + "/dotfiles/actions.yml") == "new")
    }

    @Test(arguments: [("a/b/c.yml", "a/b", "c.yml"), ("c.yml", ".", "c.yml"), ("/c.yml", "/", "c.yml")])
    func folderAndName(path: String, folder: String, name: String) {
        #expect(LinkChain.folder(of: path) == folder && LinkChain.name(of: path) == name)
    }
}
