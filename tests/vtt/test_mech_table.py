"""The mech table: SVG grid with cover and tokens, reach, sheets, dashboard, preview fragment."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from rules.core.system import Action
from rules.mech import SYSTEM

pytestmark = pytest.mark.django_db


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_gm_dashboard_shows_map_tracks_and_turn_order(mech_encounter: Any, gwen: Any) -> None:
    page = _client(gwen).get(f"/encounters/{mech_encounter.pk}/").content.decode()
    assert "css/systems/mech.css" in page
    assert "js/mech.js" in page
    assert 'class="mech-map map"' in page
    assert 'role="img"' not in page
    assert page.count('class="t-light"') == 7
    assert page.count('class="t-heavy"') == 5
    assert page.count('class="token side-') == 4
    assert page.count('data-row="') == 4
    assert 'class="mech-order"' in page
    # the GM tools load when opened: the page names where from, not the forms
    tools_url = f"/encounters/{mech_encounter.pk}/part/gm-tools/"
    assert f'hx-get="{tools_url}"' in page
    assert 'name="kind" value="gm_damage"' not in page
    assert 'name="kind" value="gm_damage"' in _client(gwen).get(tools_url).content.decode()
    assert 'name="kind" value="begin_turn"' in page
    assert 'data-actor="latch"' in page
    assert 'name="kind" value="begin_turn"' in page


def test_player_sees_own_sheet_reach_and_move_forms(mech_encounter: Any, pip: Any) -> None:
    from vtt.encounters.services import play

    client = _client(pip)
    page = client.get(f"/encounters/{mech_encounter.pk}/").content.decode()
    assert 'data-sheet="latch"' in page
    assert 'data-sheet="spar_a"' not in page
    assert "Cinder Pod" in page
    assert 'data-uses="3"' in page
    play(mech_encounter.pk, pip.pk, Action("begin_turn", "latch"), "k1")
    page = client.get(f"/encounters/{mech_encounter.pk}/").content.decode()
    assert 'data-reach-from="latch"' not in page  # squares are fetched when the mech is selected
    assert 'data-on-demand="reach"' in page
    assert 'data-kind="move" data-actor="latch"' in page
    reach_url = f"/encounters/{mech_encounter.pk}/reach/?from="
    reach = client.get(reach_url + "latch").content.decode()
    assert 'data-reach-from="latch"' in reach
    assert 'data-mode="move"' in reach
    play(mech_encounter.pk, pip.pk, Action("move", "latch", {"x": 4, "y": 5}), "k2")
    page = client.get(f"/encounters/{mech_encounter.pk}/").content.decode()
    reach = client.get(reach_url + "latch").content.decode()
    assert 'data-mode="boost"' in reach  # beyond the 2 squares of move left, within a boost
    assert 'data-area="blast"' in page
    assert "data-aim" in page
    # Pip asks for the enemy's squares: nothing (only the viewer's own mechs have any)
    assert "data-to=" not in client.get(reach_url + "spar_a").content.decode()


def test_meltdown_count_only_on_the_gm_page(mech_encounter: Any, gwen: Any, pip: Any) -> None:
    from vtt.encounters.models import Encounter

    encounter = Encounter.objects.get(pk=mech_encounter.pk)
    state = dict(encounter.state)
    state["units"]["latch"]["meltdown"] = {"turns": 3, "mark": 0, "avertable": True}
    encounter.state = state
    encounter.save(update_fields=["state"])
    gm_page = _client(gwen).get(f"/encounters/{encounter.pk}/").content.decode()
    player_page = _client(pip).get(f"/encounters/{encounter.pk}/").content.decode()
    assert 'data-meltdown="3"' in gm_page
    assert "reactor critical" in player_page
    assert 'data-meltdown="3"' not in player_page


def test_area_preview_shows_the_template_and_the_units_hit(mech_encounter: Any, pip: Any) -> None:
    from vtt.encounters.services import play

    play(mech_encounter.pk, pip.pk, Action("begin_turn", "latch"), "k1")
    play(mech_encounter.pk, pip.pk, Action("move", "latch", {"x": 6, "y": 5}), "k2")
    response = _client(pip).get(
        f"/encounters/{mech_encounter.pk}/preview/",
        {"kind": "attack", "actor": "latch", "weapon": "2", "x": "12", "y": "6"},
    )
    html = response.content.decode()
    assert 'class="preview-result mech-preview"' in html
    assert 'data-area="11,5' in html
    assert 'data-hits="spar_a"' in html
    assert "Sparring Mule A" in html
    assert "%" in html


def test_board_context_survives_random_play_for_every_audience() -> None:
    """Random legal play (hidden enemies, destroyed mechs, intervals) renders for every viewer."""
    import random
    from types import SimpleNamespace

    from django.template.loader import render_to_string

    from rules.core.dice import SeededDice
    from rules.core.errors import RulesError
    from rules.core.system import GM, OBSERVER, Audience
    from vtt.tables.mech import board_context

    audiences = [
        GM,
        OBSERVER,
        Audience("player", side="blue", actors=frozenset({"latch"})),
        Audience("player", side="red", actors=frozenset({"spar_b"})),
    ]
    for seed in range(3):
        rng = random.Random(seed)
        state = SYSTEM.start(SYSTEM.demo())
        state["units"]["spar_a"]["conditions"]["hidden"] = {"source": "hide"}
        for step in range(30):
            actor = rng.choice(["gm", *state["order"]])
            templates = [t.to_json() for t in SYSTEM.legal_actions(state, actor)]
            if not templates:
                continue
            template = rng.choice(templates)
            params = dict(template.get("fixed") or {})
            for spec in template["params"]:
                if spec.get("choices"):
                    params[spec["name"]] = rng.choice(spec["choices"])["value"]
                elif spec["name"] in ("x", "y"):
                    params[spec["name"]] = rng.randint(0, 13)
                else:
                    params[spec["name"]] = spec.get("default", "") or "3"
            try:
                events = SYSTEM.resolve(
                    state, Action(template["kind"], actor, params), SeededDice(step)
                )
            except RulesError:
                continue
            for event in events:
                state = SYSTEM.apply(state, event)
            for audience in audiences:
                view = SYSTEM.view(state, audience)
                context = board_context(view, audience, {})
                context.update({"view": view, "audience": audience, "is_gm": audience.role == "gm"})
                context["encounter"] = SimpleNamespace(pk=1, is_active=True)  # for part URLs
                html = render_to_string("systems/mech/_board.html", context)
                assert 'class="mech-map map"' in html
                # the map view kept under its digest is the one this context draws
                assert render_to_string("systems/mech/_map.html", context) in html
                if audience.role == "player":
                    render_to_string("systems/mech/_sheet.html", context)


def test_campaign_settings_reach_a_new_mech_encounter(gwen: Any) -> None:
    """Every proposed default is a campaign setting; the GM's choice reaches the next encounter."""
    from vtt.campaigns.services import create_campaign, save_settings
    from vtt.encounters.services import start_encounter

    campaign = create_campaign(gwen.pk, "Settings", "mech")
    page = _client(gwen).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "MECH-AMB-43" in page
    assert "MECH-STRUCT-TABLE" in page
    assert "MECH-AMB-48" in page
    save_settings(campaign.pk, gwen.pk, {"mech.structure_table": "lancer", "mech.wrecks": False})
    encounter = start_encounter(campaign.pk, gwen.pk, "Set", SYSTEM.demo(), {}, "mech")
    assert encounter.state["settings"]["structure_table"] == "lancer"
    assert encounter.state["settings"]["wrecks"] is False


