"""Issue 5: a player overcharges and fires an area weapon; the GM sees heat, HP, structure roll."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def _form(page: Any, kind: str, actor: str, extra: str = "") -> Any:
    return page.locator(f"form.mech-form[data-kind='{kind}'][data-actor='{actor}']{extra}")


def test_player_overcharges_and_fires_the_cinder_pod_the_gm_sees_it_live(
    login: Callable[..., Any],
    open_encounter: Callable[[Any, str], Any],
    screenshot: Callable[[Any, str], Path],
) -> None:
    gm = open_encounter(login("gm"), "mech")
    player = open_encounter(login("player1", viewport={"width": 390, "height": 844}), "mech")
    gm.evaluate("window.__sameDocument = true")

    # The GM softens up the first sparring Mule with the GM tools (MECH-DMG-PIPE): HP 10 -> 1.
    gm.locator("details.mech-gm-tools > summary").click()
    damage = _form(gm, "gm_damage", "gm")
    damage.locator(":scope > details > summary").click()
    damage.locator("select[name=target]").select_option("spar_a")
    damage.locator("input[name=amount]").fill("9")
    damage.locator("button[type=submit]").click()
    gm.locator("[data-row='spar_a'] [data-hp='1']").wait_for()

    # Latch (player1) starts its turn (blue picks first) and overcharges: +1 AP, 1 heat.
    _form(player, "begin_turn", "latch").locator("button[type=submit]").click()
    player.locator(".mech-board[data-active='latch']").wait_for()
    _form(player, "overcharge", "latch").locator("button[type=submit]").click()
    player.locator("[data-sheet='latch'] [data-ap='3']").wait_for()
    gm.locator("[data-row='latch'] .track.heat[data-heat='1']").wait_for()

    # Opening an attack shows its exact odds and damage range before anything is rolled.
    carbine = _form(player, "attack", "latch", ":has(input[name=weapon][value='0'])")
    carbine.locator(":scope > details > summary").click()
    carbine.locator("output.preview .mech-odds").wait_for()
    assert "%" in carbine.locator("output.preview").inner_text()
    carbine.locator(":scope > details > summary").click()

    # Click a green square to move 4 squares east (MECH-MOVE-1), within the pod's range.
    player.locator(".reach-set.show [data-to='6,5']").click()
    player.locator(".token[data-unit='latch']").wait_for()
    player.wait_for_function(
        "() => document.querySelector(\".token[data-unit='latch'] .body\").getAttribute('x') == 206"
    )

    # Aim the Cinder Pod (blast 1) on the map: the template and the unit it hits show first.
    pod = _form(player, "attack", "latch", "[data-area='blast']")
    pod.locator(":scope > details > summary").click()
    pod.locator("button[data-aim]").click()
    player.locator(".mech-mapview").get_by_role("button", name="Fit").click()  # the whole map
    player.locator(".token[data-unit='spar_a']").click()
    pod.locator("output.preview .mech-preview[data-hits='spar_a']").wait_for()
    assert player.locator("#mech-aim rect.aim-cell").count() == 9
    assert player.locator(".token[data-unit='spar_a'].targeted").count() == 1
    assert "Sparring Mule A" in pod.locator("output.preview").inner_text()
    # issue 34: the pod's 1d3 reads 3–5 with the burn it deals at once, said beside the range
    assert "with burn 2" in pod.locator("output.preview .mech-odds").inner_text()
    shot = screenshot(player, "aimed")
    player.locator(".mech-mapwrap").screenshot(path=str(shot.parent / "mech-player-aim-map.png"))
    pod.locator("input[name=accuracy]").fill("3")  # talents and the like: +6, so it hits
    pod.locator("button[type=submit]").click()

    # Without a reload, the GM's page shows the HP drop, the heat track and the structure roll.
    log = gm.locator("#event-log > li.event", has_text="structure check")
    log.last.wait_for()
    # issue 34: once the shot is answered, its template and targets leave the player's map
    player.wait_for_function("() => !document.querySelector('#mech-aim rect, .token.targeted')")
    assert "lowest" in log.last.inner_text()
    gm.locator("[data-row='spar_a'] .pipset[data-structure='3']").wait_for()
    assert gm.locator("[data-row='latch'] .track.heat[data-heat='1']").count() == 1
    assert gm.locator("#event-log > li.event", has_text="Cinder Pod").count() >= 1
    assert gm.evaluate("window.__sameDocument === true"), "the GM's page was reloaded"
    shots = screenshot(gm, "gm").parent
    screenshot(player, "player")
    gm.locator(".mech-board").screenshot(path=str(shots / "mech-gm-board.png"))
    player.locator(".mech-sheets").screenshot(path=str(shots / "mech-player-sheet.png"))
