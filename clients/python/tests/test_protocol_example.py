"""docs/PROTOCOL.md's Python example ("Replaying a fixture in an app's tests"), run as written:
the document quotes these lines (AppTestExamplesTests checks that it does)."""
from gestured_client import GestureEvent
from gestured_client.testing import replay_transcript

CONFIG, RECORDING = "Fixtures/gestures.yml", "Fixtures/constructed/long-press-drag.yml"


def test_the_client_reads_the_fixtures_transcript(gestured_replay):
    client = gestured_replay(RECORDING, config=CONFIG)  # gestured --replay … --realtime --wait-subscribers 1, on a socket of its own
    client.subscribe()  # the replay starts now
    received = [event.replay_form() for event in client.events() if isinstance(event, GestureEvent)]  # until it has played out
    assert received == replay_transcript(RECORDING, config=CONFIG)  # what `gesturectl replay --json` prints
