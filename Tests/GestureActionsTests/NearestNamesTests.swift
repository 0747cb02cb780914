import GestureActions
import Testing

/// A mistyped gesture name is told the nearest names, not every configured one (issue 60).
@Suite struct NearestNamesTests {
    static let configured = ["swipe-left-3", "swipe-right-3", "swipe-left-4", "pinch", "long-press", "tap", "hold-3", "edge-left"]

    @Test func theNearestComeFirstAndFarOnesNever() {
        #expect(NearestNames.of("swipe-lef-3", among: Self.configured) == ["swipe-left-3", "swipe-left-4"])
        #expect(NearestNames.of("Pinch", among: Self.configured) == ["pinch"])
        #expect(NearestNames.of("longpress", among: Self.configured) == ["long-press"])
        #expect(NearestNames.of("zoom-out-5", among: Self.configured).isEmpty)
        #expect(NearestNames.of("", among: Self.configured).isEmpty)
    }

    @Test func theMessageNamesThemOrSaysNoneIsNear() {
        #expect(ActionsFile.unknown("swipe-lef-3", configured: Self.configured).hasSuffix("(`define:`); did you mean `swipe-left-3` or `swipe-left-4`? (8 configured)"))
        #expect(ActionsFile.unknown("zoom-out-5", configured: Self.configured).hasSuffix("none of the 8 configured is near that name"))
    }
}
