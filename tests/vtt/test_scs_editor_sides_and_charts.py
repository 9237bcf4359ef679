"""Issue 36: the SCS scenario editor names both sides (in English and in Chinese, the keys Blue
and Red kept) and the table shows those names (phase strip, "you command", victory points);
sudden death, exits and exit VP, and the terrain effects and combat results charts are fields
the rules judge with their own errors; the export and import carry them unchanged."""

from __future__ import annotations

import html
import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from rules.core.errors import RulesError
from rules.scs.scenario import build, load_scenario
from tests.vtt.test_scs_scenario_editor import client_of, editor_post, make, management
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.encounters.models import CampaignScenario, Encounter
from vtt.lobby import scenario_form as sf
from vtt.words import refusal

pytestmark = pytest.mark.django_db


@pytest.fixture
def campaign(gwen: Any, pip: Any) -> Any:
    made = create_campaign(gwen.pk, "Oster", "scs")
    Membership.objects.create(campaign=made, user=pip, role=Role.PLAYER)
    return made


def chart_post(data: dict[str, Any]) -> dict[str, str]:
    """The chart rows (hex terrains, hexside features) as the editor fills them."""
    terrains, hexsides = sf.chart_rows(data)
    post: dict[str, str] = {}
    for prefix, rows in (("tec", terrains), ("side", hexsides)):
        post.update(management(prefix, len(rows), len(rows)))
        for n, row in enumerate(rows):
            for key, value in row.items():
                if value is True:
                    post[f"{prefix}-{n}-{key}"] = "on"
                elif value is not False:
                    post[f"{prefix}-{n}-{key}"] = str(value)
    return post


def chart_fields(data: dict[str, Any]) -> dict[str, str]:
    """The whole form's chart, sides and victory fields as the editor fills them."""
    whole, _units, _places = sf.initial(data)
    keys = [k for k in whole if k.startswith(("crt_", "road_", "ezoc_", "exit", "sudden", "name_"))]
    return {k: str(whole[k]) for k in keys}


def saved(gm: Client, url: str, check: bool = False, **fields: str) -> Any:
    """The editor posted with `fields` changed; `check`: as the editor checks while the GM
    types (htmx), storing nothing."""
    scenario = CampaignScenario.objects.get(pk=int(url.rstrip("/").rsplit("/", 1)[1]))
    post = {**editor_post(), **chart_fields(scenario.data), **chart_post(scenario.data), **fields}
    if check:
        return gm.post(url, post, HTTP_HX_REQUEST="true")
    return gm.post(url, post)


def test_the_rules_take_the_sides_names_and_refuse_a_bad_one() -> None:
    raw = dict(load_scenario("halden_crossing").raw)
    named = build(
        {**raw, "side_names": {"Blue": {"en": "Germans", "zh-Hans": "德军"}, "red": "Soviets"}}
    )
    assert named.sides == ("blue", "red")  # the keys stay
    assert named.side_names == {"blue": "Germans", "red": "Soviets"}  # as the log names them
    assert named.side_labels["blue"] == {"en": "Germans", "zh-Hans": "德军"}
    with pytest.raises(RulesError) as found:
        build({**raw, "side_names": {"green": "Swiss"}})
    assert "side 'green' is not one of blue, red" in refusal(found.value)
    with pytest.raises(RulesError) as found:
        build({**raw, "side_names": {"blue": "x" * 41}})
    assert "a side's name is text of 1 to 40 characters" in refusal(found.value)
    with pytest.raises(RulesError) as found:
        build({**raw, "side_names": ["Germans"]})
    assert found.value.msg.id == "scs.scenario.side_names"


def test_the_gm_names_both_sides_and_the_table_shows_their_names(
    campaign: Any, gwen: Any, pip: Any
) -> None:
    gm = client_of(gwen)
    scenario = make(gm, campaign)
    url = f"/campaigns/{campaign.pk}/scenarios/{scenario.pk}/"
    names = {"name_blue": "Wehrmacht", "name_blue_zh": "国防军", "name_red": "Red Army"}
    answer = saved(gm, url, **names)
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:3000]
    scenario.refresh_from_db()
    assert scenario.data["sides"] == ["Blue", "Red"]
    assert scenario.data["side_names"] == {
        "Blue": {"en": "Wehrmacht", "zh-Hans": "国防军"},
        "Red": {"en": "Red Army"},
    }
    page = html.unescape(gm.get(url).content.decode())
    assert "Wehrmacht draws supply from" in page
    assert '<option value="Red">Red Army</option>' in page  # the side choices read the names

    new = f"/campaigns/{campaign.pk}/encounters/new/"
    gm.post(
        new,
        {
            "mode": "build",
            "title": "At Oster",
            "scene_scenario": f"campaign-{scenario.pk}",
            "seat_blue": str(pip.pk),
        },
    )
    encounter = Encounter.objects.get(title="At Oster")
    player = client_of(pip)
    table = html.unescape(player.get(f"/encounters/{encounter.pk}/").content.decode())
    assert "You command Wehrmacht." in table
    assert "Set-up: Red Army" in table  # the phase strip: the second player sets up first
    assert "Wehrmacht 0" in table
    assert "Red Army 2" in table
    player.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    table = html.unescape(player.get(f"/encounters/{encounter.pk}/").content.decode())
    assert "你指挥 国防军。" in table, table[:500]
    assert "国防军 0" in table
    assert "Red Army 2" in table


