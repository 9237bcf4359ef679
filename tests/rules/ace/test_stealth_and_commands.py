"""Stealth, sneak attack and assassination; combat commands and cover (ACE-STEALTH-*, ACE-CMD-*)."""

from __future__ import annotations

from typing import Any

import pytest
from ace_helpers import c, damage, kinds, play, table, turn_of

from rules.ace import SYSTEM
from rules.ace.actions.stealth import overwhelmed
from rules.ace.settings import AceSettings
from rules.ace.stats import attack_value, defence, evasion, perception_m, weapon
from rules.core.errors import IllegalAction
from rules.core.system import Action, Audience

S = AceSettings()


def test_a_spirit_more_than_twice_the_sneakers_spots_it_at_once() -> None:
    # ACE-EX-34 / ACE-STEALTH-2: SPI 7 against SPI 3.
    assert overwhelmed({"current": {"spi": 3}}, {"current": {"spi": 7}})
    assert not overwhelmed({"current": {"spi": 3}}, {"current": {"spi": 6}})
    assert perception_m(c(table(), "lin"), S) == 25  # ACE-AMB-32


def test_sneaking_is_hide_against_survival_and_ties_are_spotted() -> None:
    # ACE-STEALTH-1: Su's hide 3 + specialty against the hound's passive survival 4.
    state = table()
    unseen, events = play(state, "sneak", "su", [8, 1, 1, 1, 1, 1, 1], target="hound")
    assert c(unseen, "su")["hidden"]
    assert events[0].audience == "side:reincarnators"
    spotted, events = play(state, "sneak", "su", [8, 1, 1, 8, 8, 1, 1], target="hound")
    assert not c(spotted, "su")["hidden"]
    assert events[0].kind == "stealth.spotted"
    _, events = play(state, "sneak", "su", [8, 1, 1, 1, 1, 1, 1], target="hound", penalty=2)
    assert events[0].kind == "stealth.spotted"  # open ground: the hide result loses 2


def test_a_watching_observer_rolls_investigation_or_its_spi_substitute() -> None:
    # ACE-STEALTH-1: the hound has no investigation, so 1d20 + SPI / 10.
    _, events = play(table(), "sneak", "su", [8, 1, 1, 20], target="hound", watch="active")
    assert events[0].payload["stealth"]["look"] == 2


def test_the_sneak_attacker_acts_first_and_may_assassinate() -> None:
    # ACE-STEALTH-3 / ACE-STEALTH-4: unseen while closing in, the dagger strikes past evasion.
    state, _ = play(table(hidden=True), "begin", "gm", [5, 4])
    assert state["current"] == "su"
    assert "assassinate" in kinds(state, "su")
    # Hide 1 + specialty = 2 against survival 0; the dagger's 8 against defence 8 leaves no dice.
    faces = [8, 1, 1, 1, 1, 1, 1]
    state, events = play(state, "assassinate", "su", faces, target="hound", weapon="dagger")
    assert events[-1].payload["damage"]["pool"] == 0
    # the log says so, rather than "0 successes of 0 dice"
    assert "the damage pool is empty: no dice to roll" in events[-1].text
    assert "0 successes of 0 dice" not in events[-1].text
    assert not c(state, "su")["hidden"]
    assert c(state, "su")["used"]["standard"]
    assert all(e.kind != "attack.hit" for e in events)  # no hit roll, so no critical either


def test_an_assassin_who_is_spotted_keeps_its_standard_action() -> None:
    state, _ = play(table(hidden=True), "begin", "gm", [5, 4])
    state, events = play(state, "assassinate", "su", [1, 1, 1, 8, 1, 1, 1], target="hound")
    assert events[-1].kind == "stealth.spotted"
    assert not c(state, "su")["used"]["standard"]
    with pytest.raises(IllegalAction, match="only unnoticed"):
        play(state, "assassinate", "su", [], target="hound")


