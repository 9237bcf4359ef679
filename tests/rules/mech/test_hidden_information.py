"""Who reads what: Hidden units in areas, Scan results, forced saves, radio silence."""

from __future__ import annotations

import pytest
from mech_helpers import encounter, mech, play, sheet, sparring, turn, u

from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction, SheetError
from rules.core.system import GM, Audience, Event
from rules.mech import SYSTEM, context, harm
from rules.mech.data import validate_sheet

BLUE = Audience("player", side="blue", actors=frozenset({"a"}))
RED = Audience("player", side="red", actors=frozenset({"v"}))


def log_for(audience: Audience, events: list[Event]) -> list[str]:
    """The log lines a viewer gets, as the table server picks them (text, redacted or none)."""
    lines = []
    for event in events:
        if audience.can_see(event.audience):
            lines.append(event.text)
        elif event.redacted_text is not None:
            lines.append(event.redacted_text)
    return lines


def hidden_in_blast() -> dict:
    """Blue Latch with a Cinder Pod; red Hid (Hidden) and Vis side by side, both in blast 1."""
    state = encounter(
        mech("a", "blue", 0, 0, name="Latch"),
        mech("h", "red", 5, 0, sparring(), name="Hid"),
        mech("v", "red", 5, 1, sparring(), name="Vis"),
    )
    state["units"]["h"]["conditions"]["hidden"] = {"source": "hide"}
    return turn(state, "a")


def test_area_attack_does_not_name_a_hidden_unit_to_the_other_side_mech_cond_hidden() -> None:
    """MECH-COND-HIDDEN / MECH-AOE-1: Hid is hit, burns; blue's log never names it."""
    state = hidden_in_blast()
    # Hid: d20 15 hits; Vis: d20 3 misses; damage 1d3 = 2; then 2 burn on Hid.
    state, events = play(state, "a", "attack", [15, 3, 2], weapon="cinder_pod", x=5, y=0)
    assert u(state, "h")["hp"] == 10 - 2 - 2
    assert u(state, "h")["burn"] == 2
    blue = log_for(BLUE, events)
    assert not any("Hid" in line for line in blue)
    assert blue == [
        "Latch attacks with Cinder Pod (blast 1): Vis, an unseen unit",
        "Latch: attack on an unseen unit: hit",
        "Latch: ranged attack on Vis: d20 = 3 +1 +0 = 4 vs evasion 8: miss",
        "damage 1d3: 2",
        "An unseen unit takes damage",
        "An unseen unit catches fire",
        "An unseen unit takes damage",
    ]
    red = log_for(RED, events)
    assert red == [e.text for e in events] == log_for(GM, events)
    assert red[0] == "Latch attacks with Cinder Pod (blast 1): Hid, Vis"
    assert "Hid takes 2 damage" in red[4]
    # The attack roll on Hid shows its dice only to red and the GM.
    assert all(e.audience == "side:red" for e in events if e.payload.get("target") == "h")


def test_area_attack_on_visible_units_stays_public_mech_aoe_1() -> None:
    """MECH-AOE-1: without a Hidden unit in the area every line goes to everyone."""
    state = hidden_in_blast()
    del state["units"]["h"]["conditions"]["hidden"]
    _, events = play(state, "a", "attack", [15, 3, 2], weapon="cinder_pod", x=5, y=0)
    assert all(e.audience == "all" and e.redacted_text is None for e in events)
    assert "Hid" in log_for(BLUE, events)[0]


def test_a_hidden_ally_in_the_area_is_named_to_its_own_side_only_mech_amb_24() -> None:
    """MECH-AMB-24 (friendly fire) / MECH-COND-HIDDEN: blue's Hidden mech stays unnamed to red."""
    state = encounter(
        mech("a", "blue", 0, 0),
        mech("b", "blue", 5, 0, sheet(name="Bolt"), name="Bolt"),
        mech("v", "red", 5, 1, sparring(), name="Vis"),
        area_friendly_fire=True,
    )
    state["units"]["b"]["conditions"]["hidden"] = {"source": "hide"}
    state = turn(state, "a")
    _, events = play(state, "a", "attack", [3, 3], weapon="cinder_pod", x=5, y=0)
    assert "Bolt" in log_for(BLUE, events)[0]
    assert not any("Bolt" in line for line in log_for(RED, events))


