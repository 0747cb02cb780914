import GestureActions
import Glibc
import Testing

/// A command as people read it (issue 60): what `--check`, the view and the overlay show is
/// what a shell takes back, single quotes and spaces included.
@Suite struct ActionCommandTests {
    @Test func commandLinesAreQuotedAsAShellReadsThem() {
        #expect(ActionCommand.shell("echo 'right'").commandLine == #"sh -c 'echo '\''right'\'''"#)
        #expect(ActionCommand.argv(["notify-send", "three fingers", "it's"]).commandLine == #"notify-send 'three fingers' 'it'\''s'"#)
        #expect(ActionCommand.argv(["pactl", "set-sink-volume", "@DEFAULT_SINK@", "+5%"]).commandLine == "pactl set-sink-volume @DEFAULT_SINK@ +5%")
        #expect(ActionCommand.argv(["echo", ""]).commandLine == "echo ''")
        #expect(ActionCommand.input(ActionInput(keys: ["a"])).commandLine == nil)
    }

    /// /bin/sh reads each shown word back as the word it was.
    @Test(arguments: ["it's", "a b", "$HOME", "\"x\"", "back\\slash", "é ü", "'", "''", "tab\there", "new\nline"])
    func theShellReadsTheWordBack(word: String) throws {
        let line = "printf %s " + ActionCommand.quoted(word)
        guard let pipe = popen("/bin/sh -c " + ActionCommand.quoted(line), "r") else { throw CancellationError() }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let count = fread(&buffer, 1, buffer.count, pipe)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        #expect(pclose(pipe) == 0)
        #expect(String(decoding: bytes, as: UTF8.self) == word)
    }
}
