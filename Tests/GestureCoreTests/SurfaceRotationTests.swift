import GestureCore
import Testing

@Suite struct SurfaceRotationTests {
    let native = DeviceGeometry(width: 200, height: 100)

    @Test func cornersGoWhereTheScreenHasThem() {
        // The device's top-left corner and a point right of it, for each mounting.
        let corner = Point(x: 0, y: 0), right = Point(x: 10, y: 0)
        #expect(SurfaceRotation.none.point(right, on: native) == right)
        // A quarter turn clockwise: the device's top edge is the screen's right edge.
        #expect(SurfaceRotation.clockwise90.point(corner, on: native) == Point(x: 100, y: 0))
        #expect(SurfaceRotation.clockwise90.point(right, on: native) == Point(x: 100, y: 10), "moving right on the device is moving down")
        #expect(SurfaceRotation.clockwise180.point(right, on: native) == Point(x: 190, y: 100))
        #expect(SurfaceRotation.clockwise270.point(right, on: native) == Point(x: 0, y: 190), "moving right is moving up")
        #expect(SurfaceRotation.clockwise90.geometry(native) == DeviceGeometry(width: 100, height: 200))
        #expect(SurfaceRotation.clockwise180.geometry(native) == native)
    }

    @Test func fourQuarterTurnsAreNoTurn() {
        let p = Point(x: 37, y: 12)
        var q = p, geometry = native
        for _ in 0..<4 {
            q = SurfaceRotation.clockwise90.point(q, on: geometry)
            geometry = SurfaceRotation.clockwise90.geometry(geometry)
        }
        #expect(q == p && geometry == native)
    }

    @Test func framesTurnPositionsAndNormalizedPositionsAlike() {
        let frame = TouchFrame(device: DeviceID(1), time: Timestamp(microseconds: 0), contacts: [
            Contact(id: 1, position: Point(x: 50, y: 25), normalized: Point(x: 0.25, y: 0.25), phase: .began),
        ])
        let turned = SurfaceRotation.clockwise270.frame(frame, on: native)
        #expect(turned.contacts[0].position == Point(x: 25, y: 150))
        #expect(turned.contacts[0].normalized == Point(x: 0.25, y: 0.75))
        #expect(SurfaceRotation.clockwise270.geometry(native).normalized(turned.contacts[0].position) == turned.contacts[0].normalized)
    }
}
