"""A broadcast's frames leave this process's sockets before the hub turns to the channel layer
for the other processes (vtt/fanout.py `frames_written`): Daphne's sockets (Twisted) write on
the loop's next turn, once the loop finds them writable, so the layer's round trips would
otherwise go first and every local viewer would wait for them."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import pytest

from vtt import fanout
from vtt.fanout import Hub, frames_message


class TwistedLikeSocket:
    """A socket that writes as Twisted's transport does: queued, then written when the loop
    reports the file descriptor writable."""

    audience_key = "observer"
    language = "en"

    def __init__(self, loop: asyncio.AbstractEventLoop, order: list[str]) -> None:
        self.loop = loop
        self.order = order
        self.mine, self.theirs = socket.socketpair()
        self.mine.setblocking(False)

    async def send(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        def write() -> None:
            self.loop.remove_writer(self.mine.fileno())
            self.mine.send((text_data or "").encode())
            self.order.append("written")

        self.loop.add_writer(self.mine.fileno(), write)

    async def layer_status(self, paused: bool) -> None:
        return None

    def close(self) -> None:
        self.mine.close()
        self.theirs.close()


class RecordingLayer:
    """A layer with another process in the encounter's group, recording when it is used."""

    def __init__(self, order: list[str]) -> None:
        self.order = order
        self.groups: dict[str, dict[str, int]] = {"enc.1": {"mine": 0, "another process": 0}}

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        self.order.append("layer")


async def publish_once() -> list[str]:
    order: list[str] = []
    loop = asyncio.get_running_loop()
    hub = Hub(RecordingLayer(order), loop)
    hub.channel = "mine"
    sockets = [TwistedLikeSocket(loop, order) for _ in range(3)]
    hub.sockets[1] = set(sockets)
    try:
        await hub.publish(frames_message(1, 5, [{"en": "<div>frame</div>"}], {"observer": 0}))
        await asyncio.sleep(0.05)  # anything still queued is written by now
    finally:
        for s in sockets:
            s.close()
    return order


async def test_the_local_sockets_are_written_before_the_layer_is_rung() -> None:
    assert await publish_once() == ["written", "written", "written", "layer"]


async def test_without_the_wait_the_layer_would_go_first(monkeypatch: pytest.MonkeyPatch) -> None:
    async def no_wait() -> None:
        return None

    monkeypatch.setattr(fanout, "frames_written", no_wait)
    assert (await publish_once())[0] == "layer"
