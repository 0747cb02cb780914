import Foundation
import GestureCore
import Testing

@testable import Evdev

@Suite struct EvemuParserTests {
    @Test(arguments: [
        "E: 0.000001 0003 0039 0000\t# EV_ABS / ABS_MT_TRACKING_ID   0",
        "E: 12.5 0003 0035 -0001",
        "E: 0.006980 0004 0005 6200\r",
        "E: 1.000000 0001 014a 2147483647",
        "E: 1.000000 0001 014A -2147483648 # comment",
    ])
    func theFastPathReadsEventLinesAsTheGeneralOneDoes(_ line: String) throws {
        let fast = try #require(EvemuParser.fastEvent(line[...]))
        let general = try EvemuParser.event(EvemuParser.stripComment(line[...]), file: "x", line: 1)
        #expect(fast == general)
    }

    @Test(arguments: [
        "E: 0.1234567 0003 0035 1", "E: 1 0003 0035 1", "E: 0.1 10000 0035 1", "E: 0.1 0003 0035 2147483648",
        "E: 0.1 0003 0035", "E: 0.1 0003 0035 1 2", "  E: 0.1 0003 0035 1", "N: name",
    ])
    func anythingElseIsLeftToTheGeneralPath(_ line: String) {
        #expect(EvemuParser.fastEvent(line[...]) == nil)
    }

    @Test func crlfFilesReadLikeLfFiles() throws {
        let lf = try FixtureFiles.text("real/ts-atmel-maxtouch-1finger-fast-taps.evemu")
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try EvemuParser.parse(crlf, file: "crlf.evemu") == EvemuParser.parse(lf, file: "lf.evemu"))
    }
}
