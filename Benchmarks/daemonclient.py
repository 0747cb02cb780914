"""A plain client of the daemon's socket for the benchmark scripts (`make bench-footprint`'s
run.py and faults.py, `make order-file`'s script): subscribe, read until a text arrives, and
whether the daemon's log says something yet."""
import socket


def subscribe(path, timeout):
    """Connects to the daemon at `path` and asks for its events (`subscribe`, id 1)."""
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    client.connect(path)
    client.settimeout(timeout)
    client.sendall(b'{"id": 1, "request": "subscribe"}\n')
    return client


def read_until(client, text):
    """What the client read until `text` arrived, or until the daemon closed the connection
    (then without `text`)."""
    seen = b""
    while text not in seen:
        chunk = client.recv(65536)
        if not chunk:
            return seen
        seen += chunk
    return seen


def log_holds(path, text):
    """Whether the log file at `path` (a daemon's, written as it goes) holds `text` yet: opened
    and closed each time, so the writer's latest lines are read."""
    with open(path) as file:
        return text in file.read()
