"""A client-side copy of a gesture's published state, as SwiftUI's @GestureState behaves."""
from __future__ import annotations

from typing import Any, Callable, Optional

from .protocol import ClientEvent, Disconnected, GestureEvent


class StateMirror:
    """One gesture's `state` (its configuration's `state:`), as the events carry it: the live
    value while an instance is active, back to `initial` when it ends or fails and when the
    connection drops (the daemon's gestures are over for this client then).

        pan = StateMirror("pan", initial=(0.0, 0.0), decode=lambda s: (s["x"], s["y"]))
        for event in client.events():
            if pan.apply(event):
                redraw(offset=pan.value)
    """

    def __init__(self, gesture: str, initial: Any = None, decode: Callable[[Any], Any] = lambda state: state) -> None:
        self.gesture = gesture
        self.initial = initial
        self.decode = decode
        #: The current value.
        self.value: Any = initial
        #: The active instance (its number), if any.
        self.instance: Optional[int] = None

    def apply(self, event: ClientEvent) -> bool:
        """Takes in an event; returns whether the value or the active instance changed."""
        if isinstance(event, Disconnected):
            return self._reset()
        if not isinstance(event, GestureEvent) or event.gesture != self.gesture:
            return False
        if event.phase == "active":
            value = self.decode(event.state) if event.state is not None else self.value
            changed = self.instance != event.instance or value != self.value
            self.value, self.instance = value, event.instance
            return changed
        if self.instance is None or self.instance == event.instance:
            return self._reset()
        return False

    def _reset(self) -> bool:
        changed = self.instance is not None
        self.instance = None
        self.value = self.initial
        return changed
