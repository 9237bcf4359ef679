"""Derived numbers of a combatant: HP, speed, evasion, attack and defence values (ACE-ATK-*)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.ace.rolls import skill_damage_expr
from rules.ace.settings import AceSettings
from rules.ace.sheet import UNARMED
from rules.core.notation import DiceExpr

C = Mapping[str, Any]  # a combatant of the state (rules/ace/state.py)


def attr(c: C, key: str) -> int | None:
    """The current value of an attribute, None for a null attribute (ACE-ATTR-10, ACE-AMB-05)."""
    value = c["current"].get(key)
    return None if value is None else int(value)


def val(c: C, key: str) -> int:
    """An attribute as a number in a formula: a null attribute adds nothing (ACE-ATTR-10)."""
    return attr(c, key) or 0


def hp_max(sheet: Mapping[str, Any]) -> int:
    """ACE-ATTR-3: HP are CON x 10 (ACE-EX-21); a thing without CON has none."""
    return 10 * int(sheet.get("con") or 0)


def carry_kg(c: C) -> int:
    """ACE-ATTR-4: a character carries STR x 10 kg (ACE-EX-22)."""
    return 10 * val(c, "str")


def speed(c: C, s: AceSettings) -> int:
    """ACE-SPEED-1 / ACE-AMB-08: the sheet's speed, else 5 + DEX metres per move action."""
    given = c["sheet"].get("speed")
    return int(given) if given is not None else s.speed_base + val(c, "dex")