def test_sudden_death_exits_and_exit_vp_are_fields_the_rules_judge(
    campaign: Any, gwen: Any
) -> None:
    gm = client_of(gwen)
    scenario = make(gm, campaign)
    url = f"/campaigns/{campaign.pk}/scenarios/{scenario.pk}/"
    gm.post(url, editor_post())  # units, places and the VP hex at 06.04
    answer = saved(gm, url, sudden_blue="06.04", exits_blue="10.04 10.05", exit_vp="2")
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:3000]
    scenario.refresh_from_db()
    scn = build(scenario.data)
    assert scn.sudden_death == (("blue", frozenset({scn.grid.cell("06.04")})),)
    assert scn.exits == {"blue": frozenset({scn.grid.cell("10.04"), scn.grid.cell("10.05")})}
    assert scn.exit_vp == 2
    page = html.unescape(gm.get(url).content.decode())
    assert 'value="10.04 10.05"' in page
    assert 'value="06.04"' in page
    # the rules' own errors, as the GM types
    check = saved(gm, url, check=True, sudden_red="05.05")
    text = html.unescape(check.content.decode())
    assert "victory.sudden_death[1]: 05.05 are not VP hexes" in text, text[:2000]
    check = saved(gm, url, check=True, exits_red="05.05")
    assert "exits.Red: 05.05 not at the map edge" in html.unescape(check.content.decode())


def test_the_terrain_effects_and_combat_results_charts_are_fields(campaign: Any, gwen: Any) -> None:
    gm = client_of(gwen)
    scenario = make(gm, campaign)
    url = f"/campaigns/{campaign.pk}/scenarios/{scenario.pk}/"
    gm.post(url, editor_post())
    scenario.refresh_from_db()
    rows = chart_post(scenario.data)
    n = int(rows["tec-TOTAL_FORMS"])
    rows.update(management("tec", n + 1, n))
    rows.update(  # a new terrain, and woods made dearer
        {
            f"tec-{n}-key": "orchard",
            f"tec-{n}-mp_foot": "1/2",
            f"tec-{n}-mp_mech": "P",
            f"tec-{n}-effect": "column_shift",
            f"tec-{n}-value": "-1",
        }
    )
    woods = next(k for k, v in rows.items() if v == "woods").rsplit("-", 1)[0]
    rows[f"{woods}-mp_foot"] = "3"
    crt = {
        "crt_dice": "1d6",
        "crt_columns": "1:2 1:1 2:1",
        "crt_below": "auto_result",
        "crt_auto": "AL1",
        "crt_rows": "\n".join(f"{r}: AL1 NE DE" for r in range(1, 7)),
        "road_mp": "1/3",
        "ezoc_cost": "1",
    }
    answer = gm.post(url, {**editor_post(), **chart_fields(scenario.data), **rows, **crt})
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:3000]
    scenario.refresh_from_db()
    scn = build(scenario.data)
    orchard = scn.hex_terrain["orchard"]
    assert (str(orchard.mp["foot"]), orchard.mp["mech"]) == ("1/2", None)
    assert [(m.type, int(m.value)) for m in orchard.combat] == [("column_shift", -1)]
    assert scn.hex_terrain["woods"].mp["foot"] == 3
    assert (
        scn.hex_terrain["woods"].combat
        == load_scenario("halden_crossing").hex_terrain["woods"].combat
    )
    assert (scn.crt.dice, scn.crt.sides, len(scn.crt.columns)) == (1, 6, 3)
    assert (scn.crt.below_min, scn.crt.below_min_result) == ("auto_result", "AL1")
    assert (str(scn.road_mp), scn.ezoc_entry_cost) == ("1/3", 1)
    page = html.unescape(gm.get(url).content.decode())
    assert ">orchard</label>" in page or " orchard</label>" in page  # a paint tool now

    # the rules' own errors, in the GM's language
    short = {**crt, "crt_rows": "1: AL1 NE\n" + "\n".join(f"{r}: AL1 NE DE" for r in range(2, 7))}
    post = {**editor_post(), **chart_fields(scenario.data), **chart_post(scenario.data), **short}
    text = html.unescape(gm.post(url, post, HTTP_HX_REQUEST="true").content.decode())
    assert "crt: crt row 1: needs 3 results, one per column" in text, text[:2000]
    post.update({"crt_auto": "XX9", "crt_rows": crt["crt_rows"]})
    text = html.unescape(gm.post(url, post, HTTP_HX_REQUEST="true").content.decode())
    assert "crt: crt result 'XX9' is not a result code like DL1o1" in text, text[:2000]
    post["crt_auto"] = "AL1"
    post["crt_rows"] = "one: AL1"
    text = html.unescape(gm.post(url, post, HTTP_HX_REQUEST="true").content.decode())
    assert "Each line is a roll, a colon and the results" in text
    post = {**post, **crt, f"{woods}-mp_foot": "lots"}
    text = html.unescape(gm.post(url, post, HTTP_HX_REQUEST="true").content.decode())
    assert "tec.hex.woods.mp.foot: 'lots' is not a number" in text, text[:2000]
    gm.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    post = {**post, f"{woods}-mp_foot": "3", **short}
    text = html.unescape(gm.post(url, post, HTTP_HX_REQUEST="true").content.decode())
    assert "crt row 1" not in text
    assert "战斗结果表第 1 行：需要 3 个结果，每列一个结果" in text, text[:2000]


