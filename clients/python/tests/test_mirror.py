"""The state mirror: live while active, reset at the end, at a failure and at a disconnection;
on a real replay it shows each event's state while the instance is active."""
from conftest import CONFIG, fixture
from gestured_client import Disconnected, GestureEvent, StateMirror
from gestured_client.testing import ReplayDaemon


def event(phase, instance, state, gesture="pan", reason=None):
    raw = {"gesture": gesture, "instance": instance, "phase": phase, "state": state}
    return GestureEvent(gesture, instance, phase, 0.0, 1, 1, None, None, state, reason, False, 0, raw)


def test_reset_rules():
    pan = StateMirror("pan", initial=(0, 0), decode=lambda s: (s["x"], s["y"]))
    assert pan.apply(event("active", 1, {"x": 2, "y": 0}))
    assert pan.value == (2, 0) and pan.instance == 1
    assert not pan.apply(event("active", 1, {"x": 2, "y": 0}))  # nothing changed
    assert not pan.apply(event("active", 4, {"x": 1, "y": 1}, gesture="other"))
    assert pan.apply(event("ended", 1, {"x": 0, "y": 0}))
    assert pan.value == (0, 0) and pan.instance is None
    assert pan.apply(event("active", 2, {"x": 5, "y": 5}))
    assert not pan.apply(event("failed", 9, {"x": 0, "y": 0}, reason="preempted"))  # another instance
    assert pan.apply(Disconnected("gone"))
    assert pan.value == (0, 0)


def test_a_replays_states_as_a_client_sees_them(tmp_path):
    config = tmp_path / "state.yml"
    config.write_text(
        "version: 1\ngestures:\n  - name: press-drag\n    sequenced: [ { longPress: { minimumDuration: 0.3 } }, { drag: {} } ]\n"
        "    state: pressed\n  - name: pan\n    drag: {}\n    state: translation\n")
    daemon = ReplayDaemon(fixture("constructed/long-press-drag.yml"), config=str(config))
    client = daemon.client()
    client.subscribe()
    pressed = StateMirror("press-drag", initial=False)
    shown = []
    for item in client.events():
        if pressed.apply(item):
            shown.append(pressed.value)
    assert shown[0] is True and shown[-1] is False  # true while held and dragged, reset at the end
    assert daemon.wait() == 0
