"""Combat figures (SCS-CBT-6/7/8): modified strengths, odds, column, shifts and DRM."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rules.core.kit import Msg
from rules.geometry.hex import Hex
from rules.scs import messages as m
from rules.scs.board import State, terrain_word
from rules.scs.crt import fmt, odds
from rules.scs.scenario import Scenario


class _CombatTables:
    """A scenario's combat modifiers sorted by use, read once (SCS-TEC-1, SCS-CBT-6/7/8, PD-17).

    Per hex terrain: attack and defense multipliers (label, value, text), column shifts, DRM;
    per hexside feature: attack multipliers, shifts and DRM when every attacker crosses it.
    """

    def __init__(self, scn: Scenario) -> None:
        self.scn = scn
        self.terrain: dict[str, Any] = {}
        # Each column shift's label (stored in the figures) as a reader names it.
        self.shift_words: dict[str, Msg] = {"overrun": m.SHIFT_OVERRUN()}
        for name, terrain in scn.hex_terrain.items():
            attack, defense, shifts, drm = [], [], [], 0
            for mod in terrain.combat:
                if mod.type == "attack_multiplier":
                    attack.append((f"into {name}", mod.value, fmt(mod.value)))
                elif mod.type == "defense_multiplier":
                    defense.append((name, mod.value, fmt(mod.value)))
                elif mod.type == "column_shift":
                    shifts.append((f"defender in {name}", int(mod.value)))
                    self.shift_words[f"defender in {name}"] = m.SHIFT_DEFENDER_IN(
                        terrain=terrain_word(name)
                    )
                elif mod.type == "drm":
                    drm += int(mod.value)
            self.terrain[name] = (tuple(attack), tuple(defense), tuple(shifts), drm)
        self.across: dict[str, Any] = {}
        for name, feature in scn.hexside_features.items():
            attack, shifts, drm = [], [], 0
            for mod in feature.combat:
                if mod.type == "attack_multiplier":
                    attack.append((f"across {name}", mod.value, fmt(mod.value)))
                if mod.type == "column_shift":
                    shifts.append((f"all attack across {name}", int(mod.value)))
                    self.shift_words[f"all attack across {name}"] = m.SHIFT_ALL_ACROSS(
                        feature=terrain_word(name)
                    )
                if mod.type == "drm":
                    drm += int(mod.value)
            self.across[name] = (tuple(attack), tuple(shifts), drm)
        self.oos_attack = ("out of supply", scn.oos_attack, fmt(scn.oos_attack))
        self.oos_defense = ("out of supply", scn.oos_defense, fmt(scn.oos_defense))
        self.drms = tuple(
            (str(entry.get("when", "always")), int(Fraction(str(entry["value"]))))
            for entry in scn.drms
        )
        self.columns = tuple(str(c) for c in scn.crt.columns)
        # (attacker's hex, target) -> adjacent?, hexside features crossed, their multipliers
        self.geometry: dict[tuple[Hex, Hex], tuple[bool, tuple[str, ...], tuple[Any, ...]]] = {}
        self.figures: dict[Any, dict[str, Any]] = {}  # combat_figures by what they depend on

    def crossing(self, where: Hex, target: Hex) -> tuple[bool, tuple[str, ...], tuple[Any, ...]]:
        """SCS-ART-1 / PD-17: whether a unit in `where` is adjacent to `target`, the hexside
        features (not roads) it attacks across, and their attack multipliers, in name order."""
        found = self.geometry.get((where, target))
        if found is None:
            scn = self.scn
            names = tuple(sorted(scn.features(where, target) - {"road"}))
            mults = tuple(mod for name in names for mod in self.across[name][0])
            found = (scn.grid.adjacent(where, target), names, mults)
            if len(self.geometry) >= 4096:
                self.geometry.clear()
            self.geometry[(where, target)] = found
        return found


def _combat_tables(scn: Scenario) -> _CombatTables:
    found: _CombatTables | None = scn.memo.get("combat")
    if found is None:
        found = scn.memo["combat"] = _CombatTables(scn)
    return found


def shift_word(scn: Scenario, label: str) -> Msg | str:
    """A column shift's label in the figures ("defender in woods") as a message."""
    return _combat_tables(scn).shift_words.get(label, label)


