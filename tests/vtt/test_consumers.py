"""The live table over the real routing: session auth, origin check, audiences, bad input."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from vtt.encounters.models import Encounter
from vtt.eventlog.models import Event
from vtt.lobby import members

pytestmark = pytest.mark.django_db(transaction=True)
ORIGIN = b"http://localhost"


@database_sync_to_async
def session_cookie(user: Any) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


async def connect(
    user: Any | None, encounter: Any, origin: bytes = ORIGIN
) -> WebsocketCommunicator:
    """A socket to the encounter with the user's real session cookie (None: anonymous)."""
    from vtt.asgi import application

    headers = [(b"origin", origin), (b"host", b"localhost")]
    if user is not None:
        cookie = await session_cookie(user)
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()))
    return WebsocketCommunicator(application, f"/ws/encounters/{encounter.pk}/", headers=headers)


async def join(user: Any, encounter: Any) -> WebsocketCommunicator:
    """Connect and read the hello frame."""
    socket = await connect(user, encounter)
    connected, _code = await socket.connect(timeout=5)
    assert connected
    hello = await socket.receive_from(timeout=5)
    assert 'data-frame="hello"' in hello
    return socket


async def until_done(socket: WebsocketCommunicator, key: str) -> list[str]:
    """The frames up to and with the "done" that answers the message sent under `key`."""
    frames = [await socket.receive_from(timeout=5)]
    while f'data-frame="done" data-key="{key}"' not in frames[-1]:
        frames.append(await socket.receive_from(timeout=5))
    return frames


def frame_seq(html: str) -> tuple[int, int]:
    first = re.search(r'data-first="(\d+)"', html)
    last = re.search(r'data-seq="(\d+)"', html)
    assert last is not None
    return (int(first.group(1)) if first else 0), int(last.group(1))


async def count_events(encounter: Any) -> int:
    return await database_sync_to_async(Event.objects.filter(encounter=encounter).count)()


async def test_a_roll_reaches_everyone_at_the_table(encounter: Any, gwen: Any, pip: Any) -> None:
    gm, player = await join(gwen, encounter), await join(pip, encounter)

    await player.send_to(
        text_data=json.dumps({"command": "chat", "text": "/roll 2d6+3", "key": "a"})
    )

    for socket in (gm, player):
        html = await socket.receive_from(timeout=5)
        assert 'data-frame="events"' in html
        assert "pip rolled 2d6+3" in html
        assert frame_seq(html) == (2, 2)
        assert html.count('class="die"') == 2
        await socket.disconnect()


async def test_gmroll_result_reaches_only_the_gm_and_the_roller(
    encounter: Any, gwen: Any, pip: Any, observer: Any
) -> None:
    gm, player, watcher = [await join(u, encounter) for u in (gwen, pip, observer)]

    await player.send_to(
        text_data=json.dumps({"command": "chat", "text": "/gmroll 3d6", "key": "a"})
    )

    gm_html, player_html, watcher_html = [
        await s.receive_from(timeout=5) for s in (gm, player, watcher)
    ]
    for html in (gm_html, player_html):
        assert "pip rolled 3d6" in html
        assert html.count('class="die"') == 3
    assert "pip rolled 3d6" not in watcher_html
    assert 'class="die"' not in watcher_html
    assert "pip rolled dice in secret." in watcher_html
    assert "The GM" not in watcher_html
    assert frame_seq(watcher_html) == (2, 2)
    for socket in (gm, player, watcher):
        await socket.disconnect()


async def test_hidden_state_never_reaches_players(encounter: Any, gwen: Any, pip: Any) -> None:
    gm, player = await join(gwen, encounter), await join(pip, encounter)
    await player.send_to(
        text_data=json.dumps({"command": "act", "kind": "bump", "actor": "ann", "key": "a"})
    )
    gm_html, player_html = await gm.receive_from(timeout=5), await player.receive_from(timeout=5)
    assert "vault code" in gm_html
    assert "vault code" not in player_html
    assert "ann bumps by" in player_html
    await gm.disconnect()
    await player.disconnect()