def max_charge(c: C, s: AceSettings) -> int:
    """ACE-CMD-ATK-2 / ACE-AMB-42: at most floor(STR / 2) metres, and no more than speed."""
    return min(val(c, "str") // 2, speed(c, s))


def per_ten(value: int) -> int:
    """How many full 10s a value holds (the supernatural attribute rules, ACE-ATTR-5..7)."""
    return max(0, value) // 10


def initiative_bonus(c: C, s: AceSettings) -> int:
    """ACE-INIT-1 / ACE-AMB-09: 1d20 + DEX, +1 per 10 DEX with supernatural DEX (ACE-ATTR-6)."""
    dex = val(c, "dex")
    return dex + (per_ten(dex) if s.supernatural_dex else 0)


def con_share(con: int, tenths: int, s: AceSettings) -> int:
    """ACE-AMB-14: CON x 60% or 70%, rounded down on CON alone (or to nearest, by setting)."""
    if s.con_rounding == "nearest":
        return (con * tenths * 2 + 10) // 20
    return con * tenths // 10


def weapon(c: C, key: str) -> Mapping[str, Any] | None:
    """The combatant's weapon by key (every combatant has its bare hands, ACE-EX-04)."""
    if key == "unarmed":
        return UNARMED
    for w in c["sheet"]["weapons"]:
        if w["key"] == key:
            return w  # type: ignore[no-any-return]
    return None


def skill_damage(c: C, w: Mapping[str, Any]) -> DiceExpr | None:
    """ACE-ATK-4: the damage a skill's own text gives, as the GM set it in play or on the sheet;
    None for a skill sized like a weapon (attack value against defence) and for other kinds."""
    if w.get("kind") != "skill":
        return None
    text = (c.get("skill_damage") or {}).get(w["key"]) or w.get("damage") or ""
    return skill_damage_expr(str(text)) if text else None


def grapple_penalty(c: C) -> int:
    """ACE-GRAPPLE-3: the grappled one's penalty is the grappler's last winning margin."""
    g = c.get("grapple")
    if g and g["role"] == "held":
        return int(g["margin"])
    return 0


def commands(c: C) -> Mapping[str, Any]:
    """The combat commands in force for this combatant (ACE-CMD-*)."""
    return c.get("commands") or {}


def evasion(c: C, s: AceSettings, kind: str = "melee") -> int:
    """ACE-HIT-1: DEX + footwork (+DEX/10 supernatural, +2 full defence, prone by setting)."""
    dex = val(c, "dex")
    total = dex + int(c["sheet"]["footwork"])
    if s.supernatural_dex:
        total += per_ten(dex)  # ACE-ATTR-6
    if commands(c).get("full_defence"):
        total += 2  # ACE-CMD-DEF-1
    if c.get("prone") and s.prone_affects == "evasion":
        total += -2 if kind == "melee" else 2  # ACE-AMB-38, the other reading
    return total


def hit_bonus(c: C, s: AceSettings) -> int:
    """ACE-HIT-1: DEX + footwork, less the grapple penalty of a grappled attacker (ACE-AMB-26)."""
    return val(c, "dex") + int(c["sheet"]["footwork"]) - grapple_penalty(c)


def grapple_hit_bonus(c: C, s: AceSettings, w: Mapping[str, Any]) -> int:
    """ACE-HIT-4 / ACE-AMB-12: STR + core, plus a gripping natural weapon's attack value."""
    if s.grapple_hit == "dex_footwork":
        base = val(c, "dex") + int(c["sheet"]["footwork"])
    else:
        base = val(c, "str") + int(c["sheet"]["core"])
    if w.get("natural") and w.get("gripping"):
        base += int(w["value"])
    return base - grapple_penalty(c)


def attack_value(c: C, s: AceSettings, w: Mapping[str, Any], *, in_grapple: bool = False) -> int:
    """ACE-ATK-1..3: the attack value of a weapon, with the commands in force."""
    sheet = c["sheet"]
    kind = w["kind"]
    if kind == "firearm":
        total = int(sheet["ranged"]) + 3 * int(w["value"]) + int(w["ammo"])  # ACE-ATK-2
        if not s.mods_on_ranged:
            return total  # ACE-AMB-15, the other reading: no situational modifiers here
    elif kind == "thrown":
        total = val(c, "str") + int(sheet["ranged"]) + int(w["value"])  # ACE-ATK-3
    elif kind == "skill":
        total = int(w["value"])  # ACE-ATK-4: the skill's own text gives its attack value
    else:
        # ACE-ATK-1; inside a grapple the grappling skill replaces melee (ACE-GRAPPLE-6).
        skill = sheet["grappling"] if in_grapple else sheet["melee"]
        total = val(c, "str") + int(skill) + int(w["value"])
    cmd = commands(c)
    if cmd.get("full_attack"):
        total += 2  # ACE-CMD-ATK-1
    if cmd.get("charge") and s.charge_bonus == "attack_value":
        total += int(cmd["charge"])  # ACE-CMD-ATK-2 / ACE-AMB-35
    return total


def block_value(c: C, s: AceSettings) -> int:
    """ACE-CMD-DEF-2 / ACE-AMB-37: the block skill, less the grapple penalty (ACE-AMB-26)."""
    sheet = c["sheet"]
    if sheet.get("block") is not None:
        skill = int(sheet["block"])
    else:
        skill = int(sheet["footwork"] if s.block_skill == "footwork" else sheet["melee"])
    if s.grapple_penalty_block:
        skill -= grapple_penalty(c)
    return max(0, skill)


def defence(c: C, s: AceSettings, kind: str = "melee") -> int:
    """ACE-ATK-1..3: CON x 60% (melee) or 70% (ranged, thrown) + block + armour + commands."""
    con = val(c, "con")
    cmd = commands(c)
    armour = int(c["sheet"]["armour"])
    if cmd.get("full_defence"):
        # ACE-CMD-DEF-1: full CON instead of the share, +2; ACE-AMB-36: armour still counts.
        total = con + 2 + (armour if s.full_defence_armour else 0)
    else:
        total = con_share(con, 6 if kind == "melee" else 7, s) + armour
    if cmd.get("block"):
        total += block_value(c, s)
    if cmd.get("full_attack"):
        total -= 2  # ACE-CMD-ATK-1
    if cmd.get("charge"):
        total -= int(cmd["charge"])  # ACE-CMD-ATK-2
    if c.get("prone") and s.prone_affects == "defence":
        total += -2 if kind == "melee" else 2  # ACE-CMD-DEF-4 / ACE-AMB-38
    return total


def area_defence(c: C) -> int:
    """ACE-AREA-1: the better of DEX and CON, plus footwork."""
    return max(val(c, "dex"), val(c, "con")) + int(c["sheet"]["footwork"])


def guard(c: C) -> int:
    """ACE-CALLED-2: guarding a vital spot removes one die per full 10 CON."""
    return val(c, "con") // 10


def dodge(c: C) -> int:
    """ACE-CALLED-2: dodging a called shot takes 1 off the hit per full 5 DEX (ACE-EX-28)."""
    return val(c, "dex") // 5


def resistance(c: C, energy: str) -> int:
    """ACE-RES-1: the combatant's resistance against one energy type."""
    return sum(int(r["value"]) for r in c["sheet"]["resistances"] if r["energy"] == energy)


def absorption(c: C) -> dict[str, int]:
    """ACE-PIPE-1 step 6: the points each damage type loses to absorption per hit ("all": any).

    The combatant's own list (the GM may change it in play, a skill's barrier) else its sheet's.
    """
    entries = c.get("absorption")
    if entries is None:
        entries = c["sheet"].get("absorption") or ()
    out: dict[str, int] = {}
    for entry in entries:
        key = str(entry["energy"])
        out[key] = out.get(key, 0) + int(entry["value"])
    return out


def str_bonus(c: C, s: AceSettings, w: Mapping[str, Any]) -> int:
    """ACE-ATTR-5: +5 per 10 STR on STR-keyed hits (melee, thrown, grapple; not firearms)."""
    if not s.supernatural_str or w["kind"] not in ("melee", "thrown"):
        return 0
    return 5 * per_ten(val(c, "str"))


def con_reduction(c: C, s: AceSettings) -> int:
    """ACE-ATTR-7: -5 physical damage per 10 CON, with supernatural CON on."""
    return 5 * per_ten(val(c, "con")) if s.supernatural_con else 0


def size(c: C) -> int:
    """ACE-SIZE-1: the combatant's size on the 1-8 scale (ACE-AMB-07)."""
    return int(c["sheet"]["size"])


def perception_m(c: C, s: AceSettings) -> int:
    """ACE-AMB-32: SPI perception range is 5 m per SPI."""
    return s.perception_per_spi * val(c, "spi")


def scan_unlocked(c: C, s: AceSettings) -> bool:
    """ACE-ATTR-9 / ACE-AMB-06: SPI specialist, SPI above 30 and Mark level above 1."""
    conditions = (
        bool(c["sheet"].get("spi_specialist")),
        val(c, "spi") > 30,
        int(c["sheet"]["mark"]["level"]) > 1,
    )
    return all(conditions) if s.scan_unlock == "all" else any(conditions)
