"""Issue 36: each terrain a scenario names itself is drawn in a tone of its own (tone-0 to
tone-23, by the names' alphabetical order, then each again with a border pattern), alike on
the editor's map, its paint tools and its terrain rows, and on the table's map and terrain
effects chart; the built-in terrains keep their colours."""

from __future__ import annotations

import copy
import html
import re
from typing import Any

import pytest

from rules.scs.scenario import build
from tests.vtt.test_scs_editor_sides_and_charts import campaign  # noqa: F401
from tests.vtt.test_scs_scenario_editor import client_of, make
from vtt.encounters.models import Encounter
from vtt.tables.scs_charts import terrain_tones

pytestmark = pytest.mark.django_db


def test_each_own_terrain_takes_its_own_tone_in_alphabetical_order() -> None:
    tones = terrain_tones(["clear", "woods", "dunes", "bog", "town", "bog"])
    assert tones == {"bog": "tone-0", "dunes": "tone-1"}  # built-in terrains keep their colours
    many = terrain_tones([f"t{n:03}" for n in range(100)])
    assert many["t008"] == "tone-8"  # a ninth own terrain takes a tone of its own
    assert many["t023"] == "tone-23"
    assert many["t024"] == "tone-0 mark-1"  # then each tone again, with a border pattern
    assert many["t095"] == "tone-23 mark-3"
    first = [many[f"t{n:03}"] for n in range(96)]
    assert len(set(first)) == 96  # no two of the first 96 look alike
    assert many["t096"] == "tone-0"


def test_the_stylesheet_draws_each_tone_in_a_fill_of_its_own_and_each_mark() -> None:
    from pathlib import Path

    css = (Path(__file__).resolve().parents[2] / "static/css/systems/scs.css").read_text()
    fills = dict(re.findall(r"\.scs-map \.hex\.tone-(\d+) \{ fill: (#[0-9a-f]{6}); \}", css))
    assert sorted(int(n) for n in fills) == list(range(24))
    built_in = set(re.findall(r"\.scs-map \.(?:hex|t-\w+) \{[^}]*fill: (#[0-9a-f]{6})", css))
    assert len(built_in) == 5  # clear, woods, rough, marsh, town
    assert len(set(fills.values())) == 24  # 24 different fills
    assert not set(fills.values()) & built_in  # none a built-in terrain's
    for n in range(24):  # the paint tools' and the chart's swatches alike
        assert f".sw.tone-{n} {{ background: {fills[str(n)]}; }}" in css
    for n in (1, 2, 3):
        assert f".scs-map .hex.mark-{n} {{" in css
        assert f".sw.mark-{n} {{ border:" in css


def classes_of(page: str, pattern: str) -> set[str]:
    return set(re.findall(pattern, page))


def test_own_terrains_are_told_apart_on_the_maps_tools_rows_and_chart(
    campaign: Any,  # noqa: F811
    gwen: Any,
    pip: Any,
) -> None:
    gm = client_of(gwen)
    scenario = make(gm, campaign)
    data = copy.deepcopy(scenario.data)
    tec = data["tec"]["hex"]
    tec["dunes"] = copy.deepcopy(tec["clear"])
    tec["bog"] = copy.deepcopy(tec["clear"])
    scn = build(data)
    cells = [scn.label(c) for c in sorted(scn.grid.cells)]
    data["terrain"] = {"woods": cells[20:22], "dunes": cells[30:33], "bog": [cells[40]]}
    scenario.data = data
    scenario.save()

    url = f"/campaigns/{campaign.pk}/scenarios/{scenario.pk}/"
    page = html.unescape(gm.get(url).content.decode())
    assert classes_of(page, r'<polygon class="hex t-(bog|dunes) (tone-\d)"') == {
        ("bog", "tone-0"),
        ("dunes", "tone-1"),
    }
    assert classes_of(page, r'<span class="sw t-(bog|dunes) (tone-\d)"') == {
        ("bog", "tone-0"),
        ("dunes", "tone-1"),
    }
    assert 'class="hex t-woods"' in page  # a built-in terrain keeps its colour by name
    rows = re.findall(r'<p class="chart-name"><span class="sw t-(\w+) ?([\w-]*)"', page)
    assert ("bog", "tone-0") in rows
    assert ("dunes", "tone-1") in rows
    assert ("woods", "") in rows

    gm.post(
        f"/campaigns/{campaign.pk}/encounters/new/",
        {
            "mode": "build",
            "title": "Dunes",
            "scene_scenario": f"campaign-{scenario.pk}",
            "seat_blue": str(pip.pk),
        },
    )
    table = html.unescape(
        gm.get(f"/encounters/{Encounter.objects.get(title='Dunes').pk}/").content.decode()
    )
    assert classes_of(table, r'<polygon class="hex t-(bog|dunes) (tone-\d)"') == {
        ("bog", "tone-0"),
        ("dunes", "tone-1"),
    }
    assert classes_of(table, r'<span class="sw t-(bog|dunes) (tone-\d)"') == {
        ("bog", "tone-0"),
        ("dunes", "tone-1"),
    }
