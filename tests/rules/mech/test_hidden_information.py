"""Who reads what: Hidden units in areas, Scan results, forced saves, radio silence."""

from __future__ import annotations

import pytest
from mech_helpers import encounter, mech, patch, play, sheet, sparring, turn, u

from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction, SheetError
from rules.core.system import GM, Action, Audience, Event
from rules.mech import SYSTEM, context, harm
from rules.mech.data import validate_sheet
from rules.mech.view import reach as SYSTEM_REACH

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


# --- a Hidden mech's moves and the moves that run into one (issue 30) ---------------------------


def hiding_ground() -> dict:
    """Blue Latch at (9, 6); red Hid at (13, 6) beside a row of woods (y = 5), about to hide."""
    woods = [{"x": x, "y": 5, "kind": "light"} for x in range(11, 18)]
    state = encounter(
        mech("h", "red", 13, 6, sparring(), name="Hid"),
        mech("a", "blue", 9, 6, name="Latch"),
        terrain=woods,
    )
    return turn(state, "h")


def hidden_hid() -> tuple[dict, list[Event]]:
    """Hid hides: its area's corner is d4 − 1 = 1 square left and 2 up of its square."""
    return play(hiding_ground(), "h", "hide", [2, 3])


def test_hiding_draws_an_area_around_the_mech_with_the_servers_dice_mech_cond_hidden() -> None:
    """MECH-COND-HIDDEN / MECH-ACT-HIDE: enemies know only a rough position: a 4×4 area holding
    the mech, placed by two d4 whose faces only its own side (and the GM) read."""
    state, events = hidden_hid()
    area = events[-1]
    assert area.kind == "mech.area"
    assert [d.value for d in area.dice] == [2, 3]
    assert area.audience == "side:red"
    assert area.text == area.redacted_text == "Hid is hidden somewhere in (12–15, 4–7)"
    seen = SYSTEM.view(state, BLUE)["units"]["h"]
    assert (seen["x"], seen["y"]) == (None, None)
    assert seen["approximate"] == {"x0": 12, "y0": 4, "x1": 15, "y1": 7}
    assert "area" not in seen
    assert SYSTEM.view(state, RED)["units"]["h"]["x"] == 13


def test_a_hidden_mechs_move_reaches_the_other_side_as_a_new_area_only_mech_cond_hidden() -> None:
    """MECH-COND-HIDDEN: Hid moves one square; blue reads that it moved and its new area, drawn
    afresh (d4 4 → 3 left, d4 1 → 0 up), never the square, the path, the distance or the dice."""
    state, _ = hidden_hid()
    state, events = play(state, "h", "move", [4, 1], x=14, y=6)
    [moved] = [e for e in events if e.kind == "mech.moved"]
    assert moved.audience == "side:red"
    assert moved.text == "Hid moves to (14, 6), 1 square; the other sides know only (11–14, 6–9)"
    assert moved.redacted_text == "Hid moves unseen: now somewhere in (11–14, 6–9)"
    assert [d.value for d in moved.dice] == [4, 1]
    assert moved.payload["path"] == [[13, 6], [14, 6]]  # its own side's to read
    blue = log_for(BLUE, events)
    assert blue == ["Hid moves unseen: now somewhere in (11–14, 6–9)"]
    assert log_for(RED, events) == log_for(GM, events) == [e.text for e in events]
    seen = SYSTEM.view(state, BLUE)["units"]["h"]
    assert (seen["x"], seen["y"], seen["elevation"]) == (None, None, None)
    assert seen["approximate"] == {"x0": 11, "y0": 6, "x1": 14, "y1": 9}
    assert seen["turn"]["move"] is None  # the move left would tell how far it went
    assert SYSTEM.view(state, RED)["units"]["h"]["turn"]["move"] == 3


@pytest.mark.parametrize(("x", "y"), [(16, 12), (0, 0), (19, 13), (1, 12)])
def test_the_area_always_holds_the_mech_and_lies_on_the_map_mech_cond_hidden(
    x: int, y: int
) -> None:
    """MECH-COND-HIDDEN: whatever the d4s say, the area is 4×4, on the 20×14 map, around the mech
    (Issue 30: a mech at (16, 12) was shown in 16..19 × 12..15, half off the map)."""
    for dx in range(1, 5):
        for dy in range(1, 5):
            state = encounter(mech("a", "blue", 5, 5), mech("h", "red", x, y))
            state, _ = play(state, "gm", "gm_condition", [dx, dy], target="h", condition="hidden")
            area = SYSTEM.view(state, BLUE)["units"]["h"]["approximate"]
            assert area["x1"] - area["x0"] == area["y1"] - area["y0"] == 3
            assert 0 <= area["x0"] <= x <= area["x1"] <= 19
            assert 0 <= area["y0"] <= y <= area["y1"] <= 13


