"""Issue 36: the SCS scenario editor. A campaign's GM makes a scenario through forms (map size,
terrain, rivers and roads, places and victory hexes, both sides' units and a reinforcement),
the rules' own errors come back as the GM edits (htmx), the scenario exports and imports as
JSON unchanged, and New encounter offers it beside the shipped ones and starts it."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from rules.scs.scenario import build, load_scenario
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.encounters.models import CampaignScenario, Encounter
from vtt.lobby import scenario_form as sf

pytestmark = pytest.mark.django_db

UNITS = [  # three a side: Blue at the west edge, Red in and around the town
    ("Blue", "1 Rifle Bn", "infantry", "foot", "03.04", ""),
    ("Blue", "2 Rifle Bn", "infantry", "foot", "03.05", ""),
    ("Blue", "3 Tank Bn", "armor", "mech", "", "2"),
    ("Red", "Guard Bn", "infantry", "foot", "06.04", ""),
    ("Red", "Militia Bn", "infantry", "foot", "06.05", ""),
    ("Red", "Flak Bn", "antiaircraft", "foot", "07.04", ""),
]


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def management(prefix: str, total: int, initial: int) -> dict[str, str]:
    return {
        f"{prefix}-TOTAL_FORMS": str(total),
        f"{prefix}-INITIAL_FORMS": str(initial),
        f"{prefix}-MIN_NUM_FORMS": "0",
        f"{prefix}-MAX_NUM_FORMS": "1000",
    }


def editor_post(**whole: str) -> dict[str, str]:
    data = {
        "title": "Ridge at Oster",
        "columns": "10",
        "rows": "8",
        "game_turns": "3",
        "first_player": "Blue",
        "supply_blue": "west",
        "supply_red": "east",
        "stacking": "4",
        "vp_per_step": "1",
        "blocked": "delay",
        "terrain": "06.04:town 05.05:woods 05.04:woods",
        "rivers": "04.01-05.01 04.02-05.02",
        "roads": "01.04-02.04 02.04-03.04",
        **management("place", 1, 0),
        "place-0-hex": "06.04",
        "place-0-name": "Oster",
        "place-0-vp": "2",
        "place-0-held": "Red",
        **management("unit", len(UNITS), 0),
    }
    for n, (side, name, kind, move, where, turn) in enumerate(UNITS):
        data.update(
            {
                f"unit-{n}-side": side,
                f"unit-{n}-name": name,
                f"unit-{n}-type": kind,
                f"unit-{n}-move_class": move,
                f"unit-{n}-a": "4",
                f"unit-{n}-d": "3",
                f"unit-{n}-ma": "6" if move == "mech" else "4",
                f"unit-{n}-ra": "2",
                f"unit-{n}-rd": "1",
                f"unit-{n}-rma": "6" if move == "mech" else "4",
                f"unit-{n}-hex": where,
                f"unit-{n}-turn": turn,
                f"unit-{n}-entry": "01.04 01.05" if turn else "",
            }
        )
    data.update(whole)
    return data


@pytest.fixture
def campaign(gwen: Any, pip: Any, django_user_model: Any) -> Any:
    made = create_campaign(gwen.pk, "Oster", "scs")
    Membership.objects.create(campaign=made, user=pip, role=Role.PLAYER)
    ria = django_user_model.objects.create_user("ria", password="pw-ria-12345")
    Membership.objects.create(campaign=made, user=ria, role=Role.PLAYER)
    return made


def make(gm: Client, campaign: Any) -> CampaignScenario:
    answer = gm.post(
        f"/campaigns/{campaign.pk}/scenarios/",
        {"new": "1", "title": "Ridge at Oster", "columns": "10", "rows": "8"},
    )
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:2000]
    return CampaignScenario.objects.filter(campaign=campaign).latest("pk")


def test_the_gm_builds_a_scenario_and_new_encounter_starts_it(
    campaign: Any, gwen: Any, pip: Any
) -> None:
    gm = client_of(gwen)
    scenario = make(gm, campaign)
    url = f"/campaigns/{campaign.pk}/scenarios/{scenario.pk}/"
    page = gm.get(url).content.decode()
    assert 'data-hex="10.08"' in page  # a 10 x 8 map
    assert 'data-hex="11.01"' not in page
    answer = gm.post(url, editor_post())
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:3000]
    scenario.refresh_from_db()
    scn = build(scenario.data)
    assert (scn.grid.columns, scn.grid.rows, scn.game_turns) == (10, 8, 3)
    assert len([u for u in scn.units.values() if u.side == "blue"]) == 3
    assert len([u for u in scn.units.values() if u.side == "red"]) == 3
    assert scn.terrain[scn.grid.cell("06.04")] == "town"
    assert "river" in scn.features(scn.grid.cell("04.01"), scn.grid.cell("05.01"))
    assert "road" in scn.features(scn.grid.cell("01.04"), scn.grid.cell("02.04"))
    assert scn.places[scn.grid.cell("06.04")] == "Oster"
    assert scn.vp_hexes[scn.grid.cell("06.04")] == (2, "red")
    assert scn.arrivals["B3"].turn == 2  # the tank battalion arrives on turn 2

    new = f"/campaigns/{campaign.pk}/encounters/new/"
    page = html.unescape(gm.get(new).content.decode())
    assert "Ridge at Oster (this campaign's)" in page
    answer = gm.post(
        new,
        {
            "mode": "build",
            "title": "At Oster",
            "scene_scenario": f"campaign-{scenario.pk}",
            "seat_blue": str(pip.pk),
        },
    )
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:3000]
    encounter = Encounter.objects.get(title="At Oster")
    assert encounter.setup["scenario"]["title"] == "Ridge at Oster"
    assert {s.actor_id: s.user_id for s in encounter.seats.all()} == {"blue": pip.pk}
    assert encounter.state["phase"] == "setup"
    table = gm.get(f"/encounters/{encounter.pk}/").content.decode()
    assert 'id="scs-charts"' in table  # the scenario's own CRT and TEC, one click away
    assert "Oster" in table


def test_the_rules_own_errors_come_back_as_the_gm_edits_in_the_gms_language(
    campaign: Any, gwen: Any
) -> None:
    gm = client_of(gwen)
    scenario = make(gm, campaign)
    url = f"/campaigns/{campaign.pk}/scenarios/{scenario.pk}/"
    bad = editor_post(**{"unit-0-hex": "12.02"})  # off a 10 x 8 map
    answer = gm.post(url, bad, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    text = html.unescape(answer.content.decode())
    assert "unit B1: set-up hex: hex 12.02 is off the map (SCS-MAP-3)" in text
    scenario.refresh_from_db()
    assert scenario.data["units"] == []  # a check stores nothing
    zero = gm.post(url, editor_post(game_turns="0"), HTTP_HX_REQUEST="true")
    assert "Game turns: Ensure this value is greater than or equal to 1." in html.unescape(
        zero.content.decode()
    )
    gm.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    text = html.unescape(gm.post(url, bad, HTTP_HX_REQUEST="true").content.decode())
    assert "单位 B1：布置格：六边形格 12.02 在地图之外" in text, text[:1500]


def test_a_unit_rows_fields_read_in_chinese_without_a_placeholder(campaign: Any, gwen: Any) -> None:
    """Before: a unit's set-up area read 周围#格范围内 ("within # hexes"), a "#" where the
    English says "Within (hexes)"."""
    gm = client_of(gwen)
    scenario = make(gm, campaign)
    gm.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    page = html.unescape(
        gm.get(f"/campaigns/{campaign.pk}/scenarios/{scenario.pk}/").content.decode()
    )
    labels = re.findall(r'<label for="id_unit-0-[a-z_]+">([^<]*)</label>', page)
    assert "周围范围（格数）：" in labels
    assert "其后各级：" in labels
    assert not [label for label in labels if "#" in label]


def test_a_scenario_exports_and_imports_as_json_unchanged(campaign: Any, gwen: Any) -> None:
    """The schema round trip: exported, imported into the campaign again, exported again."""
    gm = client_of(gwen)
    scenario = make(gm, campaign)
    base = f"/campaigns/{campaign.pk}/scenarios/"
    gm.post(f"{base}{scenario.pk}/", editor_post())
    first = gm.get(f"{base}{scenario.pk}/export/")
    assert first["Content-Disposition"].endswith('.scenario.json"')
    exported = json.loads(first.content)
    upload = SimpleUploadedFile("ridge.json", first.content, "application/json")
    answer = gm.post(base, {"import": "1", "file": upload})
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:2000]
    copy = CampaignScenario.objects.exclude(pk=scenario.pk).get(campaign=campaign)
    again = json.loads(gm.get(f"{base}{copy.pk}/export/").content)
    assert {**again, "id": ""} == {**exported, "id": ""}
    assert build(again).units == build(exported).units
    assert build(again).terrain == build(exported).terrain


def test_an_import_the_rules_refuse_is_refused_in_words_and_nothing_stored(
    campaign: Any, gwen: Any
) -> None:
    gm = client_of(gwen)
    base = f"/campaigns/{campaign.pk}/scenarios/"
    data = {"title": "Broken", "sides": ["Blue"]}
    upload = SimpleUploadedFile("broken.json", json.dumps(data).encode(), "application/json")
    answer = gm.post(base, {"import": "1", "file": upload})
    assert answer.status_code == 400
    assert "scenario: id is required" in html.unescape(answer.content.decode())
    assert not CampaignScenario.objects.filter(campaign=campaign).exists()


def test_only_the_gm_opens_the_editor(campaign: Any, gwen: Any, pip: Any) -> None:
    scenario = make(client_of(gwen), campaign)
    player = client_of(pip)
    assert player.get(f"/campaigns/{campaign.pk}/scenarios/").status_code == 404
    assert player.get(f"/campaigns/{campaign.pk}/scenarios/{scenario.pk}/").status_code == 404
    assert (
        player.get(f"/campaigns/{campaign.pk}/scenarios/{scenario.pk}/export/").status_code == 404
    )


def as_posted(data: dict[str, Any]) -> dict[str, str]:
    """The editor's form as the browser sends it, every field as the editor filled it."""
    whole, units, places = sf.initial(data)

    def text(value: Any) -> str:
        return "" if value is None else str(value)

    post = {k: text(v) for k, v in whole.items() if v is not False and v is not True}
    post.update({k: "on" for k, v in whole.items() if v is True})
    for prefix, rows in (("unit", units), ("place", places)):
        post.update(management(prefix, len(rows), len(rows)))
        for n, row in enumerate(rows):
            for key, value in row.items():
                if value is True:
                    post[f"{prefix}-{n}-{key}"] = "on"
                elif value is not False:
                    post[f"{prefix}-{n}-{key}"] = text(value)
    return post


