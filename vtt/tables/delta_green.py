"""Delta Green table: body diagrams, action cards, initiative ladder, GM round controls."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from rules.core.system import Audience
from rules.delta_green import SYSTEM
from rules.delta_green.actions import ROUND_KINDS, round_actions
from rules.delta_green.messages import (
    BADGE_NAMES,
    CONDITION_NAMES,
    LOCATION_NAMES,
    STATUS_NAMES,
    VEST_NAMES,
)
from rules.delta_green.settings import build
from vtt.tables.forms import action_forms
from vtt.tables.mapkey import fragment_key
from vtt.tables.memo import Memo
from vtt.tables.scene import not_a_players_move, off_the_map
from vtt.words import say

# The body diagram (viewBox 0 0 100 200); the agent's right is the viewer's left.
SHAPES: dict[str, dict[str, Any]] = {
    "head": {"shape": "circle", "cx": 50, "cy": 18, "r": 14, "tx": 50, "ty": 22},
    "chest": {"shape": "rect", "x": 32, "y": 36, "w": 36, "h": 62, "tx": 50, "ty": 70},
    "right_arm": {"shape": "rect", "x": 13, "y": 38, "w": 17, "h": 60, "tx": 21.5, "ty": 70},
    "left_arm": {"shape": "rect", "x": 70, "y": 38, "w": 17, "h": 60, "tx": 78.5, "ty": 70},
    "right_leg": {"shape": "rect", "x": 32, "y": 101, "w": 17, "h": 82, "tx": 40.5, "ty": 145},
    "left_leg": {"shape": "rect", "x": 51, "y": 101, "w": 17, "h": 82, "tx": 59.5, "ty": 145},
}


def _severity(loc: Mapping[str, Any]) -> str:
    """The diagram colour class of a location: ok, hurt, disabled (1x), crippled (2x), lost."""
    badges = loc["badges"]
    if "maimed" in badges or "severed" in badges:
        return "lost"
    if "crippled" in badges:
        return "crippled"
    if "disabled" in badges:
        return "disabled"
    if int(loc["hp"]) < int(loc["max"]):
        return "hurt"
    return "ok"


def _badge(key: str) -> str:
    """A location badge in the reader's language (DG-WOUND-1)."""
    message = BADGE_NAMES.get(key) or CONDITION_NAMES.get(key)
    return say(message()) if message else key


def _combatant(c: Mapping[str, Any], locations_setting: bool = True) -> dict[str, Any]:
    derived = c["derived"]
    parts = []
    for loc in derived["locations"]:
        shape = SHAPES[loc["key"]]
        if shape["shape"] == "circle":
            bar_x, bar_y, bar_w = shape["cx"] - 12, shape["cy"] + 5, 24
        else:
            bar_x, bar_y, bar_w = shape["x"] + 2, shape["y"] + shape["h"] - 7, shape["w"] - 4
        share = max(0.0, min(1.0, int(loc["hp"]) / max(1, int(loc["max"]))))
        bar = {"bar_x": bar_x, "bar_y": bar_y, "bar_w": bar_w, "bar_fill": round(bar_w * share, 2)}
        words = {
            "name": say(LOCATION_NAMES[loc["key"]]()),
            "badge_names": [(b, _badge(b)) for b in loc["badges"]],
        }
        parts.append({**loc, **shape, **bar, **words, "severity": _severity(loc)})
    hp_max = max(1, int(c["hp_max"]))
    hp = int(c["hp"])
    total = derived["cards_total"]
    left = derived["cards_left"]
    weapons = [
        {
            "name": w["name"],
            "in_hand": w["key"] in (c["in_hand"], c.get("off_hand")),
            "loaded": c["weapons"][w["key"]]["loaded"],
            "capacity": w["capacity"],
            "spare": c["weapons"][w["key"]]["spare"],
            "jammed": c["weapons"][w["key"]]["jammed"],
            "firearm": w["kind"] == "firearm",
        }
        for w in c["sheet"]["weapons"]
        if w["kind"] != "unarmed"
    ]
    return {
        "id": c["id"],
        "name": c["name"],
        "side": c["side"],
        "hp": hp,
        "hp_max": hp_max,
        "hp_pct": max(0, min(100, round(100 * hp / hp_max))),
        "status": derived["status"],
        "status_name": say(STATUS_NAMES[derived["status"]]()),
        "conditions": [k for k in derived["conditions"] if ":" not in k],
        "condition_names": [
            (k, say(CONDITION_NAMES[k]()) if k in CONDITION_NAMES else k)
            for k in derived["conditions"]
            if ":" not in k
        ],
        "vest": derived["vest"]
        and {
            **derived["vest"],
            "name": say(VEST_NAMES[derived["vest"]["level"]]()),
        },
        "parts": parts,
        "locations_on": bool(c["sheet"].get("hit_locations", True)) and locations_setting,
        "cards": [{"up": i < left} for i in range(total)],
        "cards_left": left,
        "cards_total": total,
        "rank": c["round"].get("rank"),
        "current": derived["is_current"],
        "suppression": derived["suppression"],
        "suppression_next": derived["suppression_next"],
        "weapons": weapons,
        "gear": list(c["sheet"].get("gear") or ()),  # what the agent carries (issue 36)
        "in_hand": derived["in_hand"],
        "off_hand": derived.get("off_hand"),
        "prone": c["prone"],
        "dodge": c["dodge"],
        "brave": c["brave"],
    }


