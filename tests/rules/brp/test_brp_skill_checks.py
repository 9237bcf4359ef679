"""Issue 38: names of skills, success levels by each system's reading, opposed checks."""

from __future__ import annotations

from rules.brp.skill_checks import (
    coc_grows,
    coc_level,
    dg_level,
    find_target,
    key_of,
    opposed,
    resistance,
)


def test_names_in_either_language_and_aliases() -> None:
    """COC-CHECK-1 / DG-CHECK-1."""
    assert key_of("侦查") == key_of("侦察") == key_of("Spot Hidden") == "spot_hidden"
    assert key_of("ＳＴＲ") == key_of("力量") == "str"
    assert key_of("Basket Weaving") == "basket_weaving"
    found = find_target("spothidden", {"Spot_Hidden": 45}, {})
    assert found is not None
    assert (found.key, found.chance) == ("Spot_Hidden", 45)
    char = find_target("敏捷", {}, {"dex": 11})
    assert char is not None
    assert (char.chance, char.characteristic) == (55, True)
    assert find_target("flying", {}, {"dex": 11}) is None


def test_coc_levels() -> None:
    """COC-CHECK-1: a fifth of 50 is 10."""
    assert [coc_level(50, r) for r in (10, 11, 50, 51, 100)] == [
        "extreme",
        "success",
        "success",
        "failure",
        "fumble",
    ]


def test_dg_criticals_and_fumbles() -> None:
    """DG-CHECK-2: 01 and successful doubles are criticals; 00 and failed doubles fumble."""
    assert [dg_level(50, r) for r in (1, 22, 23, 55, 66, 100)] == [
        "critical",
        "critical",
        "success",
        "fumble",
        "fumble",
        "fumble",
    ]


def test_opposed() -> None:
    """COC-CHECK-4 / DG-CHECK-4."""
    assert opposed("failure", 70, 50, "fumble", 100, 40) == ""
    assert opposed("success", 30, 50, "extreme", 5, 40) == "b"
    assert opposed("success", 30, 50, "success", 20, 40) == "a"
    assert opposed("success", 30, 50, "success", 40, 60, dg=True) == "b"


def test_resistance_and_growth() -> None:
    """COC-CHECK-3 (COC-RES-1) and COC-GROW-1."""
    assert resistance(12, 10, 60) == (60, True)
    assert coc_grows(40, 41)
    assert not coc_grows(40, 40)
    assert coc_grows(99, 96)
