"""Disarm takes or drops the weapon (ACE-CALLED-DISARM) and sunder breaks it, end to end."""

from __future__ import annotations

import pytest
from ace_helpers import c, kinds, play, table, turn_of

from rules.ace import SYSTEM
from rules.ace.actions.attack import broken
from rules.ace.settings import AceSettings
from rules.core.errors import IllegalAction
from rules.core.system import Audience, Json

AUTO_10 = {"ace.called_shot_natural_10_auto_hit": True}  # so a 10 lands the -16 shot


def _lin_disarms_su(settings: dict[str, object], weapon: str = "unarmed") -> tuple[Json, str]:
    """Lin Yue knocks at Su Qing's dagger; d10 10, then 15 + STR 7 + core 1 against 5 + 5."""
    state = turn_of(table({**AUTO_10, **settings}), "lin")
    state, _ = play(state, "attack", "lin", [], target="su", weapon=weapon, location="disarm")
    state, events = play(state, "respond", "su", [10, 15, 5], answer="none")
    return state, events[-1].kind


def test_a_bare_hand_takes_the_weapon_it_knocks_away() -> None:
    # ACE-CALLED-DISARM 「若攻击方以手…进行攻击，可夺取武器」; ace.disarm_take = take (default).
    state, kind = _lin_disarms_su({})
    assert kind == "weapon.taken"
    assert [w["key"] for w in c(state, "su")["sheet"]["weapons"]] == ["talisman"]
    assert c(state, "su")["wielding"] == "unarmed"
    assert "dagger" not in c(state, "su")["dropped"]
    assert c(state, "lin")["wielding"] == "dagger"
    assert "dagger" in [w["key"] for w in c(state, "lin")["sheet"]["weapons"]]
    view = SYSTEM.view(state, Audience("gm"))
    assert "dagger" in [a["key"] for a in view["combatants"]["lin"]["derived"]["attacks"]]
    # Lin stabs with it next turn: d20 15 + 8 > 9; dagger STR 7 + melee 2 + 2 = 11 against 3.
    state = turn_of(state, "lin", round_no=2)
    _, events = play(state, "attack", "lin", [15, *[1] * 8], target="su", weapon="dagger")
    assert events[-1].payload["damage"]["attack"] == 11


def test_the_table_may_let_a_knocked_weapon_fall_instead() -> None:
    state, kind = _lin_disarms_su({"ace.disarm_take": "drop"})
    assert kind == "weapon.dropped"
    assert "dagger" in c(state, "su")["dropped"]
    assert "dagger" not in [w["key"] for w in c(state, "lin")["sheet"]["weapons"]]


def test_a_weapon_knocked_away_by_a_weapon_falls() -> None:
    state, kind = _lin_disarms_su({}, weapon="jian")
    assert kind == "weapon.dropped"
    assert c(state, "lin")["wielding"] == "jian"


def test_a_gripping_natural_weapon_takes_too() -> None:
    # The hound's jaws (natural, gripping) wrench Lin's jian away: 10 - 16 + 12 > 8;
    # 15 + 14 against 5 + 8.
    state = turn_of(table(AUTO_10), "hound")
    state, _ = play(state, "attack", "hound", [], target="lin", weapon="bite", location="disarm")
    state, events = play(state, "respond", "lin", [10, 15, 5], answer="none")
    assert events[-1].kind == "weapon.taken"
    assert c(state, "hound")["wielding"] == "jian"


def test_a_taken_weapon_gets_a_key_of_its_own() -> None:
    state = turn_of(table(AUTO_10), "lin")
    c(state, "su")["sheet"]["weapons"][0]["key"] = "jian"
    c(state, "su")["wielding"] = "jian"
    state, _ = play(state, "attack", "lin", [], target="su", weapon="unarmed", location="disarm")
    state, _ = play(state, "respond", "su", [10, 15, 5], answer="none")
    assert c(state, "lin")["wielding"] == "jian_2"
    assert [w["key"] for w in c(state, "lin")["sheet"]["weapons"]][-1] == "jian_2"


