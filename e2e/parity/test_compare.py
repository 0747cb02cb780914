"""compare.py's reading of effects (run by `make test-python`): the same keys said three ways —
an xdotool command, the X server's raw events, gestured's evdev keyboard — are one token."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402


def test_xdotool_keys_name_the_keys_pressed():
    assert compare.xdotool_keys(["key", "super+Right"]) == [("keys", "super+right")]
    assert compare.xdotool_keys(["key", "--clearmodifiers", "ctrl+plus", "Tab"]) == [("keys", "ctrl+shift+equal"), ("keys", "tab")]
    assert compare.xdotool_keys(["key", "ctrl+T"]) == [("keys", "ctrl+shift+t")]
    assert compare.xdotool_keys(["key", "Page_Down"]) == [("keys", "pagedown")]
    assert compare.xdotool_keys(["key", "super"]) == [("keys", "super")]
    assert compare.xdotool_keys(["click", "3"]) == [("click", 3)]
    assert compare.xdotool_keys(["mousemove", "0", "0"]) is None
    # A comment after the command: libinput-gestures hands its words to xdotool, which skips
    # each one that names no key.
    assert compare.xdotool_keys(["key", "super+Tab", "#", "switch", "virtual", "desktops"]) == [("keys", "super+tab")]
    if compare.KEYSYMS:
        assert compare.xdotool_keys(["key", "super+m", "#", "Toggle", "monocle", "mode"]) == [("keys", "super+m")]
        assert compare.xdotool_keys(["key", "ctrl+F10", "#", "Show", "all", "windows"]) == [("keys", "ctrl+f10")]


def stream(lines):
    return [(i, line) for i, line in enumerate(lines)]


def test_x_events_and_evdev_events_read_alike():
    x = {"run": [], "x": stream(["key down Control_L", "key down KP_Subtract", "key up KP_Subtract", "key down KP_Subtract",
                                 "key up KP_Subtract", "key up Control_L", "button down 3", "button up 3"]), "key": []}
    evdev = {"run": [], "x": [], "key": stream(["key down KEY_LEFTCTRL", "key down KEY_KPMINUS", "key up KEY_KPMINUS", "key down KEY_KPMINUS",
                                                "key up KEY_KPMINUS", "key up KEY_LEFTCTRL", "key down BTN_RIGHT", "key up BTN_RIGHT"])}
    want = [("keys", "ctrl+kpminus"), ("keys", "ctrl+kpminus"), ("click", 3)]
    assert [t for _, t in compare.tokens(x, "peer")] == want
    assert [t for _, t in compare.tokens(evdev, "gestured")] == want


def test_a_modifier_alone_is_itself_and_commands_keep_their_words():
    run = {"run": [(5, ["notify-send", "two words"])], "x": [], "key": stream(["key down KEY_LEFTMETA", "key up KEY_LEFTMETA"])}
    assert [t for _, t in compare.tokens(run, "gestured")] == [("keys", "super"), ("run", "notify-send 'two words'")]


def test_effects_go_to_the_gesture_they_happened_in():
    run = {"run": [(15, ["a"]), (25, ["b"]), (99, ["c"])], "x": [], "key": [],
           "windows": [{"gesture": "one", "start": 10, "end": 20}, {"gesture": "two", "start": 20, "end": 30}]}
    assert compare.by_gesture(run, "peer") == {"one": [("run", "a")], "two": [("run", "b"), ("run", "c")]}


def test_named_differences_apply_only_where_they_say():
    once, twice = [("keys", "alt+left")], [("keys", "alt+left")] * 2
    assert compare.named("fusuma", "swipe 3 right", twice, once) == "fusuma repeats by its own clock"
    assert compare.named("touchegg", "swipe 3 right", twice, once) is None
    assert compare.named("fusuma", "pinch 4 in", once, twice) == "fusuma repeats by its own clock"
    both = [("keys", "ctrl+equal"), ("run", "rofi")]
    assert compare.named("fusuma", "pinch 2 out long", both, [("run", "rofi")]) == "fusuma decides a pinch's way at every update"
    assert compare.named("fusuma", "swipe 3 right", once, [("keys", "alt+right")]) is None
    assert compare.named("libinput-gestures", "rotate 2 clockwise", [("keys", "super+s")], []) == "a turn is a pinch to libinput-gestures and fusuma"
    # wmctrl is the real one now (openbox in the guest): its calls are no excuse.
    assert compare.named("libinput-gestures", "swipe 3 up", [("run", "wmctrl -d"), ("run", "wmctrl -s 1")], []) is None
    assert compare.named("libinput-gestures", "swipe 3 up", [("run", "notify-send up")], []) is None


def desk(desktop=0, showing=0, **windows):
    """A window manager's state: windows NAME=(desktop, [states], (x, y, w, h))."""
    return {"desktop": desktop, "desktops": 4, "showing": showing, "active": None,
            "windows": [{"name": n, "desktop": d, "state": list(st), "x": g[0], "y": g[1], "w": g[2], "h": g[3]}
                        for n, (d, st, g) in windows.items()]}


