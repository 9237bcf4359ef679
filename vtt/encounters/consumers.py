"""The live table's websocket: parse the message, call a service, forward pre-rendered frames."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Mapping
from http.cookies import SimpleCookie
from typing import Any, cast

from asgiref.typing import WebSocketReceiveEvent
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from channels.utils import await_many_dispatch
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation.trans_real import parse_accept_lang_header

from rules.core.errors import RulesError
from vtt import fast
from vtt.dbretry import DATABASE_ERRORS, retrying
from vtt.encounters import fragments, limits, presence, services
from vtt.encounters.commands import (
    Act,
    Chat,
    Command,
    Expire,
    Help,
    TooLarge,
    decode,
    parse_command,
)
from vtt.encounters.heartbeats import heartbeats
from vtt.encounters.models import Encounter
from vtt.errors import FaceWanted, Unavailable
from vtt.fanout import Hub, being_cancelled, hub
from vtt.fast.kept_connection import keeping_connection
from vtt.realtime import user_group
from vtt.words import refusal

CLOSE_FORBIDDEN = 4403  # the page does not reconnect after this code
CLOSE_TOO_BIG = 1009
CLOSE_TOO_FAST = 1008  # over the socket's message rate: the page reconnects after its backoff
CLOSE_TOO_MANY = 4429  # over the user's sockets: the page stops, as for 4403
CLOSE_TRY_AGAIN = 1013  # the database did not answer the handshake; the page reconnects
LAYER_RETRY_SECONDS = 1.0
logger = logging.getLogger(__name__)


def perform_sync(encounter_id: int, user_id: int, command: Command) -> services.Outcome:
    """Run the command's service in its own transaction."""
    assert not isinstance(command, Help), "the consumer answers /help itself"
    if isinstance(command, Act):
        return services.play(encounter_id, user_id, command.action, command.key)
    if isinstance(command, Chat):
        return services.chat(encounter_id, user_id, command.text, command.key, command.faces)
    if isinstance(command, Expire):
        return services.expire(encounter_id, user_id)
    return services.undo(encounter_id, user_id, command.key, command.roll)


async def perform_retrying(encounter_id: int, user_id: int, command: Command) -> services.Outcome:
    """`perform`, tried again while the database connection is being replaced (the key makes a
    retry safe); then "try again"."""
    try:
        outcome: services.Outcome = await retrying(lambda: perform(encounter_id, user_id, command))
    except DATABASE_ERRORS:
        logger.warning("the database did not answer an action", exc_info=True)
        raise Unavailable(_("The database did not answer; your action is sent again.")) from None
    return outcome


def current_seq_sync(encounter_id: int) -> int | None:
    """The encounter's latest seq, or None once it is gone."""
    return Encounter.objects.filter(pk=encounter_id).values_list("seq", flat=True).first()


# a socket's database calls (on the fast path: a kept connection, vtt/fast/kept_connection.py)
perform = keeping_connection(perform_sync)
forget_presence = keeping_connection(presence.forget)
hello_for = keeping_connection(fragments.hello_for)
current_seq = keeping_connection(current_seq_sync)


def language_of(scope: Mapping[str, Any]) -> str:
    """The page language of a socket: the language cookie, else the browser's Accept-Language."""
    cookies = scope.get("cookies") or {}
    chosen = cookies.get(settings.LANGUAGE_COOKIE_NAME)
    if chosen is None:
        for name, value in scope.get("headers") or ():
            if name == b"cookie":
                morsel = SimpleCookie(value.decode("latin-1")).get(settings.LANGUAGE_COOKIE_NAME)
                chosen = morsel.value if morsel else None
    candidates = [chosen] if chosen else []
    for name, value in scope.get("headers") or ():
        if name == b"accept-language":
            parsed = parse_accept_lang_header(value.decode("latin-1"))
            candidates.extend(code for code, _q in parsed if code != "*")
    for code in candidates:
        with contextlib.suppress(LookupError):
            return translation.get_supported_language_variant(code)
    return translation.get_supported_language_variant(settings.LANGUAGE_CODE)