def test_a_shipped_scenario_imported_and_saved_unchanged_plays_as_before(
    campaign: Any, gwen: Any
) -> None:
    """Halden Crossing through the import and the editor: units with a "w/i N" area keep their
    own default hex, reinforcements, terrain, rivers, roads, victory hexes and charts stay."""
    gm = client_of(gwen)
    base = f"/campaigns/{campaign.pk}/scenarios/"
    shipped = load_scenario("halden_crossing")
    upload = SimpleUploadedFile("halden.json", json.dumps(dict(shipped.raw)).encode())
    answer = gm.post(base, {"import": "1", "file": upload})
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:2000]
    made = CampaignScenario.objects.get(campaign=campaign)
    answer = gm.post(f"{base}{made.pk}/", as_posted(made.data))
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:3000]
    made.refresh_from_db()
    again = build(made.data)
    assert again.units == shipped.units
    assert again.arrivals == shipped.arrivals
    assert again.terrain == shipped.terrain
    assert again.hexsides == shipped.hexsides
    assert again.places == shipped.places
    assert again.vp_hexes == shipped.vp_hexes
    assert again.sources == shipped.sources
    assert again.crt == shipped.crt
    assert (again.first_player, again.setup_order) == (shipped.first_player, shipped.setup_order)


def test_the_campaign_file_carries_its_scenarios(campaign: Any, gwen: Any) -> None:
    """A campaign moved to another Tabula keeps the scenarios its GM made (a draft too)."""
    from vtt.lobby import transfer

    gm = client_of(gwen)
    scenario = make(gm, campaign)
    gm.post(f"/campaigns/{campaign.pk}/scenarios/{scenario.pk}/", editor_post())
    draft = make(gm, campaign)  # no units yet: stored as the GM left it
    scenario.refresh_from_db()
    moved, _notes = transfer.import_text(gwen.pk, transfer.export_text(campaign.pk, gwen.pk))
    copies = list(CampaignScenario.objects.filter(campaign=moved).order_by("pk"))
    assert [c.data for c in copies] == [scenario.data, draft.data]
    assert [c.title for c in copies] == ["Ridge at Oster", "Ridge at Oster"]


