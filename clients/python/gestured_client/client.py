"""The blocking client: one socket, requests answered in order and matched by id, events
read in between kept for `events()`, and reconnection with every subscription made again."""
from __future__ import annotations

import json
import socket
import time
from collections import deque
from typing import Any, Deque, Iterator, List, Optional, cast

from .protocol import (
    LINE_LIMIT, Backoff, ClientEvent, Connected, Disconnected, Event, GesturedError, JSONObject, Subscription,
    SubscriptionBook, encode, event_from, read_hello, socket_path, subscribe_request,
)


class Client:
    """A connection to gestured.

        with Client() as client:
            client.subscribe(["swipe-left-3"])
            for event in client.events():
                print(event)

    `reconnect=True` (the default) reconnects when the daemon goes (50 ms doubling to 2 s)
    and subscribes again, so `events()` goes on across restarts: a `Disconnected`, then a
    `Connected` and the instances in flight (`snapshot: True`). `timeout` bounds how long a
    request waits for its reply (None: as long as it takes)."""

    def __init__(self, path: Optional[str] = None, *, reconnect: bool = True, timeout: Optional[float] = None) -> None:
        self.path = path or socket_path()
        self.reconnect = reconnect
        self.timeout = timeout
        #: The daemon's latest `hello` (None before the first connection).
        self.hello: Optional[JSONObject] = None
        self._socket: Optional[socket.socket] = None
        self._buffer = bytearray()
        self._queue: Deque[ClientEvent] = deque()
        self._next_id = 0
        self._subscriptions = SubscriptionBook()
        self._backoff = Backoff()
        self._closed = False

    # Connection

    def connect(self) -> JSONObject:
        """Connects and reads the daemon's `hello`; returns it. Raises `GesturedError` with
        code `forbidden` when the daemon does not serve this user now."""
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.connect(self.path)
        except OSError:
            sock.close()
            raise
        self._socket, self._buffer = sock, bytearray()
        self._closed = False
        line = self._read_line(self.timeout)
        if line is None:
            self._drop()
            raise GesturedError("disconnected", "gestured closed the connection before its hello")
        try:
            hello = read_hello(line, self._backoff)
        except GesturedError:
            self._drop()
            raise
        self.hello = hello
        self._queue.append(Connected(hello))
        return hello

    def close(self) -> None:
        """Closes the connection; `events()` ends."""
        self._closed = True
        self._drop()

    def __enter__(self) -> "Client":
        if self._socket is None:
            self.connect()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # Requests

    def request(self, name: str, **fields: Any) -> JSONObject:
        """Sends a request and returns its `ok` reply; an `error` reply raises
        `GesturedError(code, message)`. Events read meanwhile wait for `events()`."""
        if self._socket is None:
            raise GesturedError("disconnected", "not connected")
        self._next_id += 1
        mine = self._next_id
        self._socket.sendall(encode({"id": mine, "request": name, **fields}))
        while True:
            line = self._read_line(self.timeout)
            if line is None:
                self._lost("connection closed by gestured")
                raise GesturedError("disconnected", f"gestured closed the connection before answering {name}")
            message: JSONObject = json.loads(line)
            if "event" in message:
                self._take(message)
            elif message.get("id") == mine:
                if "error" in message:
                    raise GesturedError(message["error"]["code"], message["error"]["message"], message)
                return message

    def ping(self) -> None:
        """Asks the daemon whether it is there."""
        self.request("ping")

    def devices(self) -> List[JSONObject]:
        """The devices this client sees."""
        return cast(List[JSONObject], self.request("devices")["devices"])

    def snapshot(self) -> List[JSONObject]:
        """Every instance in flight (that this client may see), with value and state."""
        return cast(List[JSONObject], self.request("snapshot")["instances"])

    def keys(self, steps: List[JSONObject]) -> List[int]:
        """Types on the daemon's virtual keyboard; returns the codes this connection holds."""
        return cast(List[int], self.request("keys", steps=steps)["held"])

    def subscribe(self, gestures: Optional[List[str]] = None, **options: Any) -> Subscription:
        """Subscribes (the fields of PROTOCOL.md's `subscribe`: `devices`, `phases`, `define`,
        `strokes`, `touchpad_gestures`, `consume`, `touches`, `trace`); returns its handle. The
        instances already in flight come next, marked `snapshot`."""
        request = subscribe_request(gestures, **options)
        reply = self.request("subscribe", **request)
        return self._subscriptions.add(request, reply["subscription"])

    def unsubscribe(self, subscription: Subscription) -> None:
        """Ends a subscription; its instances in flight end with `failed(unsubscribed)` first."""
        self.request("unsubscribe", subscription=self._subscriptions.server_id(subscription))
        self._subscriptions.forget(subscription)

    # Events

    def events(self, timeout: Optional[float] = None) -> Iterator[ClientEvent]:
        """The events, as they come. Ends when the client is closed, when the connection ends
        and `reconnect` is off, or when nothing came for `timeout` seconds (`timeout=0`: only
        the events already read, as those a request's reply came after)."""
        while True:
            while self._queue:
                yield self._queue.popleft()
            if self._closed or timeout == 0:
                return
            if self._socket is None:
                if not self.reconnect:
                    return
                self._reconnect()
                continue
            try:
                line = self._read_line(timeout)
            except GesturedError as error:
                if error.code == "timeout":
                    return
                raise
            if line is None:
                self._lost("connection closed by gestured")
                continue
            message = json.loads(line)
            if "event" in message:
                self._take(message)

    # Inside

    def _take(self, message: JSONObject) -> None:
        if message["event"] == "error" and message.get("code") == "forbidden":
            self._backoff.forbidden = True
        self._queue.append(event_from(message, self._subscriptions.of(message)))

    def _lost(self, reason: str) -> None:
        self._drop()
        self._queue.append(Disconnected(reason))

    def _drop(self) -> None:
        if self._socket is not None:
            self._socket.close()
            self._socket = None
        self._subscriptions.disconnected()

    def _reconnect(self) -> None:
        """Connects again (waiting as `Backoff` says) and makes every subscription again, in
        the order they were made; one the daemon now refuses is dropped and said
        (`Event("subscription-refused")`)."""
        while not self._closed:
            time.sleep(self._backoff.next())
            try:
                self.connect()
            except (OSError, GesturedError):
                continue
            try:
                for subscription in list(self._subscriptions.by_handle.values()):
                    try:
                        reply = self.request("subscribe", **subscription.request)
                    except GesturedError as error:
                        if error.code == "disconnected":
                            raise
                        self._subscriptions.forget(subscription)
                        self._queue.append(Event("subscription-refused", subscription, error.reply or {}))
                        continue
                    self._subscriptions.adopt(subscription, reply["subscription"])
            except (OSError, GesturedError):
                continue
            self._backoff.reset()
            return

    def _read_line(self, timeout: Optional[float]) -> Optional[str]:
        """The next line, or None when the connection ended."""
        while True:
            newline = self._buffer.find(b"\n")
            if newline >= 0:
                line = bytes(self._buffer[:newline])
                del self._buffer[: newline + 1]
                return line.decode("utf-8")
            if len(self._buffer) > LINE_LIMIT:
                raise GesturedError("line-too-long", f"the daemon sent a line over {LINE_LIMIT} bytes")
            assert self._socket is not None
            self._socket.settimeout(timeout)
            try:
                chunk = self._socket.recv(65536)
            except socket.timeout:
                raise GesturedError("timeout", f"nothing from gestured for {timeout} s") from None
            except (ConnectionResetError, BrokenPipeError):
                chunk = b""
            if not chunk:
                return None
            self._buffer += chunk
