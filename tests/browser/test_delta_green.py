"""Issue 4: a player fires a burst at a cultist; the GM sees the cards flip and the wound land."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any


def _current(page: Any) -> str:
    return str(page.locator(".dg-board").get_attribute("data-current") or "")


def test_player_burst_flips_cards_and_wounds_the_cultist_on_the_gm_page(
    login: Callable[..., Any],
    open_encounter: Callable[[Any, str], Any],
    screenshot: Callable[[Any, str], Path],
) -> None:
    gm = open_encounter(login("gm"), "delta_green")
    player = open_encounter(login("player1"), "delta_green")
    gm.evaluate("window.__sameDocument = true")

    shots = screenshot(gm, "gm-before").parent
    gm.locator(".dg-board").screenshot(path=str(shots / "delta_green-gm-before.png"))
    # The GM deals the cards and rolls initiative (DG-ACT-2, DG-INIT-1).
    gm.locator(".dg-round-controls form[data-kind='start_round'] button").click()
    gm.locator(".dg-board[data-phase='in_round']").wait_for()
    assert gm.locator("[data-combatant='serge'] .dg-card.up").count() == 3

    # The GM passes for everyone ahead of Serge, one turn at a time (DG-INIT-2).
    for _ in range(12):
        current = _current(gm)
        if current == "serge":
            break
        # Forms are headed by the actor's name; the hidden inputs say which actor and kind.
        gm.locator(
            f"form.action:has(input[name=actor][value='{current}'])"
            ":has(input[name=kind][value='pass']) button[type=submit]"
        ).click()
        gm.wait_for_function(
            "old => document.querySelector('.dg-board').dataset.current !== old", arg=current
        )
    assert _current(gm) == "serge"

    # The player picks the walking spray at a cultist and sees the exact odds first.
    player.locator(".dg-board[data-current='serge']").wait_for()
    # Issue 10: on a 390x844 phone, the turn banner and Serge's actions are on the first screen.
    player.set_viewport_size({"width": 390, "height": 844})
    player.evaluate("window.scrollTo(0, 0)")
    banner = player.locator(".turn-banner.mine")
    assert "Your turn: Serge" in banner.inner_text()
    first_form = player.locator("form[aria-label^='Serge: ']").first
    screenshot(player, "phone-your-turn")
    for element in (banner, first_form):
        box = element.bounding_box()
        assert box is not None
        assert 0 <= box["y"] < 844, f"below the first screen: {box}"
    assert player.evaluate("document.scrollingElement.scrollWidth") <= 390
    player.set_viewport_size({"width": 1280, "height": 900})
    burst = player.locator("form[aria-label^='Serge: Burst (M-60']")
    burst.locator("select[name=mode]").select_option("100")
    burst.locator("input[name=walking]").check()
    # Across the demo's map (rules/scene/demo.py), through the gap in its wall: 10 squares of 1 m.
    burst.locator("select[name=target]").select_option("cultist1")
    burst.locator("button[data-preview]").click()
    burst.locator("output.preview", has_text="= 125").wait_for()
    odds = burst.locator("output.preview").inner_text()
    assert "Machine Gun 50/2 25 walking fire +100 = 125" in odds
    assert "10 m, from the map." in odds
    screenshot(player, "odds")
    burst.screenshot(path=str(screenshot(player, "odds").parent / "delta_green-player-odds.png"))
    burst.locator("button[type=submit]").click()

    # Without a reload, the GM's page shows Serge's three cards face down and the cultist's wounds.
    gm.locator("[data-combatant='serge'][data-cards-left='0']").wait_for()
    assert gm.locator("[data-combatant='serge'] .dg-card.down").count() == 3
    wounded = gm.locator("[data-combatant='cultist1'] g.loc:not([data-severity='ok'])")
    wounded.first.wait_for()
    assert wounded.count() >= 1
    log = gm.locator("#event-log > li.event", has_text="Serge fires a 100-round sustained spray")
    log.last.wait_for()
    assert "hit location d10" in log.last.inner_text()
    assert gm.evaluate("window.__sameDocument === true"), "the GM's page was reloaded"
    player.locator("[data-sheet='serge'] [data-ammo='0']").wait_for()
    screenshot(gm, "gm")
    screenshot(player, "player")
    gm.locator(".dg-board").screenshot(path=str(shots / "delta_green-gm-board.png"))
    player.locator(".dg-sheet").screenshot(path=str(shots / "delta_green-player-sheet.png"))
    player.set_viewport_size({"width": 390, "height": 844})
    player.locator(".dg-board").screenshot(path=str(shots / "delta_green-player-phone.png"))
