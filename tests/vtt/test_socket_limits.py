"""Issue 30 (7, 9) through a real Daphne as docker-compose runs it: an oversized message, a socket
over its message rate and a user over their sockets are each answered and closed with their code
and a reason the page can show, and the socket's disconnect always runs (its presence row and
heartbeat go); the login throttle counts the address nginx sets, never a client's
X-Forwarded-For."""

from __future__ import annotations

import asyncio
import json
import os
import re
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import websockets
import yaml
from django.utils import translation

from bench.livestack import LiveStack
from vtt.encounters.commands import too_large_message

ROOT = Path(__file__).resolve().parents[2]
TABLE_TITLE = "Dice at the table"
HEARTBEAT_SECONDS = 1
SOCKETS_PER_USER = 3
BURST = 5
CLIENT = "203.0.113.9"  # the address nginx is connected from, in this test


def compose_daphne_flags() -> list[str]:
    """The flags docker-compose gives Daphne between its port and the application."""
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    words: list[str] = compose["services"]["web1"]["command"]
    return words[words.index("-p") + 2 : -1]


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveStack]:
    database_url = os.environ.get("DATABASE_URL", "")
    live = LiveStack(
        workdir=tmp_path_factory.mktemp("socket-limits"),
        database_url=database_url if database_url.startswith("postgres") else None,
        daphne_args=compose_daphne_flags(),
        extra_env={
            "VTT_BEHIND_PROXY": "1",
            "VTT_HEARTBEAT_SECONDS": str(HEARTBEAT_SECONDS),
            "VTT_SOCKETS_PER_USER": str(SOCKETS_PER_USER),
            "VTT_SOCKET_MESSAGE_BURST": str(BURST),
            "VTT_SOCKET_MESSAGES_PER_SECOND": "1",
        },
    )
    with live:
        yield live


@pytest.fixture(scope="module")
def encounter(stack: LiveStack) -> int:
    out = stack.shell(
        "from vtt.encounters.models import Encounter\n"
        f"found = Encounter.objects.filter(title={TABLE_TITLE!r}).order_by('pk').first()\n"
        "print('ENCOUNTER', found.pk)"
    )
    return int(next(ln for ln in out.splitlines() if ln.startswith("ENCOUNTER")).split()[1])


@pytest.fixture(scope="module")
def sessions(stack: LiveStack) -> dict[str, str]:
    return stack.sessions("gm", "player1", "player2")


def connect(
    stack: LiveStack, encounter: int, session: str, language: str = "en"
) -> websockets.connect:
    return websockets.connect(
        stack.url.replace("http://", "ws://") + f"/ws/encounters/{encounter}/",
        additional_headers={"Cookie": f"sessionid={session}; django_language={language}"},
        origin=stack.url,  # type: ignore[arg-type]
        max_size=None,
    )


def help_message() -> str:
    return json.dumps({"command": "chat", "text": "/help", "key": str(uuid.uuid4())})


async def frames_until_closed(ws: websockets.ClientConnection) -> list[str]:
    """Every frame the server sends until it closes the socket."""
    frames: list[str] = []
    async with asyncio.timeout(20):  # heartbeats keep coming to a socket left open
        while True:
            try:
                frames.append(str(await ws.recv()))
            except websockets.ConnectionClosed:
                return frames


def presence_rows(stack: LiveStack, encounter: int) -> int:
    out = stack.shell(
        "from vtt.encounters.models import Presence\n"
        f"print('ROWS', Presence.objects.filter(encounter_id={encounter}).count())"
    )
    return int(next(ln for ln in out.splitlines() if ln.startswith("ROWS")).split()[1])


def errors_in_log(stack: LiveStack) -> list[str]:
    return [
        line
        for line in stack.log().splitlines()
        if "Exception inside application" in line or "invalid close code" in line
    ]


async def test_an_oversized_message_is_closed_with_1009_and_its_disconnect_runs(
    stack: LiveStack, encounter: int, sessions: dict[str, str]
) -> None:
    """Before: the consumer's close(1009) raised inside Daphne ("invalid close code 1009"), the
    socket was closed 1011, and disconnect() never ran: the presence row stayed, refreshed by a
    heartbeat that went on for ever."""
    async with connect(stack, encounter, sessions["player1"], "zh-hans") as ws:
        await ws.recv()  # hello
        assert presence_rows(stack, encounter) == 1

        await ws.send(json.dumps({"command": "chat", "text": "x" * 20000, "key": "big"}))

        frames = await frames_until_closed(ws)
        assert ws.close_code == 1009
        with translation.override("zh-hans"):
            told = too_large_message()
        assert told != too_large_message()  # the page's language, not English
        assert ws.close_reason == told
        assert any('data-frame="error"' in f and told in f for f in frames), frames
    # several heartbeats later the row is gone: no heartbeat of that socket refreshes it
    time.sleep(3 * HEARTBEAT_SECONDS)
    assert presence_rows(stack, encounter) == 0
    assert errors_in_log(stack) == []


