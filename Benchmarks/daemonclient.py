"""A plain client of the daemon's socket for the benchmark scripts (`make bench-footprint`'s
faults.py, `make order-file`'s script): subscribe, and read until a text arrives."""
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