def combat_figures(scn: Scenario, state: State, combat: Mapping[str, Any]) -> dict[str, Any]:
    """SCS-CBT-6/7/8: modified strengths, exact totals, rounded odds, column, shifts and DRM.

    Remembered per scenario by everything they depend on (the combat's kind, target and units,
    and each unit's hex, step, supply and status): the table shows an open combat's figures to
    every audience before the roll, and the roll needs them again. Each call gets its own dict.
    """
    tables = _combat_tables(scn)
    units = state["units"]
    key = (
        combat["kind"],
        combat["target"],
        tuple(
            (uid, u["hex"], u["step"], u["oos"], u["status"])
            for uid in (*combat["attackers"], "", *combat["defenders"])
            for u in (units.get(uid) or _NO_UNIT,)
        ),
    )
    found = tables.figures.get(key)
    if found is None:
        found = _combat_figures(scn, tables, state, combat)
        if len(tables.figures) >= 256:
            tables.figures.clear()
        tables.figures[key] = found
    return dict(found)  # the lists inside are never changed once made


_NO_UNIT: dict[str, Any] = {"hex": None, "step": None, "oos": None, "status": None}


def _combat_figures(
    scn: Scenario, tables: _CombatTables, state: State, combat: Mapping[str, Any]
) -> dict[str, Any]:
    grid = scn.grid
    target = grid.cell(combat["target"])
    terrain_name = scn.terrain.get(target, "clear")
    t_attack, t_defense, t_shifts, t_drm = tables.terrain[terrain_name]
    units = state["units"]
    unit_defs = scn.units
    attackers, defenders = [], []
    total_a: Fraction | int = 0  # whole numbers until a multiplier makes a fraction (SCS-ROUND-1)
    all_across: dict[str, int] = {}
    adjacent_count = 0
    any_attacker_oos = False
    for uid in combat["attackers"]:
        unit = units[uid]
        if unit["status"] != "map":
            continue
        where = grid.cell(unit["hex"])
        mults: list[tuple[str, Fraction, str]] = []
        if unit["oos"]:
            mults.append(tables.oos_attack)
            any_attacker_oos = True
        adjacent, across, across_mults = tables.crossing(where, target)
        adjacent_count += adjacent  # SCS-ART-1: support fires from range
        for name in across:
            all_across[name] = all_across.get(name, 0) + 1
        mults.extend(across_mults)
        mults.extend(t_attack)
        printed = unit_defs[uid].steps[unit["step"]].attack
        value: Fraction | int = printed
        for _, factor, _ in mults:  # SCS-CUM-1: modifiers multiply, exactly
            value *= factor
        total_a += value
        attackers.append(
            {
                "unit": uid,
                "printed": printed,
                "modifiers": [[w, text] for w, _, text in mults],
                "strength": fmt(value),
            }
        )
    total_d: Fraction | int = 0
    any_defender_oos = False
    for uid in combat["defenders"]:
        unit = units[uid]
        if unit["status"] != "map":
            continue
        mults = [tables.oos_defense, *t_defense] if unit["oos"] else list(t_defense)
        any_defender_oos = any_defender_oos or unit["oos"]
        printed = unit_defs[uid].steps[unit["step"]].defense
        value = printed
        for _, factor, _ in mults:
            value *= factor
        total_d += value
        defenders.append(
            {
                "unit": uid,
                "printed": printed,
                "modifiers": [[w, text] for w, _, text in mults],
                "strength": fmt(value),
            }
        )
    shift, drm = 0, t_drm
    shifts: list[list[Any]] = []
    for label, value_ in t_shifts:
        shift += value_
        shifts.append([label, value_])
    counted = adjacent_count
    for name, n in all_across.items():
        if n == counted and counted:  # PD-17: a hexside shift/DRM needs every attacker across it
            _, f_shifts, f_drm = tables.across[name]
            for label, value_ in f_shifts:
                shift += value_
                shifts.append([label, value_])
            drm += f_drm
    if combat["kind"] == "overrun" and scn.overrun_shift:
        shift += scn.overrun_shift
        shifts.append(["overrun", scn.overrun_shift])
    for when, value_ in tables.drms:
        if (
            when == "always"
            or (when == "overrun" and combat["kind"] == "overrun")
            or (when == "attacker_oos" and any_attacker_oos)
            or (when == "defender_oos" and any_defender_oos)
        ):
            drm += value_
    figures: dict[str, Any] = {
        "attackers": attackers,
        "defenders": defenders,
        "attack": fmt(total_a),
        "defense": fmt(total_d),
        "shift": shift,
        "shifts": shifts,
        "drm": drm,
        "odds": None,
        "column": None,
        "base_column": None,
    }
    if total_a > 0:
        ratio = odds(total_a, total_d)
        figures["odds"] = str(ratio) if ratio.attack < 10**6 else "∞:1"
        crt = scn.crt
        base = crt.column_index(ratio)
        if base is not None:
            column = crt.shifted(base, shift)
            figures["base_column"] = tables.columns[base]
            figures["column"] = tables.columns[column]
            figures["column_index"] = column
    return figures
