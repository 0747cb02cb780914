import Evdev
import GestureCore
import YAML

/// The shapes of strokes: the top-level `strokes:` list of recorded templates, and a `stroke:`
/// gesture's `shapes:` naming them.
extension ConfigReader {
    /// `strokes:`: a list of `{ name, points: [[x, y], …] }` (millimetres, in drawing order),
    /// as `gesturectl stroke record` writes them; a name may come several times (each drawing a
    /// template).
    package func strokeTemplates(_ node: YAMLNode) throws -> [StrokeTemplate] {
        guard let items = node.sequence else { throw error(node, "expected `strokes:` as a list of `{ name: …, points: [[x, y], …] }`") }
        guard items.count <= ConfigLimits.maximumStrokes else {
            throw error(node, "`strokes:` lists \(items.count) drawings; at most \(ConfigLimits.maximumStrokes) are allowed")
        }
        return try items.map(strokeTemplate)
    }

    /// One drawing: `{ name, points: [[x, y], …] }`.
    func strokeTemplate(_ item: YAMLNode) throws -> StrokeTemplate {
        let keys = try mapping(item, "a `strokes:` entry", allowed: ["name", "points"])
        guard let nameNode = keys["name"], let name = nameNode.string, !name.isEmpty, nameNode.mapping == nil, nameNode.sequence == nil
        else { throw error(item, "expected a `name:` for the stroke") }
        guard let list = keys["points"]?.sequence else { throw error(item, "expected `points:` as a list of `[x, y]` in millimetres") }
        guard list.count >= 2, list.count <= ConfigLimits.maximumStrokePoints else {
            throw error(keys["points"], "expected 2 to \(ConfigLimits.maximumStrokePoints) points in stroke `\(name)`, found \(list.count)")
        }
        let points = try list.map { pair -> Point in
            guard let xy = pair.sequence, xy.count == 2, let x = xy[0].float, let y = xy[1].float, x.isFinite, y.isFinite,
                abs(x) <= 100_000, abs(y) <= 100_000
            else { throw error(pair, "expected a point as `[x, y]` in millimetres") }
            return Point(x: x, y: y)
        }
        let template = StrokeTemplate(name: name, points: points)
        guard template.length > 0 else { throw error(item, "stroke `\(name)` does not move: its points are all one") }
        return template
    }

    /// The templates a `stroke:` matches: the shapes `shapes:` names (built-in ones, or the
    /// recorded ones of `strokes:`, every drawing of that name) or writes out as drawings
    /// (`{ name, points }`), or without it all of them.
    func shapes(_ node: YAMLNode?) throws -> [StrokeTemplate] {
        let all = StrokeTemplate.builtIn.filter { builtIn in !strokes.contains { $0.name == builtIn.name } } + strokes
        guard let node else { return all }
        guard let names = node.sequence, !names.isEmpty else { throw error(node, "expected `shapes:` as a list of stroke names, like `[circle-clockwise, check]`") }
        var chosen: [StrokeTemplate] = []
        for item in names {
            if item.mapping != nil {
                // A drawing written right here, as the configuration's `strokes:` writes one.
                chosen.append(try strokeTemplate(item))
                continue
            }
            guard let name = item.string, item.sequence == nil else { throw error(item, "expected a stroke name, or a drawing `{ name, points }`") }
            let drawings = all.filter { $0.name == name }
            guard !drawings.isEmpty else {
                throw error(item, "no stroke named `\(name)`; known: \(all.names.joined(separator: ", ")) (`gesturectl stroke record \(name)` records one)")
            }
            chosen += drawings
        }
        return chosen
    }
}
