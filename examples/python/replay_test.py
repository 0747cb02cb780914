#!/usr/bin/env python3
"""An app's test that replays a touch fixture against its own client, as docs/PROTOCOL.md
("Replaying a fixture in an app's tests") describes: gestured replays the recording paced as
recorded, starting when the test has subscribed, and the client reads exactly the transcript
`gesturectl replay` prints for it. Standard library only; run it with
`python3 examples/python/replay_test.py` from the repository (GESTURED and GESTURECTL name the
binaries when they are not on PATH).
"""
import json
import os
import socket
import subprocess
import tempfile
import unittest

GESTURED = os.environ.get("GESTURED", "gestured")
GESTURECTL = os.environ.get("GESTURECTL", "gesturectl")
CONFIG, RECORDING = "Fixtures/gestures.yml", "Fixtures/constructed/long-press-drag.yml"
PROTOCOL_KEYS = {"event", "seq", "subscription", "timeUs"}


class ReplayTest(unittest.TestCase):
    def test_the_client_reads_the_fixtures_transcript(self):
        path = os.path.join(tempfile.mkdtemp(), "gestured.sock")
        daemon = subprocess.Popen(
            [GESTURED, "--socket", path, "--config", CONFIG, "--replay", RECORDING,
             "--realtime", "--wait-subscribers", "1", "--exit-after-replay"],
            stderr=subprocess.PIPE, text=True)
        for line in daemon.stderr:  # ready once it serves
            if "serving on" in line:
                break
        with socket.socket(socket.AF_UNIX) as client:
            client.connect(path)
            client.sendall(b'{"id": 1, "request": "subscribe"}\n')  # the replay starts now
            lines = client.makefile().read().splitlines()  # until the replay has played out
        events = [json.loads(line) for line in lines if '"event":"gesture"' in line]
        received = [{k: v for k, v in event.items() if k not in PROTOCOL_KEYS} for event in events]
        expected = subprocess.run([GESTURECTL, "replay", "--json", "--config", CONFIG, RECORDING],
                                  capture_output=True, text=True, check=True).stdout.splitlines()
        self.assertEqual(received, [json.loads(line) for line in expected])
        daemon.stderr.close()
        self.assertEqual(daemon.wait(), 0)


if __name__ == "__main__":
    unittest.main()
