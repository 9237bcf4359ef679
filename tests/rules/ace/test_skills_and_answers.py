"""Skill attacks with their own damage (ACE-ATK-4, ACE-DICE-1) and the odds of each reflex
answer to a called shot (ACE-CALLED-2)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from ace_helpers import c, damage, kinds, play, table, turn_of

from rules.ace import SYSTEM
from rules.ace.rolls import skill_damage_expr
from rules.ace.stats import skill_damage
from rules.core.errors import IllegalAction, RulesError, SheetError
from rules.core.system import Action, Json


def _su_casts() -> Json:
    """Su Qing's turn, seen; her Thunder talisman deals 3d6 electricity (ACE-ATK-4)."""
    return turn_of(table(), "su")


def test_a_skill_deals_the_damage_its_text_gives() -> None:
    # d20 9 + DEX 8 + footwork 1 = 18 > 12; 3d6 [4, 6, 2] = 12 electricity; HP 120 -> 108.
    state, events = play(
        _su_casts(), "attack", "su", [9, 4, 6, 2], target="hound", weapon="talisman"
    )
    d = damage(events)
    assert (d["roll"], d["faces"], d["base"], d["total"]) == ("3d6", [4, 6, 2], 12, 12)
    assert d["successes"] == 0
    assert events[-1].payload["rule"] == "ACE-ATK-4"
    assert (
        events[-1].text
        == "Bone-jaw Ghoul Hound takes 12 damage from Thunder talisman (3d6); 108 HP left."
    )
    assert c(state, "hound")["hp"] == 108
    assert [r.purpose for r in events[-1].dice][-3:] == ["skill damage 3d6"] * 3


def test_a_critical_does_not_double_a_skills_own_damage() -> None:
    # ACE-HIT-3 multiplies successes; a skill's text has none (ACE-ATK-4).
    _, events = play(_su_casts(), "attack", "su", [20, 4, 6, 2], target="hound", weapon="talisman")
    assert events[-2].kind == "attack.hit"
    assert events[-2].payload["hit"]["critical"]
    assert damage(events)["total"] == 12


def test_a_skills_energy_is_resisted_and_absorbed_like_any_other() -> None:
    # ACE-PIPE-1 steps 6-7 on a fire skill: 12 fire, the hound's fire resistance 5 -> 7.
    state = _su_casts()
    c(state, "su")["sheet"]["weapons"][1]["energy"] = "fire"
    _, events = play(state, "attack", "su", [9, 4, 6, 2], target="hound", weapon="talisman")
    assert (damage(events)["resisted"], damage(events)["total"]) == (5, 7)


def test_the_gm_sets_a_skills_damage_in_play() -> None:
    # The talisman's text says 1d100 tonight: d20 9 hits, d100 57.
    state, events = play(table(), "set_skill_damage", "gm", skill="su:talisman", damage="1d100")
    assert events[0].kind == "skill.set"
    assert str(skill_damage(c(state, "su"), c(state, "su")["sheet"]["weapons"][1])) == "1d100"
    state = turn_of(state, "su")
    _, events = play(state, "attack", "su", [9, 57], target="hound", weapon="talisman")
    assert damage(events)["total"] == 57
    state, _ = play(state, "set_skill_damage", "gm", skill="su:talisman", damage="")
    assert str(skill_damage(c(state, "su"), c(state, "su")["sheet"]["weapons"][1])) == "3d6"


@pytest.mark.parametrize(
    ("params", "error"),
    [
        ({"skill": "su:talisman", "damage": "3d7"}, "not a damage roll"),
        ({"skill": "su:talisman", "damage": "4d6kh3"}, "not a damage roll"),
        ({"skill": "su:talisman", "damage": "fire!"}, "not a damage roll"),
        ({"skill": "su:dagger", "damage": "3d6"}, "not one of the choices"),
        ({"skill": "lin:talisman", "damage": "3d6"}, "not one of the choices"),
    ],
)
def test_bad_skill_damage_is_refused(params: dict[str, str], error: str) -> None:
    state = table()
    before = repr(state)
    with pytest.raises(IllegalAction, match=error):
        play(state, "set_skill_damage", "gm", **params)
    assert repr(state) == before


