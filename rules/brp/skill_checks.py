"""Checks by name outside a fight: finding a skill or characteristic on a sheet by any of its
names, the success level of a d100 roll by each system's reading, opposed checks, growth."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.brp.core import impale_threshold, resistance_chance, succeeds

CHARACTERISTIC_ROLL = 5  # COC-CHECK-2 / DG-CHECK-3: a characteristic is rolled at x 5

# Levels, best first (an opposed check compares their rank).
CRITICAL, EXTREME, SUCCESS, FAILURE, FUMBLE = "critical", "extreme", "success", "failure", "fumble"
RANK = {CRITICAL: 4, EXTREME: 3, SUCCESS: 2, FAILURE: 1, FUMBLE: 0}

# Names a group types for a sheet key: English, the glossary's Chinese and the short forms
# Chinese dice bots use (侦查 as well as the glossary's 侦察 for Spot Hidden). Keys are compared
# folded (NFKC, case and spaces ignored).
ALIASES: dict[str, tuple[str, ...]] = {
    "str": ("strength", "力量", "str"),
    "con": ("constitution", "体质", "con"),
    "siz": ("size", "体型", "siz"),
    "dex": ("dexterity", "敏捷", "dex"),
    "app": ("appearance", "外表", "外貌", "app"),
    "int": ("intelligence", "智力", "int"),
    "pow": ("power", "意志", "pow"),
    "edu": ("education", "教育", "edu"),
    "cha": ("charisma", "魅力", "cha"),
    "luck": ("luck", "幸运", "运气"),
    "idea": ("idea", "灵感"),
    "san": ("sanity", "理智", "san", "sc"),
    "spot_hidden": ("spot hidden", "侦察", "侦查", "spot"),
    "listen": ("listen", "聆听"),
    "library_use": ("library use", "图书馆", "图书馆使用", "library"),
    "psychology": ("psychology", "心理学"),
    "dodge": ("dodge", "闪避", "躲避"),  # Delta Green's seed says 躲避 for dodge
    "first_aid": ("first aid", "急救"),
    "medicine": ("medicine", "医学"),
    "stealth": ("stealth", "潜行"),
    "persuade": ("persuade", "说服"),
    "fast_talk": ("fast talk", "话术"),
    "charm": ("charm", "魅惑"),
    "intimidate": ("intimidate", "恐吓"),
    "climb": ("climb", "攀爬"),
    "jump": ("jump", "跳跃"),
    "swim": ("swim", "游泳"),
    "throw": ("throw", "投掷"),
    "occult": ("occult", "神秘学"),
    "cthulhu_mythos": ("cthulhu mythos", "克苏鲁神话", "cm"),
    "unnatural": ("unnatural", "非自然"),
    "alertness": ("alertness", "警觉"),
    "search": ("search", "搜索"),
    "handgun": ("handgun", "手枪"),
    "rifle": ("rifle", "步枪"),
    "shotgun": ("shotgun", "散弹枪", "霰弹枪"),
    "smg": ("submachine gun", "冲锋枪"),
    "machine_gun": ("machine gun", "机枪"),
    "firearms": ("firearms", "枪械", "射击", "火器"),
    "fist": ("fist", "brawl", "斗殴", "拳头", "拳击"),
    "kick": ("kick", "踢击", "踢"),
    "grapple": ("grapple", "擒抱"),
    "head_butt": ("head butt", "头锤"),
    "sword": ("sword", "剑"),
    "knife": ("knife", "匕首", "小刀", "刀"),
    "club": ("club", "棍棒"),
    "navigate": ("navigate", "导航"),
    "drive": ("drive", "drive auto", "驾驶", "汽车驾驶", "驾驶汽车"),
    "mechanical_repair": ("mechanical repair", "机械维修"),
    "track": ("track", "追踪"),
}
CHARACTERISTICS = ("str", "con", "siz", "dex", "app", "int", "pow", "edu", "cha")


def fold(name: str) -> str:
    """A name as typed, compared: NFKC (full-width letters), case and spaces/underscores away."""
    text = unicodedata.normalize("NFKC", name).casefold()
    return "".join(ch for ch in text if not ch.isspace() and ch not in "_-")


_BY_NAME = {fold(alias): key for key, names in ALIASES.items() for alias in (key, *names)}


def key_of(name: str) -> str:
    """The sheet key a typed name means: an alias's key, else the name folded with underscores
    for spaces ("Library Use" -> "library_use"), so a group's own skills are found too."""
    found = _BY_NAME.get(fold(name))
    if found is not None:
        return found
    return "_".join(unicodedata.normalize("NFKC", name).casefold().split())


