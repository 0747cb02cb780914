#if canImport(Glibc)
import Glibc
#endif
import GestureTesting

// Feeds N frames of a synthetic stream through the engine and exits: a fixed workload for
// instruction counting (`make bench` runs it under callgrind at two lengths; the difference
// divided by the extra frames is instructions per frame, free of warm-up and setup).
//
//   engine-profile STREAM FRAMES      STREAM: pan | pinch | tenFingers | sequences

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let stream = SyntheticStream(rawValue: arguments.first!), let frames = Int(arguments.last!) else {
    let names = SyntheticStream.allCases.map(\.rawValue).joined(separator: " | ")
    print("usage: engine-profile \(names) FRAMES")
    exit(2)
}
let rig = StreamRig(stream)
var events = 0
for _ in 0..<frames {
    rig.step()
    events += rig.events.count
}
print("\(stream.rawValue): \(frames) frames, \(events) events")