def test_a_unit_row_may_start_from_the_campaign_librarys_unit_types(
    campaign: Any, gwen: Any
) -> None:
    """The library's SCS unit types (the shipped scenarios' units to start with) fill a row."""
    from vtt.library.content import add_starters

    add_starters(campaign)
    gm = client_of(gwen)
    scenario = make(gm, campaign)
    page = html.unescape(
        gm.get(f"/campaigns/{campaign.pk}/scenarios/{scenario.pk}/").content.decode()
    )
    assert "From the library" in page
    raw = page.split('id="scs-unit-types" type="application/json">', 1)[1]
    types = json.loads(raw.split("</script>", 1)[0])
    tank = next(t for t in types if t["label"] == "12 Tank Bn")
    assert tank["fields"] == {
        "name": "12 Tank Bn",
        "type": "armor",
        "move_class": "mech",
        "exploit": True,
        "a": 6,
        "d": 4,
        "ma": 8,
        "ra": 3,
        "rd": 2,
        "rma": 8,
        "more": "",
        "support_range": 0,
    }
    assert '<option value="' + tank["key"] + '">12 Tank Bn</option>' in page


def test_a_support_unit_type_brings_its_barrage_range_to_the_editor(
    campaign: Any, gwen: Any
) -> None:
    """Before: a library unit type's attack mode could be support but it had no barrage range,
    so picked into a unit row it came out a close-combat unit (the row's range 0). Its range
    is a field of the library's form and fills the row's (SCS-ART-1)."""
    from rules.core.library import kinds_for

    [kind] = kinds_for("scs")
    guns = kind.check(
        {
            "name": "Corps Artillery",
            "type": "artillery",
            "move_class": "foot",
            "attack_mode": "support",
            "support_range": 3,
            "steps": [{"a": 3, "d": 1, "ma": 2}],
        }
    )
    assert guns["support_range"] == 3
    assert "support_range" in {e.key for e in kind.schema.entries}
    from vtt.library.models import LibraryItem

    LibraryItem.objects.create(campaign=campaign, kind="unit_type", name=guns["name"], data=guns)
    gm = client_of(gwen)
    scenario = make(gm, campaign)
    page = html.unescape(
        gm.get(f"/campaigns/{campaign.pk}/scenarios/{scenario.pk}/").content.decode()
    )
    raw = page.split('id="scs-unit-types" type="application/json">', 1)[1]
    [picked] = json.loads(raw.split("</script>", 1)[0])
    assert picked["fields"]["support_range"] == 3