def test_dashboard_shows_grapples_with_size_sums(mech_encounter: Any, gwen: Any, pip: Any) -> None:
    """MECH-ACT-GRAPPLE-3 on the GM dashboard."""
    from vtt.encounters.models import Encounter

    encounter = Encounter.objects.get(pk=mech_encounter.pk)
    state = dict(encounter.state)
    state["grapples"] = [
        {"id": 1, "attackers": ["latch", "brick"], "defenders": ["spar_a"], "winner": "attackers"}
    ]
    encounter.state = state
    encounter.save(update_fields=["state"])
    page = _client(gwen).get(f"/encounters/{encounter.pk}/").content.decode()
    assert "Latch, Brick grapple Sparring Mule A (sizes 2 vs 1)" in page


def test_stored_log_replays_to_the_snapshot(mech_encounter: Any, gwen: Any, pip: Any) -> None:
    """The log is the truth: refolding a played mech encounter gives the stored state."""
    from vtt.encounters.models import Encounter
    from vtt.encounters.services import play, replay

    steps = [
        (pip, Action("begin_turn", "latch")),
        (pip, Action("overcharge", "latch")),
        (pip, Action("move", "latch", {"x": 6, "y": 5})),
        (pip, Action("attack", "latch", {"weapon": "2", "x": "12", "y": "5", "accuracy": "3"})),
        (pip, Action("attack", "latch", {"weapon": "0", "target": "spar_a"})),
        (gwen, Action("gm_heat", "gm", {"target": "latch", "amount": "9"})),
        (pip, Action("end_turn", "latch")),
    ]
    for n, (user, action) in enumerate(steps):
        play(mech_encounter.pk, user.pk, action, f"r{n}")
    report = replay(Encounter.objects.get(pk=mech_encounter.pk))
    assert report.matches, report.differences