@pytest.mark.parametrize(
    ("message", "error"),
    [
        ("not json at all", "not JSON"),
        ("[1, 2, 3]", "expected a JSON object"),
        (json.dumps({"command": "chat", "text": "x" * 9000, "key": "a"}), "too large"),
        (json.dumps({"command": "dance", "key": "a"}), "Unknown command"),
        (json.dumps({"command": "chat", "text": "hi"}), "key is required"),
        (
            json.dumps({"command": "act", "kind": "bump", "actor": "bob", "key": "a"}),
            "do not control bob",
        ),
        (json.dumps({"command": "chat", "text": "/roll 10000d6", "key": "a"}), "10000"),
        (
            json.dumps(
                {"command": "act", "kind": "bump", "actor": "ann", "key": "a", "x": {"y": 1}}
            ),
            "plain values",
        ),
        (json.dumps({"command": "undo", "key": "a"}), "game master"),
    ],
)
async def test_bad_input_gets_an_error_for_the_sender_only(
    encounter: Any, gwen: Any, pip: Any, message: str, error: str
) -> None:
    gm, player = await join(gwen, encounter), await join(pip, encounter)
    before = await count_events(encounter)

    await player.send_to(text_data=message)

    html = await player.receive_from(timeout=5)
    assert 'data-frame="error"' in html
    assert error in html
    assert await gm.receive_nothing(timeout=0.2)
    assert await count_events(encounter) == before
    await gm.disconnect()
    await player.disconnect()


async def test_binary_messages_are_refused(encounter: Any, pip: Any) -> None:
    player = await join(pip, encounter)
    await player.send_to(bytes_data=b"\x00\x01")
    assert "must be JSON text" in await player.receive_from(timeout=5)
    await player.disconnect()


async def test_html_in_a_chat_line_arrives_as_text(encounter: Any, gwen: Any, pip: Any) -> None:
    gm = await join(gwen, encounter)
    player = await join(pip, encounter)
    await player.send_to(
        text_data=json.dumps(
            {"command": "chat", "text": "<img src=x onerror=alert(1)>", "key": "a"}
        )
    )
    html = await gm.receive_from(timeout=5)
    assert "<img src=x" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html
    await gm.disconnect()
    await player.disconnect()


async def test_chat_frames_leave_the_table_alone_and_actions_refresh_it(
    encounter: Any, pip: Any
) -> None:
    player = await join(pip, encounter)
    await player.send_to(text_data=json.dumps({"command": "chat", "text": "/roll 1d6", "key": "a"}))
    assert not [f for f in await until_done(player, "a") if 'id="table"' in f]
    bump = {"command": "act", "kind": "bump", "actor": "ann", "key": "b"}
    await player.send_to(text_data=json.dumps(bump))
    (frame,) = [f for f in await until_done(player, "b") if 'data-frame="events"' in f]
    # the table comes whole, or as the parts that changed since the one this socket was sent
    assert 'data-rev="' in frame
    assert '<div hx-swap-oob="true" id="table" class="table"' in frame or "data-parts" in frame
    await player.disconnect()


async def test_a_resent_key_is_answered_not_applied_twice(encounter: Any, pip: Any) -> None:
    player = await join(pip, encounter)
    message = json.dumps({"command": "chat", "text": "/roll 1d6", "key": "same"})
    await player.send_to(text_data=message)
    assert 'data-frame="events"' in (await until_done(player, "same"))[0]

    await player.send_to(text_data=message)

    answer, _done = await until_done(player, "same")  # the latest seq, then "done" again
    assert 'data-frame="heartbeat"' in answer
    assert frame_seq(answer)[1] == 2
    assert await count_events(encounter) == 2
    await player.disconnect()


async def test_socket_from_a_foreign_origin_is_refused(encounter: Any, pip: Any) -> None:
    socket = await connect(pip, encounter, origin=b"https://evil.example")
    connected, _code = await socket.connect(timeout=5)
    assert not connected


async def test_anonymous_and_strangers_are_refused(encounter: Any, otto: Any) -> None:
    for user in (None, otto):
        socket = await connect(user, encounter)
        connected, code = await socket.connect(timeout=5)
        assert not connected
        assert code == 4403


