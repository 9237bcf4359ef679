"""Issue 36: the SCS scenario editor sets the combat results table's die roll modifiers
(`crt.drms`), the movement classes (and the class supply is traced as), a second combat effect
of a terrain and a second sudden-death condition of a side through its forms; the rules judge
each with their own errors as the GM edits, and export and import carry them unchanged."""

from __future__ import annotations

import copy
import html
import json
import re
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from rules.core.errors import RulesError
from rules.scs.scenario import build, load_scenario
from tests.vtt.test_scs_editor_sides_and_charts import campaign, chart_post  # noqa: F401
from tests.vtt.test_scs_scenario_editor import client_of, editor_post, make
from vtt.encounters.models import CampaignScenario
from vtt.lobby import scenario_form as sf
from vtt.words import refusal

pytestmark = pytest.mark.django_db

NEW_KEYS = ("crt_", "road_", "ezoc_", "exit", "sudden", "name_", "drm_", "movement_", "trace_")


def fields_of(data: dict[str, Any]) -> dict[str, str]:
    """The whole form's chart, class, DRM and victory fields as the editor fills them."""
    whole, _units, _places = sf.initial(data)
    return {k: str(whole[k]) for k in whole if k.startswith(NEW_KEYS)}


def posted(gm: Client, url: str, check: bool = False, **fields: str) -> Any:
    """The editor posted as the GM left it with `fields` changed (`check`: as htmx checks)."""
    scenario = CampaignScenario.objects.get(pk=int(url.rstrip("/").rsplit("/", 1)[1]))
    data = scenario.data
    post = {**editor_post(), **fields_of(data), **chart_post(data), **fields}
    if check:
        return html.unescape(gm.post(url, post, HTTP_HX_REQUEST="true").content.decode())
    return gm.post(url, post)


def row_of(post: dict[str, str], key: str) -> str:
    """The chart row prefix ("tec-3") of a terrain."""
    return next(k for k, v in post.items() if v == key and k.endswith("-key")).rsplit("-", 1)[0]


@pytest.fixture
def editor(campaign: Any, gwen: Any) -> tuple[Client, str]:  # noqa: F811
    gm = client_of(gwen)
    scenario = make(gm, campaign)
    url = f"/campaigns/{campaign.pk}/scenarios/{scenario.pk}/"
    assert gm.post(url, editor_post()).status_code == 302  # units, places, a VP hex at 06.04
    return gm, url


def stored(url: str) -> dict[str, Any]:
    return dict(CampaignScenario.objects.get(pk=int(url.rstrip("/").rsplit("/", 1)[1])).data)


def test_the_rules_refuse_a_die_roll_modifier_that_is_not_whole() -> None:
    raw = copy.deepcopy(dict(load_scenario("halden_crossing").raw))
    raw["crt"]["drms"] = [{"when": "always", "value": "1/2"}]
    with pytest.raises(RulesError) as found:
        build(raw)
    assert refusal(found.value) == (
        "crt.drms[0].value: a die roll modifier is a whole number, not '1/2' (SCS-CRT-1)"
    )
    raw["crt"]["drms"] = [{"when": "defender_oos", "value": -1}]
    assert build(raw).drms == ({"when": "defender_oos", "value": -1},)


def test_the_gm_sets_die_roll_modifiers_and_the_rules_judge_them(
    editor: tuple[Client, str],
) -> None:
    gm, url = editor
    answer = posted(gm, url, drm_always="1", drm_defender_oos="-2")
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:3000]
    data = stored(url)
    assert data["crt"]["drms"] == [
        {"when": "always", "value": 1},
        {"when": "defender_oos", "value": -2},
    ]
    assert build(data).drms == tuple(data["crt"]["drms"])
    page = html.unescape(gm.get(url).content.decode())
    assert 'name="drm_always" value="1"' in page
    assert 'name="drm_defender_oos" value="-2"' in page
    assert "Die roll modifier when a defender is out of supply" in page
    # the rules' own errors as the GM types, in the GM's language
    text = posted(gm, url, check=True, drm_overrun="1/2")
    assert "crt.drms[1].value: a die roll modifier is a whole number, not '1/2'" in text, text
    text = posted(gm, url, check=True, drm_overrun="two")
    assert "crt.drms[1].value: 'two' is not a number" in text, text[:3000]
    gm.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    text = posted(gm, url, check=True, drm_overrun="1/2")
    assert "骰子修正必须是整数" in text, text[:3000]
    page = html.unescape(gm.get(url).content.decode())
    assert "防守方断补时的骰子修正" in page


