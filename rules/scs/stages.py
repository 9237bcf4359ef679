"""A combat result applied in stages (SCS-CRT-3, PD-22): who owes what, and who decides."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.scs import board
from rules.scs.board import State
from rules.scs.crt import Result, SideResult, parse_result
from rules.scs.scenario import Scenario
from rules.scs.state import scenario_of


def combat_parts(state: State) -> tuple[Result, dict[str, Any]]:
    combat = state["combat"]
    return parse_result(combat["result"]), combat


def alive_units(state: State, uids: list[str]) -> list[str]:
    return [u for u in uids if state["units"][u]["status"] == "map"]


def current_stage(state: State, scn: Scenario | None = None) -> str | None:
    """SCS-CRT-3 / PD-22: the first stage of the result still to do; stages with nothing to do
    (no losses owed, nobody to retreat, nobody able to advance) pass by themselves."""
    found = current_stage_data(state, scn)
    return None if found is None else found[0]


def current_stage_data(state: State, scn: Scenario | None = None) -> tuple[str, Any] | None:
    """`current_stage` with what it found on the way: (owed, units, their steps) for a losses stage,
    the units able to advance for "advance", None otherwise. Stages in STAGES order."""
    combat = state["combat"]
    if combat is None or combat["result"] is None:
        return None
    if scn is None:
        scn = scenario_of(state)
    result = parse_result(combat["result"])
    done = combat["done"]
    attacker, defender = combat["attacker_side"], combat["defender_side"]
    for stage, side, part in (
        ("attacker_losses", attacker, result.attacker),
        ("defender_losses", defender, result.defender),
    ):
        # nothing owed, whoever took part, unless the result eliminates or takes steps
        if stage not in done and (part.eliminated or part.loss > 0):
            owing = owing_steps(scn, state, combat, side, part)
            if owing[0] > 0:
                return stage, owing
    to_retreat = combat["to_retreat"]
    if "defender_retreat" not in done and to_retreat.get(defender):
        return "defender_retreat", None
    if "attacker_retreat" not in done and to_retreat.get(attacker):
        return "attacker_retreat", None
    if "advance" not in done:
        eligible = advance_eligible(scn, state)
        if eligible:
            return "advance", eligible
    return "end", None


def stage_owner(state: State) -> str | None:
    """The side whose decision the combat waits for, or None."""
    stage = current_stage(state)
    if stage is None or stage == "end":
        return None
    return stage_side(state["combat"], stage)


def stage_side(combat: Mapping[str, Any], stage: str) -> str:
    """The side that acts in a stage: the attacker loses, retreats and advances in its own."""
    if stage in ("attacker_losses", "attacker_retreat", "advance"):
        return str(combat["attacker_side"])
    return str(combat["defender_side"])


def side_part(result: Result, combat: Mapping[str, Any], side: str) -> SideResult:
    return result.attacker if side == combat["attacker_side"] else result.defender


def participants(state: State, combat: Mapping[str, Any], side: str) -> list[str]:
    """The units that take a side's result: support units are not exposed (SCS-ART-1)."""
    if side != combat["attacker_side"]:
        return alive_units(state, combat["defenders"])
    attackers = combat["attackers"]
    support = combat.get("support")
    if support:
        attackers = [u for u in attackers if u not in support] or attackers
    return alive_units(state, attackers)


def owed_steps(scn: Scenario, state: State, side: str) -> tuple[int, list[str]]:
    result, combat = combat_parts(state)
    owed, units, _ = owing_steps(scn, state, combat, side, side_part(result, combat, side))
    return owed, units


def owing_steps(
    scn: Scenario, state: State, combat: Mapping[str, Any], side: str, part: SideResult
) -> tuple[int, list[str], int]:
    """SCS-CRT-3 / SCS-STEP-1: steps a side owes, the units that pay them and their steps."""
    units = participants(state, combat, side)
    defs, now = scn.units, state["units"]
    total = 0
    for uid in units:
        total += len(defs[uid].steps) - now[uid]["step"]  # SCS-STEP-1: steps left
    wanted = total if part.eliminated else part.loss
    return min(wanted, total), units, total


def advance_eligible(scn: Scenario, state: State) -> list[str]:
    """SCS-ADV-1 / PD-27: attackers that may enter the emptied hex; an EZOC does not stop them
    (SCS-2.1e), terrain they could not enter does."""
    combat = state["combat"]
    if state["stacks"].get(combat["target"]):
        return []
    target = scn.grid.cell(combat["target"])
    found = []
    for uid in participants(state, combat, combat["attacker_side"]):
        if uid in combat["retreated"] or uid in (combat.get("support") or ()):
            continue
        where = board.unit_hex(scn, state, uid)
        assert where is not None
        if scn.grid.adjacent(where, target) and board.terrain_enterable(
            scn, scn.units[uid].move_class, where, target
        ):
            found.append(uid)
    return found


def legal_retreats(
    scn: Scenario, state: State, uids: list[str], length: int
) -> list[dict[str, Any]]:
    """SCS-RET-*: each legal retreat path of a group with the EZOC hexes that will cost a step.

    Paths that leave the map (`off_map`: the group is eliminated, SCS-MAP-4 / SCS-3.3c) come
    after every path that stays on it.
    """
    origin = board.unit_hex(scn, state, uids[0])
    assert origin is not None
    enemy_zoc = board.ezoc(scn, state, scn.units[uids[0]].side)
    found = []
    for path in board.retreat_paths(scn, state, uids, origin, length):
        ezoc = [scn.label(c) for c in path if c in enemy_zoc]
        off_map = not scn.grid.contains(path[-1])
        found.append(
            {
                "path": [scn.label(c) for c in path],
                "ezoc": ezoc,
                "losses": len(ezoc),
                "off_map": off_map,
            }
        )
    found.sort(key=lambda p: (p["off_map"], p["losses"], p["path"]))
    return found


def retreat_length(state: State, side: str, k: int) -> int:
    result, combat = combat_parts(state)
    part = side_part(result, combat, side)
    return part.retreat + part.option - k