async def test_a_message_at_the_limit_is_read(
    stack: LiveStack, encounter: int, sessions: dict[str, str]
) -> None:
    """The limit is the one the page is told: 8 KiB goes through (and is refused as a chat line
    for its own reasons), a byte more does not."""
    async with connect(stack, encounter, sessions["player1"]) as ws:
        await ws.recv()
        base = {"command": "chat", "text": "", "key": "edge"}
        padding = 8 * 1024 - len(json.dumps(base))
        await ws.send(json.dumps({**base, "text": "/help" + " " * (padding - 5)}))
        assert 'data-frame="help"' in str(await asyncio.wait_for(ws.recv(), timeout=15))
        await ws.send(json.dumps({**base, "text": "/help" + " " * (padding - 4)}))
        await frames_until_closed(ws)
        assert ws.close_code == 1009


async def test_a_socket_over_its_message_rate_gets_an_error_frame_then_close_1008(
    stack: LiveStack, encounter: int, sessions: dict[str, str]
) -> None:
    async with connect(stack, encounter, sessions["player2"]) as ws:
        await ws.recv()
        for _ in range(BURST * 3):
            await ws.send(help_message())

        frames = await frames_until_closed(ws)

        helps = [f for f in frames if 'data-frame="help"' in f]
        assert BURST <= len(helps) < BURST * 3
        assert 'data-frame="error"' in frames[-1]
        assert "Too many messages" in frames[-1]
        assert ws.close_code == 1008
        assert ws.close_reason.startswith("Too many messages")
    time.sleep(3 * HEARTBEAT_SECONDS)
    assert presence_rows(stack, encounter) == 0
    assert errors_in_log(stack) == []


async def test_a_users_socket_over_the_cap_is_closed_with_4429_and_a_closed_one_frees_a_place(
    stack: LiveStack, encounter: int, sessions: dict[str, str]
) -> None:
    opened = [connect(stack, encounter, sessions["gm"]) for _ in range(SOCKETS_PER_USER)]
    sockets = [await socket.__aenter__() for socket in opened]
    try:
        for ws in sockets:
            assert 'data-frame="hello"' in str(await ws.recv())
        async with connect(stack, encounter, sessions["gm"]) as extra:
            frames = await frames_until_closed(extra)
            assert extra.close_code == 4429
            assert "Too many open tables" in extra.close_reason
            assert 'data-frame="error"' in frames[-1]
            assert "Too many open tables" in frames[-1]
        await opened.pop().__aexit__(None, None, None)
        sockets.pop()
        time.sleep(0.5)  # the server hears the close
        async with connect(stack, encounter, sessions["gm"]) as again:
            assert 'data-frame="hello"' in str(await asyncio.wait_for(again.recv(), timeout=15))
    finally:
        for socket in opened:
            await socket.__aexit__(None, None, None)
    assert errors_in_log(stack) == []


def nginx_headers_for(path: str, values: dict[str, str]) -> dict[str, str]:
    """The headers deploy/nginx.conf's location for `path` sends upstream, its variables set to
    `values`: the test stands where nginx would."""
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    blocks = re.findall(r"location\s+(~\s+)?(\S+)\s*\{([^}]*)\}", conf)
    regex = [body for is_re, where, body in blocks if is_re and re.search(where, path)]
    prefix = sorted(
        ((where, body) for is_re, where, body in blocks if not is_re and path.startswith(where)),
        key=lambda found: -len(found[0]),
    )
    body = regex[0] if regex else prefix[0][1]
    headers = {}
    for name, value in re.findall(r"proxy_set_header\s+(\S+)\s+(\S+);", body):
        for variable, given in values.items():
            value = value.replace(variable, given)
        if value:
            headers[name] = value
    return headers


def login_attempt(stack: LiveStack, username: str, client_xff: str) -> int:
    """One failed login as it reaches Daphne through nginx, from a client that sends its own
    X-Forwarded-For; the answer's status."""
    host = stack.url.removeprefix("http://")
    forwarded = nginx_headers_for(
        "/accounts/login/",
        {
            "$proxy_add_x_forwarded_for": f"{client_xff}, {CLIENT}",
            "$remote_addr": CLIENT,
            "$host": host,
            "$scheme": "http",
            "$http_upgrade": "",
            "$connection_upgrade": "close",
        },
    )
    page = urllib.request.urlopen(
        urllib.request.Request(stack.url + "/accounts/login/", headers=forwarded), timeout=30
    )
    html = page.read().decode()
    cookie = page.headers["Set-Cookie"].split(";")[0]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    assert token
    form = urllib.parse.urlencode(
        {"csrfmiddlewaretoken": token[1], "username": username, "password": "wrong-password"}
    ).encode()
    request = urllib.request.Request(
        stack.url + "/accounts/login/", data=form, headers={**forwarded, "Cookie": cookie}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        return int(refused.code)


def test_the_login_throttle_ignores_a_client_sent_x_forwarded_for(stack: LiveStack) -> None:
    """Before: nginx appended to the client's X-Forwarded-For and Daphne (--proxy-headers) took
    its first address, so a rotating header was a new address each time: 0 of 35 refused."""
    answers = [login_attempt(stack, f"nobody-{n}", f"198.51.100.{n + 1}") for n in range(35)]
    assert answers[:30] == [200] * 30
    assert answers[30:] == [429] * 5
