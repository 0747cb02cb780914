"""What the protocol's lines are, as Python values: the events a client reads, the error a
refused request raises, where the socket is. docs/PROTOCOL.md is the reference and
docs/protocol.schema.json the checked contract."""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Union

#: A JSON object as `json.loads` gives it.
JSONObject = Dict[str, Any]

#: The longest line the daemon sends (docs/PROTOCOL.md): a reader must take lines this long.
LINE_LIMIT = 1 << 20
#: The longest line the daemon reads from a client.
REQUEST_LIMIT = 1 << 16
#: The keys the socket adds to what `gesturectl replay --json` prints for an event.
PROTOCOL_KEYS = frozenset({"event", "seq", "subscription", "timeUs", "snapshot", "ingressUs"})


def socket_path() -> str:
    """The daemon's socket, found as gestured finds it: $GESTURED_SOCKET, then
    /run/gestured/gestured.sock (the system service), then $XDG_RUNTIME_DIR/gestured.sock."""
    if os.environ.get("GESTURED_SOCKET"):
        return os.environ["GESTURED_SOCKET"]
    if os.path.isdir("/run/gestured"):
        return "/run/gestured/gestured.sock"
    if os.environ.get("XDG_RUNTIME_DIR"):
        return os.path.join(os.environ["XDG_RUNTIME_DIR"], "gestured.sock")
    raise GesturedError("no-socket", "no socket path: set GESTURED_SOCKET or XDG_RUNTIME_DIR, or pass path=")


