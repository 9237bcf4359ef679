"""The Delta Green table: GM dashboard and player sheet show cards, ladder and body diagrams."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from rules.core.system import GM, Action
from rules.delta_green import SYSTEM

pytestmark = pytest.mark.django_db


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def dg_encounter(gwen: Any, pip: Any) -> Any:
    """The demo encounter with Pip seated at Serge (the M-60)."""
    from vtt.campaigns.models import Membership, Role
    from vtt.campaigns.services import create_campaign
    from vtt.encounters.services import start_encounter

    campaign = create_campaign(gwen.pk, "Pier 9", "delta_green")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    return start_encounter(
        campaign.pk, gwen.pk, "Warehouse", SYSTEM.demo(), {"serge": pip.pk}, "delta_green"
    )


def _current(encounter: Any) -> str:
    encounter.refresh_from_db()
    view = SYSTEM.view(SYSTEM.load(encounter.state), GM)
    return str(view["current"])


def test_gm_dashboard_has_round_controls_ladder_cards_and_diagrams(
    dg_encounter: Any, gwen: Any
) -> None:
    from vtt.encounters.services import play

    page = _client(gwen).get(f"/encounters/{dg_encounter.pk}/").content.decode()
    assert "css/systems/delta_green.css" in page
    assert 'name="kind" value="start_round"' in page
    assert 'name="actor" value="gm"' in page
    assert page.count('class="dg-combatant') == 7
    assert page.count('<svg viewBox="0 0 100 200"') == 7
    assert "Level III vest: AP 10" in page
    assert "Level II vest: AP 8" in page
    play(dg_encounter.pk, gwen.pk, Action("start_round", "gm"), "k1")
    page = _client(gwen).get(f"/encounters/{dg_encounter.pk}/").content.decode()
    assert 'class="dg-ladder"' in page
    assert 'aria-current="step"' in page
    assert 'name="kind" value="end_round"' in page
    assert 'name="kind" value="next_pass"' in page
    assert len(re.findall(r'data-card="up"', page)) == 3 + 4 + 3 + 3 * 4


def test_player_sheet_shows_own_diagram_ammo_and_attack_forms(
    dg_encounter: Any, gwen: Any, pip: Any
) -> None:
    from vtt.encounters.services import play

    play(dg_encounter.pk, gwen.pk, Action("start_round", "gm"), "k1")
    for n in range(12):
        current = _current(dg_encounter)
        if current == "serge":
            break
        play(dg_encounter.pk, gwen.pk, Action("pass", current), f"p{n}")
    page = _client(pip).get(f"/encounters/{dg_encounter.pk}/").content.decode()
    assert 'data-sheet="serge"' in page
    assert 'data-ammo="100"' in page
    assert "Walsh" in page
    assert "Level II vest" not in page
    assert 'name="kind" value="burst"' in page
    assert "100-round sustained spray: all actions" in page
    assert 'name="kind" value="start_round"' not in page
    play(
        dg_encounter.pk,
        pip.pk,
        Action(
            "burst",
            "serge",
            {"weapon": "m60", "mode": "100", "walking": "on", "target": "cultist1"},
        ),
        "b1",
    )
    page = _client(gwen).get(f"/encounters/{dg_encounter.pk}/").content.decode()
    cultist = page[page.index('data-combatant="cultist1"') :]
    cultist = cultist[: cultist.index("</article>")]
    assert re.search(r'data-severity="(hurt|disabled|crippled|lost)"', cultist)
    serge = page[page.index('data-combatant="serge"') :]
    assert 'data-cards-left="0"' in serge[:200]


def test_preview_endpoint_gives_the_exact_chance(dg_encounter: Any, gwen: Any, pip: Any) -> None:
    url = (
        f"/encounters/{dg_encounter.pk}/preview/?kind=burst&actor=serge&weapon=m60&mode=20"
        "&walking=on&target=cultist1"
    )
    body = _client(pip).get(url).content.decode()
    assert "Machine Gun 50 20-round long burst -15 walking fire +20 = 55" in body
    assert "55% to hit" in body  # a percentage, never a raw fraction
    assert "Costs all actions; fires 20 rounds; hits 1d10." in body
    assert "Impales on 01–11" in body


def test_gm_tools_for_notes_light_and_edges_reach_the_board(
    dg_encounter: Any, gwen: Any, pip: Any
) -> None:
    """DG-RES-1, COC-DARK-1, DG-EDGE-0: the GM's forms load when the GM opens the tools (they
    are not in the page or its frames) and their results show."""
    from vtt.encounters.services import play

    page = _client(gwen).get(f"/encounters/{dg_encounter.pk}/").content.decode()
    part_url = f"/encounters/{dg_encounter.pk}/part/gm-tools/"
    assert f'hx-get="{part_url}"' in page
    assert 'name="kind" value="gm_note"' not in page
    tools = _client(gwen).get(part_url).content.decode()
    for kind in ("gm_note", "set_light", "conceal", "grant_edge"):
        assert f'name="kind" value="{kind}"' in tools
    assert _client(gwen).get(f"/encounters/{dg_encounter.pk}/part/no-such-part/").status_code == 404
    assert 'name="kind"' not in _client(pip).get(part_url).content.decode()  # the GM's alone
    play(dg_encounter.pk, gwen.pk, Action("gm_note", "gm", {"text": "Safe house on Pier 7"}), "n1")
    play(dg_encounter.pk, gwen.pk, Action("set_light", "gm", {"light": "dim"}), "n2")
    page = _client(gwen).get(f"/encounters/{dg_encounter.pk}/").content.decode()
    assert "Safe house on Pier 7" in page
    assert "dim light" in page


def test_split_burst_setting_puts_the_split_field_on_the_burst_form(gwen: Any) -> None:
    """DG-AUTO-4 (`dg.burst_targets = "split"`, COC-AUTO-6): the GM's burst form for Hernandez's
    MAC-10 asks how the rounds are shared out; the default campaign's does not."""
    from vtt.campaigns.services import create_campaign
    from vtt.encounters.services import play, start_encounter

    pages = []
    for chosen in ({}, {"dg.burst_targets": "split"}):
        campaign = create_campaign(gwen.pk, f"Pier 9 {len(pages)}", "delta_green")
        setup = {**SYSTEM.demo(), "settings": chosen}
        encounter = start_encounter(campaign.pk, gwen.pk, "Warehouse", setup, {}, "delta_green")
        play(encounter.pk, gwen.pk, Action("start_round", "gm"), "k1")
        for n in range(12):
            current = _current(encounter)
            if current == "hernandez":
                break
            play(encounter.pk, gwen.pk, Action("pass", current), f"p{n}")
        pages.append(_client(gwen).get(f"/encounters/{encounter.pk}/").content.decode())
    assert 'name="kind" value="burst"' in pages[0]
    assert 'name="split"' not in pages[0]
    assert 'name="kind" value="burst"' in pages[1]
    assert 'name="split"' in pages[1]


