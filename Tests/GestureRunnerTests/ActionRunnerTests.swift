@testable import GestureRunner
import GestureActions
import GesturePipeline
import GestureWire
import Testing

/// What the runner subscribes to when the daemon refuses a definition (issue 47, item 1).
@Suite struct ActionRunnerTests {
    static let file = """
        version: 1
        actions:
          - gesture: swipe-left-3
            shell: echo configured
          - gesture: mine
            define: { swipe: { fingers: 3, direction: left } }
            shell: echo mine
          - gesture: theirs
            define: { tap: { count: 2 } }
            shell: echo theirs
        """

    @Test func theDefinitionADaemonNamesIsFound() {
        #expect(ActionRunner.definitionIndex(in: "define[1]: `consume` is not a key of a definition") == 1)
        #expect(ActionRunner.definitionIndex(in: "gesture `x` by define[12]: …") == 12)
        #expect(ActionRunner.definitionIndex(in: "these definitions hold 65 recognizers") == nil)
    }

    @Test func aRefusedDefinitionIsLeftOutAndTheRestSubscribed() throws {
        let actions = try ActionsFile.parse(Self.file, file: "actions.yml")
        let all = actions.subscriptions(configured: ["swipe-left-3"])
        #expect(all.count == 1)
        #expect(all[0].gestures == ["swipe-left-3"])
        #expect(all[0].definitions.compactMap { $0["name"]?.stringValue } == ["mine", "theirs"])
        let left = actions.subscriptions(configured: ["swipe-left-3"], refused: ["mine"])
        #expect(left[0].gestures == ["swipe-left-3"])
        #expect(left[0].definitions.compactMap { $0["name"]?.stringValue } == ["theirs"])
        let none = actions.subscriptions(configured: ["swipe-left-3"], refused: ["mine", "theirs"])
        #expect(none[0].gestures == ["swipe-left-3"] && none[0].definitions.isEmpty)
    }
}
