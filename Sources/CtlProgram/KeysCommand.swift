import ArgumentParser
import GestureClient
import GestureCommandLine
import GestureKeys
import GestureOptions
import GestureWire
import Posix

/// `gesturectl keys`: types key combinations, buttons and wheel detents through the daemon's
/// virtual keyboard, with the user's keyboard layout — what `keys:` in an actions file does, to
/// try from a terminal. `--print` shows the codes without typing.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Type key combinations (super+Right, ctrl+alt+Left, XF86AudioRaiseVolume) through gestured's virtual keyboard.",
        discussion: """
            Key names are xkb keysyms (as xdotool takes them), modifiers ctrl, alt, shift, super and altgr, \
            or evdev codes (KEY_LEFTCTRL). They are turned into key codes with the keyboard layout given, \
            else the user's (XKB_DEFAULT_LAYOUT, KDE's kxkbrc — first in a KDE session —, GNOME's input sources, \
            /etc/default/keyboard), \
            so ctrl+z is the key labelled Z on AZERTY too. Only the user in front of seat0 may type. See docs/ACTIONS.md.
            """)

    @Argument(help: ArgumentHelp("Key combinations, typed in order.", valueName: "keys"))
    var chords: [String] = []

    @Option(name: .customLong("button"), help: ArgumentHelp("Click a button (left, right, middle, side, extra, forward, back, or 1–9 as xdotool numbers them), after the keys; repeatable.", valueName: "name"))
    var buttons: [String] = []

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Turn the wheel this many detents (positive: up), last.", valueName: "n"))
    var wheel: Int32?

    @Option(name: .long, help: ArgumentHelp("The xkb layout (us, fr, de, …) instead of the user's.", valueName: "layout"))
    var layout: String?

    @Option(name: .long, help: ArgumentHelp("With --layout: its variant.", valueName: "variant"))
    var variant: String?

    @Flag(name: .customLong("print"), help: "Print the key codes and the layout, and type nothing (no daemon needed).")
    var printOnly = false

    @OptionGroup var daemon: SocketOption

    func validate() throws {
        if chords.isEmpty && buttons.isEmpty && wheel == nil { throw ValidationError("give keys to type, e.g. gesturectl keys super+Right") }
        if let wheel, wheel == 0 || abs(wheel) > KeyStep.maximumWheel { throw ValidationError("--wheel turns 1 to \(KeyStep.maximumWheel) detents either way") }
    }

    func run() async throws {
        let environment = ProcessEnvironment.current
        let chosen = layout.map { KeyboardLayout(layout: $0, variant: variant ?? "", source: "--layout") }
            ?? KeyboardLayout.detect(environment: environment, home: environment["HOME"])
        var steps: [KeyStep] = []
        var lines: [String] = []
        do {
            let keymap = try Keymap(chosen)
            for text in chords {
                guard let chord = KeyChord(text) else { throw KeyNameError("\"\(text)\" has an empty key name; write keys joined by +, e.g. ctrl+alt+Left") }
                let resolved = try keymap.resolve(chord)
                let typed = resolved.tap
                steps += typed
                lines.append("\(text): \(typed.map(\.description).joined(separator: ", "))")
            }
            for name in buttons {
                let typed = try PointerButtons.click(name)
                steps += typed
                lines.append("button \(name): \(typed.map(\.description).joined(separator: ", "))")
            }
        } catch {
            throw CleanExit.message("gesturectl keys: \(error)", code: 1)
        }
        if let wheel {
            steps.append(.wheel(wheel))
            lines.append("wheel: \(wheel) detent(s)")
        }
        var output = FileHandleOutput()
        if printOnly {
            for line in lines { output.write(line) }
            output.write("keyboard layout \(chosen)")
            output.flush()
            return
        }
        let (client, _, _) = try await DaemonConnection.open("keys", socket: daemon.socket)
        do {
            _ = try await client.keys(steps)
            await client.close()
        } catch ClientError.rejected(let code, let message) {
            await client.close()
            throw CleanExit.message("gesturectl keys: gestured typed nothing: \(message)", code: code == "forbidden" ? DaemonConnection.refusedStatus : 1)
        } catch {
            await client.close()
            throw CleanExit.message("gesturectl keys: \(error)", code: 1)
        }
    }
}
