"""The blocking client against a real daemon: hello, requests and their replies, errors,
subscriptions and the transcript they receive."""
import pytest

from conftest import CONFIG, fixture
from gestured_client import Client, Connected, Event, GestureEvent, GesturedError
from gestured_client.testing import ReplayDaemon, replay_transcript

PRESS_DRAG = fixture("constructed/long-press-drag.yml")


def gesture_events(events):
    return [event for event in events if isinstance(event, GestureEvent)]


def test_hello_requests_and_the_transcript():
    daemon = ReplayDaemon(PRESS_DRAG, config=CONFIG)
    client = daemon.client()
    assert client.hello["protocol"] == 1 and "replay" in client.hello["capabilities"]
    assert "press-drag" in client.hello["gestures"]
    client.ping()
    assert [device["kind"] for device in client.devices()] == ["touchscreen"]
    assert client.snapshot() == []
    subscription = client.subscribe(["press-drag"])
    events = list(client.events())
    assert isinstance(events[0], Connected)
    received = gesture_events(events)
    assert all(event.subscription == subscription for event in received)
    expected = [line for line in replay_transcript(PRESS_DRAG, config=CONFIG) if line["gesture"] == "press-drag"]
    assert [event.replay_form() for event in received] == expected
    assert [event.seq for event in received] == sorted({event.seq for event in received})
    assert daemon.wait() == 0


def test_a_refused_request_raises_with_the_daemons_code_and_the_connection_carries_on():
    daemon = ReplayDaemon(PRESS_DRAG, config=CONFIG, wait_subscribers=1000)
    try:
        client = daemon.client()
        with pytest.raises(GesturedError) as refused:
            client.subscribe(["swipe-left-9"])
        assert refused.value.code == "invalid-request"
        assert refused.value.message.startswith('no configured gesture named "swipe-left-9"')
        with pytest.raises(GesturedError) as empty:
            client.subscribe(phases=[])
        assert empty.value.code == "invalid-request"
        with pytest.raises(GesturedError) as definition:
            client.subscribe(define=[{"name": "mine", "longPress": {}, "state": "pressed"}])
        assert definition.value.code == "invalid-gesture" and "would never be seen" in definition.value.message
        client.ping()
    finally:
        daemon.stop()


def test_own_definitions_and_unsubscribe_end_what_is_in_flight():
    daemon = ReplayDaemon(PRESS_DRAG, config=CONFIG, loop=True, exit_after_replay=False)
    try:
        client = daemon.client()
        mine = client.subscribe(define=[{"name": "held", "hold": {}, "state": "duration", "priority": "simultaneous"}])
        seen = []
        for event in client.events():
            if isinstance(event, GestureEvent):
                seen.append(event)
                if event.phase == "active":
                    break
        assert seen[-1].gesture == "held" and seen[-1].instance == 1 and seen[-1].subscription == mine
        assert seen[-1].state > 0
        client.unsubscribe(mine)
        ending = gesture_events(client.events(timeout=0))  # what came before the reply
        assert [(event.phase, event.reason, event.state) for event in ending][-1] == ("failed", "unsubscribed", 0)
    finally:
        daemon.stop()


def test_other_events_come_as_events():
    daemon = ReplayDaemon(PRESS_DRAG, config=CONFIG)
    client = daemon.client()
    client.subscribe(["press-drag"], touches=True, trace=True)
    names = {event.name for event in client.events() if isinstance(event, Event)}
    assert {"touches", "trace"} <= names
    assert daemon.wait() == 0


def test_no_daemon_is_a_clear_error(tmp_path):
    client = Client(str(tmp_path / "none.sock"), reconnect=False)
    with pytest.raises(FileNotFoundError):
        client.connect()
