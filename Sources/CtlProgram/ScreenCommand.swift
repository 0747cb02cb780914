import ArgumentParser
import GestureClient
import GestureCommandLine
import GestureCore
import GestureOptions
import GestureWire

/// `gesturectl screen`: says how a screen is turned now, for the touchscreens configured to
/// follow it (`rotation: follow`) — from the hook that turns the screen, where gestured does not
/// follow the turns by itself (the actions runner follows every Wayland compositor's).
struct ScreenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screen",
        abstract: "Say how a screen is turned now: the touchscreens that follow it turn with it.",
        discussion: """
            Touchscreens whose devices: entry says `rotation: follow` turn with their screen: their \
            gestures in flight fail with `rotated`, and swipes, edges and regions are the screen's \
            from the next touch. In a Wayland session the actions runner (gestured-actions) tells \
            gestured by itself; elsewhere (X11), run this from what turns the screen. ROTATION is in degrees \
            clockwise, as `rotation:` in the configuration: 90 when the panel's top edge is now on \
            the right as you look at it (sway's `transform 270`, `xrandr --rotate left`). Only the \
            user in front of the seat may say it.
            """)

    @Argument(help: ArgumentHelp("0, 90, 180 or 270 (degrees clockwise).", valueName: "rotation"))
    var rotation: Int

    @Option(name: .long, help: ArgumentHelp("The output turned, as the compositor names it (default: the built-in screen).", valueName: "name"))
    var output: String?

    @OptionGroup var daemon: SocketOption

    func validate() throws {
        guard SurfaceRotation(rawValue: rotation) != nil else {
            throw ValidationError("the rotation is 0, 90, 180 or 270 (degrees clockwise), not \(rotation)")
        }
    }

    func run() async throws {
        let screen = ScreenReport.Screen(output: output ?? "built-in", rotation: SurfaceRotation(rawValue: rotation)!, builtIn: output == nil)
        let (client, hello, _) = try await DaemonConnection.open("screen", socket: daemon.socket)
        let reply: JSONValue
        do {
            reply = try await client.request(.screens(ScreenReport(source: "gesturectl", screens: [screen])))
        } catch ClientError.rejected(_, let message) {
            await client.close()
            throw CleanExit.message("gesturectl screen: \(message)", code: 1)
        } catch {
            await client.close()
            throw CleanExit.message("gesturectl screen: \(error)", code: 1)
        }
        await client.close()
        let names = Dictionary(hello.devices.compactMap { d in d["id"]?.intValue.map { ($0, d["name"]?.stringValue ?? "?") } }, uniquingKeysWith: { a, _ in a })
        let following = (reply["following"]?.arrayValue ?? []).compactMap(\.intValue)
        let turned = Set((reply["turned"]?.arrayValue ?? []).compactMap(\.intValue))
        let which = output.map { "output \($0)" } ?? "the built-in screen"
        guard !following.isEmpty else {
            throw CleanExit.message(
                "gesturectl screen: no touchscreen of gestured follows \(which); give it `rotation: follow` in the configuration's devices: (docs/CONFIG.md)", code: 1)
        }
        var out = FileHandleOutput()
        for id in following {
            out.write("dev\(id)  \(names[id] ?? "?")  " + (turned.contains(id) ? "turned \(rotation)°" : "already turned \(rotation)°"))
        }
        out.flush()
    }
}