def test_the_unnoticed_cannot_be_targeted() -> None:
    """Refused as a combatant who is not there is: the refusal does not name her either."""
    state = turn_of(table(hidden=True), "hound")
    with pytest.raises(IllegalAction, match="There is no combatant su here"):
        play(state, "attack", "hound", [], target="su", weapon="bite")


def test_full_attack_trades_two_defence_for_two_attack() -> None:
    # ACE-CMD-ATK-1
    state = turn_of(table(), "lin")
    state, _ = play(state, "declare", "lin", command="full_attack")
    lin = c(state, "lin")
    assert attack_value(lin, S, weapon(lin, "jian") or {}) == 14
    assert defence(lin, S) == 2
    assert lin["used"]["move"]
    with pytest.raises(IllegalAction, match="start of the turn"):
        play(state, "declare", "lin", command="block")


def test_full_defence_uses_all_con_and_forbids_attacks() -> None:
    # ACE-CMD-DEF-1 / ACE-AMB-36: CON 6 + armour 1 + 2 = 9; evasion 8 + 2.
    state = turn_of(table(), "lin")
    state, _ = play(state, "declare", "lin", command="full_defence")
    lin = c(state, "lin")
    assert (defence(lin, S), evasion(lin, S)) == (9, 10)
    assert "attack" not in kinds(state, "lin")
    assert defence(lin, AceSettings(full_defence_armour=False)) == 8


def test_block_adds_the_melee_skill_and_costs_the_move() -> None:
    # ACE-CMD-DEF-2 / ACE-AMB-37
    state = turn_of(table(), "lin")
    state, _ = play(state, "declare", "lin", command="block")
    assert defence(c(state, "lin"), S) == 6
    assert defence(c(state, "lin"), AceSettings(block_skill="footwork")) == 5
    with pytest.raises(IllegalAction, match="move action"):
        play(state, "move", "lin", metres=3)


def test_commands_end_at_the_declarers_next_turn() -> None:
    # ACE-AMB-34
    state, _ = play(table(), "begin", "gm", [20, 1, 1])
    state, _ = play(state, "declare", "lin", command="block")
    for _ in range(2):
        state, _ = play(state, "end_turn", "gm")
    assert c(state, "lin")["commands"] == {"block": True}
    state, _ = play(state, "end_turn", "gm")
    assert c(state, "lin")["commands"] == {}


def test_a_charge_adds_attack_and_costs_defence_per_metre() -> None:
    # ACE-CMD-ATK-2 / ACE-AMB-35 / ACE-AMB-42: 3 m (STR 7 / 2) -> jian 15 against 8 = 7 dice.
    state = turn_of(table(), "lin")
    with pytest.raises(IllegalAction, match="between 1 and 3"):
        play(state, "charge", "lin", [], target="hound", weapon="jian", metres=4)
    state, events = play(
        state, "charge", "lin", [15, *[1] * 7], target="hound", weapon="jian", metres=3
    )
    assert damage(events)["pool"] == 7
    assert defence(c(state, "lin"), S) == 1


def test_prone_is_a_reflex_worse_in_melee_better_against_shots() -> None:
    # ACE-CMD-DEF-4 / ACE-AMB-38
    state = turn_of(table(), "hound")
    state, _ = play(state, "prone", "lin")
    lin = c(state, "lin")
    assert lin["used"]["quick"]
    assert (defence(lin, S, "melee"), defence(lin, S, "firearm")) == (2, 7)
    state = turn_of(state, "lin")
    with pytest.raises(IllegalAction, match="between 0 and 6"):
        play(state, "move", "lin", metres=7)
    state, _ = play(state, "stand", "lin")
    assert not c(state, "lin")["prone"]


