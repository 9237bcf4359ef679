"""Exact previews against brute force over every face; view, replay, registry, legal, demo."""

from __future__ import annotations

import copy
import itertools
import json
from fractions import Fraction

import pytest
from mech_helpers import encounter, mech, patch, play, sheet, sparring, turn, u

from rules.core.dice import LoadedDice, SeededDice
from rules.core.errors import DiceError, IllegalAction, RulesError
from rules.core.log import Entry, fold
from rules.core.registry import get_system
from rules.core.system import GM, OBSERVER, Action, Audience
from rules.mech import BENCH, SYSTEM


def brute_force(
    state: dict, action: Action, tid: str, dice_sides: list[int]
) -> tuple[Fraction, Fraction]:
    """P(hit) and expected HP lost by `tid`, by resolving every combination of faces."""
    hits = Fraction(0)
    expected = Fraction(0)
    combos = list(itertools.product(*[range(1, s + 1) for s in dice_sides]))
    for faces in combos:
        dice = LoadedDice(faces)
        try:
            events = SYSTEM.resolve(state, action, dice)
        except DiceError:
            raise AssertionError("the brute force ran out of faces") from None
        result = state
        for event in events:
            result = SYSTEM.apply(result, event)
        lost = u(state, tid)["hp"] - u(result, tid)["hp"]
        if any(e.kind == "attack.rolled" and e.payload.get("hit") for e in events):
            hits += Fraction(1, len(combos))
        expected += Fraction(lost, len(combos))
    return hits, expected


@pytest.mark.parametrize(
    ("weapon", "target_sheet", "conditions"),
    [
        ("k12_carbine", sparring(), {}),
        ("holdout_pistol", sparring(frame={"key": "t", "armour": 1}), {"prone": {"source": "x"}}),
        ("k12_carbine", sparring(), {"invisible": {"source": "x"}}),
        ("k12_carbine", sheet(), {"exposed": {"source": "x"}}),
    ],
)
def test_attack_preview_matches_enumeration(
    weapon: str, target_sheet: dict, conditions: dict
) -> None:
    """MECH-ATK-RANGED, MECH-CRIT-1 (two damage rolls), invisible d2: preview = brute force."""
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 4, 0, target_sheet))
    state["units"]["t"]["conditions"].update(conditions)
    state = turn(state, "a")
    action = Action("attack", "a", {"weapon": weapon, "target": "t"})
    preview = SYSTEM.preview(state, action)  # type: ignore[misc]
    detail = preview["details"]["targets"][0]
    expr_sides = 6 if weapon == "k12_carbine" else 3
    sides = ([2] if conditions.get("invisible") else []) + [20, expr_sides, expr_sides]
    hit, expected = brute_force(state, action, "t", sides)
    assert Fraction(detail["hit"]).limit_denominator(1000) == hit
    assert Fraction(detail["expected_exact"]) == expected
    total = sum(Fraction(o["exact"]) for o in preview["outcomes"])
    assert total == 1


def test_area_preview_lists_each_target_and_the_template() -> None:
    state = encounter(
        mech("a", "A", 0, 0), mech("t", "B", 5, 0, sparring()), mech("s", "B", 5, 1, sparring())
    )
    state = turn(state, "a")
    preview = SYSTEM.preview(state, Action("attack", "a", {"weapon": "cinder_pod", "x": 5, "y": 0}))  # type: ignore[misc]
    names = [t["name"] for t in preview["details"]["targets"]]
    assert names == ["T", "S"]
    assert [5, 0] in preview["details"]["area"]
    assert len(preview["details"]["area"]) == 6


