"""Issue 35 in the browser, for Delta Green, Call of Cthulhu and Ace Evolution: the GM adds a
scene map with an uploaded background, places the player's character and a GM-only foe by
clicking; the player never gets the foe in their page, and on their turn moves their token by
clicking a highlighted square; on a laptop and a phone the map leaves the player's actions on
the first screen."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bench.livestack import LiveStack
from tests.browser.test_ace import _gm_ends_turns_until
from tests.browser.test_live_equals_reload import fresh_encounter, opened
from tests.browser.test_sheets_that_guide import campaign_of, flash

LAPTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
# system -> (the player's login, their character, a foe the GM hides, a seed)
CASES = {
    "delta_green": ("player1", "serge", "cultist4", "dg-map-1"),
    "coc": ("player2", "mara", "acolyte", "coc-1"),
    "ace": ("player1", "lin", "hound", "h1"),
}


def _png() -> bytes:
    out = io.BytesIO()
    image = Image.new("RGB", (480, 320), (206, 196, 160))
    for x in range(0, 480, 6):
        for y in range(0, 320, 40):
            image.putpixel((x, y), (120, 100, 70))
    image.save(out, "PNG")
    return out.getvalue()


def _click_square(page: Any, x: int, y: int) -> None:
    """A click on the middle of square (x, y) of the scene map, wherever zoom and pan put it."""
    page.locator("svg.scene-map").scroll_into_view_if_needed()
    where = page.evaluate(
        """([x, y]) => {
          const svg = document.querySelector("svg.scene-map");
          const size = Number(svg.dataset.cell);
          const p = svg.createSVGPoint();
          p.x = x * size + size / 2; p.y = y * size + size / 2;
          const q = p.matrixTransform(svg.getScreenCTM());
          return [q.x, q.y];
        }""",
        [x, y],
    )
    page.mouse.click(where[0], where[1])


def _turn_of(system: str, gm: Any, who: str) -> None:
    """The GM starts the fight and hands the turn on until it is `who`'s."""
    if system == "delta_green":
        gm.locator(".dg-round-controls form[data-kind='start_round'] button").click()
        gm.locator(".dg-board[data-phase='in_round']").wait_for()
        for _ in range(12):
            current = str(gm.locator(".dg-board").get_attribute("data-current") or "")
            if current == who:
                return
            gm.locator(
                f"form.action:has(input[name=actor][value='{current}'])"
                ":has(input[name=kind][value='pass']) button[type=submit]"
            ).click()
            gm.wait_for_function(
                "old => document.querySelector('.dg-board').dataset.current !== old", arg=current
            )
        raise AssertionError(f"never {who}'s turn")
    if system == "coc":  # with the seed "coc-1", Mara opens round 1
        gm.locator(
            "form:has(input[name=actor][value=gm]):has(input[name=kind][value=next_round])"
            " button[type=submit]"
        ).first.click()
        gm.locator(".coc-order li[aria-current]", has_text="Mara").wait_for()
        return
    gm.locator("form:has(input[name=kind][value=begin]) button[type=submit]").click()
    gm.locator(".ace-board[data-current='su']").wait_for()
    _gm_ends_turns_until(gm, who)