def test_cover_penalises_shots_on_both_sides_but_not_melee() -> None:
    # ACE-EX-15 / ACE-COVER-1 / ACE-AMB-39: chair -2, half behind a car -4, crouched -8.
    state, _ = play(table(), "set_cover", "gm", target="hound", cover="heavy")
    state = turn_of(state, "lin")
    _, events = play(state, "attack", "lin", [10], target="hound", weapon="knives")
    assert events[-1].payload["hit"]["total"] == 10 + 8 - 8
    _, events = play(state, "attack", "lin", [10, 1, 1, 1, 1], target="hound", weapon="jian")
    assert next(e for e in events if "hit" in e.payload).payload["hit"]["total"] == 18


def test_full_concealment_cannot_be_shot() -> None:
    # ACE-COVER-FULL
    state, _ = play(table(), "set_cover", "gm", target="hound", cover="full")
    with pytest.raises(IllegalAction, match="Full concealment"):
        play(turn_of(state, "lin"), "attack", "lin", [], target="hound", weapon="pistol")


def _hit_total(events: list[Any]) -> int:
    return int(next(e for e in events if "hit" in e.payload).payload["hit"]["total"])


def test_each_cover_level_takes_its_points_off_the_hit() -> None:
    # ACE-COVER-TABLE / ACE-EX-15: a knife throw, d20 10 + 8, against each level.
    for level, total in (("none", 18), ("light", 16), ("partial", 14), ("heavy", 10)):
        state, _ = play(table(), "set_cover", "gm", target="hound", cover=level)
        _, events = play(
            turn_of(state, "lin"), "attack", "lin", [10], target="hound", weapon="knives"
        )
        assert _hit_total(events) == total, level


def test_ones_own_cover_hampers_ones_own_shots() -> None:
    # ACE-COVER-1: 「同时角色自身攻击也会受到掩蔽不利减值」: Lin behind a car (-4) throws.
    state, _ = play(table(), "set_cover", "gm", target="lin", cover="partial")
    _, events = play(turn_of(state, "lin"), "attack", "lin", [10], target="hound", weapon="knives")
    assert _hit_total(events) == 10 + 8 - 4


def test_cover_does_not_count_against_a_shot_from_beside_the_target() -> None:
    # ACE-AMB-39: only non-adjacent shooters are hampered; the form asks once cover is set.
    state, _ = play(table(), "set_cover", "gm", target="hound", cover="heavy")
    state = turn_of(state, "lin")
    attack = next(t for t in SYSTEM.legal_actions(state, "lin") if t.kind == "attack")
    assert "adjacent" in [f.name for f in attack.fields]
    assert "adjacent" not in [
        f.name
        for f in next(
            t for t in SYSTEM.legal_actions(turn_of(table(), "lin"), "lin") if t.kind == "attack"
        ).fields
    ]
    _, events = play(state, "attack", "lin", [10], target="hound", weapon="knives", adjacent="on")
    assert _hit_total(events) == 18
    odds = SYSTEM.preview(  # type: ignore[misc]
        state, Action("attack", "lin", {"target": "hound", "weapon": "knives", "adjacent": "on"})
    )
    assert odds["details"]["bonus"] == 8
    state, _ = play(state, "set_cover", "gm", target="hound", cover="full")
    _, events = play(state, "attack", "lin", [10], target="hound", weapon="pistol", adjacent="on")
    assert _hit_total(events) == 18


def test_shooting_evasion_takes_the_standard_and_move_into_cover() -> None:
    # ACE-CMD-DEF-3
    state = turn_of(table(), "lin")
    state, _ = play(state, "shooting_evasion", "lin", cover="partial")
    assert c(state, "lin")["cover"] == "partial"
    assert c(state, "lin")["used"]["standard"]


def test_low_attributes_knock_out_or_stop_a_character() -> None:
    # ACE-ATTR-2 / ACE-AMB-04: SPI below 2 is unconscious; CON below 2 cannot act.
    state, _ = play(table(), "set_attribute", "gm", target="lin", attribute="spi", value=1)
    state = turn_of(state, "lin")
    assert kinds(state, "lin") == []
    with pytest.raises(IllegalAction, match="cannot act"):
        play(state, "attack", "lin", [], target="hound")
    state, _ = play(state, "rest", "gm")
    assert c(state, "lin")["current"]["spi"] == 5


