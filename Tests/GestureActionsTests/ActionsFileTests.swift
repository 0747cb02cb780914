import GestureActions
import GestureCore
import GesturePipeline
import GestureWire
import Testing

@Suite struct ActionsFileTests {
    static let example = """
        version: 1
        actions:
          - gesture: swipe-left-3                 # configured in gestured.yml
            run: [swaymsg, workspace, next]
          - gesture: pinch-volume                 # defined here: no root needed
            define: { magnify: { minimumScaleDelta: 0.05 } }
            on: { update: { every: { scale: 0.1 } } }
            run: [pactl, set-sink-volume, "@DEFAULT_SINK@", +5%]
            back: [pactl, set-sink-volume, "@DEFAULT_SINK@", -5%]
          - gesture: pinch-volume
            on: ended
            shell: notify-send "volume set"
          - gesture: hold-3
            on: { held: 0.3 }
            run: [brightnessctl, set, +5%]
            timeout: 2
            overlap: queue
          - gesture: scroll
            on: { update: { every: { distance: 20, axis: y } } }
            run: [wtype, -k, Down]
            backShell: wtype -k Up
        """

    @Test func whenAndWindowAreRead() throws {
        let file = try ActionsFile.parse("""
            version: 1
            actions:
              - gesture: swipe-left-3
                when: { app: [firefox, "org.mozilla.*"], title: "*YouTube*" }
                keys: l
              - gesture: swipe-left-3
                when: { app: foot }
                window: close
              - gesture: swipe-up-4
                window: workspace 3
              - gesture: swipe-down-4
                window: workspace prev
              - gesture: swipe-right-4
                window: move-to-workspace 2
              - gesture: swipe-left-4
                window: move-to-workspace previous
            """, file: "actions.yml")
        #expect(file.actions[0].when == ActionCondition(apps: ["firefox", "org.mozilla.*"], titles: ["*YouTube*"]))
        #expect(file.actions.map(\.command) == [
            .input(ActionInput(keys: ["l"])), .window(.close), .window(.workspace(.number(3))), .window(.workspace(.previous)),
            .window(.moveToWorkspace(.number(2))), .window(.moveToWorkspace(.previous)),
        ])
        #expect(file.actions.compactMap { if case .window(let action) = $0.command { action.description } else { nil } }.suffix(2)
            == ["move-to-workspace 2", "move-to-workspace previous"])
        #expect(file.needsDesktop)
    }

    /// Issue 60: every window-action key asks for the desktop, `backWindow:` alone too (the
    /// touchegg importer writes it for a gesture's way back).
    @Test func aFileWhoseOnlyWindowActionIsBackWindowNeedsTheDesktop() throws {
        let file = try ActionsFile.parse("""
            version: 1
            actions:
              - gesture: drag-3
                on: { update: { every: { distance: 20 } } }
                keys: ctrl+Tab
                backWindow: close
            """, file: "actions.yml")
        #expect(file.actions[0].back == .window(.close))
        #expect(file.needsDesktop)
        #expect(try !ActionsFile.parse("version: 1\nactions:\n  - gesture: drag-3\n    on: { update: { every: { distance: 20 } } }\n    keys: a\n    backKeys: b\n", file: "a.yml").needsDesktop)
    }

    /// Issue 34: a gesture with an action that runs whatever is in front consumes its touches
    /// by default; `consume:` says otherwise either way; one whose actions all wait for an
    /// application listens unless one says `consume: true`.
    @Test func whichGesturesConsume() throws {
        let file = try ActionsFile.parse("""
            version: 1
            actions:
              - gesture: swipe-left-3
                keys: super+Right
              - gesture: swipe-right-3
                keys: super+Left
                consume: false
              - gesture: swipe-up-3
                when: { app: firefox }
                keys: ctrl+t
              - gesture: swipe-down-3
                when: { app: firefox }
                keys: ctrl+w
                consume: true
              - gesture: edge-left
                when: { app: foot }
                keys: ctrl+shift+t
              - gesture: edge-left
                shell: notify-send edge
            """, file: "actions.yml")
        #expect(["swipe-left-3", "swipe-right-3", "swipe-up-3", "swipe-down-3", "edge-left"].map(file.consumes) == [true, false, false, true, true])
        #expect(throws: ConfigError.self) {
            try ActionsFile.parse("version: 1\nactions:\n  - gesture: a\n    keys: a\n    consume: 1\n", file: "actions.yml")
        }
    }

    @Test func keysButtonsAndTheWheelAreRead() throws {
        let file = try ActionsFile.parse("""
            version: 1
            keyboard: { layout: fr, variant: azerty }
            actions:
              - gesture: swipe-left-3
                on: began
                keys: alt
              - gesture: swipe-left-3
                on: { update: { every: { distance: 15 } } }
                keys: tab
                backKeys: shift+tab
              - gesture: swipe-up-3
                keys: [ctrl+c, ctrl+v]
              - gesture: two-finger-tap
                buttons: right
              - gesture: scroll
                wheel: -2
                hwheel: 1
            """, file: "actions.yml")
        #expect(file.keyboard == ActionsKeyboard(layout: "fr", variant: "azerty", line: 2))
        #expect(file.types)
        #expect(file.actions.map(\.command?.input) == [
            ActionInput(keys: ["alt"]), ActionInput(keys: ["tab"]), ActionInput(keys: ["ctrl+c", "ctrl+v"]), ActionInput(buttons: ["right"]),
            ActionInput(wheel: -2, hwheel: 1),
        ])
        #expect(file.actions[1].back == .input(ActionInput(keys: ["shift+tab"])))
    }

    @Test func everyKeyOfTheExampleIsRead() throws {
        let file = try ActionsFile.parse(Self.example, file: "actions.yml")
        #expect(file.actions.count == 5)
        let swipe = file.actions[0]
        #expect(swipe.gesture == "swipe-left-3" && swipe.trigger == .ended && swipe.overlap == .drop && swipe.timeout == nil)
        #expect(swipe.command == .argv(["swaymsg", "workspace", "next"]))
        #expect(swipe.line == 3)
        let volume = file.actions[1]
        #expect(volume.trigger == .update(ActionStep(.scale, size: 0.1)))
        #expect(volume.back == .argv(["pactl", "set-sink-volume", "@DEFAULT_SINK@", "-5%"]))
        #expect(volume.definition?.serialized == #"{"name":"pinch-volume","magnify":{"minimumScaleDelta":0.05}}"#)
        // The second action on the gesture shares its definition.
        #expect(file.actions[2].definition == volume.definition)
        #expect(file.actions[2].command == .shell(#"notify-send "volume set""#))
        #expect(file.actions[2].command?.arguments == ["/bin/sh", "-c", #"notify-send "volume set""#])
        #expect(file.actions[3].trigger == .held(interval: 0.3) && file.actions[3].timeout == 2 && file.actions[3].overlap == .queue)
        #expect(file.actions[4].trigger == .update(ActionStep(.distance(axis: .y), size: 20)))
        #expect(file.actions[4].back == .shell("wtype -k Up"))
        #expect(file.configuredGestures == ["swipe-left-3", "hold-3", "scroll"])
        #expect(file.definitions.count == 1)
    }

    @Test(arguments: [
        ("version: 1\nactions:\n  - gesture: x\n    run: [a]\n    colour: red\n", 5, "unknown key `colour` in an action"),
        ("version: 1\nactions:\n  - gesture: x\n", 3, "needs `run:`"),
        ("version: 1\nactions:\n  - gesture: x\n    run: a b\n", 4, "expected `run:` to be a list"),
        ("version: 1\nactions:\n  - gesture: x\n    run: [a]\n    on: later\n", 5, "expected `on:` began, ended, failed"),
        ("version: 1\nactions:\n  - gesture: x\n    run: [a]\n    on: { update: { every: { speed: 3 } } }\n", 5, "unknown key `speed`"),
        ("version: 1\nactions:\n  - gesture: x\n    run: [a]\n    on: { held: 0 }\n", 5, "expected `held` between"),
        ("version: 1\nactions:\n  - gesture: x\n    run: [a]\n    back: [b]\n", 5, "`back:` runs on steps backward"),
        ("version: 1\nactions:\n  - gesture: x\n    run: [a]\n    overlap: pile\n", 5, "overlap"),
        ("version: 1\nactions:\n  - gesture: x\n    define: { magnify: { minimumScaleDelta: -1 } }\n    run: [a]\n", 4, "minimumScaleDelta"),
        ("version: 1\nactions:\n  - gesture: x\n    define: { wiggle: {} }\n    run: [a]\n", 4, "unknown key `wiggle`"),
        ("version: 1\nactions:\n  - gesture: x\n    define: { tap: {} }\n    run: [a]\n  - gesture: x\n    define: { tap: {} }\n    run: [b]\n", 6, "defined twice (first on line 3)"),
        ("version: 2\nactions: []\n", 1, "expected `version: 1`"),
        ("version: 1\nactions:\n  - gesture: x\n    run: [a\n", 5, "invalid YAML"),
        ("version: 1\nactions:\n  - gesture: x\n    keys: ctrl+\n", 4, "has an empty key name"),
        ("version: 1\nactions:\n  - gesture: x\n    keys: alt\n    run: [a]\n", 3, "has both `run:` and `keys:`"),
        ("version: 1\nactions:\n  - gesture: x\n    wheel: 0\n", 4, "1 to 20 detents"),
        ("version: 1\nactions:\n  - gesture: x\n    wheel: 40\n", 4, "expected `wheel` between -20 and 20"),
        ("version: 1\nactions:\n  - gesture: x\n    on: began\n    buttons: [left, right]\n", 5, "one combination"),
        ("version: 1\nactions:\n  - gesture: x\n    keys: tab\n    backKeys: shift+tab\n", 5, "`back:` runs on steps backward"),
        ("version: 1\nkeyboard: { variant: azerty }\nactions: []\n", 2, "to name a `layout:`"),
        ("version: 1\noverlay:\n  show: [trails, sparkles]\nactions: []\n", 3, "expected `show` to be one of: trails, pad, names, progress, strokes; found `sparkles`"),
        ("version: 1\noverlay:\n  show: trails\nactions: []\n", 3, "expected `show:` to be a list"),
        ("version: 1\noverlay:\n  colour: #3daee9\nactions: []\n", 3, "expected `colour:` to be a colour as \"#rrggbb\" (quoted"),
        ("version: 1\noverlay:\n  failColour: \"red\"\nactions: []\n", 3, "`failColour:` to be a colour"),
        ("version: 1\noverlay:\n  pad: { corner: middle }\nactions: []\n", 3, "expected `corner` to be one of: top-left, top-right, bottom-left, bottom-right"),
        ("version: 1\noverlay:\n  pad: { width: 5 }\nactions: []\n", 3, "expected `width` between 40"),
        ("version: 1\noverlay:\n  fade: -1\nactions: []\n", 3, "expected `fade` between 0"),
        ("version: 1\noverlay:\n  opacity: 1\nactions: []\n", 3, "unknown key `opacity`"),
        ("version: 1\noverlay:\n  output: [a]\nactions: []\n", 3, "expected `output:` to name an output"),
        ("version: 1\nactions:\n  - gesture: x\n    window: shrink\n", 4, "expected `window:` to be close, maximize"),
        ("version: 1\nactions:\n  - gesture: x\n    window: move-to-workspace 0\n", 4, "move-to-workspace next, move-to-workspace previous or move-to-workspace N"),
        ("version: 1\nactions:\n  - gesture: x\n    window: close\n    run: [a]\n", 3, "has both `run:` and `window:`"),
        ("version: 1\nactions:\n  - gesture: x\n    when: {}\n    run: [a]\n", 4, "expected `when:` to name an `app:`"),
        ("version: 1\nactions:\n  - gesture: x\n    when: { app: \"firefox*\" }\n    run: [a]\n  - gesture: x\n    when: { app: firefox }\n    run: [b]\n", 6, "can never run: line 3's `when:` (app firefox*) matches every window this one does"),
    ])
    func mistakesNameTheirLine(text: String, line: Int, words: String) {
        #expect {
            try ActionsFile.parse(text, file: "actions.yml")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.line == line && "\(error)".contains("actions.yml:\(line)") && "\(error)".contains(words)
        }
    }
}

