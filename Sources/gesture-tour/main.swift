import GestureCore
import GestureTesting

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

func describe(_ value: GestureValue?) -> String {
    guard let value else { return "" }
    switch value {
    case .drag(let v): return "translation=(\(v.translation.dx.rounded2), \(v.translation.dy.rounded2)) mm"
    case .swipe(let v): return "\(v.direction) distance=\(v.distance.rounded2) mm"
    case .edgeSwipe(let v): return "\(v.edge) edge, distance=\(v.distance.rounded2) mm"
    case .tap(let v): return "count=\(v.count)"
    case .magnify(let v): return "magnification=\(v.magnification.rounded2)"
    case .rotate(let v): return "rotation=\(v.rotation.rounded2) rad"
    case .composite(let parts):
        switch parts.kind {
        case .simultaneous: return [describe(parts.first), describe(parts.second)].filter { !$0.isEmpty }.joined(separator: ", ")
        case .sequenceSecond: return parts.second == nil ? describe(parts.first) : describe(parts.second)
        case .sequenceFirst, .exclusiveFirst: return describe(parts.first)
        case .exclusiveSecond: return describe(parts.second)
        }
    case .longPress(let done): return "pressed=\(done)"
    case .vector(let v): return "(\(v.dx.rounded2), \(v.dy.rounded2))"
    case .number(let n): return "\(n.rounded2)"
    default: return "\(value)"
    }
}

extension Double {
    var rounded2: Double { (self * 100).rounded() / 100 }
}

for (title, script) in scenes {
    let h = GestureHarness()
    let scene = StandardScene(engine: h.engine, root: h.root)
    let start = h.now
    print("▶ \(title)")
    for event in h.run(script) {
        var line = "  t=+\(String((event.time - start).rounded2))s  \(event.name) \(event.instance) \(event.phase.rawValue)"
        if let reason = event.reason { line += "(\(reason.rawValue))" }
        let value = describe(event.value)
        if !value.isEmpty { line += "  \(value)" }
        if let state = event.state { line += "  state=\(describe(state))" }
        print(line)
    }
    precondition(scene.statesAreReset && h.finish().violations.isEmpty)
}
