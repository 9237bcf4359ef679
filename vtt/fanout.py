"""One channel-layer message per server process per frame; each process forwards it to its sockets.

The channel layer's own group send stores and pops one copy of a message per socket (the core
Redis layer: a Lua push per copy and a BZPOPMIN round trip per copy on the receiving side). At a
table of 250 that is 250 copies of the same fragments. Here a process joins the encounter's group
(`encounter_group(id)`) once, with one channel of its own, while it holds at least one socket of
that encounter; a frame message carries every audience's fragment once, and the process's pump
hands each local socket the fragment of its audience and language in one pass.

The process that commits an action also delivers to its own sockets at once, then publishes for
the other processes; its pump skips its own messages when they come back (`origin`).

Frames of one encounter reach each socket in seq order whichever process committed them: the
other processes' frames come through Redis a few milliseconds after this process's own, so a hub
holds a frame whose `first` is not the next seq it expects until the missing ones arrive, for
HOLD_SECONDS at most (a frame the layer dropped: the pages then see the gap and catch up).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
import weakref
from collections.abc import Mapping
from typing import Any, Protocol

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from vtt.fast.warmup import collect_when_idle

logger = logging.getLogger(__name__)

# The core Redis layer forgets a group member after `group_expiry` (a day) and all of them when
# Redis restarts: a process re-joins the groups of its encounters this often.
REJOIN_SECONDS = 30.0
LAYER_RETRY_SECONDS = 1.0
# How long a frame that came before its predecessors waits for them (docs/performance.md,
# "Capacity": the other process's frame follows within a few ms, hundreds when the machine is
# starved of CPU, for it is rendered first).
HOLD_SECONDS = 1.0


def being_cancelled() -> bool:
    """Whether the running task has been asked to stop. A loop that retries on any error checks
    this before it retries: redis-py may turn the cancellation of a blocking read into an error
    of its own, and a loop that retried then would never end (a test's or a server's shutdown
    waiting on it for good)."""
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


def encounter_group(encounter_id: int) -> str:
    """The processes holding sockets of this encounter (one member per process, not per socket)."""
    return f"enc.{encounter_id}"


class Socket(Protocol):
    """What the hub needs of a consumer."""

    audience_key: str
    language: str

    async def send(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None: ...

    async def layer_status(self, paused: bool) -> None: ...


def frames_message(
    encounter_id: int,
    seq: int,
    renders: list[dict[str, str]],
    audiences: Mapping[str, int],
    users: Mapping[str, int] | None = None,
    first: int | None = None,
) -> dict[str, Any]:
    """A frame for every audience of an encounter: the events `first`..`seq` (`first` defaults to
    `seq`), `renders` once each (by language), which render each audience key gets, and which
    render a user gets instead of their audience's (the readers of a whisper, by user id)."""
    message = {
        "type": "encounter.frames",
        "encounter": encounter_id,
        "first": seq if first is None else first,
        "seq": seq,
        "renders": renders,
        "audiences": dict(audiences),
    }
    if users:
        message["users"] = dict(users)
    return message


def fragment_for(
    message: Mapping[str, Any], audience_key: str, language: str, user_id: int | None = None
) -> str | None:
    """The fragment of one socket: its user's own render if it has one, else its audience's, in
    its language (else any language)."""
    index = (message.get("users") or {}).get(str(user_id)) if user_id is not None else None
    if index is None:
        index = message["audiences"].get(audience_key)
    if index is None:
        return None  # an audience that did not exist when this was rendered: it reconnects
    by_language: dict[str, str] = message["renders"][index]
    return by_language.get(language) or next(iter(by_language.values()))


