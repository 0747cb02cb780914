#!/usr/bin/env python3
"""A client of gestured run as a given user (through runuser, so the daemon sees that uid on the
socket): it defines its own one-finger pan, beside every other gesture (or sends REQUEST, a JSON
line, instead: the keys scenario holds a key this way), and appends each line it receives to
OUT, flushed at once, until the daemon closes the connection. The service scenarios read OUT
(e2e/guest/service.py, "sessions", "keys"). Usage: session_client.py OUT NAME [REQUEST]"""
import json
import socket
import sys

out, name = sys.argv[1], sys.argv[2]
with open(out, "a") as log:
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    connection.connect("/run/gestured/gestured.sock")
    request = json.loads(sys.argv[3]) if len(sys.argv) > 3 else {
        "id": 1, "request": "subscribe",
        "define": [{"name": name, "drag": {"fingers": 1, "minimumDistance": 2}, "priority": "simultaneous"}]}
    try:
        connection.sendall((json.dumps(request) + "\n").encode())
    except OSError:
        pass  # refused: the daemon's error line is still there to read
    pending = b""
    while True:
        try:
            data = connection.recv(65536)
        except OSError:
            break
        if not data:
            break
        pending += data
        *lines, pending = pending.split(b"\n")
        for line in lines:
            log.write(line.decode() + "\n")
            log.flush()
    log.write('{"event": "closed"}\n')
