"""The per-process hub: one layer message per process, each local socket its own fragment."""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from channels.layers import InMemoryChannelLayer

from vtt.fanout import Hub, encounter_group, fragment_for, frames_message

RENDERS = [{"en": "gm-en", "zh-hans": "gm-zh"}, {"en": "table-en", "zh-hans": "table-zh"}]
AUDIENCES = {"gm": 0, "observer": 1, "player": 1}


@dataclass(eq=False)
class FakeSocket:
    """A consumer as the hub sees it: an audience, a language and a send."""

    audience_key: str
    language: str = "en"
    received: list[str] = field(default_factory=list)

    async def send(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        assert text_data is not None
        self.received.append(text_data)


def message(encounter_id: int = 7, seq: int = 1) -> dict[str, Any]:
    return frames_message(encounter_id, seq, RENDERS, AUDIENCES)


def redis_layers() -> Callable[[], Any]:
    """Redis layers sharing one fresh prefix: each call is another server process."""
    url = os.environ.get("REDIS_URL")
    if not url:
        reason = "the Redis hub tests need a real Redis: set REDIS_URL"
        if os.environ.get("TABULA_CI"):
            pytest.fail(reason + " (TABULA_CI=1: a missing service is a failure)")
        pytest.skip(reason)
    from channels_redis.core import RedisChannelLayer

    prefix = f"tabula-hub-test-{uuid.uuid4().hex[:8]}"
    return lambda: RedisChannelLayer(hosts=[url], prefix=prefix)


@pytest.fixture(params=["memory", "redis"])
def make_layer(request: pytest.FixtureRequest) -> Callable[[], Any]:
    """A channel-layer factory: in memory (one process) or Redis (each call is a process)."""
    if request.param == "memory":
        shared = InMemoryChannelLayer()
        return lambda: shared  # in memory, "processes" share the one layer
    return redis_layers()


@pytest.fixture
async def hubs(make_layer: Callable[[], Any]) -> AsyncIterator[list[Hub]]:
    """Two hubs, as two server processes; stopped (and their Redis flushed) afterwards."""
    loop = asyncio.get_running_loop()
    made = [Hub(make_layer(), loop), Hub(make_layer(), loop)]
    yield made
    for hub in made:
        await hub.stop()
        flush = getattr(hub.layer, "flush", None)
        if flush is not None:
            await flush()


async def until(check: Callable[[], bool], timeout: float = 3.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.01)


def test_each_socket_gets_its_audience_render_in_its_language() -> None:
    frames = message()
    assert fragment_for(frames, "gm", "zh-hans") == "gm-zh"
    assert fragment_for(frames, "player", "en") == "table-en"
    assert fragment_for(frames, "observer", "fr") == "table-en"  # unknown language: any render


def test_a_whispers_reader_gets_their_own_render_and_the_rest_their_audiences() -> None:
    frames = {**message(), "users": {"7": 0}}
    assert fragment_for(frames, "player", "zh-hans", 7) == "gm-zh"
    assert fragment_for(frames, "player", "en", 8) == "table-en"
    assert fragment_for(frames, "player", "en") == "table-en"


def test_an_audience_the_frame_does_not_know_gets_nothing() -> None:
    # a seat changed after the render: that socket is closed and reconnects from stored state
    assert fragment_for(message(), "player:blue:ann", "en") is None


async def test_publish_delivers_to_local_sockets_at_once_and_once_each(hubs: list[Hub]) -> None:
    here, _there = hubs
    gm, player = FakeSocket("gm"), FakeSocket("player", "zh-hans")
    await here.join(7, gm)
    await here.join(7, player)
    await here.publish(message(seq=1))
    assert gm.received == ["gm-en"]
    assert player.received == ["table-zh"]
    await asyncio.sleep(0.2)  # its own message comes back through the layer and is skipped
    assert gm.received == ["gm-en"]
    assert player.received == ["table-zh"]


async def test_another_process_hears_the_frame_once_through_the_layer(hubs: list[Hub]) -> None:
    here, there = hubs
    sender, watcher = FakeSocket("player"), FakeSocket("observer")
    await here.join(7, sender)
    await there.join(7, watcher)
    for seq in (1, 2, 3):
        await here.publish(message(seq=seq))
    await until(lambda: len(watcher.received) == 3)
    await asyncio.sleep(0.2)
    assert watcher.received == ["table-en"] * 3
    assert sender.received == ["table-en"] * 3


async def test_frames_of_another_encounter_do_not_reach_a_socket(hubs: list[Hub]) -> None:
    here, there = hubs
    elsewhere, watcher = FakeSocket("gm"), FakeSocket("gm")
    await here.join(8, elsewhere)
    await there.join(7, watcher)
    await here.publish(message(encounter_id=8))
    await asyncio.sleep(0.2)
    assert elsewhere.received == ["gm-en"]
    assert watcher.received == []


async def test_the_process_leaves_the_group_with_its_last_socket_and_stops(
    hubs: list[Hub],
) -> None:
    here, there = hubs
    first, second, watcher = FakeSocket("gm"), FakeSocket("player"), FakeSocket("gm")
    await there.join(7, first)
    await there.join(7, second)
    await here.join(7, watcher)
    await there.leave(7, first)
    assert there.pump_task is not None  # one socket left: still receiving
    await here.publish(message(seq=1))
    await until(lambda: second.received == ["table-en"])
    assert first.received == []
    await there.leave(7, second)
    assert there.pump_task is None
    assert there.channel is None
    assert there.sockets == {}
    await there.leave(7, second)  # leaving twice is harmless


async def test_a_socket_that_fails_to_send_does_not_starve_the_others(hubs: list[Hub]) -> None:
    class Closing(FakeSocket):
        async def send(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
            raise ConnectionError("closing")

    here, _there = hubs
    broken, fine = Closing("gm"), FakeSocket("gm")
    await here.join(7, broken)
    await here.join(7, fine)
    await here.publish(message())
    assert fine.received == ["gm-en"]


def test_the_encounter_group_is_one_name_per_encounter() -> None:
    assert encounter_group(7) == "enc.7" != encounter_group(70)


async def test_a_process_alone_in_the_group_does_not_send_its_frames_to_redis() -> None:
    """Issue 12: the frames go through Redis only while another process is in the group; alone,
    the process delivers them and sends nothing it would only read back and drop."""
    from vtt.fanout import others_in_group

    make = redis_layers()
    one, two = make(), make()
    group = encounter_group(99)
    mine, theirs = await one.new_channel(), await two.new_channel()
    try:
        assert await others_in_group(one, group, mine)  # not in the group yet: another may be
        await one.group_add(group, mine)
        assert not await others_in_group(one, group, mine)
        await two.group_add(group, theirs)
        assert await others_in_group(one, group, mine)
    finally:
        await one.group_discard(group, mine)
        await two.group_discard(group, theirs)
        await one.flush()
        await two.flush()


async def test_the_in_memory_layer_knows_its_group_too() -> None:
    """The embedded default (one process, the in-memory layer): alone unless another channel
    of the layer is in the group."""
    from vtt.fanout import others_in_group

    layer = InMemoryChannelLayer()
    group = encounter_group(98)
    mine, theirs = await layer.new_channel(), await layer.new_channel()
    await layer.group_add(group, mine)
    assert not await others_in_group(layer, group, mine)
    await layer.group_add(group, theirs)
    assert await others_in_group(layer, group, mine)


async def test_a_frame_before_its_predecessor_waits_for_it(hubs: list[Hub]) -> None:
    """Issue 30 (11): the other process's frame comes through the layer after this process's
    own later one; the hub hands them to its sockets in seq order, so no page sees a gap."""
    here, there = hubs
    near, far = FakeSocket("player"), FakeSocket("gm")
    await here.join(7, near, seq=0)
    await there.join(7, far, seq=0)
    await there.publish(frames_message(7, 2, [{"en": "two"}], {"player": 0, "gm": 0}))
    assert far.received == []  # seq 1 is on its way: held
    await here.publish(frames_message(7, 1, [{"en": "one"}], {"player": 0, "gm": 0}))
    await until(lambda: len(near.received) == 2 and len(far.received) == 2)
    assert near.received == far.received == ["one", "two"]


async def test_a_frame_whose_predecessor_was_lost_goes_out_after_the_hold(
    hubs: list[Hub], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A frame the layer dropped never comes: the held ones go out after HOLD_SECONDS, in order,
    and the pages fetch the missing seq when they see the gap."""
    monkeypatch.setattr("vtt.fanout.HOLD_SECONDS", 0.2)
    here, _there = hubs
    socket = FakeSocket("gm")
    await here.join(7, socket, seq=0)
    await here.publish(frames_message(7, 4, [{"en": "four"}], {"gm": 0}))
    await here.publish(frames_message(7, 3, [{"en": "three"}], {"gm": 0}, first=3))
    assert socket.received == []
    await until(lambda: len(socket.received) == 2, timeout=2.0)
    assert socket.received == ["three", "four"]
    await here.publish(frames_message(7, 1, [{"en": "one"}], {"gm": 0}))  # late: already past
    await here.publish(frames_message(7, 5, [{"en": "five"}], {"gm": 0}))
    assert socket.received == ["three", "four", "five"]


async def test_a_heartbeat_waits_for_a_frame_on_its_way(hubs: list[Hub]) -> None:
    """A heartbeat reads the newest seq from the database: while that seq's frame is still
    held (or rendered, or on its way through Redis) the heartbeat waits for it, so the page does
    not fetch over HTTP what the socket brings a moment later."""
    here, _there = hubs
    socket = FakeSocket("gm")
    await here.join(7, socket, seq=0)
    await here.publish(frames_message(7, 2, [{"en": "two"}], {"gm": 0}))
    waiting = asyncio.create_task(here.delivered_up_to(7, 2))
    await asyncio.sleep(0.1)
    assert not waiting.done()
    await here.publish(frames_message(7, 1, [{"en": "one"}], {"gm": 0}))
    await asyncio.wait_for(waiting, timeout=0.2)
    assert socket.received == ["one", "two"]
    await asyncio.wait_for(here.delivered_up_to(8, 5), timeout=0.05)  # no socket of 8: at once


async def test_a_frame_goes_to_the_other_processes_alone_in_one_script() -> None:
    """D29: the frame reaches the other member's channel as the layer's own receive reads it,
    not this process's own channel (it would only read it back and drop it); alone, nothing is
    sent; a group that lost this process (Redis restarted empty) counts as maybe not alone. The
    other hub takes it with one blocking pop."""
    from vtt.fanout import receive_frames, send_to_others

    make = redis_layers()
    one, two = make(), make()
    group = encounter_group(97)
    mine, theirs = f"tabula.hub.{uuid.uuid4().hex}", f"tabula.hub.{uuid.uuid4().hex}"  # as a hub's
    frame = {**message(97, 3), "origin": "one"}
    try:
        assert await send_to_others(one, group, mine, frame)  # the group lost us: maybe others
        await one.group_add(group, mine)
        assert not await send_to_others(one, group, mine, frame)
        await two.group_add(group, theirs)
        assert await send_to_others(one, group, mine, frame)
        received = await asyncio.wait_for(receive_frames(two, theirs), 3)
        assert received is not None
        assert received["seq"] == 3
        assert received["renders"] == RENDERS
        connection = one.connection(0)
        assert await connection.zcard(one.prefix + mine) == 0  # none came back to the sender
        assert await connection.zcard(two.prefix + theirs) == 0  # exactly one was sent
    finally:
        await one.group_discard(group, mine)
        await two.group_discard(group, theirs)
        await one.flush()
        await two.flush()


async def test_a_group_holding_a_process_local_channel_is_left_to_the_layer() -> None:
    """Such a channel's key and message differ from a hub's (channels-redis adds the channel to
    the message): the script sends nothing and the layer's own group send delivers it."""
    from vtt.fanout import send_to_others

    make = redis_layers()
    one, two = make(), make()
    group = encounter_group(96)
    mine, theirs = f"tabula.hub.{uuid.uuid4().hex}", await two.new_channel()
    try:
        await one.group_add(group, mine)
        await two.group_add(group, theirs)
        assert await send_to_others(one, group, mine, {**message(96, 4), "origin": "one"})
        received = await asyncio.wait_for(two.receive(theirs), 3)
        assert received["seq"] == 4
    finally:
        await one.group_discard(group, mine)
        await two.group_discard(group, theirs)
        await one.flush()
        await two.flush()
