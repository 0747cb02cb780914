"""The asyncio client: the same transcript, and concurrent requests each answered."""
import asyncio

from conftest import CONFIG, fixture
from gestured_client import AsyncClient, GestureEvent, GesturedError
from gestured_client.testing import ReplayDaemon, replay_transcript

ROTATE = fixture("constructed/rotate.yml")


def test_asyncio_reads_the_transcript_and_matches_concurrent_replies():
    daemon = ReplayDaemon(ROTATE, config=CONFIG)

    async def run():
        async with AsyncClient(daemon.socket, reconnect=False) as client:
            pong, devices, instances = await asyncio.gather(client.ping(), client.devices(), client.snapshot())
            assert pong is None and devices[0]["kind"] == "touchscreen" and instances == []
            try:
                await client.subscribe(devices=[])
            except GesturedError as error:
                assert error.code == "invalid-request"
            else:
                raise AssertionError("devices: [] was accepted")
            await client.subscribe()
            return [event.replay_form() async for event in client.events() if isinstance(event, GestureEvent)]

    received = asyncio.run(run())
    assert received == replay_transcript(ROTATE, config=CONFIG)
    assert daemon.wait() == 0


def test_a_hello_over_64_kib_is_read(tmp_path):
    """asyncio's default line limit is 64 KiB; a configuration with many long names makes a
    larger hello, which the client reads (its limit is the protocol's 1 MiB)."""
    config = tmp_path / "many.yml"
    names = [f"{'n' * 90}-{i:04d}" for i in range(1000)]
    config.write_text("version: 1\ngestures:\n" + "".join(f"  - name: {name}\n    tap: {{}}\n" for name in names))
    daemon = ReplayDaemon(ROTATE, config=str(config), wait_subscribers=1000)

    async def run():
        async with AsyncClient(daemon.socket, reconnect=False) as client:
            return client.hello

    try:
        hello = asyncio.run(run())
        assert hello["gestures"] == names
    finally:
        daemon.stop()