/// The `overlay:` section: what `gesturectl overlay` draws, read by the actions file's reader.
@Suite struct ActionsOverlayTests {
    @Test func aFileWithoutTheSectionHasNone() throws {
        #expect(try ActionsFile.parse("version: 1\nactions: []\n", file: "actions.yml").overlay == nil)
    }

    @Test func everyKeyIsRead() throws {
        let file = try ActionsFile.parse(
            """
            version: 1
            overlay:
              show: [trails, names]
              colour: "#FF8000"
              failColour: "#000000"
              pad: { corner: top-left, width: 200 }
              fade: 0.25
              output: eDP-1
            actions: []
            """, file: "actions.yml")
        #expect(
            file.overlay
                == ActionsOverlay(
                    show: [.trails, .names], colour: ActionsOverlay.Colour(red: 1, green: 128.0 / 255, blue: 0),
                    failColour: ActionsOverlay.Colour(red: 0, green: 0, blue: 0), padCorner: .topLeft, padWidth: 200, fade: 0.25, output: "eDP-1", line: 3))
    }

    @Test func coloursAreSixHexDigits() {
        #expect(ActionsOverlay.Colour(hex: "#3daee9") == ActionsOverlay.Colour(red: 0x3d / 255.0, green: 0xae / 255.0, blue: 0xe9 / 255.0))
        for wrong in ["3daee9", "#3dae", "#3daeeg", "#3daee9ff", ""] { #expect(ActionsOverlay.Colour(hex: wrong) == nil) }
    }
}

