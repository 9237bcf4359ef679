"""Edges bought or granted: prerequisite first, paid from the skill-point pool (DG-EDGE-0)."""

from __future__ import annotations

from rules.core.errors import IllegalAction
from rules.core.system import Json
from rules.delta_green.sheet import EDGES


def edge_ops(c: Json, edge: str, paid: bool) -> tuple[list[Json], str]:
    """DG-EDGE-0/-TABLE: a new edge: known, not owned, prerequisite first; paid from the pool."""
    if edge not in EDGES:
        raise IllegalAction(f"unknown edge {edge!r}", "DG-EDGE-0")
    sheet = c["sheet"]
    if edge in sheet["edges"]:
        raise IllegalAction(f"{c['name']} already has {edge}", "DG-EDGE-0")
    prerequisite, price = EDGES[edge]
    if prerequisite and prerequisite not in sheet["edges"]:
        raise IllegalAction(f"{edge} needs {prerequisite} first", "DG-EDGE-0")
    ops: list[Json] = [
        {"op": "sheet", "id": c["id"], "path": ["edges"], "value": [*sheet["edges"], edge]},
        {
            "op": "sheet",
            "id": c["id"],
            "path": ["edge_points"],
            "value": sheet["edge_points"] + price,
        },
    ]
    if not paid:
        return ops, f"{edge} granted free ({price} points not charged)"
    pool = sheet.get("skill_points")
    if pool is None:
        raise IllegalAction(f"{c['name']}'s sheet keeps no skill-point pool", "DG-EDGE-0")
    if pool < price:
        raise IllegalAction(
            f"{edge} costs {price} skill points; {c['name']} has {pool}", "DG-EDGE-0"
        )
    ops.append({"op": "sheet", "id": c["id"], "path": ["skill_points"], "value": pool - price})
    return ops, f"{edge} for {price} skill points ({pool - price} left)"