class Hub:
    """The sockets of one process (one event loop, one channel layer), by encounter."""

    def __init__(self, layer: Any, loop: asyncio.AbstractEventLoop) -> None:
        self.layer = layer
        self.loop = loop
        self.origin = uuid.uuid4().hex
        self.sockets: dict[int, set[Socket]] = {}
        self.channel: str | None = None
        self.pump_task: asyncio.Task[None] | None = None
        self.rejoin_task: asyncio.Task[None] | None = None
        # joins and leaves change group membership one at a time, so a socket's join returns only
        # once the process is in the group, and a leave's discard never overtakes a later add
        self.membership_lock = asyncio.Lock()
        # Degrade, don't die: while the layer (Redis) is away the hub keeps serving its own
        # sockets, tells them live updates from other servers are paused, and re-joins its
        # groups (Redis may have restarted empty) as soon as the layer answers again.
        self.paused = False
        self.watch_task: asyncio.Task[None] | None = None
        self.groups: dict[str, set[str]] = {}  # per-socket groups (user.<id>) to restore
        # In order: per encounter, the newest seq handed to the sockets, the frames that came
        # before their predecessors (by first seq), and the timer that releases them anyway.
        self.order_lock = asyncio.Lock()
        self.delivered: dict[int, int] = {}
        self.early: dict[int, dict[int, Mapping[str, Any]]] = {}
        self.releases: dict[int, asyncio.Task[None]] = {}

    async def add_group(self, group: str, channel: str) -> None:
        """Put a socket's own channel in a group, now or when the layer is back."""
        self.groups.setdefault(group, set()).add(channel)
        try:
            await self.layer.group_add(group, channel)
        except Exception:
            await self.lost()

    async def discard_group(self, group: str, channel: str) -> None:
        """Take a socket's own channel out of a group."""
        members = self.groups.get(group)
        if members is not None:
            members.discard(channel)
            if not members:
                del self.groups[group]
        try:
            await self.layer.group_discard(group, channel)
        except Exception:
            logger.debug("group discard while the layer is away", exc_info=True)

    async def lost(self) -> None:
        """The layer failed: tell the local sockets once, and watch for its return."""
        if self.paused:
            return
        logger.warning("channel layer unavailable: live updates from other servers paused")
        self.paused = True
        await self.announce(paused=True)
        self.watch_task = asyncio.create_task(self.watch())

    async def watch(self) -> None:
        """Re-join every group until the layer answers, then tell the sockets to catch up."""
        while self.paused:
            await asyncio.sleep(LAYER_RETRY_SECONDS)
            try:
                await self.rejoin_all()
            except Exception:
                if being_cancelled():
                    raise asyncio.CancelledError from None
                continue
            self.paused = False
            logger.warning("channel layer back: live updates from other servers resumed")
            await self.announce(paused=False)

    async def rejoin_all(self) -> None:
        """Add the hub to its encounters' groups and the sockets to theirs (idempotent)."""
        if self.channel is not None:
            for encounter_id in list(self.sockets):
                await self.layer.group_add(encounter_group(encounter_id), self.channel)
        for group, channels in list(self.groups.items()):
            for channel in list(channels):
                await self.layer.group_add(group, channel)

    async def announce(self, paused: bool) -> None:
        """Every local socket learns whether frames from other processes reach it."""
        for sockets in list(self.sockets.values()):
            for socket in list(sockets):
                try:
                    await socket.layer_status(paused)
                except Exception:
                    logger.debug("status to a closing socket dropped", exc_info=True)

    async def join(self, encounter_id: int, socket: Socket, seq: int | None = None) -> None:
        """Frames of this encounter reach `socket` from now on; `seq` is the newest the socket
        has (its hello), from which the hub orders the encounter's frames if it had no socket
        of it yet."""
        async with self.membership_lock:
            if seq is not None:
                self.delivered.setdefault(encounter_id, seq)
            if self.channel is None:
                # A plain channel name, not the layer's process-local "specific.…!…": the core Redis
                # layer receives those for all of a process's consumers through one shared lock,
                # and a consumer's receive cancelled at disconnect could stall every other, frames
                # included, until they expired (bench/broadcast.py --processes 2 lost whole runs).
                # A plain channel has its own Redis key and its own blocking pop.
                self.channel = channel = f"tabula.hub.{uuid.uuid4().hex}"
                self.pump_task = asyncio.create_task(self.pump(channel))
                self.rejoin_task = asyncio.create_task(self.rejoin(channel))
            sockets = self.sockets.setdefault(encounter_id, set())
            first = not sockets
            sockets.add(socket)
            if first:
                try:
                    await self.layer.group_add(encounter_group(encounter_id), self.channel)
                except Exception:
                    await self.lost()

    async def leave(self, encounter_id: int, socket: Socket) -> None:
        """No more frames for `socket`; the process leaves groups (and stops) when none are left."""
        async with self.membership_lock:
            sockets = self.sockets.get(encounter_id)
            if sockets is None or socket not in sockets:
                return
            sockets.discard(socket)
            if sockets:
                return
            del self.sockets[encounter_id]
            _ALONE.pop(encounter_id, None)
            self.forget_order(encounter_id)
            if self.channel is not None:
                try:
                    await self.layer.group_discard(encounter_group(encounter_id), self.channel)
                except Exception:
                    logger.debug("group discard while the layer is away", exc_info=True)
            if not self.sockets:
                await self.stop()

    async def stop(self) -> None:
        """Stop receiving (the last socket left, or the server stops)."""
        tasks = [
            task for task in (self.pump_task, self.rejoin_task, self.watch_task) if task is not None
        ]
        self.pump_task = self.rejoin_task = self.watch_task = None
        self.paused = False
        self.channel = None  # a pump whose channel is no longer the hub's returns
        tasks += self.releases.values()
        self.releases.clear()
        self.delivered.clear()
        self.early.clear()
        for task in tasks:
            task.cancel()
        for task in tasks:
            # redis-py may turn the cancellation of a blocking read into its own TimeoutError
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def pump(self, channel: str) -> None:
        """Receive frame messages for this process and hand them to its sockets, in order."""
        while self.channel == channel:
            try:
                message = await receive_frames(self.layer, channel)
            except Exception:
                if self.channel != channel:
                    return
                if being_cancelled():  # redis-py may turn a cancelled read into its own error
                    raise asyncio.CancelledError from None
                # Redis away: pages catch up from the heartbeat's seq; keep trying
                logger.info("the hub could not receive; retrying", exc_info=True)
                await self.lost()
                await asyncio.sleep(LAYER_RETRY_SECONDS)
                continue
            if message is None:  # a blocking pop that timed out: wait again
                continue
            if message.get("type") != "encounter.frames" or message.get("origin") == self.origin:
                continue
            await self.deliver(message)

    async def rejoin(self, channel: str) -> None:
        """Re-join every encounter group now and then (expiry, a Redis restart)."""
        while True:
            await asyncio.sleep(REJOIN_SECONDS)
            if self.channel != channel:
                return
            try:
                await self.rejoin_all()
            except Exception:
                if being_cancelled():
                    raise asyncio.CancelledError from None
                await self.lost()

    async def deliver(self, message: Mapping[str, Any]) -> None:
        """Hand the frame to the local sockets in seq order: now if it is the next one (and then
        any held frames that follow it), else held until its predecessors come or HOLD_SECONDS
        pass. A frame at or below the newest delivered one is dropped: its sockets have it."""
        encounter = message["encounter"]
        async with self.order_lock:
            if encounter not in self.sockets:
                return
            done = self.delivered.get(encounter)
            first = message.get("first", message["seq"])
            if done is not None and message["seq"] <= done:
                return
            if done is not None and first > done + 1 and not self.paused:
                self.early.setdefault(encounter, {})[first] = message
                if encounter not in self.releases:
                    self.releases[encounter] = asyncio.create_task(self.release(encounter))
                return
            await self.send_frame(message)
            held = self.early.get(encounter, {})
            while (following := held.pop(self.delivered[encounter] + 1, None)) is not None:
                await self.send_frame(following)
            if not held:
                self.early.pop(encounter, None)
                if (timer := self.releases.pop(encounter, None)) is not None:
                    timer.cancel()

    async def release(self, encounter: int) -> None:
        """After HOLD_SECONDS, send the held frames in order anyway: what they wait for was lost
        (the layer dropped it), and the pages fetch it when they see the gap."""
        await asyncio.sleep(HOLD_SECONDS)
        async with self.order_lock:
            if self.releases.get(encounter) is not asyncio.current_task():
                return
            del self.releases[encounter]
            held = self.early.pop(encounter, {})
            for first in sorted(held):
                if held[first]["seq"] > self.delivered.get(encounter, 0):
                    await self.send_frame(held[first])

    async def delivered_up_to(self, encounter: int, seq: int) -> None:
        """Return once the sockets have the frame of `seq` (a heartbeat read from the database
        may run ahead of a frame still being rendered, sent or held), or after 2 × HOLD_SECONDS;
        at once while the layer is away or the hub orders nothing for the encounter."""
        deadline = self.loop.time() + 2 * HOLD_SECONDS
        while self.delivered.get(encounter, seq) < seq and not self.paused:
            if self.loop.time() >= deadline:
                return
            await asyncio.sleep(0.02)

    def forget_order(self, encounter: int) -> None:
        """The encounter's last local socket left: a later one starts from its own hello."""
        self.delivered.pop(encounter, None)
        self.early.pop(encounter, None)
        if (timer := self.releases.pop(encounter, None)) is not None:
            timer.cancel()

    async def send_frame(self, message: Mapping[str, Any]) -> None:
        """Send each local socket of the encounter its audience's fragment."""
        self.delivered[message["encounter"]] = message["seq"]
        for socket in list(self.sockets.get(message["encounter"], ())):
            # a whisper's readers get their own render: by the user the socket belongs to
            user = getattr(socket, "user_id", None)
            html = fragment_for(message, socket.audience_key, socket.language, user)
            if html is None:
                continue
            try:
                await socket.send(text_data=html)
            except Exception:  # a socket closing under us must not starve the others
                logger.debug("frame to a closing socket dropped", exc_info=True)

    async def publish(self, message: dict[str, Any]) -> None:
        """Deliver to this process's sockets now, then ring the other processes. Publishes do
        not wait for each other's Redis round trips: every hub puts the frames back in seq order
        (`deliver`), so one slow round trip does not hold up the frames of every other table."""
        await self.deliver(message)
        collect_when_idle(self.loop)  # vtt/fast/warmup.py: old garbage waits for a quiet moment
        await frames_written()
        group = encounter_group(message["encounter"])
        try:
            others = await send_to_others(
                self.layer, group, self.channel, {**message, "origin": self.origin}
            )
            _ALONE[message["encounter"]] = not others
        except Exception:
            # committed and delivered here; the other processes' pages catch up by heartbeat
            await self.lost()


