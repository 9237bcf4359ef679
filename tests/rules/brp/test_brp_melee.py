"""BRP melee shared by Call of Cthulhu and Delta Green: parried blows, grappling parries,
knockouts (COC-PARRY-4/-6/-8/-9, COC-KO-2/-3)."""

from __future__ import annotations

import pytest

from rules.brp.melee import (
    attacks_and_parries,
    can_knock_out,
    grapple_refused,
    knockout_check,
    knockout_damage,
    parry_excess,
    parry_ruin,
)
from rules.core.dice import LoadedDice


def test_coc_parry_4_the_object_absorbs_up_to_its_hp() -> None:
    assert [parry_excess(damage, 10) for damage in (3, 10, 11, 17)] == [0, 0, 1, 7]


def test_coc_parry_4_8_a_gun_is_put_out_of_action_anything_else_breaks() -> None:
    assert parry_ruin({"kind": "firearm"}) == "disabled"
    assert [parry_ruin({"kind": kind}) for kind in ("melee", "knife", "thrown")] == ["broken"] * 3


@pytest.mark.parametrize(
    ("weapon", "defender_dex", "attacker_dex", "refused"),
    [
        ({"touch": True}, 16, 14, None),
        ({"touch": True}, 14, 14, "not_quicker"),  # the higher DEX, not an equal one
        ({"touch": False}, 18, 10, "not_touch"),
        ({}, 18, 10, "not_touch"),
    ],
)
def test_coc_parry_6_9_only_the_quicker_grapple_a_touch_weapon(
    weapon: dict[str, bool], defender_dex: int, attacker_dex: int, refused: str | None
) -> None:
    assert grapple_refused(weapon, defender_dex, attacker_dex) == refused


def test_coc_ko_2_3_damage_against_hp_on_the_resistance_table() -> None:
    """9 damage against 12 HP: 50 + 5 x (9 - 12) = 35; 35 knocks out, 36 does not; the victim
    then takes 9 // 3 = 3. Ten or more apart is automatic either way."""
    dice = LoadedDice([35, 36, 100, 1])
    assert knockout_check(9, 12, dice.roll(100, "knockout")) == (35, True)
    assert knockout_check(9, 12, dice.roll(100, "knockout")) == (35, False)
    assert knockout_check(22, 12, dice.roll(100, "knockout")) == (100, True)
    assert knockout_check(2, 12, dice.roll(100, "knockout")) == (0, False)
    assert [knockout_damage(d) for d in (2, 3, 9, 11)] == [0, 1, 3, 3]


def test_coc_ko_1_only_a_blunt_melee_or_unarmed_blow_knocks_out() -> None:
    assert can_knock_out("unarmed", blunt=True)
    assert can_knock_out("melee", blunt=True)
    assert not can_knock_out("melee", blunt=False)  # a knife or a sword
    assert not can_knock_out("thrown", blunt=True)
    assert not can_knock_out("firearm", blunt=True)  # a pistol-whip is a melee weapon of its own


def test_coc_parry_7_one_weapon_attacks_and_parries_only_if_a_sword() -> None:
    club, sword, fists = {"kind": "melee"}, {"kind": "melee", "sword": True}, {"kind": "unarmed"}
    assert [attacks_and_parries(w, swords_only=True) for w in (club, sword, fists)] == [
        False,
        True,
        True,  # two bare hands are two weapons
    ]
    assert attacks_and_parries(club, swords_only=False)