def test_the_pods_damage_range_is_its_dice_and_the_burn_it_names() -> None:
    """Issue 34: the Cinder Pod (1d3, burn 2, MECH-BURN-1) read "3–5" with no word of burn."""
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 5, 0, sparring()))
    state = turn(state, "a")
    pod = next(w for w in u(state, "a")["weapons"] if w["key"] == "cinder_pod")
    assert (pod["damage"], pod["burn"]) == ("1d3", 2)
    preview = SYSTEM.preview(state, Action("attack", "a", {"weapon": "cinder_pod", "x": 5, "y": 0}))  # type: ignore[misc]
    [row] = preview["details"]["targets"]
    assert row["burn"] == 2
    # without the burn, the range is the dice's: 1 to 3, a critical's best of two included
    assert (row["damage_min"] - row["burn"], row["damage_max"] - row["burn"]) == (1, 3)
    assert "damage 1d3 (1–3)" in preview["summary"]
    carbine = SYSTEM.preview(state, Action("attack", "a", {"weapon": 0, "target": "t"}))  # type: ignore[misc]
    assert carbine["details"]["targets"][0]["burn"] == 0


def test_invade_and_overcharge_previews_are_exact() -> None:
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 4, 0, sparring()))
    state = turn(state, "a")
    invade = SYSTEM.preview(state, Action("tech", "a", {"option": "invade", "target": "t"}))  # type: ignore[misc]
    assert invade["outcomes"][0]["exact"] == "7/10"  # d20 + 1 ≥ 8: faces 7..20
    state["units"]["a"]["overcharge_count"] = 3
    state["units"]["a"]["heat"] = 0
    over = SYSTEM.preview(state, Action("overcharge", "a"))  # type: ignore[misc]
    # 1d6+4 on heat 0 of 8: 9 and 10 overflow (faces 5, 6).
    assert over["outcomes"][1]["exact"] == "1/3"


def test_preview_of_an_unknown_kind_is_refused() -> None:
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 4, 0))
    with pytest.raises(IllegalAction):
        SYSTEM.preview(state, Action("hide", "a"))  # type: ignore[misc]


def test_registry_and_demo() -> None:
    assert get_system("mech") is SYSTEM
    setup = SYSTEM.demo()  # type: ignore[misc]
    state = SYSTEM.start(setup)
    assert (state["map"]["width"], state["map"]["height"]) == (20, 14)
    controllers = [c["controller"] for c in setup["combatants"]]
    assert sorted(controllers) == ["gm", "gm", "player1", "player2"]
    kinds = {f["kind"] for f in state["map"]["terrain"].values()}
    assert {"light", "heavy"} <= kinds
    assert SYSTEM.actors(state) == ["latch", "brick", "spar_a", "spar_b"]  # type: ignore[misc]
    assert {e.rule for e in SYSTEM.settings_schema.entries} >= {"MECH-AMB-43", "MECH-STRUCT-TABLE"}
    SYSTEM.validate_sheet(SYSTEM.default_sheet)


def test_settings_from_the_campaign_use_the_mech_prefix() -> None:
    setup = SYSTEM.demo()  # type: ignore[misc]
    setup["settings"] = {"mech.exposed_locks_weapons": True}
    state = SYSTEM.start(setup)
    assert state["settings"]["exposed_locks_weapons"] is True
    state["units"]["latch"]["conditions"]["exposed"] = {"source": "stress"}
    state = turn(state, "latch")
    with pytest.raises(IllegalAction, match="Exposed"):
        play(state, "latch", "attack", weapon="k12_carbine", target="spar_a")


def test_dump_load_round_trip_is_json() -> None:
    state = SYSTEM.start(SYSTEM.demo())  # type: ignore[misc]
    text = json.dumps(SYSTEM.dump(state))
    assert SYSTEM.load(json.loads(text)) == state


def test_bench_action_resolves() -> None:
    state = SYSTEM.start(BENCH["setup"])
    for action in BENCH["prelude"]:
        for event in SYSTEM.resolve(state, action, SeededDice(1)):
            state = SYSTEM.apply(state, event)
    assert SYSTEM.resolve(state, BENCH["action"], SeededDice(2))


