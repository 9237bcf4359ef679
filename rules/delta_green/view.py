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
from rules.scene.view import off_players_map, with_scene


def _blank(value: object) -> object:
    """A round's value as nothing played reads it: no flag, no count, nothing named."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float):
        return type(value)(0)
    if isinstance(value, dict):
        return {}
    if isinstance(value, list):
        return []
    return None


def unseen_round(round_: Json) -> Json:
    """SCENE-HIDE-4: the round of a combatant off the players' map (GM-only, or not placed) as
    a player reads it: its initiative, cards,
    declarations and what it spent all blank (the same whatever it rolled, declared or did)."""
    return {key: _blank(value) for key, value in round_.items() if key in ROUND_KEYS}


# The keys every dealt round has (rules/delta_green/actions/rounds_play.py, working.py): what a
# player reads of the round of a combatant off its map, blank; others (a parry's weapon, a brave
# offer) are left out, so their presence tells nothing either.
ROUND_KEYS = frozenset(
    {"cards", "rank", "die", "sides", "dex", "called", "no_attack", "one_shot", "spent", "ran"}
    | {"moved_m", "shots", "attacks", "dodged", "parried", "mags", "loose", "spent_while_down"}
)


def _unseen(state: Json, audience: Audience) -> frozenset[str]:
    """SCENE-HIDE-4: the combatants whose tokens this audience's map does not show (GM-only or
    not placed, and not its own): their declarations, initiative and turns are the GM's."""
    if audience.role == "gm":
        return frozenset()
    return frozenset(
        cid
        for cid in state["combatants"]
        if cid not in audience.actors and off_players_map(state, cid)
    )


def _order_seen(out: Json, state: Json, unseen: frozenset[str]) -> None:
    """SCENE-HIDE-4: the round's order, passes and ties without the unseen combatants; while
    one of them takes its turn, the view says only that someone unseen acts (`unseen_turn`),
    so that no combatant the viewer sees reads as the one whose turn it is."""
    if not unseen:
        return
    for key in ("order", "acted", "delayed", "tie_grace"):
        out[key] = [cid for cid in state.get(key) or () if cid not in unseen]
    for key in ("ties", "held"):
        out[key] = {cid: v for cid, v in (state.get(key) or {}).items() if cid not in unseen}
    if current_actor(state) in unseen:
        out["unseen_turn"] = True


def _view(state: Json, audience: Audience) -> Json:
    """What this audience may see: hidden vests only for the GM and the wearer (DG-ARM-8),
    private notes (DG-RES-1) only for the GM, a hidden check's growth mark (DG-GROW-1) only for
    the GM and the agent's holder, the metres a GM-only token moved this round and its aim
    (which a move ends) only for the GM and its holder (SCENE-HIDE-1), and nothing of the round
    of a combatant off the players' map: initiative, place, cards, declarations (SCENE-HIDE-4)."""
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
    unseen = _unseen(state, audience)
    _order_seen(out, state, unseen)
    now = current_actor(out)
    out["current"] = now
    out["combatant_list"] = []
    for cid in list(state["combatants"]):
        c = out["combatants"][cid]
        if not gm:
            c.pop("private_notes", None)
        if cid in unseen:
            c["round"] = unseen_round(c["round"])  # SCENE-HIDE-1/4: its moves and round
            c["aim"] = None  # and its aim, which a walk ends (DG-AIM-1)
            c |= {"called": None, "dodge": False, "brave": False}  # its declarations
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
        for cid in out["order"]
    ]
    return out


def view(state: Json, audience: Audience) -> Json:
    """What this audience may see, with the scene map it may see (SCENE-HIDE-1)."""
    shown = _view(state, audience)
    return with_scene(shown, state, audience.role == "gm", mine=audience.actors)