/// `stroke:` picks an action by the shape a stroke gesture drew.
@Suite struct ActionsStrokeTests {
    static let file = """
        version: 1
        actions:
          - gesture: drawn
            define: { stroke: { shapes: [check, mine] } }
            stroke: check
            run: [a]
          - gesture: drawn
            stroke: [mine]
            run: [b]
          - gesture: drawn
            run: [c]
        """

    static let mine = StrokeTemplate(name: "mine", points: [Point(x: 0, y: 0), Point(x: 30, y: 30)])

    @Test func eachShapeRunsItsAction() throws {
        let file = try ActionsFile.parse(Self.file, file: "actions.yml", strokes: [Self.mine])
        #expect(file.definesStrokes)
        #expect(file.actions.map(\.strokes) == [["check"], ["mine"], nil])
        var tracker = ActionTracker(actions: file.actions)
        func ran(_ phase: PhaseKind, _ name: String?) -> [Int] {
            let value: JSONValue? = name.map { .object([("kind", "stroke"), ("name", .string($0)), ("score", .number(0.9))]) }
            return tracker.handle(ActionEvent(gesture: "drawn", instance: 1, phase: phase, value: value), at: 0).map(\.action)
        }
        // An action without `stroke:` runs for every shape.
        #expect(ran(.ended, "check") == [0, 2])
        #expect(ran(.ended, "mine") == [1, 2])
        #expect(ran(.ended, "V") == [2])
    }

