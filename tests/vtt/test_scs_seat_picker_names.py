"""Issue 36: New encounter's "Who plays …" seat pickers name the sides as the chosen scenario
does (Wehrmacht, 国防军), each scenario's label written on the picker for the page's script,
and a scenario that names no side reads its colours (Blue, 蓝方)."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest

from tests.vtt.test_scs_editor_sides_and_charts import campaign, saved  # noqa: F401
from tests.vtt.test_scs_scenario_editor import client_of, make

pytestmark = pytest.mark.django_db


def labels(page: str, side: str) -> tuple[str, dict[str, str]]:
    """The seat's label as drawn, and the label of each scenario its picker carries."""
    drawn = re.search(rf'<label for="build-seat_{side}">([^<]*?)[:：]?</label>', page)
    carried = re.search(rf'<select name="seat_{side}" data-labels="([^"]*)"', page)
    assert drawn, page[:3000]
    assert carried, page[:3000]
    return drawn.group(1), json.loads(html.unescape(carried.group(1)))


def test_the_seat_pickers_name_the_sides_as_the_scenario_does(
    campaign: Any,  # noqa: F811
    gwen: Any,
) -> None:
    gm = client_of(gwen)
    scenario = make(gm, campaign)
    url = f"/campaigns/{campaign.pk}/scenarios/{scenario.pk}/"
    saved(gm, url, name_blue="Wehrmacht", name_blue_zh="国防军", name_red="Red Army")
    new = f"/campaigns/{campaign.pk}/encounters/new/"
    own = f"campaign-{scenario.pk}"

    page = gm.get(new).content.decode()
    drawn, carried = labels(page, "blue")
    assert drawn == "Who plays Blue"  # Halden Crossing, the first choice, names no side
    assert carried[own] == "Who plays Wehrmacht"
    assert carried["halden_crossing"] == "Who plays Blue"
    assert labels(page, "red")[1][own] == "Who plays Red Army"
    assert "js/builder_sides.js" in page

    chosen = gm.post(new, {"mode": "build", "title": "", "scene_scenario": own})
    assert labels(chosen.content.decode(), "blue")[0] == "Who plays Wehrmacht"  # re-shown

    gm.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    page = gm.get(new).content.decode()
    drawn, carried = labels(page, "blue")
    assert drawn == "谁来操作蓝方"
    assert carried[own] == "谁来操作国防军"
    assert carried["halden_crossing"] == "谁来操作蓝方"
    assert labels(page, "red")[1][own] == "谁来操作Red Army"  # no Chinese name: its English