def test_a_sheet_names_the_field_of_a_bad_skill_damage() -> None:
    sheet = {"name": "X", "weapons": [{"key": "a", "name": "A", "kind": "skill", "damage": "2x"}]}
    with pytest.raises(SheetError, match=r"^weapons\[0\]\.damage: 2x is not a damage roll"):
        SYSTEM.validate_sheet(sheet)


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("3d6+2", True),
        ("1d100", True),
        ("2d10+1d20", True),
        ("15", True),
        ("d%", True),
        ("3d8", False),
        ("2d6>=5", False),
        ("", False),
        ("1d6*2", False),
    ],
)
def test_skill_damage_uses_the_games_dice(text: str, ok: bool) -> None:
    # ACE-DICE-1: d10 and d20, and d6 and d100 in skill effects.
    assert (skill_damage_expr(text) is not None) is ok


def test_a_skill_without_its_own_damage_is_sized_like_a_weapon() -> None:
    # ACE-ATK-4, the other use: attack value 6 against the hound's ranged defence 9 -> no dice.
    state = _su_casts()
    w = c(state, "su")["sheet"]["weapons"][1]
    w["damage"], w["value"] = "", 12
    _, events = play(state, "attack", "su", [9, 8, 1, 1], target="hound", weapon="talisman")
    assert (damage(events)["pool"], damage(events)["total"]) == (3, 5)


def test_the_odds_of_a_skill_are_exact_against_enumeration() -> None:
    # ACE-ATK-4 in the preview: the hit, then 3d6 by enumeration of every face.
    odds = SYSTEM.preview(  # type: ignore[misc]
        _su_casts(), Action("attack", "su", {"target": "hound", "weapon": "talisman"})
    )
    hit = Fraction(odds["details"]["hit"])
    assert hit == Fraction(17, 20)  # faces 4..20 beat evasion 12 with +9
    expected: dict[int, Fraction] = {0: 1 - hit}
    for faces in itertools.product(range(1, 7), repeat=3):
        expected[sum(faces)] = expected.get(sum(faces), Fraction(0)) + hit / 216
    got = {0: Fraction(odds["outcomes"][0]["exact"])}
    for row in odds["outcomes"][1:]:
        got[int(row["label"].split()[0])] = Fraction(row["exact"])
    assert got == expected
    assert odds["details"]["pool"] == 0


# --- ACE-CALLED-2: the defender's answers in the odds --------------------------------------------


def _head_shot_at_evasion_8() -> Json:
    """ACE-EX-27's hound: DEX 6 (evasion 8), CON 12 (guard 1, dodge 1); Lin aims at the head."""
    state = turn_of(table(), "lin")
    hound = c(state, "hound")
    hound["sheet"]["dex"] = hound["current"]["dex"] = 6
    return state


def _odds(state: Json, kind: str, actor: str, **params: str) -> Json:
    return SYSTEM.preview(state, Action(kind, actor, params))  # type: ignore[misc, no-any-return]


def test_the_attack_odds_show_what_each_answer_would_do() -> None:
    # ACE-EX-27: d10 - 1 against 8 hits only on a 10, a critical: pool 4 + 6 = 10, guarded 9;
    # a dodge (DEX 6: -1) leaves d10 - 2, which never beats 8.
    odds = _odds(
        _head_shot_at_evasion_8(), "attack", "lin", target="hound", weapon="jian", location="head"
    )
    rows = {row["answer"]: row for row in odds["details"]["answers"]}
    assert (rows["none"]["hit"], rows["none"]["pool"]) == ("1/10", 10)
    assert (rows["guard"]["hit"], rows["guard"]["pool"]) == ("1/10", 9)
    assert (rows["dodge"]["hit"], rows["dodge"]["pool"]) == ("0/1", 10)
    assert rows["guard"]["label"].startswith("If the defender chooses guard the spot (-1 damage")


