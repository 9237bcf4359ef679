"""Issue 30: dice fairness in real pages. A player's /gmroll reads as theirs; the GM's undo of a
roll marks the line taken back live on every page; a player's /undo of a roll is refused."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

TABLE = "Dice at the table"
LINE = "#event-log > li.event"


def chat(page: Any, line: str) -> None:
    """Types a chat line and sends it with Enter, as a keyboard user does."""
    box = page.get_by_label("Chat or roll")
    box.fill(line)
    box.press("Enter")


def test_secret_rolls_and_take_backs_read_right_on_every_page(
    login: Callable[..., Any], open_encounter: Callable[[Any, str], Any]
) -> None:
    gm = open_encounter(login("gm"), TABLE)
    player1 = open_encounter(login("player1"), TABLE)
    player2 = open_encounter(login("player2"), TABLE)
    label = f"stealth-{uuid.uuid4().hex[:8]}"

    chat(player1, f"/gmroll 1d20 # {label}")

    for page in (gm, player1):
        row = page.locator(LINE, has_text=f"player1 rolled 1d20 ({label})")
        row.wait_for()
        assert row.locator(".badge").inner_text() == "secret roll"
    secret = player2.locator(LINE, has_text="player1 rolled dice in secret.").last
    secret.wait_for()
    assert label not in player2.locator("#event-log").inner_text()

    ambush = f"ambush-{uuid.uuid4().hex[:8]}"
    chat(gm, f"/roll 1d100 # {ambush}")
    roll = player2.locator(LINE, has_text=f"gm rolled 1d100 ({ambush})")
    roll.wait_for()
    seq = roll.get_attribute("data-seq")
    chat(gm, "/undo")
    for page in (gm, player1, player2):
        page.locator(LINE, has_text=f"The GM took back entry {seq}: gm rolled").wait_for()
        line = page.locator(f"#event-{seq}")
        assert "undone" in (line.get_attribute("class") or "")
        assert line.locator(".undone-mark").inner_text() == "taken back"
    player2.reload()
    player2.locator(f"#event-{seq}.undone").wait_for()

    mine = f"mine-{uuid.uuid4().hex[:8]}"
    chat(player1, f"/roll 1d6 # {mine}")
    player1.locator(LINE, has_text=f"player1 rolled 1d6 ({mine})").wait_for()
    chat(player1, "/undo")
    player1.get_by_text("A roll cannot be taken back").wait_for()
    assert player1.locator(LINE, has_text="player1 took back").count() == 0