async def test_removed_member_socket_is_closed_at_once(encounter: Any, gwen: Any, pip: Any) -> None:
    player = await join(pip, encounter)

    await database_sync_to_async(members.remove_member)(encounter.campaign_id, gwen.pk, pip.pk)

    assert "You were removed" in await player.receive_from(timeout=5)
    assert await player.receive_output(timeout=5) == {"type": "websocket.close", "code": 4403}
    # and the same socket's late action is refused by the service's own re-check
    again = await connect(pip, encounter)
    connected, code = await again.connect()
    assert not connected
    assert code == 4403


async def test_role_change_closes_the_socket_for_a_reconnect(
    encounter: Any, gwen: Any, pip: Any
) -> None:
    player = await join(pip, encounter)
    await database_sync_to_async(members.set_role)(
        encounter.campaign_id, gwen.pk, pip.pk, "observer"
    )
    await player.receive_from(timeout=5)
    assert await player.receive_output(timeout=5) == {"type": "websocket.close", "code": 1012}
    watcher = await join(pip, encounter)
    await watcher.send_to(text_data=json.dumps({"command": "chat", "text": "hi", "key": "a"}))
    assert "Observers watch" in await watcher.receive_from(timeout=5)
    await watcher.disconnect()


async def test_heartbeat_carries_the_latest_seq(encounter: Any, pip: Any, settings: Any) -> None:
    settings.VTT_HEARTBEAT_SECONDS = 0.05
    player = await join(pip, encounter)
    beat = await player.receive_from(timeout=2)
    assert 'data-frame="heartbeat"' in beat
    assert frame_seq(beat)[1] == 1
    await player.disconnect()


async def test_reconnect_fetches_only_missed_events(encounter: Any, gwen: Any, pip: Any) -> None:
    player = await join(pip, encounter)
    await player.disconnect()
    gm = await join(gwen, encounter)
    for n, line in enumerate(["/roll 1d6", "/gmroll 1d8", "/roll 1d10"]):
        await gm.send_to(text_data=json.dumps({"command": "chat", "text": line, "key": f"k{n}"}))
        await gm.receive_from(timeout=5)
    await gm.disconnect()

    client = Client()
    await database_sync_to_async(client.force_login)(pip)
    response = await database_sync_to_async(client.get)(
        f"/encounters/{encounter.pk}/events/?after=2"
    )

    html = response.content.decode()
    assert frame_seq(html) == (3, 4)
    assert "gwen rolled 1d10" in html
    assert "gwen rolled 1d6" not in html
    assert "gwen rolled 1d8" not in html
    assert "secret" in html
    assert html.index('id="event-3"') < html.index('id="event-4"')
    encounter_now = await database_sync_to_async(Encounter.objects.get)(pk=encounter.pk)
    assert encounter_now.seq == 4


async def test_a_removed_members_open_socket_cannot_act(encounter: Any, pip: Any) -> None:
    # The removal races the close message: the service's own re-check refuses the action.
    player = await join(pip, encounter)
    from vtt.campaigns.models import Membership

    await database_sync_to_async(Membership.objects.filter(user=pip).delete)()
    before = await count_events(encounter)

    await player.send_to(text_data=json.dumps({"command": "chat", "text": "/roll 1d6", "key": "a"}))

    html = await player.receive_from(timeout=5)
    assert 'data-frame="error"' in html
    assert "You are not at this table" in html
    assert await count_events(encounter) == before
    await player.disconnect()


async def test_logging_out_closes_the_users_sockets(encounter: Any, pip: Any) -> None:
    player = await join(pip, encounter)
    client = Client()
    await database_sync_to_async(client.force_login)(pip)
    await database_sync_to_async(client.post)("/accounts/logout/")
    await player.receive_from(timeout=5)
    assert await player.receive_output(timeout=5) == {"type": "websocket.close", "code": 4403}


