import GestureCore
import GestureTesting

// `make bench-strokes`: how well strokes are named (docs/BENCHMARKS-HISTORY.md, "Strokes"). Each row
// is a StrokeAccuracy run: the user records N drawings of each of the 12 built-in shapes (0:
// the built-in templates themselves), then draws 200 more of each and 200 of each of 12
// shapes nobody recorded. Two sets of variations: the default (what one person's drawings
// vary by) and a harsher one (turned up to 15°, stretched 15 %).

func percent(_ value: Double) -> String {
    let tenths = Int((value * 1000).rounded())
    return "\(tenths / 10).\(tenths % 10) %"
}

print("templates per shape | named (best template) | named and scoring ≥ \(GestureSettings.standard.strokeMinimumScore) | unknown shapes taken for one | confusions")
print("--- | --- | --- | --- | ---")
for templates in [0, 1, 3, 5] {
    let run = StrokeAccuracy(templatesPerShape: templates, trials: 200)
    let confusions = run.confusions.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
    print("\(templates == 0 ? "built-in" : "\(templates)") | \(percent(run.namedRate)) | \(percent(run.acceptedRate)) | \(percent(run.falseMatchRate)) (\(run.falseMatches) of \(run.unknown)) | \(confusions.isEmpty ? "none" : confusions)")
}
print("")
print("harsher variations (turned ±15°, stretched ±15 %, overshoot 12 %, wobble 1.5 mm):")
for templates in [1, 3, 5] {
    let run = StrokeAccuracy(templatesPerShape: templates, trials: 200, harsh: true)
    print("\(templates) | \(percent(run.namedRate)) | \(percent(run.acceptedRate)) | \(percent(run.falseMatchRate)) (\(run.falseMatches) of \(run.unknown))")
}
