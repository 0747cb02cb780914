"""Testing an app's gestures against recordings: a `gestured --replay` of its own on a private
socket per test, and the transcript `gesturectl replay --json` prints for the same recording to
compare with. A pytest plugin (installed with the package, `-p gestured_client.testing`
otherwise) with two fixtures:

    def test_swipe(gestured_replay):
        client = gestured_replay("tests/fixtures/swipe.yml", config="gestures.yml")
        client.subscribe()                 # the replay starts with this subscription
        events = [e for e in client.events() if isinstance(e, GestureEvent)]
        assert [e.replay_form() for e in events] == replay_transcript("tests/fixtures/swipe.yml", config="gestures.yml")

    @pytest.mark.gestured(recording="tests/fixtures/swipe.yml", config="gestures.yml")
    def test_swipe_again(gestured_client):  # the same, connected for you
        ...

`gestured` and `gesturectl` are found on PATH, or where $GESTURED and $GESTURECTL say.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import tempfile
from typing import Any, Callable, Iterator, List, Optional, Sequence

from .client import Client
from .protocol import GesturedError, JSONObject

try:
    import pytest
except ImportError:  # the helpers work without pytest; only the fixtures need it
    pytest = None  # type: ignore[assignment]


def _binary(variable: str, name: str) -> str:
    found = os.environ.get(variable) or shutil.which(name)
    if not found:
        raise GesturedError("no-binary", f"{name} is not on PATH; set ${variable} to it")
    return found


class ReplayDaemon:
    """`gestured --replay RECORDING` on a socket of its own, paced as recorded (`realtime`),
    holding the replay until `wait_subscribers` subscriptions are in place, and ending every
    connection once it has played out (`exit_after_replay`). Ready when constructed: it has
    logged `serving on`."""

    def __init__(
        self, recording: str, *, config: Optional[str] = None, description: Optional[str] = None, realtime: bool = True,
        wait_subscribers: int = 1, exit_after_replay: bool = True, loop: bool = False, arguments: Sequence[str] = (),
        socket: Optional[str] = None,
    ) -> None:
        self._folder = None if socket else tempfile.mkdtemp(prefix="gestured-test-")
        self.socket = socket or os.path.join(self._folder, "gestured.sock")  # type: ignore[arg-type]
        command = [_binary("GESTURED", "gestured"), "--socket", self.socket, "--replay", recording]
        if config:
            command += ["--config", config]
        if description:
            command += ["--device-description", description]
        if realtime:
            command.append("--realtime")
        if wait_subscribers:
            command += ["--wait-subscribers", str(wait_subscribers)]
        if exit_after_replay:
            command.append("--exit-after-replay")
        if loop:
            command.append("--loop")
        command += list(arguments)
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        #: What it logged until it was ready.
        self.log: List[str] = []
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.log.append(line)
            if "serving on" in line:
                return
        raise GesturedError("no-daemon", f"gestured exited with {self.process.wait()} before serving:\n{''.join(self.log)}")

    def client(self, *, reconnect: bool = False, timeout: Optional[float] = 30) -> Client:
        """A client connected to it (not reconnecting, by default: its events end with the replay)."""
        client = Client(self.socket, reconnect=reconnect, timeout=timeout)
        client.connect()
        return client

    def wait(self, timeout: float = 60) -> int:
        """Its exit status, once it has ended."""
        status = self.process.wait(timeout)
        if self.process.stderr:
            self.process.stderr.close()
        return status

    def stop(self) -> int:
        """Stops it (SIGTERM, as systemd would) and returns its exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        status = self.wait()
        if self._folder:
            shutil.rmtree(self._folder, ignore_errors=True)
        return status


def replay_transcript(recording: str, *, config: Optional[str] = None, description: Optional[str] = None) -> List[JSONObject]:
    """What `gesturectl replay --json` prints for the recording: the events a client of a
    `ReplayDaemon` of the same recording and configuration receives (their `replay_form()`)."""
    command = [_binary("GESTURECTL", "gesturectl"), "replay", "--json"]
    if config:
        command += ["--config", config]
    if description:
        command += ["--device-description", description]
    output = subprocess.run(command + [recording], capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in output.splitlines() if line]


if pytest is not None:

    @pytest.fixture
    def gestured_replay() -> Iterator[Callable[..., Client]]:
        """A factory: `gestured_replay(recording, config=…, …)` starts a `ReplayDaemon` (the
        same options) and returns a connected `Client`; every daemon it started is stopped
        after the test."""
        daemons: List[ReplayDaemon] = []
        clients: List[Client] = []

        def start(recording: str, **options: Any) -> Client:
            daemon = ReplayDaemon(recording, **options)
            daemons.append(daemon)
            client = daemon.client()
            clients.append(client)
            return client

        yield start
        for client in clients:
            client.close()
        for daemon in daemons:
            daemon.stop()

    @pytest.fixture
    def gestured_client(request: Any, gestured_replay: Callable[..., Client]) -> Client:
        """A client connected to a replay of the test's `@pytest.mark.gestured(recording=…,
        config=…)` (the marker takes `ReplayDaemon`'s options)."""
        marker = request.node.get_closest_marker("gestured")
        if marker is None or "recording" not in marker.kwargs:
            raise GesturedError("no-recording", "gestured_client needs @pytest.mark.gestured(recording=...)")
        options = dict(marker.kwargs)
        return gestured_replay(options.pop("recording"), **options)

    def pytest_configure(config: Any) -> None:
        config.addinivalue_line("markers", "gestured(recording, config=None, ...): the replay gestured_client connects to")