def test_a_list_of_modifiers_the_fields_show_unchanged_is_kept_as_written(
    editor: tuple[Client, str],
) -> None:
    gm, url = editor
    scenario = CampaignScenario.objects.get(pk=int(url.rstrip("/").rsplit("/", 1)[1]))
    written = [{"when": "always", "value": 1}, {"when": "always", "value": 1}]
    scenario.data = {**scenario.data, "crt": {**scenario.data["crt"], "drms": written}}
    scenario.save()
    assert fields_of(scenario.data)["drm_always"] == "2"  # the figures add both
    assert posted(gm, url).status_code == 302
    assert stored(url)["crt"]["drms"] == written
    assert posted(gm, url, drm_always="").status_code == 302  # emptied: none
    assert stored(url)["crt"]["drms"] == []


def test_the_gm_adds_a_movement_class_and_gives_it_its_costs(
    editor: tuple[Client, str],
) -> None:
    gm, url = editor
    text = posted(gm, url, check=True, movement_classes="foot mech rail")
    assert re.search(r"tec\.hex\.\w+\.mp: rail is required", text), text[:3000]
    assert posted(gm, url, movement_classes="foot mech rail").status_code == 302
    data = stored(url)
    assert data["tec"]["movement_classes"] == ["foot", "mech", "rail"]
    page = html.unescape(gm.get(url).content.decode())
    assert 'name="tec-0-mp_rail"' in page  # each terrain row has its cost now
    assert '<option value="rail">rail</option>' in page  # a unit may move as it
    post = chart_post(data)
    for key in list(post):
        if key.startswith("tec-") and key.endswith("-mp_rail"):
            post[key] = "P"
    post[row_of(post, "clear") + "-mp_rail"] = "1/3"
    post[row_of(post, "town") + "-mp_rail"] = "1/3"
    whole = {**editor_post(), **fields_of(data), "trace_class": "rail", "unit-2-move_class": "rail"}
    answer = gm.post(url, {**whole, **post})
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:3000]
    scn = build(stored(url))
    assert scn.movement_classes == ("foot", "mech", "rail")
    assert str(scn.hex_terrain["clear"].mp["rail"]) == "1/3"
    assert scn.hex_terrain["woods"].mp["rail"] is None  # P: prohibited
    assert scn.trace_class == "rail"
    assert scn.units["B3"].move_class == "rail"
    assert scn.hexside_features["river"].mp_add["rail"] == 0  # a hexside adds none unless given
    # a class that is not a word is the form's; one the units still use, the rules'
    text = posted(gm, url, check=True, movement_classes="foot Rail!")
    assert "A movement class is one lower-case word" in text, text[:3000]
    text = posted(gm, url, check=True, movement_classes="foot mech")
    assert "mp: rail is required" not in text
    assert "is not a movement class" in text or "is not in the TEC" in text, text[:3000]


def test_a_terrain_takes_two_combat_effects_and_keeps_a_third(
    editor: tuple[Client, str],
) -> None:
    gm, url = editor
    data = stored(url)
    post = chart_post(data)
    woods = row_of(post, "woods")
    assert post[f"{woods}-effect"] == "column_shift"
    post.update({f"{woods}-effect2": "drm", f"{woods}-value2": "-1"})
    whole = {**editor_post(), **fields_of(data)}
    assert gm.post(url, {**whole, **post}).status_code == 302
    combat = build(stored(url)).hex_terrain["woods"].combat
    assert [(m.type, int(m.value)) for m in combat] == [("column_shift", -1), ("drm", -1)]
    page = html.unescape(gm.get(url).content.decode())
    assert "Second combat effect" in page
    # a third effect (imported) has no field: kept; the second's value judged by the rules
    scenario = CampaignScenario.objects.get(pk=int(url.rstrip("/").rsplit("/", 1)[1]))
    third = {"type": "defense_multiplier", "value": 2}
    scenario.data["tec"]["hex"]["woods"]["combat"].append(third)
    scenario.save()
    assert posted(gm, url).status_code == 302
    assert stored(url)["tec"]["hex"]["woods"]["combat"][2] == third
    post = chart_post(stored(url))
    post[f"{row_of(post, 'woods')}-value2"] = "lots"
    whole = {**editor_post(), **fields_of(stored(url))}
    text = html.unescape(gm.post(url, {**whole, **post}, HTTP_HX_REQUEST="true").content.decode())
    assert "tec.hex.woods.combat[1]: 'lots' is not a number" in text, text[:3000]


