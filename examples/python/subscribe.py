#!/usr/bin/env python3
"""Subscribe to gestured and print its events: the protocol needs nothing but a Unix socket
and a JSON parser, so any language can be a client. Standard library only.

    examples/python/subscribe.py                     # every configured gesture, readable
    examples/python/subscribe.py swipe-left-3 pinch  # just these
    examples/python/subscribe.py --json              # the daemon's lines as they are

The socket is found the way gestured finds it: $GESTURED_SOCKET, /run/gestured/gestured.sock,
$XDG_RUNTIME_DIR/gestured.sock (or --socket PATH).
"""
import argparse
import json
import os
import socket
import sys


def socket_path():
    if os.environ.get("GESTURED_SOCKET"):
        return os.environ["GESTURED_SOCKET"]
    if os.path.isdir("/run/gestured"):
        return "/run/gestured/gestured.sock"
    if os.environ.get("XDG_RUNTIME_DIR"):
        return os.path.join(os.environ["XDG_RUNTIME_DIR"], "gestured.sock")
    sys.exit("subscribe.py: no socket path: set GESTURED_SOCKET or XDG_RUNTIME_DIR, or pass --socket")


def readable(event):
    """One line per event: time, gesture#instance, phase(reason), and the value's kind."""
    phase = event["phase"] + (f"({event['reason']})" if "reason" in event else "")
    value = event.get("value")
    kind = value.get("kind", "") if isinstance(value, dict) else ""
    return f"{event['time']:.3f}  dev{event['device']}  {event['gesture']}#{event['instance']}  {phase}  {kind}"


def main():
    parser = argparse.ArgumentParser(description="Print gestures from gestured.")
    parser.add_argument("gestures", nargs="*", help="configured gesture names (default: all)")
    parser.add_argument("--json", action="store_true", help="print the daemon's JSON lines as they are")
    parser.add_argument("--socket", help="the daemon's socket")
    parser.add_argument("--count", type=int, help="exit after this many gesture events")
    args = parser.parse_args()

    path = args.socket or socket_path()
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        client.connect(path)
    except OSError as error:
        sys.exit(f"subscribe.py: gestured is not running at {path}: {error.strerror}")
    stream = client.makefile("rwb")

    def send(request):
        stream.write(json.dumps(request).encode() + b"\n")
        stream.flush()

    seen = 0
    for raw in stream:
        line = raw.decode().rstrip("\n")
        message = json.loads(line)
        if args.json:
            print(line, flush=True)
        event = message.get("event")
        if event == "hello":
            # The protocol version is an integer; a breaking change bumps it.
            if message["protocol"] != 1:
                sys.exit(f"subscribe.py: unknown protocol version {message['protocol']}")
            send({"id": 1, "request": "subscribe", "gestures": args.gestures})
        elif "error" in message and message.get("id") == 1:
            sys.exit(f"subscribe.py: {message['error']['message']}")
        elif event == "gesture":
            if not args.json:
                print(readable(message), flush=True)
            seen += 1
            if args.count and seen >= args.count:
                break
        elif not args.json and event in ("device-added", "device-removed", "overflow", "error", "config-reloaded"):
            print(f"{event}: {json.dumps(message)}", flush=True)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass
    except BrokenPipeError:  # the reader went away (| head)
        sys.stderr.close()
