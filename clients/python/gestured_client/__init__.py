"""A client for gestured, the multitouch gesture daemon: its socket protocol
(docs/PROTOCOL.md) in Python, standard library only.

- `Client` (blocking) and `AsyncClient` (asyncio): hello, subscribe / define / snapshot /
  unsubscribe, replies matched by id, reconnection with every subscription made again.
- `StateMirror`: a gesture's published state, reset as SwiftUI's @GestureState is.
- `gestured_client.testing`: `ReplayDaemon`, `replay_transcript` and the pytest fixtures
  `gestured_replay` and `gestured_client`.
"""
from .aio import AsyncClient
from .client import Client
from .mirror import StateMirror
from .protocol import (
    LINE_LIMIT, PROTOCOL_KEYS, ClientEvent, Connected, Disconnected, Event, GestureEvent, GesturedError, Subscription,
    socket_path,
)

__version__ = "0.9.2"
__all__ = [
    "AsyncClient", "Client", "ClientEvent", "Connected", "Disconnected", "Event", "GestureEvent", "GesturedError",
    "LINE_LIMIT", "PROTOCOL_KEYS", "StateMirror", "Subscription", "socket_path",
]