def latch_to_move(hid: tuple[int, int] = (13, 6), latch: tuple[int, int] = (9, 6)) -> dict:
    """Hid hidden (at `hid`, same area), then Latch's turn, from `latch`."""
    state, _ = hidden_hid()
    state, _ = play(state, "h", "end_turn")
    state = patch(state, "h", x=hid[0], y=hid[1])
    return turn(patch(state, "a", x=latch[0], y=latch[1]), "a")


def test_a_move_onto_a_hidden_mech_is_not_refused_it_stops_before_it_mech_cond_hidden() -> None:
    """MECH-COND-HIDDEN / MECH-MOVE-1: blue's reach lists Hid's square, as blue knows nothing
    there; the move to it is accepted (a refusal there and not one square on found Hid for
    free) and Latch stops on the square before it, the rest of its move lost."""
    state = latch_to_move()
    assert (13, 6) in SYSTEM_REACH(SYSTEM.view(state, BLUE), "a")["move"]
    after, events = play(state, "a", "move", x=13, y=6)
    assert (u(after, "a")["x"], u(after, "a")["y"]) in {(12, 5), (12, 6), (12, 7)}
    assert u(after, "a")["turn"]["move"] == 0
    assert events[-1].text.endswith("3 squares: something unseen is in the way, it stops")
    assert "13, 6" not in events[-1].text
    # MECH-MOVE-UNDO: a move that ran into something is not taken back (a free probe again)
    assert SYSTEM.take_back is not None
    assert not SYSTEM.take_back(Action("move", "a", {"x": 13, "y": 6}), events)
    _, quiet = play(state, "a", "move", x=11, y=6)
    assert SYSTEM.take_back(Action("move", "a", {"x": 11, "y": 6}), quiet)
    # the squares around, in the area too, are accepted just the same
    for x, y in [(13, 7), (12, 4), (13, 4)]:
        play(state, "a", "move", x=x, y=y)


def test_a_quiet_move_through_a_hidden_mechs_area_is_not_taken_back_mech_move_undo() -> None:
    """MECH-MOVE-UNDO / MECH-COND-HIDDEN: a move that crossed the area blue knows Hid by and met
    nothing tells blue those squares are empty; taken back, such moves swept the area for free
    (issue 30, finding 2: every square but Hid's found empty at no cost). A move clear of the
    area tells nothing and may still be taken back."""
    assert SYSTEM.take_back is not None
    state = latch_to_move()  # Hid at (13, 6), known to blue as (12–15, 4–7); Latch at (9, 6)
    for x, y in [(12, 5), (12, 7), (13, 4)]:
        _, quiet = play(state, "a", "move", x=x, y=y)
        assert not any(e.payload.get("blocked") for e in quiet)
        assert not SYSTEM.take_back(Action("move", "a", {"x": x, "y": y}), quiet), (x, y)
    _, clear = play(state, "a", "move", x=11, y=7)
    assert SYSTEM.take_back(Action("move", "a", {"x": 11, "y": 7}), clear)


def test_what_blue_is_told_of_a_move_does_not_depend_on_hids_square_mech_cond_hidden() -> None:
    """MECH-COND-HIDDEN: for every square Latch may try, refused or accepted, and the reason, is
    the same wherever in its area Hid stands (the reach answer too)."""

    def answers(state: dict) -> list[str]:
        out = [repr(sorted(SYSTEM_REACH(SYSTEM.view(state, BLUE), "a")["move"].items()))]
        for x in range(8, 17):
            for y in range(2, 10):
                try:
                    play(state, "a", "move", x=x, y=y)
                    out.append(f"{x},{y}: accepted")
                except IllegalAction as exc:
                    out.append(f"{x},{y}: {exc}")
        return out

    base = answers(latch_to_move((13, 6)))
    for hid in [(12, 6), (14, 7), (15, 4), (12, 7)]:
        assert answers(latch_to_move(hid)) == base, hid


def test_a_jump_onto_a_hidden_mech_spends_the_speed_and_stays_mech_jump_1() -> None:
    """MECH-JUMP-1 / MECH-COND-HIDDEN: landing on Hid's square is not refused; Latch spends the
    jump's 4 speed and stays where it was."""
    state = latch_to_move(latch=(11, 6))
    after, events = play(state, "a", "jump", x=13, y=6)
    assert (u(after, "a")["x"], u(after, "a")["y"]) == (11, 6)
    assert u(after, "a")["turn"]["move"] == 0
    assert events[-1].kind == "mech.blocked"
    assert events[-1].audience == "all"


def test_a_hidden_mechs_jump_is_told_to_the_other_side_as_an_area_mech_jump_1() -> None:
    """MECH-JUMP-1 / MECH-COND-HIDDEN: Hid jumps 1 square (2 speed): blue reads the new area."""
    state, _ = hidden_hid()
    state, events = play(state, "h", "jump", [1, 1], x=14, y=6)
    assert log_for(BLUE, events) == ["Hid moves unseen: now somewhere in (14–17, 6–9)"]
    assert events[-1].audience == "side:red"