    @Test(arguments: [
        ("    stroke: circle\n", "actions.yml:5: `drawn` has no shape `circle`; its shapes: check, mine (`gesturectl stroke record circle` records one)"),
        ("    stroke: check\n    on: failed\n", "actions.yml:5: `stroke:` picks the shape drawn, which is known when the stroke ends; use it with `on: ended` (the default)"),
        ("    on: failed\n", "actions.yml:5: `on: failed` never runs: `drawn` is a stroke, which fails (noMatch, tooShort) before any client saw it begin, so no `failed` event is sent; `gesturectl subscribe --trace` shows those failures"),
        ("    stroke: { name: check }\n", "actions.yml:5: expected `stroke:` to name the shape (or a list of shapes) its stroke gesture must draw, like `stroke: circle-clockwise`"),
    ])
    func mistakesAreSaidAtTheirLine(_ lines: String, _ message: String) {
        let text = "version: 1\nactions:\n  - gesture: drawn\n    define: { stroke: { shapes: [check, mine] } }\n\(lines)    run: [a]\n"
        do {
            _ = try ActionsFile.parse(text, file: "actions.yml", strokes: [Self.mine])
            Issue.record("no error")
        } catch {
            #expect("\(error)" == message)
        }
    }
}

/// Adding an action keeps every byte outside it: the edit `gesturectl view` saves.
@Suite struct ActionsFileEditTests {
    static let entry = ["gesture: swipe-up-3", "keys: super+Up"]