def test_a_dropped_weapon_is_picked_up_with_a_move_action() -> None:
    state, _ = _lin_disarms_su({"ace.disarm_take": "drop"})
    state = turn_of(state, "su", round_no=2)
    assert "pick_up" in kinds(state, "su")
    state, events = play(state, "pick_up", "su", weapon="dagger")
    assert events[0].kind == "weapon.picked_up"
    assert (c(state, "su")["wielding"], c(state, "su")["dropped"]) == ("dagger", [])
    assert c(state, "su")["used"]["move"]
    with pytest.raises(IllegalAction, match="not one of the choices"):
        play(state, "pick_up", "su", weapon="dagger")


def _lin_sunders_su(state: Json, faces: list[int]) -> tuple[Json, list[object]]:
    state, _ = play(state, "attack", "lin", [], target="su", weapon="jian", location="sunder")
    return play(state, "respond", "su", faces, answer="none")  # type: ignore[return-value]


def test_sunder_end_to_end_until_the_dagger_breaks() -> None:
    # ACE-CALLED-SUNDER / ACE-AMB-22/23: Lin 1d20 + STR 7 + core 1 against Su 1d20 + STR 5 +
    # core 0 - 4 (a light dagger); hardness 0, durability 5 (one-handed).
    # 12 + 8 = 20 against 17 + 1 = 18: 2 damage, 3 left.
    state = turn_of(table(AUTO_10), "lin")
    state, events = _lin_sunders_su(state, [10, 12, 17])
    assert events[-1].kind == "item.damaged"  # type: ignore[attr-defined]
    assert events[-1].text == "Lin Yue deals 2 damage to Dagger (3 durability left)."  # type: ignore[attr-defined]
    assert c(state, "su")["item_damage"]["dagger"] == 2
    view = SYSTEM.view(state, Audience("gm"))
    dagger = next(a for a in view["combatants"]["su"]["derived"]["attacks"] if a["key"] == "dagger")
    assert dagger["damaged"] == 2
    # Next round: 13 + 8 = 21 against 9 + 1 = 10, margin 11: 13 in all, broken.
    state = turn_of(state, "lin", round_no=2)
    c(state, "su")["used"]["quick"] = False
    state, events = _lin_sunders_su(state, [10, 13, 9])
    assert events[-1].text == "Lin Yue deals 11 damage to Dagger, which breaks."  # type: ignore[attr-defined]
    assert broken(c(state, "su"), "dagger", AceSettings())
    assert c(state, "su")["wielding"] == "unarmed"
    # Broken: not in her attacks, not to be picked up, and nothing left to sunder.
    state = turn_of(state, "su", round_no=2)
    assert "pick_up" not in kinds(state, "su")
    attack = next(t for t in SYSTEM.legal_actions(state, "su") if t.kind == "attack")
    weapons = next(f for f in attack.fields if f.name == "weapon")
    assert "dagger" not in [choice.value for choice in weapons.choices]  # type: ignore[union-attr]
    state = turn_of(state, "lin", round_no=3)
    with pytest.raises(IllegalAction, match="holds no weapon"):
        play(state, "attack", "lin", [], target="su", weapon="jian", location="sunder")


def test_a_sunder_that_misses_the_contest_does_nothing() -> None:
    state = turn_of(table(AUTO_10), "lin")
    state, events = _lin_sunders_su(state, [10, 2, 19])
    assert events[-1].kind == "sunder.failed"  # type: ignore[attr-defined]
    assert c(state, "su")["item_damage"] == {}


def _with_shield(hardness: int = 2, durability: int | None = None) -> Json:
    state = turn_of(table(AUTO_10), "lin")
    sheet = c(state, "su")["sheet"]
    sheet["shield"] = {"name": "Buckler", "hardness": hardness, "durability": durability}
    return state


