import GestureWire
@testable import PlainOptions
import Testing

/// A command line read by hand, as swift-argument-parser read it (issue 66): values, repeats,
/// mistakes, help's wrapping and the dump the man page is made from.
@Suite struct OptionReaderTests {
    static let reader = OptionReader(
        program: "tool", abstract: "Does a thing.", discussion: "At length.", version: "1.0",
        options: [
            OptionSpec("file", value: "path", help: "The file."),
            OptionSpec(flag: "verbose", help: "Say more."),
            OptionSpec("device", value: "path", help: "A device (repeatable).", repeating: true),
            OptionSpec("count", value: "n", help: "How many.", kind: .integer, defaultValue: "0", unconditional: true),
            OptionSpec("a-very-long-option-name", value: "value", help: "Its help goes below."),
        ])

    func values(_ arguments: [String]) -> OptionValues? {
        guard case .run(let values) = Self.reader.read(arguments) else { return nil }
        return values
    }

    @Test func valuesFlagsAndRepeats() throws {
        let read = try #require(values(["--file", "a", "--file=b", "--verbose", "--device", "x", "--device=y", "--count", "-3"]))
        #expect(read.value("file") == "b")  // the last one counts
        #expect(read.flag("verbose"))
        #expect(read.values("device") == ["x", "y"])
        #expect(read.integer("count", otherwise: 0) == -3)  // unconditional: a value may begin with a dash
        let none = try #require(values([]))
        #expect(!none.flag("verbose") && none.value("file") == nil && none.integer("count", otherwise: 7) == 7)
    }

    @Test(arguments: [
        (["--nope"], "Error: Unknown option '--nope'"),
        (["--fil"], "Error: Unknown option '--fil'. Did you mean '--file'?"),
        (["--file"], "Error: Missing value for '--file <path>'\nHelp:  --file <path>  The file."),
        (["--file="], "Error: Missing value for '--file <path>'"),
        (["--file", "--verbose"], "Error: Missing value for '--file <path>'"),
        (["--verbose=1"], "Error: The option '--verbose' does not take any value, but '1' was specified."),
        (["--count", "x"], "Error: The value 'x' is invalid for '--count <n>'\nHelp:  --count <n>  How many."),
        (["word"], "Error: Unexpected argument 'word'"),
        (["-v"], "Error: Unexpected argument '-v'"),
    ])
    func mistakes(arguments: [String], said: String) {
        guard case .mistake(let text) = Self.reader.read(arguments) else { Issue.record("\(arguments) was read"); return }
        #expect(text.hasPrefix(said))
        #expect(text.hasSuffix("\nUsage: tool [--file <path>] [--verbose] [--device <path> ...] [--count <n>] [--a-very-long-option-name <value>]\n  See 'tool --help' for more information.\n"))
    }

    @Test func helpAndVersionComeFirst() {
        #expect(Self.reader.read(["--version", "--nope"]) == .print("1.0\n"))
        #expect(Self.reader.read(["-h"]) == .print(Self.reader.help(width: 80)))
    }

    /// Lines end at a space before the width (the last may reach it); a word longer than a
    /// line stands alone; the help column's indent is kept on every line but blank ones.
    @Test func wrappingIsTheParsersWrapping() {
        #expect(OptionReader.wrapped("aaa bbb ccc", to: 8) == "aaa bbb\nccc")
        #expect(OptionReader.wrapped("aaa bbb", to: 7) == "aaa bbb")
        #expect(OptionReader.wrapped("aaaaaaaaaa bb", to: 5) == "aaaaaaaaaa\nbb")
        #expect(OptionReader.wrapped("one\n\ntwo", to: 80, indent: 2) == "  one\n\n  two")
    }

    @Test func helpListsEveryOptionWithItsDefault() {
        #expect(Self.reader.help(width: 80) == """
            OVERVIEW: Does a thing.

            At length.

            USAGE: tool [--file <path>] [--verbose] [--device <path> ...] [--count <n>] [--a-very-long-option-name <value>]

            OPTIONS:
              --file <path>           The file.
              --verbose               Say more.
              --device <path>         A device (repeatable).
              --count <n>             How many. (default: 0)
              --a-very-long-option-name <value>
                                      Its help goes below.
              --version               Show the version.
              -h, --help              Show help information.


            """)
    }

    @Test func theDumpDescribesEachOption() throws {
        let dump = try JSONParser.parse(Self.reader.dump())
        let arguments = try #require(dump["command"]?["arguments"]?.arrayValue)
        #expect(arguments.compactMap { $0["preferredName"]?["name"]?.stringValue } == ["file", "verbose", "device", "count", "a-very-long-option-name", "version", "help"])
        #expect(arguments[2]["isRepeating"] == .bool(true))
        #expect(arguments[3]["defaultValue"]?.stringValue == "0")
        #expect(arguments[1]["kind"]?.stringValue == "flag")
        #expect(dump["command"]?["discussion"]?.stringValue == "At length.")
    }
}