    @Test func anActionIsAddedAtTheEndOfTheListAndNothingElseMoves() throws {
        let text = """
            # My gestures.
            version: 1
            keyboard: { layout: fr }   # AZERTY
            actions:
              # Workspaces.
              - gesture: swipe-left-3
                keys: super+Right

              - gesture: swipe-right-3
                run: [notify-send, "right"]   # a comment on the last line

            # The end.

            """
        let result = try ActionsFileEdit.appending(Self.entry, to: text, file: "actions.yml")
        #expect(result == text.replacing(#"run: [notify-send, "right"]   # a comment on the last line"#, with: #"run: [notify-send, "right"]   # a comment on the last line"# + "\n  - gesture: swipe-up-3\n    keys: super+Up"))
        #expect(try ActionsFile.parse(result, file: "actions.yml").actions.map(\.gesture) == ["swipe-left-3", "swipe-right-3", "swipe-up-3"])
    }

    @Test func dashesAtTheKeysOwnColumnAreFollowed() throws {
        let text = "version: 1\nactions:\n- gesture: swipe-left-3\n  keys: super+Right\n"
        #expect(try ActionsFileEdit.appending(Self.entry, to: text, file: "actions.yml") == text + "- gesture: swipe-up-3\n  keys: super+Up\n")
    }

    @Test func anEmptyFlowListBecomesABlockList() throws {
        let text = "version: 1\nactions: []   # none yet\n"
        #expect(try ActionsFileEdit.appending(Self.entry, to: text, file: "actions.yml") == "version: 1\nactions:   # none yet\n  - gesture: swipe-up-3\n    keys: super+Up\n")
    }

    @Test func severalEntriesAreAddedInOrderAndTheVersionNamesTheBytes() throws {
        let text = "version: 1\nactions:\n  - gesture: a\n    keys: x   # mine\n# end\n"
        let added = try ActionsFileEdit.appending(entries: [["gesture: b", "keys: y"], ["gesture: c", "keys: z"]], to: text, file: "a.yml")
        #expect(added == "version: 1\nactions:\n  - gesture: a\n    keys: x   # mine\n  - gesture: b\n    keys: y\n  - gesture: c\n    keys: z\n# end\n")
        #expect(ActionsFileEdit.version(of: text) == ActionsFileEdit.version(of: String(text)))
        #expect(ActionsFileEdit.version(of: text) != ActionsFileEdit.version(of: text + " "))
        #expect(ActionsFileEdit.version(of: "").count == 16)
        #expect(ActionsFileEdit.version(of: nil) == "absent")
        #expect(throws: ConfigError.self) { try ActionsFileEdit.appending(entries: [], to: text, file: "a.yml") }
    }

    @Test func aFileWithAMistakeOrAFlowListIsRefused() {
        #expect(throws: ConfigError.self) { try ActionsFileEdit.appending(Self.entry, to: "version: 1\nactions:\n  - gesture: x\n    wheel: 99\n", file: "a.yml") }
        #expect(throws: ConfigError.self) { try ActionsFileEdit.appending(Self.entry, to: "version: 1\nactions: [{ gesture: x, run: [a] }]\n", file: "a.yml") }
        // An entry the reader refuses is never offered.
        #expect(throws: ConfigError.self) { try ActionsFileEdit.appending(["gesture: y", "wheel: 99"], to: "version: 1\nactions: []\n", file: "a.yml") }
    }
}

/// Issue 60: the files people keep, added to without changing what they had.
@Suite struct ActionsFileEditKeepsTheFileTests {
    static let entry = ActionsFileEditTests.entry