def test_a_private_gm_note_stays_the_gms_on_the_page_and_after_the_end(
    dg_encounter: Any, gwen: Any, pip: Any
) -> None:
    """DG-RES-1 (issue 16, finding 8): a note marked private is on the GM's board; Pip's page and
    log read only that the GM wrote one, during the game and in /log/ after its end."""
    import json

    from vtt.encounters.services import end_encounter, play

    secret = "Serge's handler is compromised"
    note = Action("gm_note", "gm", {"text": secret, "target": "serge", "private": "on"})
    play(dg_encounter.pk, gwen.pk, note, "n1")
    play(dg_encounter.pk, gwen.pk, Action("gm_note", "gm", {"text": "Safe house on Pier 7"}), "n2")
    gm_page = _client(gwen).get(f"/encounters/{dg_encounter.pk}/").content.decode()
    assert secret.replace("'", "&#x27;") in gm_page
    assert 'class="private"' in gm_page
    page = _client(pip).get(f"/encounters/{dg_encounter.pk}/").content.decode()
    assert "compromised" not in page
    assert "The GM writes a private note." in page
    assert "Safe house on Pier 7" in page
    end_encounter(dg_encounter.pk, gwen.pk)
    log = _client(pip).get(f"/encounters/{dg_encounter.pk}/log/").content.decode()
    assert "compromised" not in log
    assert json.loads(log)["entries"][1]["withheld"]
    assert (
        "compromised" in _client(gwen).get(f"/encounters/{dg_encounter.pk}/log/").content.decode()
    )