async def frames_written() -> None:
    """Let the loop write the frames just sent before this task goes on. Daphne's sockets
    (Twisted) write on the loop's next turn, once it finds them writable; this task's next step
    (the layer's round trips for the other processes) would otherwise run first: its first
    yield puts it behind the loop's next look at the sockets, its second behind their writes."""
    await asyncio.sleep(0)
    await asyncio.sleep(0)


# Encounter id -> whether this process was the only one in the encounter's group at its last
# publish (written on the server's loop, read by broadcasts in a worker thread): then who is
# looking is known here (vtt/encounters/presence.py `watching`). A process that joins later is
# seen at the next publish, whose frame its sockets may miss (they catch up, as after any gap).
_ALONE: dict[int, bool] = {}


def alone(encounter_id: int) -> bool:
    """Whether this process alone has sockets of the encounter, as its last publish found."""
    return _ALONE.get(encounter_id, False)


async def others_in_group(layer: Any, group: str, channel: str | None) -> bool:
    """Whether a process other than this one (`channel`) is in the group, so the frames must go
    through the layer: alone, the process would only serialise them, send them to Redis and
    read them back to drop them (its own). channels-redis's core layer keeps a group as a sorted
    set of channel names (`_group_key`), the in-memory layer as a dict; any other layer is
    always sent to."""
    if channel is None:
        return True
    if isinstance(getattr(layer, "groups", None), dict):  # the in-memory layer (one process)
        return any(member != channel for member in layer.groups.get(group, {}))
    key_of = getattr(layer, "_group_key", None)
    connection_of = getattr(layer, "connection", None)
    if key_of is None or connection_of is None:
        return True
    connection = connection_of(layer.consistent_hash(group))
    members = await connection.zrange(key_of(group), 0, -1)
    return not members or any(member.decode() != channel for member in members)


