"""Issue 10, hybrid tables: the GM allows physical dice, a player who prefers them rolls /roll 2d6
in the chat, the page asks for each die by its purpose, a face the die cannot show is asked again,
and every page's log shows the roll with its dice marked physical."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

TABLE = "Dice at the table"
LINE = "#event-log > li.event"


def _flags(server: Any, on: bool) -> None:
    server.shell(
        "from vtt.accounts.models import profile_of\n"
        "from django.contrib.auth import get_user_model\n"
        "from vtt.campaigns.models import Campaign\n"
        "from vtt.encounters.models import Encounter\n"
        f"profile = profile_of(get_user_model().objects.get(username='player1'))\n"
        f"profile.physical_dice = {on}\n"
        "profile.save()\n"
        f"Campaign.objects.filter(encounters__title={TABLE!r}).update(physical_dice={on})\n"
    )


@pytest.fixture
def hybrid(tabula_server: Any) -> Iterator[None]:
    """Player1 prefers physical dice (their profile); put back afterwards for the other tests."""
    _flags(tabula_server, False)
    yield
    _flags(tabula_server, False)


def test_a_physical_dice_player_types_each_face_and_the_log_marks_them(
    hybrid: None,
    tabula_server: Any,
    login: Callable[..., Any],
    open_encounter: Callable[[Any, str], Any],
    screenshot: Callable[[Any, str], Path],
) -> None:
    gm = open_encounter(login("gm"), TABLE)
    gm.locator(".encounter-head .meta a").first.click()  # the campaign page
    box = gm.get_by_label("Players may roll physical dice")
    box.check()
    gm.get_by_role("button", name="Save table choices").click()
    gm.get_by_text("Table choices saved.").wait_for()
    assert gm.get_by_label("Players may roll physical dice").is_checked()
    _flags(tabula_server, True)  # player1's own profile choice
    gm.go_back()
    gm = open_encounter(gm, TABLE)
    player1 = open_encounter(login("player1"), TABLE)

    chat_box = player1.get_by_label("Chat or roll")
    chat_box.fill("/roll 2d6+1 damage")
    chat_box.press("Enter")
    ask = player1.locator("#face-prompt input[name=face]")
    ask.wait_for()
    assert "Roll a d6" in player1.locator("#face-prompt").inner_text()
    ask.fill("7")  # the browser's own check would stop it; the server's must too
    player1.evaluate(
        "document.querySelector('#face-prompt input[name=face]').removeAttribute('max')"
    )
    ask.press("Enter")
    player1.locator("#face-prompt .error", has_text="not 7").wait_for()
    player1.locator("#face-prompt input[name=face]").fill("4")
    player1.locator("#face-prompt input[name=face]").press("Enter")
    player1.locator("#face-prompt", has_text="Faces so far: 4").wait_for()
    screenshot(player1, "second-face")
    player1.locator("#face-prompt input[name=face]").fill("3")
    player1.locator("#face-prompt input[name=face]").press("Enter")

    for page in (player1, gm):
        row = page.locator(LINE, has_text="rolled 2d6+1")
        row.wait_for()
        assert "= 8" in row.inner_text()
        assert row.locator(".dice .die .physical").count() == 2
    assert player1.locator("#face-prompt form").count() == 0
    screenshot(gm, "gm-log")
