"""A socket's or the hub's retry loop ends when its task is cancelled, even when redis-py turns
the cancellation of a blocking read into an error of its own (it did, now and then: a test's
event loop then waited for good on a consumer that retried)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from vtt.encounters.consumers import EncounterConsumer
from vtt.fanout import Hub


class CancelTurnedIntoTimeout:
    """A channel layer whose first blocking read, when cancelled, raises TimeoutError instead
    (later ones are cancelled plainly, so a loop that retried still ends when the test does)."""

    def __init__(self) -> None:
        self.reads = 0

    async def receive(self, channel: str) -> dict[str, Any]:
        self.reads += 1
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            if self.reads == 1:
                raise TimeoutError("Timeout reading from socket") from None
            raise
        return {}

    async def group_add(self, group: str, channel: str) -> None:
        return None


async def _ends_when_cancelled(task: asyncio.Task[Any], layer: CancelTurnedIntoTimeout) -> None:
    while layer.reads == 0:
        await asyncio.sleep(0)
    task.cancel()
    await asyncio.wait({task}, timeout=3)
    try:
        assert task.done()
        assert task.cancelled()
        assert layer.reads == 1  # not read again after the cancellation
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def test_a_sockets_layer_read_ends_when_cancelled() -> None:
    consumer = EncounterConsumer()
    layer = CancelTurnedIntoTimeout()
    consumer.channel_layer = layer
    task = asyncio.create_task(consumer.layer_receive("tabula.test"))
    await _ends_when_cancelled(task, layer)


async def test_the_hubs_pump_ends_when_cancelled() -> None:
    layer = CancelTurnedIntoTimeout()
    hub = Hub(layer, asyncio.get_running_loop())
    hub.channel = "tabula.hub.test"
    task = asyncio.create_task(hub.pump("tabula.hub.test"))
    await _ends_when_cancelled(task, layer)