# One round trip to Redis for a frame: the members of the encounter's group that are not this
# process get the message (the layer's own serialised form, in the keys its receive reads), and
# the script answers how many did and whether this process was a member. channels-redis's
# group_send takes four round trips and sends this process a copy it only reads back to drop;
# with the check for other members before it, five (docs/performance.md D29). The hubs' channels
# are plain names (`Hub.join`); a group holding a process-local one is left to group_send.
_TO_OTHERS = """
local members = redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[1], '+inf')
for _, member in ipairs(members) do
  if string.find(member, '!', 1, true) then
    return {-1, 0}
  end
end
local sent, seen = 0, 0
for _, member in ipairs(members) do
  if member == ARGV[2] then
    seen = 1
  else
    local key = ARGV[3] .. member
    redis.call('ZREMRANGEBYSCORE', key, 0, ARGV[5] - ARGV[7])
    if redis.call('ZCOUNT', key, '-inf', '+inf') < tonumber(ARGV[4]) then
      redis.call('ZADD', key, ARGV[5], ARGV[6])
      redis.call('EXPIRE', key, ARGV[7])
    end
    sent = sent + 1
  end
end
return {sent, seen}
"""
_SCRIPT: list[Any] = []  # the registered script (its SHA), made on first use


def _one_redis(layer: Any) -> bool:
    """Whether `layer` is channels-redis's core layer on one Redis (not sharded over several):
    then a group's members and their channels' keys are all on its connection 0."""
    needed = "_group_key connection serialize deserialize prefix brpop_timeout group_expiry expiry"
    return getattr(layer, "ring_size", None) == 1 and all(
        hasattr(layer, name) for name in needed.split()
    )


