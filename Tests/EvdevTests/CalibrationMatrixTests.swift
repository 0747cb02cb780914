import Evdev
import GestureCore
import Testing

@Suite struct CalibrationMatrixTests {
    @Test func udevsTextIsReadOrRefused() {
        #expect(CalibrationMatrix("0 -1 1 1 0 0")?.values == [0, -1, 1, 1, 0, 0])
        #expect(CalibrationMatrix("1 0 0 0 1 0")?.isIdentity == true)
        #expect(CalibrationMatrix("1 0 0 0 1") == nil)
        #expect(CalibrationMatrix("1 0 0 0 1 0 7") == nil)
        #expect(CalibrationMatrix("1 0 0 0 one 0") == nil)
        #expect(CalibrationMatrix("1 0 0 0 inf 0") == nil)
    }

    @Test func aQuarterTurnMovesLeftToUpInTheDevicesOwnSize() {
        let matrix = CalibrationMatrix("0 -1 1 1 0 0")!
        let surface = DeviceGeometry(width: 200, height: 100)
        let frame = TouchFrame(device: DeviceID(1), time: Timestamp(microseconds: 0), contacts: [
            Contact(id: 1, position: Point(x: 50, y: 25), normalized: Point(x: 0.25, y: 0.25), phase: .began),
        ])
        let calibrated = matrix.frame(frame, on: surface)
        #expect(calibrated.contacts[0].normalized == Point(x: 0.75, y: 0.25))
        #expect(calibrated.contacts[0].position == Point(x: 150, y: 25), "libinput keeps the axes' own sizes")
        #expect(matrix.normalized(Point(x: 0.2, y: 0.25)).y < matrix.normalized(Point(x: 0.25, y: 0.25)).y,
                "moving left on the panel is moving up")
    }
}
