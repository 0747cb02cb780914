#if canImport(Glibc)
import Glibc
#endif
import GestureTesting

// The daemon's whole path for one frame, for `make bench-path` (issue 52): a node's records
// read on the event loop by the real reader (EvdevNodeReader, through NIO), decoded, fed to the
// engine through the hub, and — with a subscriber — the events written to its socket. A
// SOCK_SEQPACKET socket stands in for the node (each frame one write, so each read one frame,
// as a live node gives it); the frames are made before anything is read, and a thread writes
// them. Counted by callgrind on the event loop's thread only (Benchmarks/path.sh).
//
//   path-profile touchscreen|touchpad FRAMES SUBSCRIBERS

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3, let load = PeersLoad(rawValue: arguments.first!), let frames = Int(arguments.dropFirst().first!), frames > 0,
    let subscribers = Int(arguments.last!), subscribers >= 0
else {
    print("usage: path-profile touchscreen|touchpad FRAMES SUBSCRIBERS")
    exit(2)
}

exit(try PathProfile.run(load, frames: frames, subscribers: subscribers))
