"""Percentile checks as the scene has them: light, the 00 setting, results as messages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.brp.core import idea_chance, in_light, succeeds
from rules.coc import messages as m
from rules.coc.state import Script, settings_of
from rules.core.kit import Msg


def lit(state: Mapping[str, Any], chance: int) -> int:
    """COC-DARK-1/-2: dim light halves a skill chance; darkness makes it 01."""
    return in_light(chance, str(state["light"]))


def d100(script: Script, chance: int, purpose: str) -> tuple[int, bool]:
    """COC-GEN-1: one d100 against a chance (00 fails only if the Keeper says so)."""
    roll = script.dice.roll(100, purpose)
    return roll, succeeds(chance, roll, settings_of(script.state).auto_fail_00)


def verdict(ok: bool) -> Msg:
    """Success or failure, as words."""
    return m.SUCCESS() if ok else m.FAILURE()


def skill_of(c: Mapping[str, Any], key: str) -> int:
    """A skill, or a characteristic roll: luck (current Luck), idea (INT x 5), conN (CON x N)."""
    if key == "luck":
        return int(c["luck"])
    if key == "idea":
        return idea_chance(int(c["sheet"]["int"]))  # COC-GEN-2
    if key.startswith("con") and key[3:].isdecimal():
        return int(c["con"]) * int(key[3:])
    return int(c["sheet"]["skills"].get(key, 0))
