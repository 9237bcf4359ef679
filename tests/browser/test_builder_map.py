"""Issue 36: a GM builds a mech encounter on an open field of the size they give, with three
copies of one opponent, each placed by clicking it and then its square."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bench.livestack import LiveStack
from tests.browser.test_sheets_that_guide import campaign_of, flash


def test_a_gm_places_three_copies_of_one_opponent_by_clicking(
    tabula_server: LiveStack, login: Callable[..., Any]
) -> None:
    pk = campaign_of(tabula_server, "mech")
    gm = login("gm")
    gm.goto(f"/campaigns/{pk}/encounters/new/")
    gm.locator("#builder input[name=title]").fill("Three mules placed")
    gm.locator("select[name=opponent_0]").select_option(label="Sparring Mule A")
    gm.locator("input[name=count_0]").fill("3")
    gm.locator("select[name=map_kind]").select_option("open")
    gm.locator("input[name=map_width]").fill("10")
    gm.locator("input[name=map_height]").fill("8")
    units = gm.locator(".place-unit")
    assert units.count() == 3
    assert gm.locator(".place-cell").count() == 80
    units.first.click()
    for x, y in ((7, 1), (7, 3), (7, 5)):  # each click places the next unit still unplaced
        gm.locator(f".place-cell[data-x='{x}'][data-y='{y}']").click()
    assert "(7, 5)" in units.nth(2).inner_text()
    gm.get_by_role("button", name="Start encounter").first.click()
    flash(gm, "Encounter Three mules placed created.")
    out = tabula_server.shell(
        "import json\n"
        "from vtt.encounters.models import Encounter\n"
        "e = Encounter.objects.filter(title='Three mules placed').order_by('-pk').first()\n"
        "print('STATE ' + json.dumps(e.state))"
    )
    state = json.loads(next(ln for ln in out.splitlines() if ln.startswith("STATE "))[6:])
    assert (state["map"]["width"], state["map"]["height"]) == (10, 8)
    squares = {
        (u["x"], u["y"]) for u in state["units"].values() if u["name"].startswith("Sparring Mule A")
    }
    assert squares == {(7, 1), (7, 3), (7, 5)}