    /// A block scalar's last line that looks like a comment is the script's line: the entry goes
    /// after it, and the command before keeps it.
    @Test func aBlockScalarsCommentLikeLastLineStaysInTheBlock() throws {
        let text = "version: 1\nactions:\n  - gesture: swipe-left-3\n    shell: |\n      echo left\n      # echo the old way\n"
        let result = try ActionsFileEdit.appending(Self.entry, to: text, file: "a.yml")
        #expect(result == text + "  - gesture: swipe-up-3\n    keys: super+Up\n")
        let file = try ActionsFile.parse(result, file: "a.yml")
        let before = try ActionsFile.parse(text, file: "a.yml")  // (Swift 6.0.3: no `try` inside #expect's parentheses)
        #expect(file.actions[0] == before.actions[0])
        // A comment at the list's column after the block is the file's, and stays after the entry.
        let commented = text + "  # a commented-out entry\n# the end\n"
        #expect(try ActionsFileEdit.appending(Self.entry, to: commented, file: "a.yml") == text + "  - gesture: swipe-up-3\n    keys: super+Up\n  # a commented-out entry\n# the end\n")
    }

    /// A folded scalar, a multi-line flow list and a quoted scalar over two lines end where YAML
    /// says they end.
    @Test(arguments: [
        "    shell: >\n      echo a\n      #b\n\n",
        "    run: [notify-send,\n      \"#not a comment\"]\n",
        "    shell: \"echo a\n      # b\"\n",
    ])
    func multiLineValuesEndWhereYAMLSays(tail: String) throws {
        let text = "version: 1\nactions:\n  - gesture: swipe-left-3\n" + tail
        let result = try ActionsFileEdit.appending(Self.entry, to: text, file: "a.yml")
        #expect(result.hasPrefix(text.hasSuffix("\n\n") ? String(text.dropLast()) : text))
        let before = try ActionsFile.parse(text, file: "a.yml").actions
        #expect(Array(try ActionsFile.parse(result, file: "a.yml").actions.prefix(1)) == before)
    }

    /// CR LF line ends and a byte-order mark (a file saved on Windows): kept, and the lines added
    /// end as the file's do; a file without a final line end gets one before the entry.
    @Test func crlfAndAByteOrderMarkAreKept() throws {
        let text = "\u{FEFF}version: 1\r\nactions:\r\n  - gesture: swipe-left-3\r\n    keys: super+Right\r\n# end\r\n"
        let result = try ActionsFileEdit.appending(Self.entry, to: text, file: "a.yml")
        #expect(result == "\u{FEFF}version: 1\r\nactions:\r\n  - gesture: swipe-left-3\r\n    keys: super+Right\r\n  - gesture: swipe-up-3\r\n    keys: super+Up\r\n# end\r\n")
        #expect(try ActionsFileEdit.appending(Self.entry, to: "version: 1\r\nactions: []", file: "a.yml") == "version: 1\r\nactions:\r\n  - gesture: swipe-up-3\r\n    keys: super+Up\r\n")
        // Mixed ends: every line keeps its own; the added ones take the most common.
        let mixed = "version: 1\nactions:\r\n  - gesture: a\r\n    keys: x\r\n"
        #expect(try ActionsFileEdit.appending(Self.entry, to: mixed, file: "a.yml") == mixed + "  - gesture: swipe-up-3\r\n    keys: super+Up\r\n")
    }

    /// A lone CR (old Mac line ends) is said, not guessed at.
    @Test func aLoneCarriageReturnIsRefusedWithItsLine() {
        #expect {
            try ActionsFileEdit.appending(Self.entry, to: "version: 1\nactions:\n  - gesture: a\r    keys: x\n", file: "a.yml")
        } throws: { "\($0)".contains("line 3 has a lone carriage return") || "\($0)".contains("a.yml") }
    }

    /// An entry written as a dash alone on its line is a block list too.
    @Test func aDashAloneOnItsLineIsABlockList() throws {
        let text = "version: 1\nactions:\n  -\n    gesture: swipe-left-3\n    keys: super+Right\n"
        #expect(try ActionsFileEdit.appending(Self.entry, to: text, file: "a.yml") == text + "  - gesture: swipe-up-3\n    keys: super+Up\n")
    }

    /// A block that keeps its trailing blank lines (`|+`) keeps them: the entry goes after them.
    @Test func aKeptBlocksTrailingLinesStayItsOwn() throws {
        let text = "version: 1\nactions:\n  - gesture: swipe-left-3\n    shell: |+\n      echo a\n\n"
        let result = try ActionsFileEdit.appending(Self.entry, to: text, file: "a.yml")
        #expect(result == text + "  - gesture: swipe-up-3\n    keys: super+Up\n")
        let before = try ActionsFile.parse(text, file: "a.yml")
        #expect(try ActionsFile.parse(result, file: "a.yml").actions[0] == before.actions[0])
    }
}

