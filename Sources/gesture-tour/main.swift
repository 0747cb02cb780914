import GestureCore
import GestureTesting
import GestureWire

// A tour of the engine: scripted touch sequences played through the real GestureCore engine
// with the standard 16-binding scene, printing every event the way a subscriber would see it.
// (Once the daemon exists, `make demo` runs it on a recording with a real client instead.)

let scenes: [(String, [TouchStep])] = {
    let three = (1...3).map { TouchStep.Finger(Int32($0), at: Point(x: 80 + Double($0) * 12, y: 60)) }
    let pinch = [TouchStep.Finger(1, at: Point(x: 80, y: 60)), .init(2, at: Point(x: 120, y: 60))]
    return [
        ("Three fingers swipe left", [
            .downMany(three), .wait(0.1), .moveMany(three.map { .init($0.id, by: Vector(dx: -40, dy: 0)) }, steps: 8), .upMany([1, 2, 3]),
        ]),
        ("Pinch open and twist", [
            .downMany(pinch), .wait(0.1),
            .moveMany([.init(1, by: Vector(dx: -15, dy: 8)), .init(2, by: Vector(dx: 15, dy: -8))], steps: 6), .upMany([1, 2]),
        ]),
        ("Double tap", [.down(1, at: Point(x: 100, y: 60)), .up(1), .wait(0.1), .down(1, at: Point(x: 100, y: 60)), .up(1), .wait(0.5)]),
        ("Single tap (reported after the double-tap window)", [.down(1, at: Point(x: 100, y: 60)), .up(1), .wait(0.5)]),
        ("Long press, then drag", [.down(1, at: Point(x: 100, y: 60)), .wait(0.6), .move(1, by: Vector(dx: 30, dy: 0), steps: 4), .up(1)]),
        ("Drag joined by a second finger: it fails, and its state resets", [
            .down(1, at: Point(x: 100, y: 60)), .move(1, by: Vector(dx: 20, dy: 0), steps: 3), .down(2, at: Point(x: 150, y: 80)), .upMany([1, 2]),
        ]),
        ("Edge swipe from the left (back)", [.down(1, at: Point(x: 1, y: 60)), .move(1, by: Vector(dx: 30, dy: 0), steps: 5), .up(1)]),
    ]
}()

for (title, script) in scenes {
    let h = GestureHarness()
    let scene = StandardScene(engine: h.engine, root: h.root)
    let start = h.now
    print("▶ \(title)")
    for event in h.run(script) { print(GestureEventText.line(event, origin: start)) }
    precondition(scene.statesAreReset && h.finish().violations.isEmpty)
}