async def test_each_socket_gets_its_page_language(encounter: Any, gwen: Any, pip: Any) -> None:
    from vtt.asgi import application

    cookie = await session_cookie(pip)
    headers = [
        (b"origin", ORIGIN),
        (b"host", b"localhost"),
        (b"accept-language", b"zh-CN,zh;q=0.9"),
        (b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()),
    ]
    chinese = WebsocketCommunicator(application, f"/ws/encounters/{encounter.pk}/", headers=headers)
    assert (await chinese.connect())[0]
    hello = await chinese.receive_from(timeout=5)
    assert "你的角色卡" in hello
    english = await join(gwen, encounter)

    bump = {"command": "act", "kind": "bump", "actor": "bob", "key": "a"}
    await english.send_to(text_data=json.dumps(bump))

    # each socket's frame is the change from the table it was sent in its own language
    rev = re.compile(r'data-rev="(\w+)"')
    base = re.compile(r'data-base="(\w+)"')
    chinese_frame = await chinese.receive_from(timeout=5)
    assert base.search(chinese_frame)[1] == rev.search(hello)[1]  # type: ignore[index]
    english_frame = await english.receive_from(timeout=5)
    assert rev.search(english_frame)[1] != rev.search(chinese_frame)[1]  # type: ignore[index]

    # A refusal reaches its sender in the sender's language (a typo in a roll, here).
    typo = {"command": "chat", "text": "/roll 2d6+x", "key": "typo"}
    await chinese.send_to(text_data=json.dumps(typo))
    refused = await chinese.receive_from(timeout=5)
    assert 'data-frame="error"' in refused
    assert "意外" in refused
    assert "unexpected" not in refused
    await chinese.disconnect()
    await english.disconnect()


@database_sync_to_async
def unseated_player(django_user_model: Any, encounter: Any, name: str) -> Any:
    from vtt.campaigns.models import Membership, Role

    user = django_user_model.objects.create_user(name, password=f"{name}-secret-1")
    Membership.objects.create(campaign=encounter.campaign, user=user, role=Role.PLAYER)
    return user


async def test_a_whisper_reaches_its_readers_and_not_a_player_who_sees_the_same_table(
    encounter: Any, gwen: Any, pip: Any, observer: Any, django_user_model: Any
) -> None:
    # Quinn and Rex sit nowhere: the same audience, the same table, one render for both...
    quinn = await unseated_player(django_user_model, encounter, "quinn")
    rex = await unseated_player(django_user_model, encounter, "rex")
    sockets = [await join(u, encounter) for u in (gwen, pip, quinn, rex, observer)]
    gm, player, reader, other, watcher = sockets

    await player.send_to(
        text_data=json.dumps({"command": "chat", "text": "/w quinn 4711 [[1d6]]", "key": "a"})
    )

    # ...but a whisper is rendered for its readers alone, and the GM reads every whisper
    for socket in (gm, player, reader):
        html = await socket.receive_from(timeout=5)
        assert "pip whispers to quinn: 4711 " in html
        assert 'class="inline-roll"' in html
        assert frame_seq(html) == (2, 2)
    for socket in (other, watcher):
        html = await socket.receive_from(timeout=5)
        assert frame_seq(html) == (2, 2)  # the seq moves on, so no gap to fetch...
        assert "<li" not in html  # ...but nothing of the whisper: no line, no dice, no badge
        assert "4711" not in html
    for socket in sockets:
        await socket.disconnect()


async def test_help_answers_the_sender_alone_and_stores_nothing(
    encounter: Any, gwen: Any, pip: Any
) -> None:
    gm, player = await join(gwen, encounter), await join(pip, encounter)
    before = await count_events(encounter)

    await player.send_to(text_data=json.dumps({"command": "chat", "text": "/help", "key": "a"}))

    html = await player.receive_from(timeout=5)
    assert 'data-frame="help"' in html
    assert 'id="chat-answer"' in html
    for command in ("/roll 2d6+3", "/gmroll", "[[1d20+5]]", "/w", "/as", "/help"):
        assert command in html
    assert await gm.receive_nothing(timeout=0.2)
    assert await count_events(encounter) == before
    for socket in (gm, player):
        await socket.disconnect()