def test_the_guarded_odds_match_the_worked_example() -> None:
    # ACE-EX-27 with the guard: every hit is a critical on 9 dice; 3 successes -> 35.
    state = _head_shot_at_evasion_8()
    state, _ = play(state, "attack", "lin", [], target="hound", weapon="jian", location="head")
    odds = _odds(state, "respond", "hound", answer="guard")
    assert odds["details"]["pool"] == 9
    assert odds["details"]["answer"] == "guard"
    three = Fraction(84) * Fraction(3, 10) ** 3 * Fraction(7, 10) ** 6
    row = next(r for r in odds["outcomes"] if r["label"] == "35 damage")
    assert Fraction(row["exact"]) == Fraction(1, 10) * three
    assert sum(Fraction(r["exact"]) for r in odds["outcomes"]) == 1
    assert "answers" not in odds["details"]
    assert _odds(state, "respond", "gm", answer="dodge")["details"]["hit"] == "0/1"


def test_the_defenders_panel_offers_the_odds() -> None:
    state, _ = play(
        _head_shot_at_evasion_8(),
        "attack",
        "lin",
        [],
        target="hound",
        weapon="jian",
        location="head",
    )
    template = next(t for t in SYSTEM.legal_actions(state, "hound") if t.kind == "respond")
    assert template.preview
    assert "respond" in kinds(state, "hound")


def test_no_answers_when_the_defender_has_no_reflex_left() -> None:
    state = _head_shot_at_evasion_8()
    c(state, "hound")["used"]["quick"] = True
    odds = _odds(state, "attack", "lin", target="hound", weapon="jian", location="head")
    assert "answers" not in odds["details"]


@pytest.mark.parametrize(
    ("actor", "params", "error"),
    [
        ("lin", {"answer": "guard"}, "Only the defender"),
        ("hound", {"answer": "pray"}, "not one of the choices"),
    ],
)
def test_bad_answer_odds_are_refused(actor: str, params: dict[str, str], error: str) -> None:
    state, _ = play(
        _head_shot_at_evasion_8(),
        "attack",
        "lin",
        [],
        target="hound",
        weapon="jian",
        location="head",
    )
    with pytest.raises(RulesError, match=error):
        _odds(state, "respond", actor, **params)


def test_no_answer_odds_without_a_called_shot() -> None:
    with pytest.raises(RulesError, match="Nobody is being asked"):
        _odds(table(), "respond", "hound", answer="none")


# --- ACE-AMB-19: when the defender's time runs out -----------------------------------------------


def test_a_called_shot_whose_time_runs_out_goes_on_with_no_reflex() -> None:
    # ACE-EX-26 after the timer: d10 7 + 8 - 9 = 6 against 12, a miss; the reflex is kept.
    state = turn_of(table({"ace.reflex_timer_seconds": 12}), "lin")
    state, _ = play(state, "attack", "lin", [], target="hound", weapon="jian", location="head")
    assert SYSTEM.deadline(state) == (12, Action("expire", "gm"))  # type: ignore[misc]
    state, events = play(state, "expire", "gm", [7])
    assert [e.kind for e in events] == ["prompt.expired", "attack.missed"]
    assert events[0].text == "Time is up: Bone-jaw Ghoul Hound did not answer."
    assert events[-1].payload["hit"]["total"] == 6
    assert state["pending"] is None
    assert not c(state, "hound")["used"]["quick"]
    assert SYSTEM.deadline(state) is None  # type: ignore[misc]


def test_a_grapple_contest_whose_time_runs_out_takes_the_better_resistance() -> None:
    # Lin grabs the hound (5 + 8 > 12); unanswered, the hound breaks free with STR 12 + core 2
    # (better than DEX 10 + footwork 2): 9 + 8 - 1 = 16 against 1 + 14 = 15 -> grappled by 1.
    state = turn_of(table(), "lin")
    state, _ = play(state, "grapple", "lin", [5], target="hound")
    state, events = play(state, "expire", "gm", [9, 1])
    assert events[-1].payload["contest"]["method"] == "break"
    assert c(state, "lin")["grapple"]["margin"] == 1


def test_nothing_expires_when_nobody_is_asked() -> None:
    with pytest.raises(IllegalAction, match="Nobody is being asked"):
        play(table(), "expire", "gm")
    state = turn_of(table(), "lin")
    state, _ = play(state, "attack", "lin", [], target="hound", weapon="jian", location="head")
    with pytest.raises(IllegalAction, match="may not expire"):
        play(state, "expire", "lin")