def test_events_carry_their_dice_and_replay() -> None:
    setup = SYSTEM.demo()  # type: ignore[misc]
    state = SYSTEM.start(setup)
    entries = []
    script = [
        Action("begin_turn", "latch"),
        Action("overcharge", "latch"),
        Action("move", "latch", {"x": 6, "y": 5}),
        Action("attack", "latch", {"weapon": "cinder_pod", "x": 12, "y": 6}),
        Action("attack", "latch", {"weapon": "k12_carbine", "target": "spar_a"}),
        Action("end_turn", "latch"),
    ]
    for index, action in enumerate(script, 1):
        events = SYSTEM.resolve(state, action, SeededDice(index))
        for event in events:
            state = SYSTEM.apply(state, event)
        entries.append(Entry(index, action, tuple(events)))
    rolled = [e for entry in entries for e in entry.events if e.dice]
    assert rolled
    assert all(e.text for e in rolled)
    assert fold(SYSTEM, setup, entries) == state


def test_view_hides_the_meltdown_count_and_hidden_squares() -> None:
    state = encounter(mech("a", "A", 5, 5), mech("t", "B", 14, 9, sparring()))
    state["units"]["a"]["meltdown"] = {"turns": 3, "mark": 0, "avertable": True}
    state["units"]["t"]["conditions"]["hidden"] = {"source": "hide"}
    player = Audience("player", actors=frozenset({"a"}))
    seen = SYSTEM.view(state, player)
    assert seen["units"]["a"]["meltdown"] == {"pending": True}
    assert seen["units"]["t"]["x"] is None
    assert seen["units"]["t"]["approximate"]["x0"] == 12
    assert SYSTEM.view(state, GM)["units"]["a"]["meltdown"]["turns"] == 3
    assert SYSTEM.view(state, OBSERVER)["units"]["t"]["x"] is None
    own = SYSTEM.view(state, Audience("player", actors=frozenset({"t"})))
    assert own["units"]["t"]["x"] == 14
    state["units"]["t"]["notes"] = {"hidden": "prototype", "public": "MX-04"}
    assert SYSTEM.view(state, player)["units"]["t"]["notes"] == {}  # MECH-TECH-SCAN: scan it
    assert SYSTEM.view(state, GM)["units"]["t"]["notes"]["hidden"] == "prototype"
    badges = {b["name"]: b["help"] for b in SYSTEM.view(state, GM)["units"]["t"]["badges"]}
    assert "MECH-COND-HIDDEN" in badges["hidden"]


def test_legal_actions_follow_the_turn() -> None:
    state = SYSTEM.start(SYSTEM.demo())  # type: ignore[misc]
    assert [t.kind for t in SYSTEM.legal_actions(state, "latch")] == [
        "set_reactions",
        "begin_turn",
    ]
    assert "begin_turn" not in [t.kind for t in SYSTEM.legal_actions(state, "spar_a")]
    state = turn(state, "latch")
    kinds = [t.kind for t in SYSTEM.legal_actions(state, "latch")]
    assert {"end_turn", "move", "boost", "overcharge", "stabilize", "tech"} <= set(kinds)
    assert {t.kind for t in SYSTEM.legal_actions(state, "gm")} >= {"end_match", "gm_damage"}
    assert SYSTEM.legal_actions(state, "nobody") == []


def test_bad_setup_is_refused() -> None:
    with pytest.raises(RulesError, match="share a square"):
        encounter(mech("a", "A", 5, 5), mech("b", "B", 5, 5))
    with pytest.raises(RulesError, match="does not fit"):
        encounter(mech("a", "A", 25, 5))
    with pytest.raises(RulesError, match="inside a wall"):
        encounter(mech("a", "A", 1, 1), terrain=[{"x": 1, "y": 1, "kind": "heavy"}])
    with pytest.raises(RulesError, match="unknown kind"):
        encounter(mech("a", "A", 1, 1), terrain=[{"x": 2, "y": 1, "kind": "lava"}])


