"""docs/protocol.schema.json against what the daemon really sends: every replay transcript,
every line a daemon sends over every fixture (with touches, traces, definitions, snapshots and
refusals), and every line the Swift protocol tests read ($GESTURED_PROTOCOL_LINES, written by
`make test`'s `swift test`). A key the daemon adds without the schema fails here."""
import json
import os
import socket

import jsonschema
import pytest

from conftest import CONFIG, ROOT, fixture
from gestured_client.protocol import encode, subscribe_request
from gestured_client.testing import ReplayDaemon

SCHEMA = json.loads((ROOT / "docs" / "protocol.schema.json").read_text())
jsonschema.Draft202012Validator.check_schema(SCHEMA)


def validator(definition):
    return jsonschema.Draft202012Validator({"$ref": f"#/$defs/{definition}", "$defs": SCHEMA["$defs"]})


SERVER = validator("serverLine")
SEEN = set()
REPLAY = validator("replayEvent")
REQUEST = validator("request")


def problems(check, lines):
    found = []
    for where, line in lines:
        for error in check.iter_errors(json.loads(line)):
            found.append(f"{where}: {error.message[:200]} in {line[:300]}")
            break
    return found


def replays():
    for line in (ROOT / "Fixtures" / "replays.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            parts = line.split()
            yield parts[0], (parts[1] if len(parts) > 1 else None)


def test_every_transcript_line_is_a_replay_event():
    lines = []
    for path in sorted((ROOT / "Fixtures").rglob("*.expected.jsonl")):
        lines += [(path.name, line) for line in path.read_text().splitlines() if line]
    assert len(lines) > 1000
    assert problems(REPLAY, lines) == []


@pytest.mark.parametrize("recording,description", list(replays()))
def test_every_line_a_daemon_sends_over_a_fixture(recording, description):
    daemon = ReplayDaemon(fixture(recording), config=CONFIG, description=description and fixture(description),
                          realtime=False, wait_subscribers=2)
    sent = [
        {"id": 1, "request": "subscribe", "touches": True, "trace": True},
        {"id": "two", "request": "subscribe", "define": [{"name": "mine", "drag": {}, "priority": "simultaneous", "state": "translation"}],
         "gestures": ["pan"], "touches": True, "trace": True},
        {"id": 3, "request": "snapshot"}, {"id": 4, "request": "devices"}, {"id": 5, "request": "ping"},
        {"id": 6, "request": "subscribe", "phases": []}, {"id": 7, "request": "unsubscribe", "subscription": 99},
        {"id": 8, "request": "keys", "steps": [{"tap": 30}]},
    ]
    assert problems(REQUEST, [("request", json.dumps(request)) for request in sent[:-3]]) == []
    with socket.socket(socket.AF_UNIX) as raw:  # the lines as they are, as any language reads them
        raw.connect(daemon.socket)
        raw.sendall(b"".join(encode(request) for request in sent) + b'{"id":9,"request":"nope"}\nnot json\n')
        lines = raw.makefile(encoding="utf-8").read().splitlines()
    assert daemon.wait() == 0
    assert problems(SERVER, [(recording, line) for line in lines]) == []
    kinds = {json.loads(line).get("event", "reply") for line in lines}
    assert {"hello", "reply"} <= kinds
    SEEN.update(kinds)


def test_the_fixtures_brought_every_kind_of_line():
    """Run after the fixtures above (pytest keeps the file's order): what they covered."""
    assert {"hello", "reply", "gesture", "touches", "trace", "left-out"} <= SEEN


def test_every_line_the_swift_protocol_tests_read():
    path = os.environ.get("GESTURED_PROTOCOL_LINES")
    if not path or not os.path.exists(path):
        pytest.skip("no $GESTURED_PROTOCOL_LINES file (make test writes one with swift test)")
    with open(path, encoding="utf-8") as file:
        lines = [(path, line) for line in file.read().splitlines() if line.startswith("{")]
    assert len(lines) > 100
    assert problems(SERVER, lines) == []


def test_requests_the_client_builds_are_requests_and_mistakes_are_not():
    good = [{"request": "subscribe", **subscribe_request(["pan"], phases=["ended"], touches=True)}, {"request": "ping", "id": [1]}]
    assert problems(REQUEST, [("good", json.dumps(request)) for request in good]) == []
    bad = [{"request": "subscribe", "phases": []}, {"request": "subscribe", "gesture": ["pinch"]}, {"request": "keys", "steps": [{"wheel": 0}]}]
    assert all(problems(REQUEST, [("bad", json.dumps(request))]) for request in bad)
