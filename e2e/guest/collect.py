#!/usr/bin/env python3
"""A subscriber that notes when it read each line: `READ_US<TAB>LINE`, READ_US being
CLOCK_MONOTONIC microseconds right after the read that delivered the line (the clock of the
kernel's evdev timestamps, which gestured reports as `timeUs`). Runs until the daemon closes
the connection. Usage: collect.py OUT.tsv"""
import os
import socket
import sys
import time

out = open(sys.argv[1], "w")
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect(os.environ["GESTURED_SOCKET"])
s.sendall(b'{"id": 1, "request": "subscribe"}\n')
pending = b""
while True:
    chunk = s.recv(65536)
    now = time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000
    if not chunk:
        break
    pending += chunk
    *lines, pending = pending.split(b"\n")
    for line in lines:
        out.write(f"{now}\t{line.decode()}\n")
    out.flush()
