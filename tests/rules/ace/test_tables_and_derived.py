"""Cover levels in play, supernatural DEX, size, speed and carry (ACE-COVER-TABLE, ACE-ATTR-4/6)."""

from __future__ import annotations

import pytest
from ace_helpers import c, play, table, turn_of

from rules.ace.settings import AceSettings
from rules.ace.stats import (
    attack_value,
    carry_kg,
    evasion,
    initiative_bonus,
    max_charge,
    size,
    speed,
    weapon,
)

S = AceSettings()


@pytest.mark.parametrize(
    ("cover", "penalty"),
    [("none", 0), ("light", -2), ("partial", -4), ("heavy", -8)],
    ids=["none", "ACE-COVER-LIGHT", "ACE-COVER-PARTIAL", "ACE-COVER-HEAVY"],
)
def test_each_cover_level_takes_its_penalty_off_a_thrown_knifes_hit(
    cover: str, penalty: int
) -> None:
    # ACE-COVER-TABLE / ACE-EX-15: chair -2, half behind a car -4, crouched behind it -8.
    # The hit die shows 10: Lin's total is 10 + 8; a hit rolls no damage dice (knife 8 against
    # the hound's thrown defence 9: an empty pool).
    state, _ = play(table(), "set_cover", "gm", target="hound", cover=cover)
    state = turn_of(state, "lin")
    _, events = play(state, "attack", "lin", [10], target="hound", weapon="knives")
    hit = next(e for e in events if "hit" in e.payload).payload["hit"]
    assert hit["total"] == 18 + penalty


def test_supernatural_dex_adds_one_evasion_and_initiative_per_ten_dex() -> None:
    # ACE-ATTR-6: the hound's DEX 10 gives +1 to both; Lin's DEX 7 gives nothing.
    state = table()
    hound, lin = c(state, "hound"), c(state, "lin")
    on = AceSettings(supernatural_dex=True)
    assert (initiative_bonus(hound, S), initiative_bonus(hound, on)) == (10, 11)
    assert (evasion(hound, S), evasion(hound, on)) == (12, 13)
    assert (initiative_bonus(lin, on), evasion(lin, on)) == (7, 8)


def test_size_speed_carry_and_a_natural_weapon_from_the_stat_blocks() -> None:
    # ACE-SIZE-1 / ACE-AMB-07 (adult human 4, the hound 5), ACE-SPEED-1 / ACE-AMB-08
    # (5 + DEX unless the stat block gives one), ACE-ATTR-4 / ACE-EX-22, ACE-EX-04.
    state = table()
    lin, hound = c(state, "lin"), c(state, "hound")
    assert (size(lin), size(hound)) == (4, 5)
    assert (speed(lin, S), speed(hound, S)) == (12, 16)
    assert (carry_kg(lin), carry_kg(hound)) == (70, 120)
    assert (max_charge(lin, S), max_charge(hound, S)) == (3, 6)
    fist = weapon(lin, "unarmed") or {}
    assert attack_value(lin, S, fist) == 7 + 2 + 1  # STR + melee skill + a fist's 1