def test_meltdown_blast_does_not_name_a_hidden_unit_mech_meltdown_1() -> None:
    """MECH-MELTDOWN-1 / MECH-COND-HIDDEN: the burst 2 catches Hid; blue reads no name."""
    state = encounter(
        mech("m", "blue", 4, 0, sparring(), name="Melter"),
        mech("a", "blue", 0, 0),
        mech("h", "red", 5, 0, sparring(), name="Hid"),
    )
    state["units"]["h"]["conditions"]["hidden"] = {"source": "hide"}
    ctx = context.Ctx(state, LoadedDice([1, 1, 1, 1, 12]))  # 4d6 = 4; Hid's AGILITY check 12
    harm.meltdown(ctx, "m")
    blue = log_for(BLUE, ctx.events)
    assert not any("Hid" in line for line in blue)
    assert "An unseen unit makes a check" in blue
    assert "An unseen unit takes damage" in blue
    assert any("Hid" in line for line in log_for(RED, ctx.events))
    assert ctx.unseen == {}  # the scope ends with the blast


def scanning() -> dict:
    """Blue Latch scans red Vis, whose sheet holds two secrets and a serial number."""
    notes = {
        "hidden": [
            {"label": "cargo", "text": "a prototype reactor"},
            {"label": "pilot", "text": "Captain Ros, under a false name"},
        ],
        "public": ["serial MX-04"],
    }
    state = encounter(
        mech("a", "blue", 0, 0, name="Latch"),
        mech("v", "red", 5, 0, sparring(notes=notes), name="Vis"),
    )
    return turn(state, "a")


def test_scan_learns_one_hidden_piece_at_a_time_for_its_side_mech_tech_scan() -> None:
    """MECH-TECH-SCAN: one piece of hidden information per scan, the next one the side lacks."""
    state = scanning()
    state, events = play(state, "a", "tech", option="scan", target="v", info="hidden")
    assert events[-1].text == "Latch scans Vis (hidden): cargo: a prototype reactor"
    assert events[-1].audience == "side:blue"
    assert events[-1].redacted_text == "Latch scans Vis (hidden information)"
    assert log_for(RED, events)[-1] == "Latch scans Vis (hidden information)"
    state, events = play(state, "a", "tech", option="scan", target="v", info="hidden")
    assert events[-1].text == "Latch scans Vis (hidden): pilot: Captain Ros, under a false name"
    state = turn(play(state, "a", "end_turn")[0], "v")
    state = turn(play(state, "v", "end_turn")[0], "a")
    state, events = play(state, "a", "tech", option="scan", target="v", info="hidden")
    assert events[-1].text == "Latch scans Vis (hidden): hidden: nothing more to learn"
    learnt = [s["data"] for s in state["scans"] if s["info"] == "hidden"]
    assert learnt[:2] == [
        {"cargo": "a prototype reactor"},
        {"pilot": "Captain Ros, under a false name"},
    ]


def test_scan_results_reach_the_scanning_side_only_mech_tech_scan() -> None:
    """MECH-TECH-SCAN: red learns nothing of Vis's secrets from blue's scans; the view agrees."""
    state = scanning()
    blue_view = SYSTEM.view(state, BLUE)
    assert blue_view["units"]["v"]["notes"] == {}  # not known before a scan, public or not
    state, _ = play(state, "a", "tech", option="scan", target="v", info="public")
    blue_view, red_view = SYSTEM.view(state, BLUE), SYSTEM.view(state, RED)
    assert [s["data"] for s in blue_view["scans"]] == [{"public": "serial MX-04"}]
    assert red_view["scans"] == []
    assert red_view["units"]["v"]["notes"]["hidden"][0]["label"] == "cargo"  # its own side
    assert SYSTEM.view(state, GM)["scans"] == state["scans"]


