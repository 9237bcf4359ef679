"""One heartbeat per process and encounter, not one per socket.

Every `VTT_HEARTBEAT_SECONDS` each open page gets the encounter's latest seq (a silent socket
notices it is stale) and its presence row is refreshed (a broadcast renders for the audiences
seen lately, vtt/encounters/presence.py). A process holding several sockets of one encounter
does that in one database call for all of them (their rows refreshed by one statement, the seq
read once) and sends them the same frame, drawn once per seq: at a table of six on one process,
one call every beat instead of six (docs/performance.md, decision record D12).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from typing import Protocol

from django.conf import settings

from vtt.dbretry import DATABASE_ERRORS
from vtt.encounters import fragments
from vtt.encounters.models import Encounter
from vtt.encounters.presence import refresh_all
from vtt.fanout import Hub
from vtt.fast.kept_connection import keeping_connection

logger = logging.getLogger(__name__)

# While the channel layer is away other processes' frames do not come: beat faster, so the
# pages fetch what they miss over HTTP within seconds.
PAUSED_HEARTBEAT_SECONDS = 2.0


class Beating(Protocol):
    """What a heartbeat needs of a consumer."""

    channel_name: str

    async def send(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None: ...

    async def encounter_gone(self) -> None: ...


def beat_sync(encounter_id: int, channels: list[str]) -> int | None:
    """A beat's database work in one call: the sockets' presence rows refreshed in one
    statement, and the encounter's latest seq (None once it is gone)."""
    refresh_all(channels)
    return Encounter.objects.filter(pk=encounter_id).values_list("seq", flat=True).first()


beat_once = keeping_connection(beat_sync)


class Heartbeats:
    """The beating sockets of one process (one event loop), by encounter, and each encounter's
    one beat task (started with its first socket, stopped with its last)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.sockets: dict[int, set[Beating]] = {}
        self.tasks: dict[int, asyncio.Task[None]] = {}

    def join(self, encounter_id: int, socket: Beating) -> None:
        self.sockets.setdefault(encounter_id, set()).add(socket)
        if encounter_id not in self.tasks:
            self.tasks[encounter_id] = asyncio.create_task(self.beat(encounter_id))

    def leave(self, encounter_id: int, socket: Beating) -> None:
        sockets = self.sockets.get(encounter_id)
        if sockets is None:
            return
        sockets.discard(socket)
        if not sockets:
            del self.sockets[encounter_id]
            task = self.tasks.pop(encounter_id, None)
            if task is not None and task is not asyncio.current_task():
                task.cancel()

    async def beat(self, encounter_id: int) -> None:
        """Every beat: refresh the sockets' presence and send them the latest seq; close them
        all if the encounter is gone."""
        while True:
            paused = self.hub.paused
            await asyncio.sleep(
                PAUSED_HEARTBEAT_SECONDS if paused else settings.VTT_HEARTBEAT_SECONDS
            )
            sockets = self.sockets.get(encounter_id)
            if not sockets:
                return
            channels = sorted(socket.channel_name for socket in sockets)
            try:
                seq = await beat_once(encounter_id, channels)
            except DATABASE_ERRORS:
                continue  # the database is away for a moment; the next beat tells
            if seq is None:
                for socket in list(self.sockets.get(encounter_id, ())):
                    await socket.encounter_gone()
                return
            # a frame on its way is not a gap: the page would fetch it
            await self.hub.delivered_up_to(encounter_id, seq)
            frame = fragments.render_heartbeat(seq)
            for socket in list(self.sockets.get(encounter_id, ())):
                try:
                    await socket.send(text_data=frame)
                except Exception:  # a socket closing under us must not starve the others
                    logger.debug("heartbeat to a closing socket dropped", exc_info=True)


_beats: weakref.WeakKeyDictionary[Hub, Heartbeats] = weakref.WeakKeyDictionary()


def heartbeats(hub: Hub) -> Heartbeats:
    """The heartbeats of the process whose hub is `hub` (one per event loop and layer)."""
    found = _beats.get(hub)
    if found is None:
        found = _beats[hub] = Heartbeats(hub)
    return found