class EncounterConsumer(AsyncWebsocketConsumer):
    """One socket per open encounter page; it only forwards frames rendered once per audience."""

    groups_joined: list[str]

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Channels' consumer loop, except that a channel layer outage does not end the socket."""
        self.scope = scope
        self.base_send = send
        sources = [receive]
        # settings.py always configures a layer; the check keeps Channels' own behaviour
        if (layer := get_channel_layer(self.channel_layer_alias)) is not None:
            self.channel_layer = layer
            self.channel_name = await layer.new_channel()
            # channel-layer messages, not ASGI events: so not stored as `self.channel_receive`
            sources.append(functools.partial(self.layer_receive, self.channel_name))
        try:
            with contextlib.suppress(StopConsumer):
                await await_many_dispatch(sources, self.dispatch)
        finally:
            # A handler that raised, or a cancelled application, ends the loop without the
            # websocket.disconnect message: the heartbeat and the presence row must still go.
            await self.disconnect(1006)

    async def layer_receive(self, channel: str) -> dict[str, Any]:
        """The next channel-layer message; while Redis is away, wait for it rather than fail."""
        while True:
            try:
                message: dict[str, Any] = await self.channel_layer.receive(channel)
                return message
            except Exception:
                if being_cancelled():  # the socket is ending: redis-py reported that as its error
                    raise asyncio.CancelledError from None
                logger.warning("channel layer unavailable; the socket stays open", exc_info=True)
                await asyncio.sleep(LAYER_RETRY_SECONDS)

    async def connect(self) -> None:
        self.groups_joined = []
        self.beating = False
        self.hub: Hub | None = None
        self.encounter_id = int(self.scope["url_route"]["kwargs"]["encounter_id"])
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        self.user_id: int = user.pk
        self.language = language_of(self.scope)
        self.bucket = limits.TokenBucket(
            settings.VTT_SOCKET_MESSAGES_PER_SECOND, settings.VTT_SOCKET_MESSAGE_BURST
        )
        if not limits.admit(self.user_id, self.channel_name, settings.VTT_SOCKETS_PER_USER):
            with translation.override(self.language):
                reason = _(
                    "Too many open tables for this account: at most %(n)d at once. Close some "
                    "and reload this page."
                ) % {"n": settings.VTT_SOCKETS_PER_USER}
            await self.accept()
            await self.refuse(reason, CLOSE_TOO_MANY)
            return
        try:
            with translation.override(self.language):
                hello = await retrying(
                    lambda: hello_for(
                        self.encounter_id, self.user_id, self.channel_name, self.language
                    )
                )
        except DATABASE_ERRORS:
            logger.warning("the database did not answer a handshake", exc_info=True)
            await self.close(code=CLOSE_TRY_AGAIN)
            return
        if hello is None:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        self.campaign_id = hello.campaign_id
        self.audience_key = hello.audience_key
        await self.accept()
        self.groups_joined.append(user_group(self.user_id))
        self.hub = hub()
        # Redis away: the socket still gets this process's frames; the hub re-joins the user's
        # group with its own when the layer is back.
        await self.hub.add_group(user_group(self.user_id), self.channel_name)
        # Broadcasts are at-most-once, so every (re)connect starts from stored state: the hello,
        # then frames from the process's hub; anything committed between that read and the join
        # is announced by a heartbeat, and the page fetches it.
        # hello_for recorded the socket as present (every process reads that table), so from then
        # on broadcasts render for its audience and language; one that went out before the hub
        # joined is caught up by the seq check below.
        await self.send(text_data=hello.html)
        await self.hub.join(self.encounter_id, self, hello.seq)
        if self.hub.paused:
            await self.layer_status(paused=True)
        seq = None
        with contextlib.suppress(*DATABASE_ERRORS):  # the first heartbeat tells instead
            seq = await retrying(lambda: current_seq(self.encounter_id))
        if seq is not None and seq > hello.seq:
            await self.send(text_data=fragments.render_heartbeat(seq))
        # one heartbeat per process and encounter (vtt/encounters/heartbeats.py)
        heartbeats(self.hub).join(self.encounter_id, self)
        self.beating = True

    async def layer_status(self, paused: bool) -> None:
        """Tell the page whether other servers' frames reach it; once they do again, catch up."""
        with translation.override(self.language):
            await self.send(text_data=fragments.render_live(paused))
        if not paused:
            with contextlib.suppress(*DATABASE_ERRORS):
                seq = await current_seq(self.encounter_id)
                await self.send(text_data=fragments.render_heartbeat(seq or 0))

    async def encounter_gone(self) -> None:
        """The heartbeat found the encounter deleted: the page stops."""
        await self.close(code=CLOSE_FORBIDDEN)

    async def refuse(self, reason: str, code: int) -> None:
        """An error frame the page shows, then the close with the same words as its reason."""
        self.refused = True
        with translation.override(self.language):
            html = fragments.render_error(reason)
        await self.send(text_data=html)
        await self.close(code=code, reason=reason)

    async def disconnect(self, code: int) -> None:
        if getattr(self, "disconnected", False):
            return  # once: from the websocket.disconnect message, or when the loop ends
        self.disconnected = True
        if getattr(self, "user_id", None) is not None:
            limits.release(self.user_id, self.channel_name)
        if getattr(self, "beating", False) and self.hub is not None:
            heartbeats(self.hub).leave(self.encounter_id, self)
        if getattr(self, "hub", None) is not None:
            assert self.hub is not None
            await self.hub.leave(self.encounter_id, self)
        for group in getattr(self, "groups_joined", []):
            if self.hub is not None:
                await self.hub.discard_group(group, self.channel_name)
        if getattr(self, "audience_key", None) is not None:
            with contextlib.suppress(*DATABASE_ERRORS):
                await forget_presence(self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if getattr(self, "refused", False):
            return  # closing: what was sent after the close is not read
        if not self.bucket.take():
            with translation.override(self.language):
                reason = _("Too many messages at once; this table reconnects in a moment.")
            await self.refuse(reason, CLOSE_TOO_FAST)
            return
        # Every message is answered under its key: "done" (stored, or nothing to store), or an
        # error; "try again" errors only while the database is away, and the page resends them.
        key = None
        with translation.override(self.language):
            try:
                content = decode(text_data, bytes_data)
                key = fragments.answer_key(content.get("key"))
                command = parse_command(content)
                if isinstance(command, Help):
                    await self.send(text_data=fragments.render_chat_help())  # to the sender only
                    await self.send(text_data=fragments.render_done(key))
                    return
                outcome = await perform_retrying(self.encounter_id, self.user_id, command)
            except TooLarge as exc:
                await self.refuse(str(exc), CLOSE_TOO_BIG)
                return
            except FaceWanted as need:  # a physical-dice player rolls the next die; nothing stored
                await self.send(text_data=fragments.render_face_prompt(content, need))
                await self.send(text_data=fragments.render_done(key))  # the prompt keeps the key
                return
            except RulesError as exc:
                # to the sender only, never the table, in their language; nothing was stored
                retry = isinstance(exc, Unavailable)
                html = fragments.render_error(refusal(exc), key=key, retry=retry)
                await self.send(text_data=html)
                return
        if not outcome.fresh:
            # a resend: answered with the latest seq, so the page fetches anything it lacks
            with contextlib.suppress(*DATABASE_ERRORS):  # else the next heartbeat tells
                seq = await retrying(lambda: current_seq(self.encounter_id))
                await self.send(text_data=fragments.render_heartbeat(seq or 0))
        await self.send(text_data=fragments.render_done(key))  # stored: the page sends it no more

    async def dispatch(self, message: dict[str, Any]) -> None:
        # Channels hops to a thread before every handler to close stale DB connections; on the
        # fast path `perform` keeps or hands back its own (vtt/fast/kept_connection.py), so
        # incoming messages skip that hop. Frames do not come through here at all: the
        # process's hub sends them (fanout.py).
        if message.get("type") == "websocket.receive" and fast.enabled():
            await self.websocket_receive(cast(WebSocketReceiveEvent, message))
            return
        await super().dispatch(message)

    async def user_revoked(self, message: dict[str, Any]) -> None:
        """The user was removed, or their role or seat changed: close now; the page reconnects."""
        if message.get("campaign_id") not in (None, self.campaign_id):
            return
        with translation.override(self.language):
            notice = _("Your place at this table changed; reconnecting.")
            if message.get("reason") == "removed":
                notice = _("You were removed from this campaign.")
        await self.send(text_data=fragments.render_notice(notice, 0))
        # 4403 (removed) stops the page; 1012 (role or seat changed) makes it reconnect
        await self.close(code=CLOSE_FORBIDDEN if message.get("reason") == "removed" else 1012)