/// "This one exactly": what was done, as a definition the reader takes.
@Suite struct ActionsFileEditDefinitionTests {
    @Test(arguments: [
        (#"{"kind":"swipe","direction":"left","fingers":3,"distance":40}"#, "swipe-left-3", GestureSpec.swipe(direction: .left, fingers: 3, minimumDistance: nil, minimumVelocity: nil)),
        (#"{"kind":"edgeSwipe","edge":"top","fingers":1}"#, "edge-top-1", GestureSpec.edgeSwipe(edge: .top, fingers: 1, minimumDistance: nil)),
        (#"{"kind":"tap","count":2,"fingers":2}"#, "tap-2x2", GestureSpec.tap(count: 2, fingers: 2)),
        (#"{"kind":"hold","fingers":4,"duration":0.8}"#, "hold-4", GestureSpec.hold(fingers: 4)),
    ])
    func aValueBecomesADefinitionTheFileReads(value: String, name: String, spec: GestureSpec) throws {
        let made = try #require(ActionsFileEdit.definition(of: try JSONParser.parse(value)))
        #expect(made.name == name)
        let text = try ActionsFileEdit.appending(["gesture: \(made.name)", "define: \(made.define)", "run: [notify-send, done]"], to: "version: 1\nactions: []\n", file: "a.yml")
        let file = try ActionsFile.parse(text, file: "a.yml")
        #expect(file.actions.first?.gesture == name)
        #expect(file.definitions.count == 1)
        // The same definition in the daemon's configuration (`{ swipe: {…} }` without its braces) is `spec`.
        #expect(try GestureConfig.parse("version: 1\ngestures:\n  - name: \(name)\n    " + made.define.dropFirst(2).dropLast(2) + "\n", file: "g.yml").bindings.first?.gesture == spec)
    }

    @Test func aDefinitionMayBeRecognizedBesideTheConfiguredGestures() throws {
        let made = try #require(ActionsFileEdit.definition(of: try JSONParser.parse(#"{"kind":"swipe","direction":"up","fingers":4}"#), priority: "simultaneous"))
        #expect(made.define == "{ swipe: { direction: up, fingers: 4 }, priority: simultaneous }")
        let text = try ActionsFileEdit.appending(["gesture: \(made.name)", "define: \(made.define)", "keys: super"], to: "version: 1\nactions: []\n", file: "a.yml")
        #expect(try ActionsFile.parse(text, file: "a.yml").definitions.first?["priority"] == .string("simultaneous"))
    }

    @Test func aValueThatSaysTooLittleMakesNone() throws {
        #expect(ActionsFileEdit.definition(of: try JSONParser.parse(#"{"kind":"longPress","pressed":true}"#)) == nil)
        #expect(ActionsFileEdit.definition(of: try JSONParser.parse(#"{"kind":"stroke","name":"a b"}"#)) == nil)
        // What the page sends is not written unless it is one of the words a definition takes.
        #expect(ActionsFileEdit.definition(of: try JSONParser.parse(#"{"kind":"swipe","direction":"left }, x: { y","fingers":3}"#)) == nil)
        #expect(ActionsFileEdit.definition(of: try JSONParser.parse(#"{"kind":"edgeSwipe","edge":"middle"}"#)) == nil)
        #expect(ActionsFileEdit.definition(of: try JSONParser.parse(#"{"kind":"hold","fingers":11}"#)) == nil)
    }
}
