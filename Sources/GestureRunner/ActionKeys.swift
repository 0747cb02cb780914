import GestureActions
import GestureKeys
import GesturePipeline
import GestureWire
import Posix

/// An actions file's keys, buttons and wheels as `keys` steps: key names resolved with the
/// file's `keyboard:` or the user's layout (``KeyboardLayout/detect(environment:home:readFile:gnomeSources:)``),
/// once when the file is read. Each mistake names its line.
public struct ActionKeys {
    /// The steps of one action's input: typed once (`tap`), or held (`press`) and let go
    /// (`release`) for `on: began`.
    struct Steps: Equatable {
        var tap: [KeyStep] = []
        var press: [KeyStep] = []
        var release: [KeyStep] = []
    }

    /// The layout names are resolved in (nil when no action types).
    let layout: KeyboardLayout?
    /// By action index: its main input's steps, and its `backKeys:`'.
    let main: [Int: Steps]
    let back: [Int: Steps]

    /// Resolves `file`; throws the mistakes, each with its line.
    public init(_ file: ActionsFile, environment: [String: String] = ProcessEnvironment.current) throws(ActionKeysError) {
        guard file.types else {
            layout = nil
            main = [:]
            back = [:]
            return
        }
        let layout = file.keyboard.map {
            KeyboardLayout(layout: $0.layout, variant: $0.variant, model: $0.model, options: $0.options, source: "`keyboard:` in \(file.source)")
        } ?? KeyboardLayout.detect(environment: environment, home: environment["HOME"])
        let keymap: Keymap
        do {
            keymap = try Keymap(layout)
        } catch {
            throw ActionKeysError([ConfigError(file: file.source, line: file.keyboard?.line, error.message)])
        }
        var main: [Int: Steps] = [:], back: [Int: Steps] = [:], problems: [ConfigError] = []
        for (index, action) in file.actions.enumerated() {
            do {
                if let input = action.command?.input { main[index] = try Self.steps(input, keymap) }
                if let input = action.back?.input { back[index] = try Self.steps(input, keymap) }
            } catch {
                problems.append(ConfigError(file: file.source, line: action.line, error.message))
            }
        }
        guard problems.isEmpty else { throw ActionKeysError(problems) }
        self.layout = layout
        self.main = main
        self.back = back
    }

    static func steps(_ input: ActionInput, _ keymap: Keymap) throws(KeyNameError) -> Steps {
        var steps = Steps()
        for text in input.keys {
            guard let chord = KeyChord(text) else { throw KeyNameError("`\(text)` has an empty key name; write keys joined by +, e.g. ctrl+alt+Left") }
            let resolved = try keymap.resolve(chord)
            steps.tap += resolved.tap
            steps.press += resolved.press
            steps.release = resolved.release + steps.release
        }
        for name in input.buttons {
            steps.tap += try PointerButtons.click(name)
            let code = try PointerButtons.code(name)
            steps.press.append(.press(code))
            steps.release.insert(.release(code), at: 0)
        }
        if let wheel = input.wheel { steps.tap.append(.wheel(wheel)) }
        if let hwheel = input.hwheel { steps.tap.append(.hwheel(hwheel)) }
        return steps
    }

    /// `125+106` for `--check`: the codes each combination types.
    static func codes(_ steps: [KeyStep]) -> String {
        steps.map(\.description).joined(separator: ", ")
    }
}

/// The key names of an actions file that cannot be typed, each with its line.
public struct ActionKeysError: Error, CustomStringConvertible {
    /// Each mistake, with its line.
    public var problems: [ConfigError]
    init(_ problems: [ConfigError]) { self.problems = problems }
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