def test_refused_action_changes_nothing() -> None:
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 4, 0, sparring()))
    state = turn(state, "a")
    before = copy.deepcopy(state)
    for kind, params in [
        ("attack", {"weapon": "laser", "target": "t"}),
        ("move", {"x": "north"}),
        ("tech", {"option": "dance", "target": "t"}),
        ("stabilize", {"primary": "nap", "secondary": "burn"}),
    ]:
        with pytest.raises(RulesError):
            SYSTEM.resolve(state, Action(kind, "a", params), LoadedDice([]))
    assert state == before


def test_reach_lists_move_and_boost_squares_within_budget() -> None:
    """Issue 5 property: a reachable square never costs more than the move left (MECH-MOVE-1)."""
    from rules.mech.view import reach

    state = encounter(mech("a", "A", 5, 5), mech("t", "B", 9, 5, sparring()))
    assert reach(state, "a") == {"move": {}, "boost": {}}
    state = turn(state, "a")
    found = reach(state, "a")
    assert all(cost <= 4 for cost in found["move"].values())
    assert (9, 5) not in found["move"]
    assert (1, 1) in found["move"]
    assert (0, 0) not in found["move"]
    assert found["boost"] == found["move"]
    state, _ = play(state, "a", "move", x=3, y=5)
    found = reach(state, "a")
    assert max(found["move"].values()) <= 2
    assert max(found["boost"].values()) == 4
    hidden_view = SYSTEM.view(state, Audience("player", actors=frozenset({"a"})))
    assert reach(hidden_view, "a")["move"] == found["move"]


def test_area_preview_leaves_hidden_enemies_out_mech_cond_hidden() -> None:
    """MECH-COND-HIDDEN: a free preview must not tell whether a blast covers a Hidden enemy."""
    state = encounter(
        mech("a", "A", 0, 0), mech("t", "B", 5, 0, sparring()), mech("s", "B", 5, 1, sparring())
    )
    state["units"]["s"]["conditions"]["hidden"] = {"source": "hide"}
    state = turn(state, "a")
    action = Action("attack", "a", {"weapon": "cinder_pod", "x": 5, "y": 0})
    preview = SYSTEM.preview(state, action)  # type: ignore[misc]
    assert [t["name"] for t in preview["details"]["targets"]] == ["T"]
    assert "unseen" not in str(preview)
    # Sweeping the blast centre over the map: every answer is the same wherever Hid stands.
    elsewhere = patch(state, "s", x=12, y=12)
    for x, y in [(5, 0), (5, 1), (5, 2), (4, 1), (6, 2)]:
        swept = Action("attack", "a", {"weapon": "cinder_pod", "x": x, "y": y})
        assert SYSTEM.preview(state, swept) == SYSTEM.preview(elsewhere, swept)  # type: ignore[misc]


def test_invade_preview_refuses_a_hidden_enemy_as_the_action_would_mech_cond_hidden() -> None:
    """MECH-COND-HIDDEN / MECH-TECH-INVADE: no e-defense or cover of a Hidden enemy in the odds."""
    state = encounter(mech("a", "A", 0, 0), mech("s", "B", 5, 1, sparring()))
    state["units"]["s"]["conditions"]["hidden"] = {"source": "hide"}
    state = turn(state, "a")
    invade = Action("tech", "a", {"option": "invade", "target": "s"})
    with pytest.raises(IllegalAction, match="Hidden") as refused:
        SYSTEM.preview(state, invade)  # type: ignore[misc]
    with pytest.raises(IllegalAction) as resolved:
        SYSTEM.resolve(state, invade, LoadedDice([]))
    assert str(refused.value) == str(resolved.value)
    with pytest.raises(IllegalAction, match="Hidden"):
        SYSTEM.preview(state, Action("attack", "a", {"weapon": "k12_carbine", "target": "s"}))  # type: ignore[misc]