@dataclass(frozen=True)
class Target:
    """What a check rolls against: the sheet key, the chance, whether it is a characteristic
    (then `value` is the characteristic, `chance` its x 5)."""

    key: str
    chance: int
    characteristic: bool
    value: int


def find_target(
    name: str, skills: Mapping[str, Any], characteristics: Mapping[str, Any]
) -> Target | None:
    """COC-CHECK-1 / DG-CHECK-1: the skill or characteristic `name` means on a sheet, or None.

    A skill is found by its key or any alias; a characteristic is rolled at x 5 (COC-CHECK-2,
    DG-CHECK-3). Keys of the sheet are folded too, so "Spot_Hidden" and "spothidden" match."""
    key = key_of(name)
    folded_skills = {fold(k): k for k in skills}
    if key in skills or fold(key) in folded_skills:
        real = key if key in skills else folded_skills[fold(key)]
        value = int(skills[real])
        return Target(real, value, False, value)
    if key in characteristics and characteristics[key] is not None:
        value = int(characteristics[key])
        return Target(key, value * CHARACTERISTIC_ROLL, True, value)
    return None


def coc_level(chance: int, roll: int, auto_fail_00: bool = False) -> str:
    """COC-CHECK-1: a roll at most a fifth of the chance is an extreme success (the impale
    threshold, COC-IMPALE-2), at most the chance a success (COC-GEN-1); a failed 00 is a
    fumble, any other miss a failure."""
    if not succeeds(chance, roll, auto_fail_00):
        return FUMBLE if roll == 100 else FAILURE
    return EXTREME if roll <= impale_threshold(chance) else SUCCESS


def doubles(roll: int) -> bool:
    """A d100 whose two digits match: 11, 22 ... 99, and 100 read as 00."""
    return roll == 100 or (roll < 100 and roll % 11 == 0)


def dg_level(
    chance: int, roll: int, auto_fail_00: bool = False, auto_success_01: bool = False
) -> str:
    """DG-CHECK-2: 01 is a critical success, 00 a fumble; a success rolling matching digits is
    a critical, a failure rolling them a fumble (DG-GEN-1 for success itself)."""
    if roll == 1:
        return CRITICAL if succeeds(chance, roll, auto_fail_00, True) else FAILURE
    if roll == 100:
        return FUMBLE if not succeeds(chance, roll, True) or auto_fail_00 else CRITICAL
    ok = succeeds(chance, roll, auto_fail_00, auto_success_01)
    if doubles(roll):
        return CRITICAL if ok else FUMBLE
    return SUCCESS if ok else FAILURE


def succeeded(level: str) -> bool:
    """Whether a level is a success of any degree."""
    return RANK[level] >= RANK[SUCCESS]


def opposed(
    level_a: str,
    roll_a: int,
    skill_a: int,
    level_b: str,
    roll_b: int,
    skill_b: int,
    dg: bool = False,
) -> str:
    """COC-CHECK-4 / DG-CHECK-4: who wins an opposed check, "a", "b" or "" (neither).

    Both failing: neither. Otherwise the better level wins; at the same level Call of Cthulhu
    gives it to the higher skill (then neither), Delta Green to the higher roll."""
    if not succeeded(level_a) and not succeeded(level_b):
        return ""
    if RANK[level_a] != RANK[level_b]:
        return "a" if RANK[level_a] > RANK[level_b] else "b"
    if dg:
        return "a" if roll_a > roll_b else "b" if roll_b > roll_a else ""
    return "a" if skill_a > skill_b else "b" if skill_b > skill_a else ""


def resistance(active: int, passive: int, roll: int) -> tuple[int, bool]:
    """COC-CHECK-3: a characteristic against a characteristic is read on the resistance table
    (COC-RES-1): (the chance, whether the active side wins)."""
    chance = resistance_chance(active, passive)
    return chance, succeeds(chance, roll)


def coc_grows(skill: int, roll: int) -> bool:
    """COC-GROW-1: a marked skill grows when the d100 is over the skill, or 96 and above."""
    return roll > skill or roll >= 96


COC_GROWTH = "1d10"  # COC-GROW-1: what a growing skill gains
DG_GROWTH = "1d4"  # DG-GROW-1: what each marked skill gains between sessions


SHEET_VALUES = "sheet_values"  # a combatant's record of what .st and growth changed on its sheet


def value_key(key: str, characteristic: bool) -> str:
    """The record's key of a sheet value: "str", or "skills.spot_hidden"."""
    return key if characteristic else f"skills.{key}"