def test_only_the_gms_cards_carry_reaction_toggles_whoever_rendered_first(
    dg_encounter: Any, gwen: Any, pip: Any
) -> None:
    """Cards are kept rendered by their row's digest: the GM's toggle forms are part of that
    row, so an observer's or a player's card drawn after the GM's does not come with them."""
    from vtt.templatetags.tabula import FRAGMENTS

    FRAGMENTS.clear()
    gm_page = _client(gwen).get(f"/encounters/{dg_encounter.pk}/").content.decode()
    player_page = _client(pip).get(f"/encounters/{dg_encounter.pk}/").content.decode()
    assert gm_page.count('class="dg-toggles"') == 7
    assert 'class="dg-toggles"' not in player_page


def test_a_cards_reactions_load_for_the_gm_when_opened(
    dg_encounter: Any, gwen: Any, pip: Any
) -> None:
    """The GM's reactions and choices of a card are not in the page or its frames: they load
    from part/toggles/ for that combatant when its card's <details> opens; nobody else gets
    them."""
    page = _client(gwen).get(f"/encounters/{dg_encounter.pk}/").content.decode()
    url = f"/encounters/{dg_encounter.pk}/part/toggles/?toggles=serge"
    assert f'hx-get="{url}"' in page
    assert 'value="set_dodge"' not in page
    forms = _client(gwen).get(url).content.decode()
    assert 'name="actor" value="serge"' in forms
    assert 'name="kind" value="set_dodge"' in forms
    assert 'name="kind"' not in _client(pip).get(url).content.decode()
    nobody = _client(gwen).get(f"/encounters/{dg_encounter.pk}/part/toggles/?toggles=nobody")
    assert 'name="kind"' not in nobody.content.decode()


def test_the_surprised_are_ticked_by_name_and_a_list_of_them_is_played(
    dg_encounter: Any, gwen: Any
) -> None:
    """The start of the fight names the surprised with a tick box per combatant (their names,
    not ids to type); the page sends the ticked ones as a list, which the round takes."""
    from vtt.encounters.services import play

    page = _client(gwen).get(f"/encounters/{dg_encounter.pk}/").content.decode()
    start = re.search(r'<form[^>]*data-kind="start_round".*?</form>', page, re.S)
    assert start is not None
    boxes = re.findall(
        r'<label><input type="checkbox" name="surprised" value="(\w+)"> ([^<]+)<', start[0]
    )
    assert ("serge", "Serge") in boxes
    assert len(boxes) == 7
    assert 'type="text"' not in start[0]
    play(
        dg_encounter.pk,
        gwen.pk,
        Action("start_round", "gm", {"surprised": ["serge", "walsh"]}),
        "k1",
    )
    lines = " ".join(e.text or "" for e in dg_encounter.events.all())
    assert lines.count("surprised") == 2, lines


def test_a_picks_field_is_a_tick_box_per_name_with_its_default_ticked() -> None:
    """Suppressive fire's targets (DG-SUPP-1): a box per combatant, the other side's ticked."""
    from django.template.loader import render_to_string

    from rules.delta_green import messages as m
    from rules.delta_green.actions.common import picks
    from vtt.tables.forms import _fields

    declared = picks("targets", m.F_TARGETS(), [("c1", "Cultist"), ("walsh", "Walsh")], ["c1"])
    [field] = _fields([declared.to_json()])
    html = render_to_string("encounters/_field.html", {"field": field, "field_id": "f-targets"})
    assert '<input type="checkbox" name="targets" value="c1" checked> Cultist' in html
    assert '<input type="checkbox" name="targets" value="walsh"> Walsh' in html
    assert "<legend>Targets</legend>" in html


def test_the_impale_band_reads_as_a_d100_roll_in_the_seeds_word() -> None:
    # it read "01–9 贯穿（仅第一发）": a d100 band is 01–09, and Delta Green's impale is 刺穿
    from django.template.loader import render_to_string
    from django.utils import translation

    preview = {"summary": "", "details": {"impale_threshold": 9}, "outcomes": []}
    context = {"preview": preview, "encounter": {"system": "delta_green"}}
    with translation.override("zh-hans"):
        text = render_to_string("systems/delta_green/_preview.html", context)
    assert "掷出 01–09 时刺穿（仅第一发）" in text