def test_a_unit_of_more_than_two_steps_keeps_them_through_the_editor(
    campaign: Any, gwen: Any
) -> None:
    """Before: a unit row had fields for two steps only, so a library unit type of three steps
    (SCS-STEP-1 allows up to ten) picked into a row came out a two-step unit. A row's further
    steps are a field of their own ("2-1-4 1-1-4"), filled by the pick, shown for an imported
    unit, and refused in words when they cannot be read."""
    from vtt.library.models import LibraryItem

    steps = [{"a": 6, "d": 5, "ma": 4}, {"a": 4, "d": 3, "ma": 4}, {"a": 2, "d": 2, "ma": 3}]
    LibraryItem.objects.create(
        campaign=campaign,
        kind="unit_type",
        name="Heavy Rifles",
        data={"name": "Heavy Rifles", "type": "infantry", "move_class": "foot", "steps": steps},
    )
    gm = client_of(gwen)
    scenario = make(gm, campaign)
    url = f"/campaigns/{campaign.pk}/scenarios/{scenario.pk}/"
    page = html.unescape(gm.get(url).content.decode())
    raw = page.split('id="scs-unit-types" type="application/json">', 1)[1]
    [heavy] = json.loads(raw.split("</script>", 1)[0])
    assert heavy["fields"]["more"] == "2-2-3"
    assert 'name="unit-0-more"' in page
    refused = gm.post(url, editor_post(**{"unit-0-more": "2-2"}))
    assert "attack-defense-MA" in html.unescape(refused.content.decode())
    answer = gm.post(url, editor_post(**{"unit-0-more": heavy["fields"]["more"]}))
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:3000]
    scenario.refresh_from_db()
    first = scenario.data["units"][0]
    assert first["steps"] == [
        {"a": 4, "d": 3, "ma": 4},
        {"a": 2, "d": 1, "ma": 4},
        {"a": 2, "d": 2, "ma": 3},
    ]
    assert len(build(scenario.data).units[first["id"]].steps) == 3
    again = as_posted(scenario.data)
    assert again["unit-0-more"] == "2-2-3"
    assert gm.post(url, again).status_code == 302
    scenario.refresh_from_db()
    assert scenario.data["units"][0]["steps"] == first["steps"]