@pytest.mark.parametrize("system", list(CASES))
def test_the_gm_maps_the_scene_and_the_player_moves_by_clicking(
    system: str,
    tabula_server: LiveStack,
    login: Callable[..., Any],
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    username, mine, foe, seed = CASES[system]
    pk = fresh_encounter(tabula_server, system)
    tabula_server.shell(
        "from rules.core.dice import commitment\n"
        "from vtt.encounters.models import Encounter\n"
        f"Encounter.objects.filter(pk={pk}).update(seed={seed!r}, commitment=commitment({seed!r}))"
    )
    gm = opened(login("gm", viewport=LAPTOP), pk, wait_caught_up)
    player = opened(login(username, viewport=LAPTOP), pk, wait_caught_up)
    assert player.locator("#scene-board, #scene-add").count() == 0  # no map yet, no set-up

    # The GM adds a map: 12 by 8 squares over an uploaded background.
    gm.locator("#scene-add > summary").click()
    setup = gm.locator("#scene-setup")
    setup.locator("[data-scene-upload]").set_input_files(
        {"name": "cellar.png", "mimeType": "image/png", "buffer": _png()}
    )
    setup.locator("[data-scene-upload-status]", has_text="✓").wait_for()
    assert setup.locator("select[name=image]").input_value() != ""
    setup.locator("input[name=cols]").fill("12")
    setup.locator("input[name=rows]").fill("8")
    setup.locator("button[type=submit]").click()
    gm.locator("#scene-board image.scene-image").wait_for()
    player.locator("#scene-board image.scene-image").wait_for()
    background = player.evaluate(
        "fetch(document.querySelector('image.scene-image').getAttribute('href'))"
        ".then(r => r.status)"
    )
    assert background == 200  # a member fetches it

    # The GM places the player's character, then the foe for the GM's eyes only.
    gm.locator("#scene-tools > summary").click()
    gm.locator("#scene-tools input[name=scene-mode][value=place]").check()
    gm.locator("#scene-place-who").select_option(mine)
    _click_square(gm, 1, 1)
    gm.locator(f"#scene-board .token[data-who='{mine}'][data-at='1,1']").wait_for()
    gm.locator("#scene-tools input[name=scene-mode][value=place]").check()
    gm.locator("#scene-place-who").select_option(foe)
    gm.locator("#scene-place input[name=gm_only]").check()
    _click_square(gm, 9, 6)
    gm.locator(f"#scene-board .token.gm-only[data-who='{foe}'][data-at='9,6']").wait_for()
    player.locator(f"#scene-board .token[data-who='{mine}'][data-at='1,1']").wait_for()
    page = player.content()
    assert f'data-who="{foe}"' not in page
    assert f"scene-token-{foe}" not in page
    assert "gm-only" not in page
    # The GM paints a wall for everyone: two squares chosen by clicking, then Paint.
    gm.locator("#scene-tools input[name=scene-mode][value=paint]").check()
    _click_square(gm, 5, 2)
    _click_square(gm, 5, 3)
    paint = gm.locator("#scene-paint")
    assert paint.locator("[data-picked-count]").inner_text() == "2"
    paint.locator("select[name=terrain]").select_option("wall")
    paint.locator("button[type=submit]").click()
    for page_ in (gm, player):
        page_.locator("#scene-board rect.t-wall[data-cell='5,3']").wait_for()
    assert "wall" in player.locator("#scene-legend").inner_text()
    screenshot(gm, f"{system}-gm-map")

    # On the player's turn their token shows where it can go; a click there moves it.
    gm.locator("#scene-tools input[name=scene-mode][value=move]").check()
    _turn_of(system, gm, mine)
    player.locator(f".reach-set.show[data-reach-from='{mine}']").wait_for()
    screenshot(player, f"{system}-player-reach")
    player.locator(f".reach-set.show[data-reach-from='{mine}'] [data-to='1,3']").click()
    for page_ in (player, gm):
        page_.locator(f"#scene-board .token[data-who='{mine}'][data-at='1,3']").wait_for()
    assert f'data-who="{foe}"' not in player.content()

    # The map leaves the player's own actions on the first screen, on a laptop and a phone.
    for size in (LAPTOP, PHONE):
        player.set_viewport_size(size)
        player.evaluate("window.scrollTo(0, 0)")
        card = player.locator("#actions-slot form").first
        box = card.bounding_box()
        assert box is not None
        assert 0 <= box["y"] < size["height"], f"{size}: the action card starts at {box}"
        assert player.evaluate("document.scrollingElement.scrollWidth") <= size["width"]
    screenshot(player, f"{system}-player-phone")


def test_the_gm_builds_a_fight_on_a_scene_map_placing_each_combatant_by_clicking(
    tabula_server: LiveStack, login: Callable[..., Any]
) -> None:
    pk = campaign_of(tabula_server, "delta_green")
    gm = login("gm", viewport=LAPTOP)
    gm.goto(f"/campaigns/{pk}/encounters/new/")
    gm.locator("#builder input[name=title]").fill("Two cultists on a map")
    gm.locator("select[name=opponent_0]").select_option(label="Cultist with a revolver")
    gm.locator("input[name=count_0]").fill("2")
    picker = gm.locator("#place-map")
    assert not picker.is_visible()  # no map asked for: no picker
    gm.locator("input[name=scene_map]").check()
    gm.locator("input[name=scene_map_cols]").fill("9")
    gm.locator("input[name=scene_map_rows]").fill("6")
    picker.wait_for()
    assert gm.locator(".place-cell").count() == 54
    units = gm.locator(".place-unit")
    assert units.count() == 2
    units.first.click()
    for x, y in ((7, 1), (7, 4)):  # each click places the next combatant still unplaced
        gm.locator(f".place-cell[data-x='{x}'][data-y='{y}']").click()
    gm.get_by_role("button", name="Start encounter").first.click()
    flash(gm, "Encounter Two cultists on a map created.")
    out = tabula_server.shell(
        "import json\n"
        "from vtt.encounters.models import Encounter\n"
        "e = Encounter.objects.filter(title='Two cultists on a map').order_by('-pk').first()\n"
        "print('SCENE ' + json.dumps(e.state['scene']))"
    )
    scene = json.loads(next(ln for ln in out.splitlines() if ln.startswith("SCENE "))[6:])
    assert (scene["cols"], scene["rows"], scene["unit"]) == (9, 6, "m")
    assert sorted(token["at"] for token in scene["tokens"].values()) == [[7, 1], [7, 4]]
    gm.locator("#scene-board .token").first.wait_for()
    assert gm.locator("#scene-board .token").count() == 2
