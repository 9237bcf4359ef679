"""What each viewer may see of a mech encounter (fog of war), and the squares a mech can reach."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.system import Audience
from rules.geometry.square import footprint
from rules.mech import log_messages as L
from rules.mech import messages as m
from rules.mech import state as st
from rules.mech.hiding import area_of
from rules.mech.state import Json, alive, has, hostile
from rules.mech.turns import next_picks


def _viewer_sides(state: Mapping[str, Any], audience: Audience) -> set[str]:
    sides = {state["units"][a]["side"] for a in audience.actors if a in state["units"]}
    if audience.side:
        sides.add(audience.side)
    return sides


def _badge(name: str) -> Json:
    """A condition's badge: its key (a class), its name and what it means, as messages."""
    label = m.CONDITION_NAMES.get(name) or L.BADGE_NAMES.get(name)
    helps = L.CONDITION_HELP.get(name)
    return {
        "name": name,
        "label": label().to_json() if label is not None else name,
        "help": helps.english if helps is not None else name,
        "help_msg": helps().to_json() if helps is not None else None,
    }


def view(state: Json, audience: Audience) -> Json:
    """What this audience may see: the GM all; others no meltdown count, no hidden squares.

    Only what this changes is copied (the top level, the units mapping, each unit): the rest is
    shared with the state, which every audience's view of one broadcast reads and nothing
    changes (tests/vtt/test_shared_state.py). A deep copy per view was a twentieth of a mech
    action's broadcast."""
    out: Json = dict(state)
    out["units"] = {uid: dict(u) for uid, u in state["units"].items()}
    gm = audience.role == "gm"
    sides = _viewer_sides(state, audience)
    for uid, u in out["units"].items():
        raw = state["units"][uid]
        u["engaged"] = st.engaged(state, raw)
        u["danger_zone"] = st.danger_zone(raw)
        u["evasion_now"] = st.evasion(raw)
        u["resists"] = sorted(st.resistances(raw))
        badges = sorted(u["conditions"])
        if u["engaged"]:
            badges.append("engaged")
        if u["danger_zone"]:
            badges.append("danger_zone")
        if int(raw["burn"]):
            badges.append("burning")
        if st.in_grapple(state, uid):
            badges.append("grappled")
        u["badges"] = [_badge(b) for b in badges]
        if not gm and raw["side"] not in sides:
            # MECH-TECH-SCAN: another side's information, hidden or public, is learnt by
            # scanning (the side's scans list what it learnt), not by looking.
            u["notes"] = {}
        if not gm and u["meltdown"] is not None:
            u["meltdown"] = {"pending": True}  # MECH-AMB-37: the count is the GM's secret
        if not gm and has(raw, "hidden") and raw["side"] not in sides:
            # MECH-COND-HIDDEN: enemies know only a rough area, drawn with the server's dice
            # (rules/mech/hiding.py); nothing else that follows from the square: its height,
            # nor the move left (how far it went).
            u["x"], u["y"], u["elevation"] = None, None, None
            u["approximate"] = area_of(state, raw)
            u.pop("area", None)
            if u["turn"] is not None:
                u["turn"] = {**u["turn"], "move": None}
    if not gm:
        out["scans"] = [s for s in state["scans"] if s["side"] in sides]
    out["picks"] = next_picks(state)
    out["gm"] = gm
    return out


def reach(view: Json, uid: str) -> dict[str, dict[tuple[int, int], int]]:
    """MECH-MOVE-1 / MECH-ACT-BOOST: squares a mech can end a move or boost on, with their cost."""
    # Works on a `view` too: units whose square the viewer does not know are left out.
    u = view["units"].get(uid)
    out: dict[str, dict[tuple[int, int], int]] = {"move": {}, "boost": {}}
    if u is None or not alive(u) or u["turn"] is None or view["active"] != uid:
        return out
    if has(u, "stunned") or has(u, "immobilized") or u["pending_trauma"]:
        return out
    known = [o for o in st.living(view) if o.get("x") is not None and o["id"] != uid]
    hostiles = {c for o in known if hostile(u, o) for c in st.cells(o)}
    taken = {c for o in known for c in st.cells(o)}
    g = st.grid(view)
    elevation = int(u["elevation"])

    def enter(cell: tuple[int, int]) -> float | None:
        if cell in hostiles:
            return None
        feature = st.terrain(view, cell)
        if st.blocks_movement(feature) and st.height_of(feature) > elevation:
            return None
        return 1

    def ends(found: dict[tuple[int, int], float]) -> dict[tuple[int, int], int]:
        return {
            cell: int(cost)
            for cell, cost in found.items()
            if cost > 0 and not (footprint(cell, st.size(u)) & taken)
        }

    move = int(u["turn"]["move"])
    if move > 0:
        out["move"] = ends(g.reachable(st.pos(u), move, enter, st.size(u)))
    can_boost = not (has(u, "slowed") or has(u, "prone") or st.in_grapple(view, uid))
    if can_boost and int(u["turn"]["ap"]) >= 1:
        out["boost"] = ends(g.reachable(st.pos(u), int(u["stats"]["speed"]), enter, st.size(u)))
    return out
