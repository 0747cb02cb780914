"""The pytest fixtures as an app's suite uses them: one daemon per test on a private socket,
on three recordings, and several at once."""
import pathlib
import subprocess
import sys
import threading

import pytest

from conftest import CONFIG, ROOT, fixture
from gestured_client import GestureEvent
from gestured_client.testing import ReplayDaemon, replay_transcript

RECORDINGS = [
    "constructed/long-press-drag.yml",
    "constructed/pinch-open.yml",
    "real/ts-atmel-maxtouch-1finger-fast-taps.evemu",
]


@pytest.mark.parametrize("recording", RECORDINGS)
def test_gestured_replay_gives_each_test_its_daemon(gestured_replay, recording):
    client = gestured_replay(fixture(recording), config=CONFIG)
    client.subscribe()  # the replay starts with this subscription
    received = [event.replay_form() for event in client.events() if isinstance(event, GestureEvent)]
    assert received == replay_transcript(fixture(recording), config=CONFIG)
    assert received


@pytest.mark.gestured(recording=fixture("constructed/pinch-open.yml"), config=CONFIG)
def test_gestured_client_from_the_marker(gestured_client):
    gestured_client.subscribe(["zoom"])
    phases = [event.phase for event in gestured_client.events() if isinstance(event, GestureEvent)]
    assert phases[0] == "active" and phases[-1] == "ended"


def test_replays_in_parallel_each_read_their_transcript():
    """Three daemons at once, each with its own client on its own thread."""
    results = {}

    def run(recording):
        daemon = ReplayDaemon(fixture(recording), config=CONFIG)
        client = daemon.client()
        client.subscribe()
        results[recording] = [event.replay_form() for event in client.events() if isinstance(event, GestureEvent)]
        results[recording, "status"] = daemon.wait()

    threads = [threading.Thread(target=run, args=(recording,)) for recording in RECORDINGS * 2]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for recording in RECORDINGS:
        assert results[recording] == replay_transcript(fixture(recording), config=CONFIG)
        assert results[recording, "status"] == 0


def test_the_readmes_pytest_example_runs_as_written(tmp_path):
    """README.md's pytest example, copied into a test file and run by pytest from the repository."""
    readme = (pathlib.Path(__file__).parents[1] / "README.md").read_text()
    blocks = readme.split("```python\n")[1:]
    example = next(block.split("```")[0] for block in blocks if "def test_" in block)
    (tmp_path / "test_example.py").write_text(example)
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path / "test_example.py")],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 passed" in run.stdout


def test_the_readmes_first_example_prints_what_the_gestures_do(tmp_path):
    """README.md's first example against a replay (its client reconnects for ever, so the
    test stops it once the drag has ended)."""
    readme = (pathlib.Path(__file__).parents[1] / "README.md").read_text()
    example = readme.split("```python\n")[1].split("```")[0]
    (tmp_path / "example.py").write_text(example)
    daemon = ReplayDaemon(fixture("real/ts-atmel-maxtouch-1finger-drag-up-down.evemu"), config=CONFIG)
    process = subprocess.Popen([sys.executable, "-u", str(tmp_path / "example.py")], cwd=ROOT, stdout=subprocess.PIPE, text=True,
                               env={**__import__("os").environ, "GESTURED_SOCKET": daemon.socket})
    lines = []
    try:
        for line in process.stdout:
            lines.append(line.strip())
            if line.startswith("pan # ") or line.startswith("swipe-left-3 # "):
                break
    finally:
        process.kill()
        process.wait()
        daemon.stop()
    assert any(line.startswith("pan offset") for line in lines), lines
