"""Reconnection: the daemon goes (every instance in flight ends with `failed(shutdown)`) and
comes back on the same socket; the client connects again and makes its subscription again
under the same handle: `Disconnected`, `Connected`, then the instances in flight (as a
snapshot) and the live events."""
import asyncio

from conftest import CONFIG, fixture
from gestured_client import AsyncClient, Client, Connected, Disconnected, GestureEvent
from gestured_client.testing import ReplayDaemon

LOOP = fixture("constructed/long-press-drag.yml")


def start(socket):
    return ReplayDaemon(LOOP, config=CONFIG, loop=True, exit_after_replay=False, wait_subscribers=0, socket=socket)


def check(seen, subscription):
    shutdown = [e for e in seen if isinstance(e, GestureEvent) and e.phase == "failed"]
    assert shutdown and shutdown[-1].reason == "shutdown", seen
    gone = next(i for i, e in enumerate(seen) if isinstance(e, Disconnected))
    assert isinstance(seen[gone + 1], Connected)
    after = [e for e in seen[gone + 1:] if isinstance(e, GestureEvent)]
    assert after and all(e.subscription == subscription for e in after)


def test_the_blocking_client_comes_back_with_its_subscription(tmp_path):
    socket = str(tmp_path / "gestured.sock")
    daemons = [start(socket)]
    client = Client(socket, reconnect=True, timeout=30)
    client.connect()
    subscription = client.subscribe(["press-drag"])
    seen, stage = [], "first"
    try:
        for event in client.events():
            seen.append(event)
            if stage == "first" and isinstance(event, GestureEvent) and event.phase == "active":
                stage = "stopping"
                daemons[0].stop()  # its instance in flight fails with shutdown, then it closes
            elif stage == "stopping" and isinstance(event, Disconnected):
                stage = "second"
                daemons.append(start(socket))
            elif stage == "second" and isinstance(event, GestureEvent) and event.phase == "active":
                break
    finally:
        client.close()
        for daemon in daemons:
            daemon.stop()
    check(seen, subscription)


def test_the_asyncio_client_comes_back_with_its_subscription(tmp_path):
    socket = str(tmp_path / "gestured.sock")
    daemons = [start(socket)]

    async def run():
        loop = asyncio.get_running_loop()
        async with AsyncClient(socket, reconnect=True) as client:
            subscription = await client.subscribe(["press-drag"])
            seen, stage = [], "first"
            async for event in client.events():
                seen.append(event)
                if stage == "first" and isinstance(event, GestureEvent) and event.phase == "active":
                    stage = "stopping"
                    await loop.run_in_executor(None, daemons[0].stop)
                elif stage == "stopping" and isinstance(event, Disconnected):
                    stage = "second"
                    daemons.append(await loop.run_in_executor(None, start, socket))
                elif stage == "second" and isinstance(event, GestureEvent) and event.phase == "active":
                    return subscription, seen

    try:
        subscription, seen = asyncio.run(run())
    finally:
        for daemon in daemons:
            daemon.stop()
    check(seen, subscription)