def test_scan_without_information_finds_nothing_of_note_mech_tech_scan() -> None:
    """MECH-TECH-SCAN: a unit with no hidden information yields 'nothing of note'."""
    state = turn(encounter(mech("a", "blue", 0, 0), mech("v", "red", 5, 0, sparring())), "a")
    _, events = play(state, "a", "tech", option="scan", target="v", info="hidden")
    assert events[-1].payload["data"] == {"hidden": "nothing of note"}


@pytest.mark.parametrize(
    ("notes", "field"),
    [
        ("secret", "notes"),
        ({"secret": ["x"]}, "notes.secret"),
        ({"hidden": [{"label": "cargo"}]}, "notes.hidden[0]"),
        ({"public": ["  "]}, "notes.public[0]"),
        ({"hidden": 3}, "notes.hidden"),
    ],
)
def test_bad_notes_are_refused_naming_the_field_mech_tech_scan(notes: object, field: str) -> None:
    """MECH-TECH-SCAN: the sheet's information must be lists of texts or {label, text}."""
    with pytest.raises(SheetError) as err:
        validate_sheet(sheet(notes=notes))
    assert err.value.field == field
    assert "MECH-TECH-SCAN" in str(err.value)


def test_old_single_text_notes_still_scan_mech_tech_scan() -> None:
    """MECH-TECH-SCAN: states stored with notes as one text per kind scan as one piece."""
    state = turn(encounter(mech("a", "blue", 0, 0), mech("v", "red", 5, 0, sparring())), "a")
    state["units"]["v"]["notes"] = {"hidden": "carries the prototype"}
    _, events = play(state, "a", "tech", option="scan", target="v", info="hidden")
    assert events[-1].payload["data"] == {"hidden": "carries the prototype"}


SHOCK_LANCE = {
    "name": "Shock Lance",
    "size": "main",
    "kind": "ranged",
    "range": 8,
    "area": {"shape": "blast", "value": 1},
    "damage": "1d3",
    "type": "energy",
    "save": {"attribute": "hull", "condition": "prone", "until_next_turn": False},
}
SNARE = {
    "name": "Snare Emitter",
    "sp": 1,
    "save": {"attribute": "agility", "condition": "slowed"},
}


def saving(hidden: str, **settings: object) -> dict:
    """Blue Latch with a Shock Lance and a Snare Emitter; red Vis in the open."""
    lancer = sheet(mounts=[[SHOCK_LANCE], [], []], systems=[SNARE])
    state = encounter(
        mech("a", "blue", 0, 0, lancer, name="Latch"),
        mech("v", "red", 5, 0, sparring(), name="Vis"),
        **settings,
    )
    state["units"][hidden]["conditions"]["hidden"] = {"source": "hide"}
    return turn(state, "a")


def test_system_forcing_a_save_reveals_its_hidden_user_mech_amb_44() -> None:
    """MECH-AMB-44 (forcing_a_save): Latch, Hidden, makes Vis save; Latch loses Hidden."""
    state = saving("a")
    # Vis: AGILITY save d20 5 + 0 vs Latch's frame save target 10: fails, Slowed.
    state, events = play(state, "a", "use_system", [5], system="snare_emitter", target="v")
    assert [e.kind for e in events] == [
        "system.used",
        "save.rolled",
        "condition.removed",
        "condition.added",
    ]
    assert "hidden" not in u(state, "a")["conditions"]
    assert u(state, "v")["conditions"]["slowed"]["expires"] == 1  # its next turn
    assert events[1].text == "Vis AGILITY save (Snare Emitter): d20 = 5 = 5 vs 10: failure"


