"""The SCS table: the hex-map board renders per audience, and fog of war holds in every fragment."""

from __future__ import annotations

import copy
import uuid
from typing import Any

import pytest
from django.test import Client

from rules.core.system import Action
from rules.scs import SYSTEM
from rules.scs.state import scenario_of
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.encounters import fragments
from vtt.encounters.audiences import audience_for
from vtt.encounters.services import play, start_encounter

pytestmark = pytest.mark.django_db

# B5 starts under B3 in 01.05 and never attacks below: Red must never learn of it.
HIDDEN = ("B5", "12 Tank Bn", "6-4-8")


@pytest.fixture
def rex(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("rex", password="rex-secret-1")


@pytest.fixture
def game(gwen: Any, pip: Any, rex: Any) -> Any:
    campaign = create_campaign(gwen.pk, "Halden", "scs")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    Membership.objects.create(campaign=campaign, user=rex, role=Role.PLAYER)
    setup = {
        "scenario": "halden_crossing",
        "skip_setup": True,
        "seats": {"blue": "player1", "red": "player2"},
    }
    return start_encounter(
        campaign.pk, gwen.pk, "Halden Crossing", setup, {"blue": pip.pk, "red": rex.pk}
    )


def act(game: Any, user: Any, kind: str, actor: str, **params: Any) -> None:
    play(game.pk, user.pk, Action(kind, actor, params), uuid.uuid4().hex)


def page(user: Any, game: Any, query: str = "") -> str:
    client = Client()
    client.force_login(user)
    response = client.get(f"/encounters/{game.pk}/{query}")
    assert response.status_code == 200
    return response.content.decode()


def test_players_sit_at_their_sides(game: Any, pip: Any, rex: Any) -> None:
    assert audience_for(game.pk, pip.pk).side == "blue"  # type: ignore[union-attr]
    assert audience_for(game.pk, rex.pk).side == "red"  # type: ignore[union-attr]


def test_board_shows_the_hex_map_with_labels_terrain_rivers_and_counters(
    game: Any, pip: Any
) -> None:
    html = page(pip, game)
    assert '<svg class="scs-map map"' in html
    assert 'role="group"' in html
    assert 'role="img"' not in html  # buttons inside an image are lost to screen readers
    assert 'data-hex="07.05"' in html
    assert ">07.05</text>" in html
    assert "t-marsh" in html
    assert 'class="rivers"' in html
    assert "Halden" in html
    assert 'data-movable="1"' in html
    assert 'data-reach-from="01.05"' not in html  # drawn when the stack is selected, below
    assert "12 Tank Bn" in html  # Blue sees its own whole stack
    assert "Turn 1" in html
    assert "Movement Phase" in html


def test_a_selected_stack_fetches_its_reach_and_only_its_own_side_gets_one(
    game: Any, pip: Any, rex: Any
) -> None:
    client = Client()
    client.force_login(pip)
    url = f"/encounters/{game.pk}/reach/?from=01.05"
    html = client.get(url).content.decode()
    assert 'data-reach-from="01.05"' in html
    assert 'data-to="04.05"' in html
    client.force_login(rex)  # Red asks for Blue's stack: nothing
    assert "data-to=" not in client.get(url).content.decode()
    assert Client().get(url).status_code == 302  # a stranger is sent to log in


def test_red_never_receives_the_hidden_blue_unit_in_any_page_or_frame(
    game: Any, pip: Any, rex: Any, mentions: Any
) -> None:
    def check(html: str) -> None:
        for secret in HIDDEN:
            assert not mentions(html, secret), secret

    check(page(rex, game))
    act(game, pip, "unit.move", "blue", units="B3,B5", to="04.05")
    act(game, pip, "phase.end", "blue")
    act(game, pip, "attack.declare", "blue", units="B3", target="05.05")
    act(game, pip, "attack.resolve", "blue")
    game.refresh_from_db()
    if game.state["stacks"].get("04.05", [""])[0] == "B5":
        return  # the dice gave AL2: B3 is gone and B5, now on top, is Red's to see (SCS-FOW-1)
    red = audience_for(game.pk, rex.pk)
    assert red is not None
    frames = fragments.render_events(game, red, 1, game.seq)
    check(frames)
    check(page(rex, game))
    check(replay_page(rex, game, ""))
    check(replay_page(rex, game, "?entry=1"))
    assert "Combat" in page(rex, game) or "Result" in frames or "2d6" in frames
    assert "3/7 Infantry Rgt" in frames  # the attacker is revealed by its declaration
    # Blue's own page shows everything it owns.
    assert "12 Tank Bn" in page(pip, game)


def test_observer_and_gm_see_every_unit(game: Any, gwen: Any) -> None:
    html = page(gwen, game)
    assert "12 Tank Bn" in html
    assert "Flak Bn" in html


def replay_page(user: Any, game: Any, query: str) -> str:
    client = Client()
    client.force_login(user)
    response = client.get(f"/encounters/{game.pk}/replay/{query}")
    assert response.status_code == 200
    return response.content.decode()


def test_replay_shows_the_board_as_it_was_after_each_entry(game: Any, pip: Any) -> None:
    act(game, pip, "unit.move", "blue", units="B4", to="03.05")
    act(game, pip, "phase.end", "blue")
    start = replay_page(pip, game, "?entry=1")
    assert 'data-hex="03.05"' not in start.split('class="stacks"')[1].split("</g></g>")[0]
    moved = replay_page(pip, game, "?entry=2")
    assert "Step 2 of 3" in moved
    assert 'class="stack side-blue own" data-hex="03.05"' in moved
    assert "movement" in moved
    assert "combat" in replay_page(pip, game, "?entry=3")
    # Nothing to order in a replay, and the old ?replay= link now leads here.
    assert 'name="kind" value="unit.move"' not in moved
    client = Client()
    client.force_login(pip)
    assert client.get(f"/encounters/{game.pk}/?replay=0")["Location"].endswith("/replay/")
    assert client.get(f"/encounters/{game.pk}/replay/?entry=x").status_code == 400


def rigged(gwen: Any, pip: Any, rex: Any, code: str) -> Any:
    """An encounter whose CRT gives `code` on every roll, Blue next to R4 in its Combat Phase."""
    campaign = create_campaign(gwen.pk, f"Rigged {code}", "scs")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    Membership.objects.create(campaign=campaign, user=rex, role=Role.PLAYER)
    setup = {
        "scenario": "halden_crossing",
        "skip_setup": True,
        "seats": {"blue": "player1", "red": "player2"},
        "settings": {"crt.rows": {roll: [code] * 10 for roll in range(2, 13)}},
    }
    encounter = start_encounter(
        campaign.pk, gwen.pk, "Rigged", setup, {"blue": pip.pk, "red": rex.pk}
    )
    act(encounter, pip, "unit.move", "blue", units="B1", to="04.04")
    act(encounter, pip, "unit.move", "blue", units="B2", to="04.05")
    act(encounter, pip, "phase.end", "blue")
    act(encounter, pip, "attack.declare", "blue", units="B1,B2", target="05.05")
    return encounter


def test_combat_panel_offers_retreat_hexes_then_the_advance(gwen: Any, pip: Any, rex: Any) -> None:
    encounter = rigged(gwen, pip, rex, "Do1")
    before = page(pip, encounter)
    assert "Roll 2d6" in before
    assert "Chance of each result" in before
    act(encounter, pip, "attack.resolve", "blue")
    red = page(rex, encounter)
    assert "R4 → 06.05" in red
    assert "no loss" in red
    assert "EZOC: −1 step" in red
    assert "Lose 1 step(s) instead of retreating" in red
    act(encounter, rex, "combat.retreat", "red", path="06.05")
    blue = page(pip, encounter)
    assert "Advance into 05.05?" in blue


def test_combat_panel_offers_a_retreat_off_the_map_as_elimination(
    gwen: Any, pip: Any, rex: Any
) -> None:
    """SCS-MAP-4 / SCS-RET-2: R4 set up on the west edge (01.02) may retreat off the map."""
    scenario = copy.deepcopy(dict(scenario_of(SYSTEM.start({"skip_setup": True})).raw))
    for unit in scenario["units"]:
        if unit["id"] == "R4":
            unit["setup"] = {"hex": "01.02"}
    scenario["crt"]["rows"] = {roll: ["Dr1"] * 10 for roll in range(2, 13)}
    campaign = create_campaign(gwen.pk, "Edge", "scs")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    Membership.objects.create(campaign=campaign, user=rex, role=Role.PLAYER)
    setup = {
        "scenario": scenario,
        "skip_setup": True,
        "seats": {"blue": "player1", "red": "player2"},
    }
    encounter = start_encounter(
        campaign.pk, gwen.pk, "Edge", setup, {"blue": pip.pk, "red": rex.pk}
    )
    act(encounter, pip, "unit.move", "blue", units="B1", path="02.03,02.02")
    act(encounter, pip, "phase.end", "blue")
    act(encounter, pip, "attack.declare", "blue", units="B1", target="01.02")
    act(encounter, pip, "attack.resolve", "blue")
    red = page(rex, encounter)
    assert "R4 → 00.02 · off the map: eliminated" in red
    assert "R4 → 01.01 · no loss" in red
    act(encounter, rex, "combat.retreat", "red", path="00.02")
    assert "R4 retreats off the map (00.02) and is eliminated (SCS-MAP-4)" in page(pip, encounter)


def test_combat_panel_asks_the_owner_for_step_losses(gwen: Any, pip: Any, rex: Any) -> None:
    encounter = rigged(gwen, pip, rex, "AL1")
    act(encounter, pip, "attack.resolve", "blue")
    blue = page(pip, encounter)
    assert "Choose 1 step loss: click the counter that loses it" in blue
    assert 'data-loss-unit="B1"' in blue  # a counter to click, no id to type
    assert 'name="units" value="B1" data-loss-field' in blue
    assert "Choose 1 step loss" not in page(rex, encounter)


def test_a_side_only_event_carries_a_side_badge_not_gm_only(
    game: Any, gwen: Any, pip: Any, rex: Any
) -> None:
    """A move is addressed to "side:blue": Blue and the GM see it badged "Blue only", never
    "GM only"; Red gets the redacted line, with no badge."""
    act(game, pip, "unit.move", "blue", units="B1", to="03.04")
    rows = fragments.visible_rows(game.events.order_by("seq"), audience_for(game.pk, pip.pk))
    moved = [row for row in rows if row["kind"] == "unit.moved"]
    assert moved
    assert moved[0]["audience"] == "side:blue"
    for viewer in (pip, gwen):
        html = page(viewer, game)
        assert 'class="badge">Blue only</small>' in html
        assert "GM only" not in html
    red = page(rex, game)
    assert "Blue only" not in red
    assert "GM only" not in red


def test_own_log_export_holds_only_what_the_viewer_saw(game: Any, pip: Any, rex: Any) -> None:
    act(game, pip, "unit.move", "blue", units="B3,B5", to="04.05")
    client = Client()
    client.force_login(rex)
    as_json = client.get(f"/encounters/{game.pk}/log/mine.json")
    as_text = client.get(f"/encounters/{game.pk}/log/mine.txt").content.decode()
    events = as_json.json()["events"]
    assert [e["seq"] for e in events] == sorted(e["seq"] for e in events)
    assert len(events) >= 2
    assert "04.05" in as_text
    assert as_text.count("\n#") == len(events)
    for secret in HIDDEN:
        assert secret not in as_json.content.decode()
        assert secret not in as_text
    client.force_login(pip)
    assert "B5" in client.get(f"/encounters/{game.pk}/log/mine.txt").content.decode()


def test_charts_show_the_crt_the_tec_and_every_result_code(game: Any, pip: Any) -> None:
    html = page(pip, game)
    assert "Combat Results Table" in html
    assert '<th scope="col">8:1</th>' in html
    assert "Terrain Effects Chart" in html
    assert "prohibited" in html  # marsh for mechanised units
    for code in ("AL2", "DL1o1", "Ao1", "DE", "NE", "AL1/DL1"):
        assert f"<dt>{code}</dt>" in html
    assert "the defender loses 1 step; the defender retreats 1 hex or loses a step" in html


def test_board_and_charts_read_in_chinese(game: Any, pip: Any) -> None:
    client = Client(headers={"accept-language": "zh-hans"})
    client.force_login(pip)
    html = client.get(f"/encounters/{game.pk}/").content.decode()
    assert "图表：战斗结果、地形效果、结果代码" in html
    assert "守方承受 1 个阶段损失" in html
    assert "放大" in html  # the zoom buttons


def test_the_map_view_is_kept_by_what_it_shows_gm_and_observers_share_it(
    game: Any, pip: Any, rex: Any
) -> None:
    """The whole map view is kept rendered under a digest of what it is drawn from
    (vtt/tables/scs.py `map_digest`): the GM and the observers see one map, each side its own
    (fog of war), and a move is a new map; the kept one is always what the context draws."""
    from django.template.loader import render_to_string

    from rules.core.system import GM, OBSERVER

    blue, red = audience_for(game.pk, pip.pk), audience_for(game.pk, rex.pk)
    assert blue is not None
    assert red is not None

    def digests() -> list[str]:
        found = []
        for audience in (GM, OBSERVER, blue, red):
            context = fragments.table_context(game, audience)
            context["board_template"], context["sheet_template"] = fragments.board_templates("scs")
            html = render_to_string("encounters/_table.html", context)
            assert render_to_string("systems/scs/_map.html", context) in html
            found.append(context["scs"]["map_digest"])
        return found

    before = digests()
    assert before[0] == before[1]
    assert len(set(before[1:])) == 3
    act(game, pip, "unit.move", "blue", units="B3,B5", to="04.05")
    game.refresh_from_db()
    after = digests()
    assert after[0] == after[1]
    assert not set(before) & set(after)