def test_window_effects_are_what_the_window_manager_says_changed():
    place = (361, 160, 1200, 800)
    before = desk(w1=(0, [], place), w2=(0, [], place), w3=(0, [], place))
    after = desk(desktop=1, w1=(0, ["HIDDEN"], place), w2=(2, [], place))
    assert compare.window_changes(before, after) == [
        ("desktop", "0→1"), ("window", "w1 minimized"), ("window", "w2 to desktop 2"), ("window", "w3 closed")]
    big = (0, 0, 1920, 1080)
    assert compare.window_changes(desk(w1=(0, [], place)), desk(w1=(0, ["MAXIMIZED_VERT", "MAXIMIZED_HORZ"], big))) == [
        ("window", "w1 maximized on")]
    assert compare.window_changes(desk(w1=(0, ["FULLSCREEN"], big)), desk(w1=(0, [], place))) == [("window", "w1 fullscreen off")]
    # A place alone (touchegg's TILE_WINDOW) is said with where; a state toggled back is nothing.
    assert compare.window_changes(desk(w1=(0, [], place)), desk(w1=(0, [], (0, 0, 960, 1080)))) == [("window", "w1 to 0,0 960×1080")]
    assert compare.window_changes(desk(w1=(0, [], place)), desk(w1=(0, [], place))) == []
    # Showing the desktop hides every window: said once.
    assert compare.window_changes(desk(w1=(0, [], place)), desk(showing=1, w1=(0, ["HIDDEN"], place))) == [("show desktop", "on")]


def test_window_effects_fall_to_the_gesture_they_followed():
    place = (361, 160, 1200, 800)
    run = {"run": [], "x": [], "key": [], "initial": desk(w1=(0, [], place), w2=(0, [], place)),
           "windows": [{"gesture": "swipe 3 up", "start": 0, "end": 10, "after": desk(w1=(0, [], place), w2=(0, [], place))},
                       {"gesture": "pinch 2 in short", "start": 10, "end": 20, "after": desk(w1=(0, [], place))},
                       {"gesture": "swipe 4 left", "start": 20, "end": 30, "after": desk(desktop=1, w1=(0, [], place))}]}
    assert compare.by_gesture(run, "peer") == {"swipe 3 up": [], "pinch 2 in short": [("window", "w2 closed")],
                                               "swipe 4 left": [("desktop", "0→1")]}


def test_the_named_differences_of_workspaces_apply_where_they_should():
    assert compare.named("libinput-gestures", "swipe 4 down", [("desktop", "0→3")], []) == "going round (-w, cyclic) is left out"
    assert compare.named("libinput-gestures", "swipe 4 right", [("desktop", "0→2")], []) == "a --cols grid's rows are not imported"
    assert compare.named("libinput-gestures", "swipe 4 right", [("desktop", "0→1")], []) is None
    assert compare.named("touchegg", "swipe 3 up", [("window", "parity 3 maximized on")], [("window", "parity 4 maximized on")]) \
        == "touchegg acts on the window under the pointer, gestured on the focused one"
    assert compare.named("touchegg", "swipe 3 up", [("window", "parity 3 maximized on")], [("window", "parity 3 minimized")]) is None


def test_a_short_pinch_past_the_threshold_is_named_only_when_touchegg_did_nothing():
    closed = [("window", "parity 3 closed")]
    assert compare.named("touchegg", "pinch 2 in short", [], closed) == "touchegg's threshold counts from where libinput began the pinch"
    assert compare.named("touchegg", "pinch 2 in long", [], closed) is None
    assert compare.named("touchegg", "pinch 2 in short", closed, []) is None
