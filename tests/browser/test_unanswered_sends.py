"""Issue 30: the page sends again, under the same key, every action the server has not answered.

Between the page and the real server sits Playwright's websocket route, standing in for the
faults (the server's side of them is in tests/faults): it holds back one action and either
answers it as the server does while the database is away ("sent again", `data-retry`) or drops
the socket without answering. The page must send that action again under its key, and the
table must apply it once.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

TABLE = "Dice at the table"
SENT_AGAIN = (
    '<div data-frame="error" data-key="{key}" data-retry="true">'
    '<div id="table-error" class="table-error" role="alert" hx-swap-oob="true">'
    '<p class="error">The database did not answer; your action is sent again.</p></div></div>'
)


def route(page: Any, hold: str, fault: Callable[[Any, str], None]) -> list[str]:
    """Passes every frame between page and server, except the first message holding `hold`:
    that one goes to `fault(socket route, its key)` instead. Returns every message sent."""
    sent: list[str] = []
    held: list[str] = []

    def handler(ws: Any) -> None:
        server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            text = message if isinstance(message, str) else message.decode()
            sent.append(text)
            if hold in text and not held:
                held.append(text)
                fault(ws, json.loads(text)["key"])
                return
            server.send(message)

        ws.on_message(from_page)
        server.on_message(lambda message: ws.send(message))

    page.route_web_socket(re.compile(r"/ws/encounters/"), handler)
    return sent


def roll(page: Any, line: str) -> None:
    box = page.get_by_label("Chat or roll")
    box.fill(line)
    box.press("Enter")


def keys_of(sent: list[str], hold: str) -> list[str]:
    return [json.loads(text)["key"] for text in sent if hold in text]


def test_an_action_answered_sent_again_is_sent_again_and_applied_once(
    login: Callable[..., Any], open_encounter: Callable[[Any, str], Any]
) -> None:
    page = login("player1")
    sent = route(page, "1d4+40", lambda ws, key: ws.send(SENT_AGAIN.format(key=key)))
    open_encounter(page, TABLE)

    roll(page, "/roll 1d4+40")

    page.locator("#table-error", has_text="sent again").wait_for()
    line = page.locator("#event-log > li.event", has_text="player1 rolled 1d4+40")
    line.first.wait_for(timeout=10_000)
    # the same message, key and all, went twice; the table applied it once
    assert len(keys_of(sent, "1d4+40")) == 2
    assert len(set(keys_of(sent, "1d4+40"))) == 1
    assert line.count() == 1
    # its "done" took the notice away
    page.locator("#table-error:has(p.error)").wait_for(state="detached", timeout=5_000)


def test_an_action_the_socket_dropped_unanswered_is_sent_again_on_reconnect(
    login: Callable[..., Any], open_encounter: Callable[[Any, str], Any]
) -> None:
    page = login("player1")
    sent = route(page, "1d4+50", lambda ws, key: ws.close(code=1001))
    open_encounter(page, TABLE)

    roll(page, "/roll 1d4+50")

    line = page.locator("#event-log > li.event", has_text="player1 rolled 1d4+50")
    line.first.wait_for(timeout=15_000)
    assert len(keys_of(sent, "1d4+50")) == 2
    assert len(set(keys_of(sent, "1d4+50"))) == 1
    page.wait_for_timeout(500)  # a second copy would have shown by now
    assert line.count() == 1