def test_the_export_and_import_carry_names_victory_rules_and_charts(
    campaign: Any, gwen: Any
) -> None:
    """The schema round trip of everything the new fields write."""
    gm = client_of(gwen)
    scenario = make(gm, campaign)
    base = f"/campaigns/{campaign.pk}/scenarios/"
    url = f"{base}{scenario.pk}/"
    gm.post(url, editor_post())
    fields = {
        "name_blue": "Wehrmacht",
        "name_red_zh": "红军",
        "sudden_blue": "06.04",
        "exits_red": "01.04",
        "exit_vp": "1",
        "crt_dice": "1d6",
        "crt_columns": "1:1 2:1",
        "crt_rows": "\n".join(f"{r}: AL1 DL1" for r in range(1, 7)),
    }
    answer = saved(gm, url, **fields)
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:3000]
    exported = json.loads(gm.get(f"{url}export/").content)
    upload = SimpleUploadedFile("ridge.json", json.dumps(exported).encode(), "application/json")
    assert gm.post(base, {"import": "1", "file": upload}).status_code == 302
    copy = CampaignScenario.objects.exclude(pk=scenario.pk).get(campaign=campaign)
    again = json.loads(gm.get(f"{base}{copy.pk}/export/").content)
    assert {**again, "id": ""} == {**exported, "id": ""}
    one, two = build(exported), build(again)
    assert (
        one.side_labels
        == two.side_labels
        == {
            "blue": {"en": "Wehrmacht"},
            "red": {"zh-Hans": "红军"},
        }
    )
    assert (one.sudden_death, one.exits, one.exit_vp) == (two.sudden_death, two.exits, 1)
    assert one.crt == two.crt
    assert one.hex_terrain == two.hex_terrain
    # and the copy, saved in the editor unchanged, is still the same scenario
    assert saved(gm, f"{base}{copy.pk}/").status_code == 302
    copy.refresh_from_db()
    three = build(copy.data)
    assert (three.side_labels, three.crt, three.hex_terrain) == (
        one.side_labels,
        one.crt,
        one.hex_terrain,
    )
    assert (three.sudden_death, three.exits, three.exit_vp) == (
        one.sudden_death,
        one.exits,
        one.exit_vp,
    )


def test_a_side_reads_its_own_name_in_the_readers_language_else_its_colour() -> None:
    from django.utils import translation

    from vtt.templatetags.tabula import side_in

    view = {"scenario": {"side_labels": {"blue": {"en": "Wehrmacht", "zh-Hans": "国防军"}}}}
    assert side_in("blue", view) == "Wehrmacht"
    assert side_in("red", view) == "Red"  # no name of its own: its colour
    assert side_in("blue", None) == "Blue"  # a part drawn without the view
    with translation.override("zh-hans"):
        assert side_in("blue", view) == "国防军"
        assert side_in("red", view) == "红方"
        only_english = {"scenario": {"side_labels": {"blue": {"en": "Wehrmacht"}}}}
        assert side_in("blue", only_english) == "Wehrmacht"


@pytest.mark.parametrize(
    ("field", "typed", "words"),
    [
        ("crt_rows", "²: AL1 NE DE", "Each line is a roll, a colon and the results"),
        ("crt_rows", "9" * 5000 + ": AL1 NE DE", "Each line is a roll, a colon and the results"),
        ("unit-0-more", "²-1-4", "attack-defense-MA"),
    ],
)
def test_a_roll_or_a_step_typed_in_odd_digits_is_refused_in_words(
    campaign: Any, gwen: Any, field: str, typed: str, words: str
) -> None:
    """Issue 30, finding 8, found again on the running product: "²".isdigit() is true and
    int("²") raises, as int() does on thousands of digits; the editor answered 500 to a CRT
    row or a unit's further step typed so. Now each is refused beside its field, nothing kept."""
    gm = client_of(gwen)
    scenario = make(gm, campaign)
    url = f"/campaigns/{campaign.pk}/scenarios/{scenario.pk}/"
    gm.post(url, editor_post())
    scenario.refresh_from_db()
    before = scenario.data
    for check in (True, False):
        answer = saved(gm, url, check=check, **{field: typed})
        assert answer.status_code == (200 if check else 400), answer.status_code
        assert words in html.unescape(answer.content.decode())
    scenario.refresh_from_db()
    assert scenario.data == before