# Card rows by what they are drawn from (the combatant as this audience sees it, the hit
# locations setting, whether the card is the GM's): most combatants are the same from one frame
# to the next and for every viewer, so their rows and digests are made once.
_ROWS = Memo(256)


def _card_row(c: Mapping[str, Any], on: bool, gm: bool) -> dict[str, Any]:
    """The row a combatant's card is drawn from, with its digest (a copy: callers may add)."""

    def make() -> dict[str, Any]:
        row = _combatant(c, on)
        # the GM's card holds a place its reactions and choices load into when opened
        row["toggles"] = gm and row["status"] not in ("dead",)
        # a card is drawn from its row alone: rendered again only when the row changes
        row["digest"] = fragment_key(row)
        return row

    return dict(_ROWS.get((c, on, gm), make))


def _notes(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """DG-RES-1: the operation's notes, then each combatant's; private ones are in the GM's view
    only (rules/delta_green/view.py removes them from everyone else's)."""
    notes = []
    holders: list[tuple[str | None, Mapping[str, Any]]] = [(None, view)]
    holders += [(str(c["name"]), c) for c in view["combatant_list"]]
    for about, holder in holders:
        for key, private in (("notes", False), ("private_notes", True)):
            for text in holder.get(key) or ():
                notes.append({"about": about, "text": str(text), "private": private})
    return notes


# The board asks the rules for its actors' actions itself (from the view), so the table
# does not ask them too (vtt/encounters/fragments.py).
OWN_LEGAL = True


def board_context(
    view: Mapping[str, Any], audience: Audience, request_params: Mapping[str, Any]
) -> dict[str, Any]:
    """Context for templates/systems/delta_green: one row per combatant, the ladder, GM forms."""
    on = bool(view.get("settings", {}).get("dg.hit_locations", True))
    gm = audience.role == "gm"
    rows = [_card_row(c, on, gm) for c in view["combatant_list"]]
    by_id = {row["id"]: row for row in rows}
    ladder = [
        {
            **entry,
            "cards_left": by_id[entry["id"]]["cards_left"],
            "status": by_id[entry["id"]]["status"],
        }
        for entry in view["order_view"]
    ]
    current = view.get("current")
    context: dict[str, Any] = {
        "dg": {
            "round": view["round"],
            "pass": view["pass"],
            "phase": view["phase"],
            "current": current,
            "current_name": by_id[current]["name"] if current in by_id else None,
            "unseen_turn": bool(view.get("unseen_turn")),  # SCENE-HIDE-4: a hidden one's turn
            "rows": rows,
            "agents": [r for r in rows if r["side"] == "agents"],
            "others": [r for r in rows if r["side"] != "agents"],
            "ladder": ladder,
            "confined": view.get("confined", False),
            "light": view.get("light", "normal"),  # COC-DARK-1/-2
            "notes": _notes(view),  # DG-RES-1
            "mine": [by_id[a] for a in sorted(audience.actors) if a in by_id],
        }
    }
    # Reactions and standing choices sit on each combatant's card, so the action list holds only
    # what the seated actor (or, for the GM, the combatant whose turn it is) can do now.
    free = {"set_dodge", "set_brave", "declare_parry", "walk", "quick_draw", "declare_aimed_shot"}
    # The GM's reactions and choices for each card load when opened (parts/toggles.html): a
    # frame asks the rules only for the actions of the combatant whose turn it is
    asked = str(request_params.get("toggles") or "")
    actors = [cid for cid in by_id if cid in audience.actors or (gm and cid in (current, asked))]
    frozen = bool(request_params.get("frozen"))  # an ended encounter: nothing to act on
    if frozen:
        actors = []
    # the view's settings as the engine reads them (built once per settings, rules/core/schema.py);
    # the rules only read the state they are asked about, so the view is not copied for them
    playable = {**view, "settings": build(view.get("settings"))}
    legal = {cid: SYSTEM.legal_actions(playable, cid) for cid in actors}
    if gm:  # SCENE-MOVE-2: a player's token is its player's to move
        legal = {cid: not_a_players_move(playable, cid, found) for cid, found in legal.items()}
    toggles: dict[str, list[dict[str, Any]]] = {}
    for cid, templates in legal.items():
        toggles[cid] = action_forms({cid: [t for t in templates if t.kind in free]})
        if audience.role == "gm" and cid != current:
            legal[cid] = []
        else:
            legal[cid] = [t for t in templates if t.kind not in free or audience.role != "gm"]
    context["dg"]["toggle_forms"] = toggles.get(asked, []) if gm and asked in by_id else []
    context["dg"]["toggles_for"] = asked
    context["forms"] = action_forms({cid: t for cid, t in legal.items() if t})
    if audience.role == "gm" and not frozen:
        context["dg"]["gm_round_forms"] = action_forms({"gm": round_actions(playable)})
        # The tool forms load when the GM opens them (parts/gm-tools.html), and a frame neither
        # builds them nor asks the rules for them: the holder's revision is the log's seq, so
        # open tools are fetched again after every event
        context["dg"]["has_gm_tools"] = True
        context["dg"]["gm_tool_forms"] = partial(_gm_tool_forms, playable)
    return context


def _gm_tool_forms(playable: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The GM's tool forms (damage, healing, conditions, training, notes) offered now."""
    offered = off_the_map(SYSTEM.legal_actions(dict(playable), "gm"))
    tools = [t for t in offered if t.kind not in ROUND_KINDS]
    return action_forms({"gm": tools})