def carry_values(combatant: Mapping[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """COC-GROW-1 / DG-GROW-1, COC-CHECK-5 / DG-CHECK-5: the write-back's part for the values
    set in one line, the skills grown and the marks still to roll, onto the campaign's sheet
    `out` (changed and returned)."""
    for key, value in (combatant.get(SHEET_VALUES) or {}).items():
        if key.startswith("skills."):
            out["skills"] = {**(out.get("skills") or {}), key.removeprefix("skills."): value}
        else:
            out[key] = value
    out[GROWTH_MARKS] = sheet_marks(combatant)  # marks go on to the next encounter
    return out


GROWTH_MARKS = "growth_marks"  # a sheet's skills marked for growth, between encounters


def sheet_marks(combatant: Mapping[str, Any]) -> list[dict[str, Any]]:
    """COC-GROW-1 / DG-GROW-1: the combatant's marks as its sheet keeps them until the growth
    roll, each with whether a hidden check made it (the sheet is its owner's and the GM's, as a
    hidden mark is)."""
    hidden = set(combatant.get(HIDDEN_MARKS) or ())
    return [{"key": str(key), "hidden": key in hidden} for key in combatant.get("marks") or []]


def marks_of_sheet(sheet: Mapping[str, Any]) -> dict[str, Any]:
    """COC-GROW-1 / DG-GROW-1: the marks a sheet carries into a new encounter, as a combatant
    keeps them (`marks`, and the hidden checks' among them); nothing for none."""
    rows = [m for m in sheet.get(GROWTH_MARKS) or () if isinstance(m, Mapping) and m.get("key")]
    marks = list(dict.fromkeys(str(m["key"]) for m in rows))
    hidden = [key for key in marks if any(m.get("hidden") and m["key"] == key for m in rows)]
    found: dict[str, Any] = {"marks": marks} if marks else {}
    return {**found, HIDDEN_MARKS: hidden} if hidden else found


def without_marks(sheet: Mapping[str, Any]) -> dict[str, Any]:
    """A sheet as a combatant carries it at the table: its marks are the combatant's own, which
    the views show only to those who may read them (`marks_seen`)."""
    return {key: value for key, value in sheet.items() if key != GROWTH_MARKS}


HIDDEN_MARKS = "hidden_marks"  # the marks a hidden check made, not yet seen by the others


def mark_changes(combatant: Mapping[str, Any], key: str, hidden: bool) -> list[list[Any]]:
    """COC-GROW-1 / DG-GROW-1: the changes that mark `key` for growth after a check. A hidden
    check's mark is also recorded as hidden (only the holder and the GM read the roll, so only
    they read its mark: see `marks_seen`); an open check of the same skill shows it."""
    base = ["combatants", str(combatant["id"])]
    marks = list(combatant.get("marks") or [])
    unseen = list(combatant.get(HIDDEN_MARKS) or [])
    changes: list[list[Any]] = []
    if key not in marks:
        changes.append(["set", [*base, "marks"], [*marks, key]])
        if hidden:
            changes.append(["set", [*base, HIDDEN_MARKS], [*unseen, key]])
    elif not hidden and key in unseen:
        changes.append(["set", [*base, HIDDEN_MARKS], [k for k in unseen if k != key]])
    return changes


def unmark_changes(combatant: Mapping[str, Any], key: str) -> list[list[Any]]:
    """COC-GROW-1 / DG-GROW-1: the changes that clear `key`'s mark once its growth is rolled."""
    base = ["combatants", str(combatant["id"])]
    changes = [["set", [*base, "marks"], [k for k in combatant.get("marks") or [] if k != key]]]
    unseen = list(combatant.get(HIDDEN_MARKS) or [])
    if key in unseen:
        changes.append(["set", [*base, HIDDEN_MARKS], [k for k in unseen if k != key]])
    return changes


def marks_seen(combatant: dict[str, Any], open_to: bool) -> dict[str, Any]:
    """The combatant as a viewer reads its marks: whole for its holder and the GM (`open_to`);
    for anyone else without the marks of hidden checks, which would tell a hidden roll's
    result (COC-GROW-1 / DG-GROW-1)."""
    if open_to:
        return combatant
    unseen = set(combatant.get(HIDDEN_MARKS) or ())
    marks = [k for k in combatant.get("marks") or [] if k not in unseen]
    if HIDDEN_MARKS not in combatant and (marks or "marks" not in combatant):
        return combatant
    # no marks read as none at all: no trace of a mark that was, or is, hidden
    shown = {k: v for k, v in combatant.items() if k not in (HIDDEN_MARKS, "marks")}
    if marks:
        shown["marks"] = marks
    return shown