def test_a_sunder_at_the_shield_is_the_worked_example() -> None:
    # ACE-EX-29 「对武器或盾牌造成一点伤害，需要突破物品的硬度」: 21 against 15, shield hardness 2:
    # margin 6, 4 damage to the shield; ACE-AMB-23: a shield lasts 10, so 6 are left. Su resists
    # with the dagger in her hand (light, -4), as with a sunder at the weapon.
    state = _with_shield()
    c(state, "hound")["sheet"]["shield"] = {"name": "Bone plate", "hardness": 1}
    attack = next(t for t in SYSTEM.legal_actions(state, "lin") if t.kind == "attack")
    item = next(f for f in attack.fields if f.name == "item")  # an enemy carries a shield
    assert [choice.value for choice in item.choices] == ["weapon", "shield"]  # type: ignore[union-attr]
    state, _ = play(
        state, "attack", "lin", [], target="su", weapon="jian", location="sunder", item="shield"
    )
    state, events = play(state, "respond", "su", [10, 13, 14], answer="none")
    contest = events[-1].payload["contest"]  # type: ignore[attr-defined]
    assert (contest["initiator"], contest["defender"]) == (21, 15)
    assert events[-1].text == "Lin Yue deals 4 damage to Buckler (6 durability left)."  # type: ignore[attr-defined]
    assert c(state, "su")["item_damage"] == {"shield": 4}
    shown = SYSTEM.view(state, Audience("gm"))["combatants"]["su"]["derived"]["shield"]
    assert shown == {
        "name": "Buckler",
        "hardness": 2,
        "damaged": 4,
        "durability": 10,
        "broken": False,
    }


def test_a_broken_shield_stays_on_the_arm_and_cannot_be_sundered_again() -> None:
    state = _with_shield(hardness=0, durability=3)
    state, _ = play(
        state, "attack", "lin", [], target="su", weapon="jian", location="sunder", item="shield"
    )
    state, events = play(state, "respond", "su", [10, 13, 14], answer="none")
    assert events[-1].text == "Lin Yue deals 6 damage to Buckler, which breaks."  # type: ignore[attr-defined]
    assert broken(c(state, "su"), "shield", AceSettings())
    assert c(state, "su")["wielding"] == "dagger"  # the weapon in hand is untouched
    state = turn_of(state, "lin", round_no=2)
    with pytest.raises(IllegalAction, match="no unbroken shield"):
        play(
            state, "attack", "lin", [], target="su", weapon="jian", location="sunder", item="shield"
        )


def test_no_shield_no_shield_sunder() -> None:
    state = turn_of(table(AUTO_10), "lin")
    attack = next(t for t in SYSTEM.legal_actions(state, "lin") if t.kind == "attack")
    assert "item" not in [f.name for f in attack.fields]
    with pytest.raises(IllegalAction, match="no unbroken shield"):
        play(
            state, "attack", "lin", [], target="su", weapon="jian", location="sunder", item="shield"
        )


def test_the_encounter_writes_the_broken_gear_back_to_the_sheet() -> None:
    """Issue 10 write-back for Ace: a weapon and a shield broken by sunders leave the sheet the
    GM is offered; an untouched weapon stays."""
    from rules.ace.write_back import write_back

    state = _with_shield(hardness=0, durability=3)
    state, _ = play(
        state, "attack", "lin", [], target="su", weapon="jian", location="sunder", item="shield"
    )
    state, _ = play(state, "respond", "su", [10, 13, 14], answer="none")
    state = turn_of(state, "lin", round_no=2)
    c(state, "su")["used"]["quick"] = False
    state, _ = _lin_sunders_su(state, [10, 20, 1])
    assert broken(c(state, "su"), "dagger", AceSettings())
    sheet = write_back(state, "su", c(state, "su")["sheet"])
    assert [w["key"] for w in sheet["weapons"]] == ["talisman"]
    assert sheet["shield"] is None
    assert SYSTEM.validate_sheet(sheet)["shield"] is None
    lin = write_back(state, "lin", c(state, "lin")["sheet"])
    assert [w["key"] for w in lin["weapons"]] == [
        w["key"] for w in c(state, "lin")["sheet"]["weapons"]
    ]
