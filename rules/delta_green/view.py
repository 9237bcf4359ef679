"""What each audience may see of a Delta Green encounter (DG-ARM-8: hidden vests)."""

from __future__ import annotations

from rules.brp.skill_checks import marks_seen
from rules.core.system import Audience, Json
from rules.delta_green.settings import settings_of, values
from rules.delta_green.state import (
    able,
    cards_left,
    conditions,
    current_actor,
    location_badges,
    status,
    weapon_of,
)
from rules.delta_green.tables import (
    LOCATION_NAMES,
    LOCATIONS,
    VESTS,
)
from rules.scene.view import token_gm_only, with_scene

# What a round's movement leaves on a combatant (DG-MOVE-1/2), as a round without any reads.
UNMOVED: Json = {"moved_m": 0.0, "ran": False}


def unmoved(round_: Json) -> Json:
    """A combatant's round as it reads before any move (the keys it has, at their start)."""
    return {**round_, **{k: v for k, v in UNMOVED.items() if k in round_}}


def _view(state: Json, audience: Audience) -> Json:
    """What this audience may see: hidden vests only for the GM and the wearer (DG-ARM-8),
    private notes (DG-RES-1) only for the GM, a hidden check's growth mark (DG-GROW-1) only for
    the GM and the agent's holder, the metres a GM-only token moved this round and its aim
    (which a move ends) only for the GM and its holder (SCENE-HIDE-1)."""
    # Copies of what a view changes (the top level, each combatant and its sheet); the rest is
    # the loaded state's own, which views and boards only read (tests/vtt/test_shared_state.py):
    # a deep copy of the whole state for every audience was a tenth of a broadcast.
    out: Json = {**state, "settings": values(settings_of(state))}
    gm = audience.role == "gm"
    out["combatants"] = {
        # DG-GROW-1: a hidden check's mark is its holder's and the GM's, as the roll is
        cid: marks_seen({**c, "sheet": dict(c["sheet"])}, gm or cid in audience.actors)
        for cid, c in state["combatants"].items()
    }
    if not gm:
        out.pop("private_notes", None)
    now = current_actor(state)
    out["current"] = now
    out["combatant_list"] = []
    for cid in list(state["combatants"]):
        c = out["combatants"][cid]
        if not gm:
            c.pop("private_notes", None)
        if not gm and cid not in audience.actors and token_gm_only(state, cid):
            c["round"] = unmoved(c["round"])  # SCENE-HIDE-1: its moves are the GM's
            c["aim"] = None  # and its aim, which a walk ends (DG-AIM-1)
        vest = c["sheet"].get("vest")
        hidden = bool(vest and vest.get("worn_hidden"))
        seen = set(c.get("vest_seen_by") or ()) & set(audience.actors)
        if hidden and not gm and cid not in audience.actors and not seen:
            c["sheet"]["vest"] = None
        vest = c["sheet"].get("vest")
        table = VESTS[int(vest["level"])] if vest else None
        c["derived"] = {
            "status": status(c),
            "conditions": conditions(c),
            "cards_left": cards_left(c) if able(c) else 0,
            "cards_total": int(c["round"].get("cards", 0)),
            "vest": None
            if table is None
            else {
                "level": table.level,
                "name": table.name,
                "ap": table.ap,
                "penalty": table.penalty,
                "covers": ["chest"],
                "hidden": bool(vest and vest.get("worn_hidden")),
            },
            "locations": [
                {
                    "key": loc,
                    "name": LOCATION_NAMES[loc],
                    "max": int(c["loc_max"][loc]),
                    "hp": int(c["loc_max"][loc]) - int(c["damage"][loc]),
                    "badges": location_badges(c, loc),
                }
                for loc in LOCATIONS
            ],
            "in_hand": weapon_of(c, c["in_hand"])["name"] if c["in_hand"] else None,
            "off_hand": weapon_of(c, c["off_hand"])["name"] if c.get("off_hand") else None,
            "suppression_next": sum(
                int(p["value"])
                for p in c["penalties"]
                if int(p["round"]) == int(state["round"]) + 1
            ),
            "suppression": sum(
                int(p["value"]) for p in c["penalties"] if int(p["round"]) == int(state["round"])
            ),
            "is_current": cid == now,
        }
        out["combatant_list"].append(c)
    out["order_view"] = [
        {
            "id": cid,
            "name": state["combatants"][cid]["name"],
            "rank": state["combatants"][cid]["round"].get("rank"),
            "acted": cid in state["acted"],
            "current": cid == now,
        }
        for cid in state["order"]
    ]
    return out


def view(state: Json, audience: Audience) -> Json:
    """What this audience may see, with the scene map it may see (SCENE-HIDE-1)."""
    shown = _view(state, audience)
    return with_scene(shown, state, audience.role == "gm", mine=audience.actors)