async def send_to_others(
    layer: Any, group: str, channel: str | None, message: dict[str, Any]
) -> bool:
    """Send `message` to the group's members other than `channel` (this process's hub);
    whether there were any, or may be (the group does not hold `channel`: it was lost). On one
    Redis, in one script; else the layer's group send."""
    if channel is None or not _one_redis(layer):
        others = await others_in_group(layer, group, channel)
        if others:
            await layer.group_send(group, message)
        return others
    connection = layer.connection(0)
    if not _SCRIPT:
        _SCRIPT.append(connection.register_script(_TO_OTHERS))
    script = _SCRIPT[0]  # called on this loop's connection, loaded again after a Redis restart
    now = time.time()
    sent, seen = await script(
        keys=[layer._group_key(group)],
        args=[
            int(now) - layer.group_expiry,
            channel,
            layer.prefix,
            layer.get_capacity(channel),
            now,
            layer.serialize(message),
            int(layer.expiry),
        ],
        client=connection,
    )
    if sent < 0:  # a process-local channel ("…!…") in the group: its key and message differ
        await layer.group_send(group, message)
        return True
    # not a member itself: the group was lost (Redis restarted empty), others may be there too
    return bool(sent) or not seen


async def receive_frames(layer: Any, channel: str) -> dict[str, Any] | None:
    """The next message on the hub's channel, or None after a quiet few seconds. On one Redis,
    one blocking pop: channels-redis's receive adds three round trips around it (a backup queue,
    so that a receive cancelled mid-way loses nothing), which a frame does not need: a frame
    lost with a stopping hub is one its pages catch up on (D29)."""
    if not _one_redis(layer):
        message: dict[str, Any] = await layer.receive(channel)
        return message
    popped = await layer.connection(0).bzpopmin(layer.prefix + channel, layer.brpop_timeout)
    if popped is None:
        return None
    received: dict[str, Any] = layer.deserialize(popped[1])
    return received


_hubs: weakref.WeakKeyDictionary[Any, Hub] = weakref.WeakKeyDictionary()


def hub() -> Hub:
    """This process's hub for the default channel layer (called on the server's event loop)."""
    layer = get_channel_layer()
    found = _hubs.get(layer)
    loop = asyncio.get_running_loop()
    if found is None or found.loop is not loop:
        found = _hubs[layer] = Hub(layer, loop)
    return found


def publish_from_sync(message: dict[str, Any]) -> None:
    """After commit, from a worker thread: hand the frames to the server's loop without waiting.

    The worker (one per process for thread-sensitive work, asgiref) is free for the next action
    at once. Without a hub (a management command, a test without sockets) the layer is rung
    directly and waited for.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    found = _hubs.get(layer)
    if found is not None and found.loop.is_running() and not _on_loop(found.loop):
        future = asyncio.run_coroutine_threadsafe(found.publish(message), found.loop)
        future.add_done_callback(_log_failure)
        return
    group = encounter_group(message["encounter"])
    async_to_sync(layer.group_send)(group, message)


def _on_loop(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


def _log_failure(future: Any) -> None:
    if not future.cancelled() and future.exception() is not None:
        logger.error("broadcast failed", exc_info=future.exception())
