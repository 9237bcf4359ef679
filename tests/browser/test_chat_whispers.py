"""Issue 10: a whisper to the GM reaches the GM and its sender; the other player's page shows none
of it, live or after a reload; inline rolls and /help in a real page."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

TABLE = "Dice at the table"
LINE = "#event-log > li.event"


def chat(page: Any, line: str) -> None:
    """Types a chat line and sends it with Enter, as a keyboard user does."""
    box = page.get_by_label("Chat or roll")
    box.fill(line)
    box.press("Enter")


def test_a_whisper_to_the_gm_never_reaches_the_other_players_page(
    login: Callable[..., Any],
    open_encounter: Callable[[Any, str], Any],
    screenshot: Callable[[Any, str], Path],
    wait_caught_up: Callable[[Any], None],
) -> None:
    gm = open_encounter(login("gm"), TABLE)
    player1 = open_encounter(login("player1"), TABLE)
    player2 = open_encounter(login("player2"), TABLE)
    secret, after = f"vault-{uuid.uuid4().hex[:8]}", f"after-{uuid.uuid4().hex[:8]}"

    chat(player1, f"/w gm the code is {secret} [[1d20+5]]")

    whisper = f"player1 whispers to the GM: the code is {secret}"
    for page in (gm, player1):
        row = page.locator(LINE, has_text=whisper)
        row.wait_for()
        assert row.locator(".badge").inner_text() == "whisper"
        roll = row.locator(".inline-roll")  # the total in the line, its dice on hover
        assert roll.get_attribute("title").startswith("1d20+5: 1d20 [")
        assert row.locator(".dice .die").count() == 1
    # A public line after it: once player2 shows that, the whisper's frame has come and gone.
    chat(player1, f"{after} [[1d4]]")
    player2.locator(LINE, has_text=f"player1: {after}").wait_for()
    assert secret not in player2.locator("#event-log").inner_text()
    assert player2.locator(LINE, has_text="whisper").count() == 0
    screenshot(player2, "player2-live")
    player2.reload()
    wait_caught_up(player2)
    player2.locator(LINE, has_text=f"player1: {after}").wait_for()
    assert secret not in player2.content()
    screenshot(gm, "gm")


def test_help_is_shown_to_the_one_who_asked(
    login: Callable[..., Any], open_encounter: Callable[[Any, str], Any]
) -> None:
    player1 = open_encounter(login("player1"), TABLE)
    before = player1.locator(LINE).count()

    chat(player1, "/help")

    answer = player1.locator("#chat-answer .chat-help")
    answer.wait_for()
    assert "/w name text" in answer.inner_text()
    assert player1.locator(LINE).count() == before  # nothing was said at the table