def test_a_side_wins_at_once_by_either_of_two_conditions(editor: tuple[Client, str]) -> None:
    gm, url = editor
    place = {
        "place-TOTAL_FORMS": "2",
        "place-1-hex": "05.05",
        "place-1-name": "Wood",
        "place-1-vp": "1",
        "place-1-held": "Blue",
    }
    answer = posted(gm, url, sudden_blue="06.04", sudden_blue_2="05.05", **place)
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:3000]
    scn = build(stored(url))
    cell = scn.grid.cell
    assert scn.sudden_death == (
        ("blue", frozenset({cell("06.04")})),
        ("blue", frozenset({cell("05.05")})),
    )
    page = html.unescape(gm.get(url).content.decode())
    assert 'name="sudden_blue_2" value="05.05"' in page
    assert "Blue also wins at once holding (VP hexes)" in page
    text = posted(gm, url, check=True, sudden_red_2="07.07", **place)
    assert "victory.sudden_death[2]: 07.07 are not VP hexes" in text, text[:3000]


def test_the_export_and_import_carry_modifiers_classes_effects_and_conditions(
    editor: tuple[Client, str],
) -> None:
    gm, url = editor
    data = stored(url)
    assert posted(gm, url, movement_classes="foot mech rail").status_code == 302
    post = chart_post(stored(url))
    for key in list(post):
        if key.endswith("-mp_rail"):
            post[key] = "2"
    post.update({f"{row_of(post, 'town')}-effect2": "drm", f"{row_of(post, 'town')}-value2": "1"})
    fields = {
        **editor_post(),
        **fields_of(stored(url)),
        "drm_always": "1",
        "drm_attacker_oos": "-1",
        "sudden_red": "06.04",
        "sudden_red_2": "06.04",
        "trace_class": "mech",
    }
    answer = gm.post(url, {**fields, **post})
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:3000]
    base = url.rsplit("/", 2)[0] + "/"
    exported = json.loads(gm.get(f"{url}export/").content)
    upload = SimpleUploadedFile("ridge.json", json.dumps(exported).encode(), "application/json")
    assert gm.post(base, {"import": "1", "file": upload}).status_code == 302
    copied = CampaignScenario.objects.exclude(pk=int(url.rstrip("/").rsplit("/", 1)[1])).get(
        campaign=CampaignScenario.objects.get(pk=int(url.rstrip("/").rsplit("/", 1)[1])).campaign
    )
    again = json.loads(gm.get(f"{base}{copied.pk}/export/").content)
    assert {**again, "id": ""} == {**exported, "id": ""}
    one = build(exported)
    assert one.drms == (
        {"when": "always", "value": 1},
        {"when": "attacker_oos", "value": -1},
    )
    assert one.movement_classes == ("foot", "mech", "rail")
    assert one.trace_class == "mech"
    assert [m.type for m in one.hex_terrain["town"].combat] == ["defense_multiplier", "drm"]
    assert len(one.sudden_death) == 2
    # the copy saved in the editor unchanged is the same scenario
    assert posted(gm, f"{base}{copied.pk}/").status_code == 302
    three = build(stored(f"{base}{copied.pk}/"))
    assert (three.drms, three.movement_classes, three.trace_class) == (
        one.drms,
        one.movement_classes,
        one.trace_class,
    )
    assert (three.hex_terrain, three.sudden_death) == (one.hex_terrain, one.sudden_death)
    assert data["crt"]["drms"] == []  # the standard charts had none