class GesturedError(Exception):
    """A request the daemon refused (its `error` reply: `code` and `message`), or a problem
    the client met (`no-socket`, `disconnected`, `line-too-long`, `timeout`)."""

    def __init__(self, code: str, message: str, reply: Optional[JSONObject] = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.reply = reply


@dataclass(frozen=True)
class Subscription:
    """A subscription as the app holds it: `handle` stays the same across reconnections
    (the daemon's own number, `server_id`, changes when the client subscribes again)."""

    handle: int
    request: Dict[str, Any] = field(compare=False, repr=False)


@dataclass(frozen=True)
class GestureEvent:
    """A `gesture` event: one instance's `active` update, `ended` or `failed`."""

    gesture: str
    instance: int
    phase: str
    time: float
    device: int
    seq: int
    subscription: Optional[Subscription]
    value: Optional[JSONObject]
    state: Any
    reason: Optional[str]
    snapshot: bool
    time_us: int
    raw: JSONObject

    def replay_form(self) -> JSONObject:
        """The event as `gesturectl replay --json` prints it (without the socket's own keys)."""
        return {key: value for key, value in self.raw.items() if key not in PROTOCOL_KEYS}


@dataclass(frozen=True)
class Event:
    """Any other event (`touches`, `trace`, `device-added`, `config-reloaded`, `paused`, …):
    `name` is its `event`, `raw` the whole object."""

    name: str
    subscription: Optional[Subscription]
    raw: JSONObject


@dataclass(frozen=True)
class Connected:
    """The client (re)connected; `hello` is the daemon's greeting. After a reconnection every
    subscription is in place again and the instances in flight follow (`snapshot: True`)."""

    hello: JSONObject


@dataclass(frozen=True)
class Disconnected:
    """The connection ended (`reason` says how). Every instance in flight is over for this
    client: a state mirror resets."""

    reason: str


ClientEvent = Union[GestureEvent, Event, Connected, Disconnected]


def encode(request: Dict[str, Any]) -> bytes:
    """A request as one line."""
    line = json.dumps(request, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"
    if len(line) - 1 > REQUEST_LIMIT:
        raise GesturedError("line-too-long", f"request lines may be at most {REQUEST_LIMIT} bytes")
    return line


def subscribe_request(
    gestures: Optional[List[str]] = None,
    *,
    devices: Optional[List[int]] = None,
    phases: Optional[List[str]] = None,
    define: Optional[List[JSONObject]] = None,
    strokes: Optional[List[JSONObject]] = None,
    touchpad_gestures: Optional[bool] = None,
    consume: Optional[bool] = None,
    touches: Optional[bool] = None,
    trace: Optional[bool] = None,
) -> Dict[str, Any]:
    """The fields of a `subscribe` request (those given)."""
    fields = {
        "gestures": gestures, "devices": devices, "phases": phases, "define": define, "strokes": strokes,
        "touchpadGestures": touchpad_gestures, "consume": consume, "touches": touches, "trace": trace,
    }
    return {key: value for key, value in fields.items() if value is not None}


def event_from(raw: JSONObject, subscription: Optional[Subscription]) -> Union[GestureEvent, Event]:
    """The event a parsed line (with `event`) is."""
    if raw.get("event") == "gesture":
        return GestureEvent(
            gesture=raw["gesture"], instance=raw["instance"], phase=raw["phase"], time=raw["time"], device=raw["device"],
            seq=raw["seq"], subscription=subscription, value=raw.get("value"), state=raw.get("state"),
            reason=raw.get("reason"), snapshot=raw.get("snapshot", False), time_us=raw["timeUs"], raw=raw)
    return Event(name=raw["event"], subscription=subscription, raw=raw)


def read_hello(line: Union[str, bytes], backoff: "Backoff") -> JSONObject:
    """The daemon's first line as its `hello`; a refusal (`{"event": "error", …}`) raises
    `GesturedError` with its code, and a `forbidden` one makes `backoff` wait longer."""
    hello: JSONObject = json.loads(line)
    if hello.get("event") == "error":
        if hello.get("code") == "forbidden":
            backoff.forbidden = True
        raise GesturedError(hello.get("code", "error"), hello.get("message", ""), hello)
    return hello


class SubscriptionBook:
    """A client's subscriptions: the handles the app holds, which stay, and the daemon's
    numbers for them on the current connection, which change when it subscribes again."""

    def __init__(self) -> None:
        self._next_handle = 0
        #: Every live subscription, by handle, in the order they were made.
        self.by_handle: Dict[int, Subscription] = {}
        self._server_id: Dict[int, int] = {}
        self._by_server_id: Dict[int, Subscription] = {}

    def add(self, request: JSONObject, server_id: int) -> Subscription:
        """A new subscription, made with `request` and numbered `server_id` by the daemon."""
        self._next_handle += 1
        subscription = Subscription(self._next_handle, request)
        self.by_handle[subscription.handle] = subscription
        self.adopt(subscription, server_id)
        return subscription

    def adopt(self, subscription: Subscription, server_id: int) -> None:
        """The daemon's number for `subscription` on this connection."""
        self._server_id[subscription.handle] = server_id
        self._by_server_id[server_id] = subscription

    def forget(self, subscription: Subscription) -> None:
        self.by_handle.pop(subscription.handle, None)
        self._by_server_id.pop(self._server_id.pop(subscription.handle, -1), None)

    def server_id(self, subscription: Subscription) -> int:
        return self._server_id[subscription.handle]

    def of(self, message: JSONObject) -> Optional[Subscription]:
        """The subscription an event is for, if it names one of this connection's."""
        return self._by_server_id.get(message.get("subscription", -1))

    def disconnected(self) -> None:
        """The connection ended: the daemon's numbers mean nothing any more."""
        self._by_server_id.clear()


class Backoff:
    """How long to wait before connecting again, as the Swift client does: 50 ms doubling to
    2 s; after a `forbidden` (the user is not in front of the seat) 2 s doubling to 10 s, so
    that a client waiting for its user never hammers the daemon."""

    def __init__(self) -> None:
        self.delay = 0.0
        self.forbidden = False

    def next(self) -> float:
        low, high = (2.0, 10.0) if self.forbidden else (0.05, 2.0)
        self.delay = low if self.delay < low else min(self.delay * 2, high)
        return self.delay

    def reset(self) -> None:
        self.delay = 0.0
        self.forbidden = False
