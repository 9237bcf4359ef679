"""Edges bought or granted: prerequisite first, paid from the skill-point pool (DG-EDGE-0)."""

from __future__ import annotations

from rules.core.errors import IllegalAction
from rules.core.messages import Msg
from rules.core.system import Json
from rules.delta_green import log_gm as G
from rules.delta_green import refusals as R
from rules.delta_green.log_messages import edge_word
from rules.delta_green.sheet import EDGES
from rules.delta_green.working import Working


def add_edge(w: Working, c: Json, edge: str, paid: bool) -> Msg:
    """DG-EDGE-0/-TABLE: a new edge: known, not owned, prerequisite first; paid from the pool."""
    if edge not in EDGES:
        raise IllegalAction.of(R.UNKNOWN_EDGE(edge=repr(edge)), "DG-EDGE-0")
    sheet = c["sheet"]
    word = edge_word(edge)
    if edge in sheet["edges"]:
        raise IllegalAction.of(R.HAS_EDGE(name=c["name"], edge=word), "DG-EDGE-0")
    prerequisite, price = EDGES[edge]
    if prerequisite and prerequisite not in sheet["edges"]:
        refusal = R.EDGE_NEEDS(edge=word, prerequisite=edge_word(prerequisite))
        raise IllegalAction.of(refusal, "DG-EDGE-0")
    if not paid:
        _owned(w, c, edge, price)
        return G.EDGE_FREE(edge=word, price=price)
    pool = sheet.get("skill_points")
    if pool is None:
        raise IllegalAction.of(R.NO_POOL(name=c["name"]), "DG-EDGE-0")
    if pool < price:
        refusal = R.EDGE_PRICE(edge=word, price=price, name=c["name"], pool=pool)
        raise IllegalAction.of(refusal, "DG-EDGE-0")
    _owned(w, c, edge, price)
    w.sheet(c["id"], ["skill_points"], pool - price)
    return G.EDGE_PAID(edge=word, price=price, left=pool - price)


def _owned(w: Working, c: Json, edge: str, price: int) -> None:
    sheet = c["sheet"]
    w.sheet(c["id"], ["edges"], [*sheet["edges"], edge])
    w.sheet(c["id"], ["edge_points"], sheet["edge_points"] + price)