def test_making_a_save_reveals_the_saver_under_the_other_reading_mech_amb_44() -> None:
    """MECH-AMB-44 (making_a_save): the Hidden unit that saves loses Hidden, the forcer keeps it."""
    state = saving("a", hidden_saves="making_a_save")
    state["units"]["v"]["conditions"]["hidden"] = {"source": "hide"}
    state["units"]["a"]["conditions"]["hidden"] = {"source": "hide"}
    # Vis is Hidden, so the Snare cannot pick it; the Shock Lance's blast catches it instead.
    state, _ = play(state, "a", "attack", [14, 2, 15], weapon="shock_lance", x=5, y=0)
    assert "hidden" not in u(state, "v")["conditions"]  # it made a save
    assert "prone" not in u(state, "v")["conditions"]  # HULL save 15 vs 10 succeeded
    state2 = saving("v")
    state2, _ = play(state2, "a", "attack", [14, 2, 15], weapon="shock_lance", x=5, y=0)
    assert "hidden" in u(state2, "v")["conditions"]  # proposed reading: making one does not


def test_weapon_hit_forces_a_save_failing_it_gives_the_condition_mech_save_1() -> None:
    """MECH-SAVE-1 / MECH-AMB-04: a hit with a save tag: HULL save vs 10; failure → Prone."""
    state = saving("v")
    del state["units"]["v"]["conditions"]["hidden"]
    state, _ = play(state, "a", "attack", [14, 2, 9], weapon="shock_lance", x=5, y=0)
    assert "prone" in u(state, "v")["conditions"]
    assert "expires" not in u(state, "v")["conditions"]["prone"]
    _, events = play(turn_again(state), "a", "attack", [3], weapon="shock_lance", x=5, y=0)
    assert not any(e.kind == "save.rolled" for e in events)  # no hit, no save


def turn_again(state: dict) -> dict:
    """A fresh turn for Latch (Vis has its turn in between)."""
    state = turn(play(state, "a", "end_turn")[0], "v")
    return turn(play(state, "v", "end_turn")[0], "a")


@pytest.mark.parametrize(
    ("save", "field"),
    [
        ({"attribute": "luck", "condition": "prone"}, "mounts[0].save"),
        ({"attribute": "hull", "condition": "on_fire"}, "mounts[0].save.condition"),
    ],
)
def test_bad_save_tags_are_refused_mech_save_1(save: dict, field: str) -> None:
    """MECH-SAVE-1: a save tag names an attribute and a condition it gives."""
    with pytest.raises(SheetError) as err:
        validate_sheet(sheet(mounts=[[{**SHOCK_LANCE, "save": save}], [], []]))
    assert err.value.field.endswith(field.split(".", 1)[1])
    assert "MECH-SAVE-1" in str(err.value)


def test_snare_needs_a_visible_enemy_in_sensors_mech_save_1() -> None:
    """MECH-SAVE-1 / MECH-COND-HIDDEN: a Hidden enemy cannot be picked; an ally cannot either."""
    state = saving("v")
    with pytest.raises(IllegalAction, match="Hidden"):
        play(state, "a", "use_system", [], system="snare_emitter", target="v")
    legal = SYSTEM.legal_actions(state, "a")
    snare = next(t for t in legal if t.kind == "use_system")
    assert snare.fields[0].name == "target"


def test_the_other_side_can_list_its_actions_from_its_view_of_a_hidden_mech_mech_engage_1() -> None:
    """MECH-ENGAGE-1 / MECH-ACT-HIDE: blue's view has no square for a Hidden enemy; no TypeError."""
    state = SYSTEM.start(SYSTEM.demo())  # type: ignore[misc]
    state = turn(patch_unit(state, "latch", x=6, y=5), "latch")
    state["units"]["spar_a"]["conditions"]["hidden"] = {"source": "gm"}
    player1 = Audience("player", side="blue", actors=frozenset({"latch"}))
    seen = SYSTEM.view(state, player1)
    assert seen["units"]["spar_a"]["x"] is None
    assert SYSTEM.legal_actions(seen, "latch") == SYSTEM.legal_actions(state, "latch")
    assert SYSTEM.legal_actions(seen, "gm")  # the GM dashboard forms build from a view too


def patch_unit(state: dict, uid: str, **fields: object) -> dict:
    """The state with some fields of one unit replaced."""
    return {**state, "units": {**state["units"], uid: {**state["units"][uid], **fields}}}
