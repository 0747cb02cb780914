import GesturePipeline
import GestureActions
import GestureWire
import Testing
import YAML

/// Values written as a person writes YAML's flow style, read back as the same values (issue 60:
/// an import's `define:` was JSON in a file of plain YAML).
@Suite struct YAMLFlowTextTests {
    @Test(arguments: [
        #"{"swipe":{"fingers":3,"direction":"up"},"priority":"simultaneous"}"#,
        #"{"stroke":{"shapes":[{"name":"a b","points":[[0,1.5],[2,3]]}]},"devices":"touchpad"}"#,
        ##"{"tap":{},"name":"yes","x":"1","y":"#c","z":[true,null,"on"]}"##,
        #"[]"#,
    ])
    func writtenReadsBackAsTheValue(json: String) throws {
        let value = try JSONParser.parse(json)
        let text = YAMLFlowText.written(value)
        let node = try #require(try YAMLSource.compose("v: " + text + "\n"))
        #expect(try #require(node["v"]).jsonValue == value, "\(text)")
    }

    @Test func namesArePlainAndSpaced() throws {
        #expect(YAMLFlowText.written(try JSONParser.parse(#"{"swipe":{"fingers":3,"direction":"up"},"priority":"simultaneous"}"#))
            == "{ swipe: { fingers: 3, direction: up }, priority: simultaneous }")
    }

    @Test func plainOnlyWhereYAMLReadsTheSameString() {
        #expect(YAMLFlowText.scalar("super+Right") == "super+Right")
        #expect(YAMLFlowText.scalar("swipe-left-3") == "swipe-left-3")
        for quoted in ["true", "No", "~", "1.5", "-x", "a b", "a:b", "#a", "é"] {
            #expect(YAMLFlowText.scalar(quoted).hasPrefix("\""), "\(quoted)")
        }
        #expect(YAMLFlowText.of(.string("a\u{2028}b")) == #""a\u2028b""#)
    }
}