def test_blue_log_does_not_name_a_hidden_mech_caught_by_a_blast(
    mech_encounter: Any, gwen: Any, pip: Any
) -> None:
    """MECH-COND-HIDDEN: the GM's log names Hidden Sparring Mule A; Pip's (blue) does not."""
    from vtt.encounters.audiences import audience_for
    from vtt.encounters.fragments import visible_rows
    from vtt.encounters.models import Encounter
    from vtt.encounters.services import play

    hide = Action("gm_condition", "gm", {"target": "spar_a", "condition": "hidden"})
    play(mech_encounter.pk, gwen.pk, hide, "h1")
    play(mech_encounter.pk, pip.pk, Action("begin_turn", "latch"), "k1")
    play(mech_encounter.pk, pip.pk, Action("move", "latch", {"x": 6, "y": 5}), "k2")
    pod = Action("attack", "latch", {"weapon": "cinder_pod", "x": 12, "y": 5})
    play(mech_encounter.pk, pip.pk, pod, "k3")
    rows = list(Encounter.objects.get(pk=mech_encounter.pk).events.order_by("seq"))
    attack = [row for row in rows if row.entry == rows[-1].entry]
    blue = [r["text"] for r in visible_rows(attack, audience_for(mech_encounter.pk, pip.pk))]
    gm = [r["text"] for r in visible_rows(attack, audience_for(mech_encounter.pk, gwen.pk))]
    assert blue[0] == "Latch attacks with Cinder Pod (blast 1): an unseen unit"
    assert not any("Sparring Mule A" in text for text in blue)
    assert gm[0] == "Latch attacks with Cinder Pod (blast 1): Sparring Mule A"
    assert len(blue) == len(gm)


def test_tables_show_structure_stress_and_overcharge(mech_encounter: Any, pip: Any) -> None:
    page = _client(pip).get(f"/encounters/{mech_encounter.pk}/").content.decode()
    assert "MECH-STRUCT-TABLE" in page
    assert "Glancing blow" in page
    assert "Power plant unstable" in page
    assert "1d6+4" in page
    assert page.count('class="token side-') == 4
    assert "SMA</text>" in page  # the two Mules are told apart
    assert "SMB</text>" in page


def test_a_hidden_mech_beside_a_player_leaves_their_page_whole(
    mech_encounter: Any, gwen: Any, pip: Any
) -> None:
    """Issue 16, finding 7: hiding Sparring Mule A beside Latch broke Pip's page (a 500, the
    socket refused: `engaged` read the hidden unit's blanked square). Now it renders, unnamed."""
    from vtt.encounters.services import play

    play(mech_encounter.pk, pip.pk, Action("begin_turn", "latch"), "k1")
    play(mech_encounter.pk, pip.pk, Action("move", "latch", {"x": 6, "y": 5}), "k2")
    seen = _client(pip).get(f"/encounters/{mech_encounter.pk}/").content.decode()
    assert 'data-unit="spar_a"' in seen  # seen before it hides
    hide = {"target": "spar_a", "condition": "hidden"}
    play(mech_encounter.pk, gwen.pk, Action("gm_condition", "gm", hide), "g1")
    response = _client(pip).get(f"/encounters/{mech_encounter.pk}/")
    assert response.status_code == 200
    page = response.content.decode()
    assert 'data-sheet="latch"' in page
    assert 'data-unit="spar_a"' not in page  # nothing of the hidden mech reaches Pip
    assert _client(gwen).get(f"/encounters/{mech_encounter.pk}/").status_code == 200


