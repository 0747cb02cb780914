import Dispatch
import GestureCore
import GestureWire
import Glibc
import Posix
import Testing
@testable import GestureDesktop

/// A Wayland session's screens (issue 65): wl_output's transforms read as turns of the
/// touchscreen, and a turn reported as a real headless sway makes it (`output … transform`).
@Suite(.serialized) struct WaylandScreensTests {
    /// wl_output turns counter-clockwise, as `rotation:` does; a mirror is no turn.
    @Test func wlOutputsTransformsAreTurnsOfTheTouchscreen() {
        #expect(WaylandScreens.rotation(0) == SurfaceRotation.none)
        #expect(WaylandScreens.rotation(1) == .clockwise90)
        #expect(WaylandScreens.rotation(2) == .clockwise180)
        #expect(WaylandScreens.rotation(3) == .clockwise270)
        #expect(WaylandScreens.rotation(5) == nil, "flipped-90 mirrors the image")
        #expect(WaylandScreens.isBuiltIn("eDP-1") && WaylandScreens.isBuiltIn("DSI-1") && !WaylandScreens.isBuiltIn("HDMI-A-1"))
    }

    /// The reports a ``WaylandScreens`` hands on, waited for on a semaphore (bounded), not by sleeping.
    final class Reports: @unchecked Sendable {
        let semaphore = DispatchSemaphore(value: 0)
        let lock = NSLockLike()
        var reports: [ScreenReport] = []

        func add(_ report: ScreenReport) {
            lock.run { reports.append(report) }
            semaphore.signal()
        }

        /// The `count`th report, once it came (within 20 s).
        func wait(for count: Int) -> ScreenReport? {
            while true {
                if let report = lock.run({ reports.count >= count ? reports[count - 1] : nil }) { return report }
                guard semaphore.wait(timeout: .now() + 20) == .success else { return nil }
            }
        }
    }

    /// sway spells its transforms clockwise: its `transform 90` (the panel's right edge now at
    /// the top) is wl_output's 270, a touchscreen turned 270°.
    @Test(.enabled(if: HeadlessSway.available, "sway or foot is not installed (make test installs them)"))
    func aTurnIsReportedAsSwayMakesIt() throws {
        let sway = try HeadlessSway()
        let source = WaylandScreens(display: sway.runtime + "/wayland-1")
        let reports = Reports()
        try source.start { reports.add($0) }
        #expect(reports.wait(for: 1) == ScreenReport(source: "wayland", screens: [.init(output: "HEADLESS-1", rotation: .none)]))
        try sway.command("output HEADLESS-1 transform 90")
        #expect(reports.wait(for: 2)?.screens == [.init(output: "HEADLESS-1", rotation: .clockwise270)])
        try sway.command("output HEADLESS-1 transform 180")
        #expect(reports.wait(for: 3)?.screens == [.init(output: "HEADLESS-1", rotation: .clockwise180)])
        try sway.command("output HEADLESS-1 transform flipped-90")
        #expect(reports.wait(for: 4)?.screens == [], "a mirrored output is left out")
        source.stop()
    }
}
