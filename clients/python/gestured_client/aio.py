"""The asyncio client: one reader task takes every line — replies go to the request that
waits for them (matched by id, so requests may run concurrently), events to `events()` —
and reconnects with every subscription made again."""
from __future__ import annotations

import asyncio
import json
from typing import Any, AsyncIterator, Dict, List, Optional, cast

from .protocol import (
    LINE_LIMIT, Backoff, ClientEvent, Connected, Disconnected, Event, GesturedError, JSONObject, Subscription,
    SubscriptionBook, encode, event_from, read_hello, socket_path, subscribe_request,
)


class AsyncClient:
    """A connection to gestured for asyncio.

        async with AsyncClient() as client:
            await client.subscribe(["pinch"])
            async for event in client.events():
                print(event)

    Lines are read with a 1 MiB limit (asyncio's default, 64 KiB, is less than a hello with
    many long gesture names). `reconnect` and its backoff are as `Client`'s."""

    def __init__(self, path: Optional[str] = None, *, reconnect: bool = True) -> None:
        self.path = path or socket_path()
        self.reconnect = reconnect
        #: The daemon's latest `hello`.
        self.hello: Optional[JSONObject] = None
        self._reader: Optional[asyncio.StreamReader] = None
        self._writer: Optional[asyncio.StreamWriter] = None
        self._task: Optional["asyncio.Task[None]"] = None
        self._queue: "asyncio.Queue[Optional[ClientEvent]]" = asyncio.Queue()
        self._waiting: Dict[int, "asyncio.Future[JSONObject]"] = {}
        self._next_id = 0
        self._subscriptions = SubscriptionBook()
        self._backoff = Backoff()
        self._closed = False

    async def connect(self) -> JSONObject:
        """Connects, reads the `hello`, and starts reading; returns the hello."""
        hello = await self._open()
        self._task = asyncio.get_running_loop().create_task(self._run())
        return hello

    async def close(self) -> None:
        """Closes the connection; `events()` ends."""
        self._closed = True
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):
                pass
        self._shut()
        self._queue.put_nowait(None)

    async def __aenter__(self) -> "AsyncClient":
        await self.connect()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    async def request(self, name: str, **fields: Any) -> JSONObject:
        """Sends a request and waits for its `ok` reply; an `error` reply raises
        `GesturedError`. Several may wait at once: each gets its own reply."""
        if self._writer is None:
            raise GesturedError("disconnected", "not connected")
        self._next_id += 1
        mine = self._next_id
        future: "asyncio.Future[JSONObject]" = asyncio.get_running_loop().create_future()
        self._waiting[mine] = future
        self._writer.write(encode({"id": mine, "request": name, **fields}))
        await self._writer.drain()
        try:
            reply = await future
        finally:
            self._waiting.pop(mine, None)
        if "error" in reply:
            raise GesturedError(reply["error"]["code"], reply["error"]["message"], reply)
        return reply

    async def ping(self) -> None:
        await self.request("ping")

    async def devices(self) -> List[JSONObject]:
        return cast(List[JSONObject], (await self.request("devices"))["devices"])

    async def snapshot(self) -> List[JSONObject]:
        return cast(List[JSONObject], (await self.request("snapshot"))["instances"])

    async def keys(self, steps: List[JSONObject]) -> List[int]:
        return cast(List[int], (await self.request("keys", steps=steps))["held"])

    async def subscribe(self, gestures: Optional[List[str]] = None, **options: Any) -> Subscription:
        """As `Client.subscribe`."""
        request = subscribe_request(gestures, **options)
        reply = await self.request("subscribe", **request)
        return self._subscriptions.add(request, reply["subscription"])

    async def unsubscribe(self, subscription: Subscription) -> None:
        await self.request("unsubscribe", subscription=self._subscriptions.server_id(subscription))
        self._subscriptions.forget(subscription)

    async def events(self) -> AsyncIterator[ClientEvent]:
        """The events as they come; ends when the client is closed, or when the connection
        ends and `reconnect` is off."""
        while True:
            event = await self._queue.get()
            if event is None:
                return
            yield event

    # Inside

    async def _open(self) -> JSONObject:
        self._reader, self._writer = await asyncio.open_unix_connection(self.path, limit=LINE_LIMIT)
        line = await self._reader.readline()
        if not line:
            self._shut()
            raise GesturedError("disconnected", "gestured closed the connection before its hello")
        try:
            hello = read_hello(line, self._backoff)
        except GesturedError:
            self._shut()
            raise
        self.hello = hello
        self._queue.put_nowait(Connected(hello))
        return hello

    def _shut(self) -> None:
        if self._writer is not None:
            self._writer.close()
        self._reader = self._writer = None
        self._subscriptions.disconnected()

    def _take(self, message: JSONObject) -> None:
        if "event" in message:
            if message["event"] == "error" and message.get("code") == "forbidden":
                self._backoff.forbidden = True
            self._queue.put_nowait(event_from(message, self._subscriptions.of(message)))
            return
        future = self._waiting.get(message.get("id", -1))
        if future is not None and not future.done():
            future.set_result(message)

    async def _run(self) -> None:
        """Reads lines until the connection ends; then, with `reconnect`, connects again."""
        while True:
            assert self._reader is not None
            try:
                line = await self._reader.readline()
            except (ConnectionError, asyncio.LimitOverrunError, ValueError):
                line = b""
            if line:
                self._take(json.loads(line))
                continue
            self._shut()
            for future in self._waiting.values():
                if not future.done():
                    future.set_exception(GesturedError("disconnected", "connection closed by gestured"))
            self._queue.put_nowait(Disconnected("connection closed by gestured"))
            if not self.reconnect or self._closed:
                self._queue.put_nowait(None)
                return
            await self._reopen()

    async def _reopen(self) -> None:
        """Connects again and subscribes again, reading the replies itself (the reader loop is
        this task)."""
        while not self._closed:
            await asyncio.sleep(self._backoff.next())
            try:
                await self._open()
                for subscription in list(self._subscriptions.by_handle.values()):
                    assert self._reader is not None and self._writer is not None
                    self._next_id += 1
                    mine = self._next_id
                    self._writer.write(encode({"id": mine, "request": "subscribe", **subscription.request}))
                    await self._writer.drain()
                    while True:
                        line = await self._reader.readline()
                        if not line:
                            raise GesturedError("disconnected", "connection closed by gestured")
                        message: JSONObject = json.loads(line)
                        if message.get("id") == mine and "event" not in message:
                            break
                        self._take(message)
                    if "error" in message:
                        self._subscriptions.forget(subscription)
                        self._queue.put_nowait(Event("subscription-refused", subscription, message))
                    else:
                        self._subscriptions.adopt(subscription, message["subscription"])
            except (OSError, GesturedError):
                self._shut()
                continue
            self._backoff.reset()
            return
