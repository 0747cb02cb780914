#if canImport(Glibc)
import Glibc
#endif
import GestureTesting

// Feeds N frames of a synthetic stream through the engine and exits: a fixed workload for
// instruction counting (`make bench` runs it under callgrind at two lengths; the difference
// divided by the extra frames is instructions per frame, free of warm-up and setup).
//
//   engine-profile STREAM FRAMES      STREAM: pan | pinch | tenFingers | sequences
//   engine-profile decode FRAMES      the evdev decoder alone (the live touchscreen path)
//   engine-profile forward FRAMES     a grabbed device's forwarder alone, nothing claimed

let arguments = CommandLine.arguments.dropFirst()
// `decode FRAMES`: the live touchscreen path's decoder alone, on the peers' ten-finger load;
// `forward FRAMES`: the same load through a grabbed device's forwarder (issue 34).
let workloads: [String: (Int) -> String] = [
    "decode": { frames in
        var workload = DecoderWorkload()
        var contacts = 0
        for _ in 0..<frames { contacts += workload.step() }
        return "\(frames) frames, \(contacts) contacts"
    },
    "forward": { frames in
        var workload = ForwarderWorkload()
        var written = 0
        for _ in 0..<frames { written += workload.step() }
        return "\(frames) frames, \(written) events written"
    },
]
if arguments.count == 2, let workload = workloads[arguments.first!], let frames = Int(arguments.last!) {
    print("\(arguments.first!): \(workload(frames))")
    exit(0)
}
guard arguments.count == 2, let stream = SyntheticStream(rawValue: arguments.first!), let frames = Int(arguments.last!) else {
    let names = SyntheticStream.allCases.map(\.rawValue).joined(separator: " | ")
    print("usage: engine-profile \(names) | decode FRAMES | forward FRAMES")
    exit(2)
}
let rig = StreamRig(stream)
var events = 0
for _ in 0..<frames {
    rig.step()
    events += rig.events.count
}
print("\(stream.rawValue): \(frames) frames, \(events) events")
