#!/usr/bin/env python3
"""Starts gestured the way systemd would with gestured.socket and gestured.service: a listening
socket passed as fd 3 (LISTEN_FDS=1, LISTEN_PID), NOTIFY_SOCKET set. Checks that READY=1
arrives, that the socket serves (hello, ping), and that SIGTERM brings STOPPING=1 and exit 0.
Writes a JSON report to argv[1]. Usage: activate.py REPORT GESTURED [ARGS…]"""
import json
import os
import signal
import socket
import sys
import time

report_path, daemon = sys.argv[1], sys.argv[2:]
report = {"ready": False, "hello": None, "pong": False, "stopping": False, "exit": None, "messages": []}
path = "/run/gestured-activation.sock"
notify_path = "/run/gestured-activation.notify"
for p in (path, notify_path):
    if os.path.exists(p):
        os.unlink(p)
listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
listener.bind(path)
listener.listen(16)
notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
notify.bind(notify_path)
notify.settimeout(120)

pid = os.fork()
if pid == 0:
    os.dup2(listener.fileno(), 3)
    os.set_inheritable(3, True)
    env = dict(os.environ, LISTEN_FDS="1", LISTEN_PID=str(os.getpid()), NOTIFY_SOCKET=notify_path)
    env.pop("GESTURED_SOCKET", None)
    os.execve(daemon[0], daemon, env)
listener.close()


def wait_for(word):
    end = time.monotonic() + 120
    while time.monotonic() < end:
        message = notify.recv(4096).decode()
        report["messages"].append(message)
        if word in message.split("\n"):
            return True
    return False


try:
    report["ready"] = wait_for("READY=1")
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    client.settimeout(30)
    client.connect(path)
    stream = client.makefile("rwb")
    report["hello"] = json.loads(stream.readline())
    stream.write(b'{"id": 1, "request": "ping"}\n')
    stream.flush()
    report["pong"] = json.loads(stream.readline()).get("pong", False)
    os.kill(pid, signal.SIGTERM)
    report["stopping"] = wait_for("STOPPING=1")
finally:
    _, status = os.waitpid(pid, 0)
    report["exit"] = os.waitstatus_to_exitcode(status)
    json.dump(report, open(report_path, "w"))