def test_a_hidden_mechs_move_reaches_blue_as_an_area_through_every_door(
    mech_encounter: Any, gwen: Any, pip: Any, mentions: Any
) -> None:
    """Issue 30: Sparring Mule B, Hidden, moves from (12, 8) to (13, 7) beside the woods. Pip
    (blue) reads that it moved and the area it is now in, in the page, the frames, `events/`,
    the replay and both exports of his log, and never the square, the distance or the path; the
    GM reads them all (MECH-COND-HIDDEN)."""
    from vtt.encounters import fragments
    from vtt.encounters.audiences import audience_for
    from vtt.encounters.models import Encounter
    from vtt.encounters.services import play, replay

    hide = {"target": "spar_b", "condition": "hidden"}
    play(mech_encounter.pk, gwen.pk, Action("gm_condition", "gm", hide), "g1")
    play(mech_encounter.pk, pip.pk, Action("begin_turn", "latch"), "k1")
    play(mech_encounter.pk, pip.pk, Action("end_turn", "latch"), "k2")
    play(mech_encounter.pk, gwen.pk, Action("begin_turn", "spar_b"), "g2")
    play(mech_encounter.pk, gwen.pk, Action("move", "spar_b", {"x": 13, "y": 7}), "g3")
    encounter = Encounter.objects.get(pk=mech_encounter.pk)
    assert (encounter.state["units"]["spar_b"]["x"], encounter.state["units"]["spar_b"]["y"]) == (
        13,
        7,
    )
    assert "hidden" in encounter.state["units"]["spar_b"]["conditions"]
    area = encounter.state["units"]["spar_b"]["area"]
    said = (
        f"Sparring Mule B moves unseen: now somewhere in "
        f"({area['x0']}–{area['x1']}, {area['y0']}–{area['y1']})"
    )
    blue = audience_for(encounter.pk, pip.pk)
    assert blue is not None
    client = _client(pip)
    base = f"/encounters/{encounter.pk}"
    doors = {
        "page": client.get(f"{base}/").content.decode(),
        "frames": fragments.render_events(encounter, blue, 1, encounter.seq),
        "events": client.get(f"{base}/events/?after=0").content.decode(),
        "replay": client.get(f"{base}/replay/").content.decode(),
        "mine.json": client.get(f"{base}/log/mine.json").content.decode(),
        "mine.txt": client.get(f"{base}/log/mine.txt").content.decode(),
    }
    doors.update(
        {
            f"replay {n}": client.get(f"{base}/replay/?entry={n}").content.decode()
            for n in range(1, 6)
        }
    )
    for door, text in doors.items():
        for secret in ("(13, 7)", "13,7", "1 square", "[13, 7]", "moves to"):
            assert not mentions(text, secret), (door, secret)
        # no token drawn on the square (the area's rect may start there: its d4s rolled 1, 1)
        unit_drawn = re.sub(r'<rect x="442" y="238" width="136" height="136"><title>', "", text)
        assert 'x="442" y="238"' not in unit_drawn, door
    for door in ("frames", "events", "mine.json", "mine.txt"):
        assert said in doors[door], door
    assert "is hidden somewhere here" in doors["page"]  # the area on the map
    gm_log = _client(gwen).get(f"{base}/log/mine.txt").content.decode()
    assert "Sparring Mule B moves to (13, 7), 1 square" in gm_log
    report = replay(encounter)  # the area's dice are in the log: refolding draws the same one
    assert report.matches, report.differences