def test_supernatural_spi_buys_ten_minutes_awake() -> None:
    # ACE-ATTR-8: Lin passes out from thirst (the GM's condition): unconscious, he can do
    # nothing but spend 1 SPI, which keeps him awake (the GM sets it again after 10 minutes).
    with pytest.raises(IllegalAction, match="rule is off"):
        play(table(), "spend_spi", "lin")
    state = table({"ace.supernatural_spi": True})
    with pytest.raises(IllegalAction, match="not passing out"):
        play(state, "spend_spi", "lin")
    assert "spend_spi" not in kinds(state, "lin")
    state, _ = play(state, "set_condition", "gm", target="lin", condition="fainting")
    state = turn_of(state, "lin")
    assert kinds(state, "lin") == ["spend_spi"]
    assert "unconscious" not in c(state, "lin")["conditions"]
    state, events = play(state, "spend_spi", "lin")
    assert events[0].text == "Lin Yue spends 1 SPI to stay conscious for 10 minutes."
    assert c(state, "lin")["current"]["spi"] == 4
    assert "fainting" not in c(state, "lin")["conditions"]
    assert "attack" in kinds(state, "lin")
    # Without the optional rule he stays down.
    off = turn_of(
        play(table(), "set_condition", "gm", target="lin", condition="fainting")[0], "lin"
    )
    assert kinds(off, "lin") == []


def test_a_mental_scan_lapses_when_the_scanner_cannot_keep_it() -> None:
    # ACE-ATTR-9: it needs concentration and SPI; knocked out, the scan ends at the next turn.
    state = turn_of(table(), "lin")
    lin = c(state, "lin")
    lin["sheet"]["spi_specialist"] = True
    lin["current"]["spi"] = 31
    state, _ = play(state, "scan", "lin")
    state, _ = play(state, "set_condition", "gm", target="lin", condition="asleep")
    state, events = play(state, "end_turn", "gm")
    assert "scan.toggled" in [e.kind for e in events]
    assert not c(state, "lin")["scan"]["on"]


def test_mental_scan_needs_all_three_conditions_and_costs_spi() -> None:
    # ACE-ATTR-9 / ACE-AMB-06
    state = table()
    with pytest.raises(IllegalAction, match="not unlocked"):
        play(state, "scan", "lin")
    lin = c(state, "lin")
    lin["sheet"]["spi_specialist"] = True
    lin["current"]["spi"] = 31
    state, _ = play(state, "scan", "lin")
    assert c(state, "lin")["scan"]["on"]


def test_the_unnoticed_are_named_only_to_their_own_side_in_the_log() -> None:
    """ACE-STEALTH-1: the order, the sneak attack and the ambusher's turn name Su Qing only to
    her side and the GM; the hound's side reads an order without her, and no ambush at all."""
    state, events = play(table(hidden=True), "begin", "gm", [5, 4])
    side = c(state, "su")["side"]
    hound_side = Audience("player", side=c(state, "hound")["side"], actors=frozenset({"hound"}))
    hers = Audience("player", side=side, actors=frozenset({"su"}))
    by_kind = {e.kind: e for e in events}
    began = by_kind["round.started"]
    assert "Su Qing" in began.text
    assert hers.can_see(began.audience)
    assert not hound_side.can_see(began.audience)
    assert began.redacted_text is not None
    assert "Su Qing" not in began.redacted_text
    for kind in ("ambush.opened", "turn.started"):
        assert hers.can_see(by_kind[kind].audience)
        assert not hound_side.can_see(by_kind[kind].audience)
        assert by_kind[kind].redacted_text is None
    shown = [e.redacted_text if not hound_side.can_see(e.audience) else e.text for e in events]
    assert not any("Su Qing" in (line or "") for line in shown)
    _, visible = play(table(), "begin", "gm", [5, 4, 3])
    assert all(e.audience == "all" for e in visible)  # nobody unnoticed: all public
