"""Ace Evolution table: combatant cards, the defender's prompt, the called-shot body diagram."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from rules.ace import SYSTEM
from rules.ace import messages as m
from rules.ace.tables import ATTRIBUTE_NAMES, CONDITION_NAMES, COVER_NAMES, LOCATIONS
from rules.core.actions import ActionTemplate
from rules.core.errors import RulesError
from rules.core.system import Action, Audience
from vtt.tables.forms import action_forms
from vtt.tables.scene import not_a_players_move, off_the_map
from vtt.words import say

# Where each called-shot location sits beside the body diagram: its height (per cent; the labels
# go top to bottom by it) and its side (0: left of the figure, else right).
SPOTS: dict[str, tuple[int, int]] = {
    "temple": (6, 0),
    "eyes": (14, 62),
    "head": (22, 0),
    "throat": (30, 62),
    "ribs": (42, 0),
    "abdomen": (54, 62),
    "disarm": (68, 0),
    "sunder": (80, 62),
}
PANEL_KINDS = ("attack", "respond")
# the card an attack or an answer is drawn with (encounters/_action_card.html includes it)
PANEL_TEMPLATE = "systems/ace/_panel.html"


def _card(c: Mapping[str, Any], current: str | None) -> dict[str, Any]:
    d = c["derived"]
    grapple = c.get("grapple")
    return {
        "id": c["id"],
        "name": c["name"],
        "side": c["side"],
        "hp": c["hp"],
        "hp_max": c["hp_max"],
        "hp_pct": max(0, min(100, round(100 * int(c["hp"]) / max(1, int(c["hp_max"]))))),
        "current": c["id"] == current,
        "statuses": [say(CONDITION_NAMES[k]()) for k in d["statuses"] if k in CONDITION_NAMES],
        "status_keys": d["statuses"],
        "evasion": d["evasion"],
        "defence": d["defence"],
        "attacks": d["attacks"],
        "shield": d.get("shield"),  # ACE-CALLED-SUNDER
        "used": c["used"],
        "cover": say(COVER_NAMES[c["cover"]]()) if c["cover"] != "none" else "",
        "commands": sorted(c["commands"]),
        "grapple": grapple,
        "current_attrs": c["current"],
        "sheet": c["sheet"],
        "derived": d,
        "slots": _slots(d["mark"]),
    }


def _slots(mark: Mapping[str, Any]) -> list[str]:
    """ACE-MARK-TABLE: every slot of the Mark, each named by the item filling it (or empty)."""
    filled = [
        item["name"] for item in mark["items"] if item["stored"] for _ in range(item["slots"])
    ]
    return (filled + [""] * int(mark["slots"]))[: max(int(mark["slots"]), len(filled))]


def _body() -> list[dict[str, Any]]:
    """The called-shot picker: each location with its numbers and place on the diagram."""
    spots = []
    for key, loc in LOCATIONS.items():
        x, y = SPOTS[key]
        spots.append(
            {
                "key": key,
                "label": say(loc.label),
                "hit": loc.hit,
                "dice": loc.dice,
                "extra": loc.extra,
                "special": loc.special,
                "top": x,
                "left": y,
                "rule": loc.rule,
            }
        )
    return spots


def _answer_odds(view: Mapping[str, Any], actor: str) -> list[dict[str, Any]]:
    """ACE-CALLED-2: the odds of the called shot under each reflex answer, for the defender."""
    try:
        odds = SYSTEM.preview(dict(view), Action("respond", actor, {"answer": "none"}))  # type: ignore[misc]
    except RulesError:
        return []
    return [{**row, "text": say(row["msg"])} for row in odds["details"].get("answers", [])]


# The board asks the rules for its actors' actions itself (from the view), so the table
# does not ask them too (vtt/encounters/fragments.py).
OWN_LEGAL = True


def board_context(
    view: Mapping[str, Any], audience: Audience, request_params: Mapping[str, Any]
) -> dict[str, Any]:
    """Context for templates/systems/ace: cards, initiative, the prompt, the attack panel."""
    combatants = view["combatants"]
    current = view.get("current")
    cards = [_card(c, current) for c in combatants.values()]
    by_id = {card["id"]: card for card in cards}
    pending = view.get("pending")
    if audience.role == "gm":
        actors = [a for a in (current, pending and pending["target"]) if a] + ["gm"]
    else:
        actors = [a for a in sorted(audience.actors) if a in combatants]
    if request_params.get("frozen"):  # an ended encounter: nothing to act on
        actors = []
    offered: dict[str, list[ActionTemplate]] = {}
    for actor in dict.fromkeys(actors):
        offered[actor] = off_the_map(SYSTEM.legal_actions(dict(view), actor))
        if audience.role == "gm":  # SCENE-MOVE-2: a player's token is its player's to move
            offered[actor] = not_a_players_move(view, actor, offered[actor])
    names = {ident: str(c["name"]) for ident, c in combatants.items()}
    names["gm"] = str(_("Game master"))
    # Each actor's cards: its actions, then the attack (with its called-shot body diagram) or the
    # defender's answer as a card of its own (issue 34: in view among the others, beside the
    # log, not down on the board). The attack comes after the charge: on a scene map a target
    # out of reach is charged, not struck (SCENE-REACH-1).
    forms: list[dict[str, Any]] = []
    for actor, templates in offered.items():
        others = [t for t in templates if t.kind not in PANEL_KINDS]
        forms += action_forms({actor: others}, names) if others else []
        for template in templates:
            if template.kind in PANEL_KINDS:
                form = action_forms({actor: [template]})[0]
                panel = {**form, "name": by_id.get(actor, {}).get("name") or _("Game master")}
                if template.kind == "respond" and template.preview:
                    panel["answers"] = _answer_odds(view, actor)
                forms.append({**panel, "template": PANEL_TEMPLATE})
    prompt = None
    if pending is not None:
        attacker = combatants.get(pending["attacker"], {}).get("name", "?")
        target = combatants.get(pending["target"], {}).get("name", "?")
        loc = LOCATIONS.get(pending.get("location") or "")
        if pending["kind"] == "approval":  # ACE-CHECK-3: the GM's answer, no timer
            attribute = ATTRIBUTE_NAMES[str(pending["skill"])[5:]]()
            words = m.PROMPT_APPROVAL(name=attacker, attribute=attribute)
        elif loc:
            words = m.PROMPT_CALLED(attacker=attacker, target=target, where=loc.label)
        else:
            words = m.PROMPT_CONTEST(attacker=attacker, target=target)
        # the page's timer asks the server to settle the prompt when it runs out (ACE-AMB-19)
        token = hashlib.sha1(
            json.dumps([view["round"], pending], sort_keys=True).encode(), usedforsecurity=False
        ).hexdigest()[:12]
        prompt = {"text": say(words), "timer": pending.get("timer", 30), "token": token, **pending}
    last = view.get("last_damage")
    if last:
        last = {
            **last,
            "name": combatants.get(last["target"], {}).get("name", ""),
            "dice": [{"face": f, "success": f >= 8} for f in last["faces"]],
        }
    mine = [by_id[a] for a in view.get("mine", []) if a in by_id]
    return {
        "forms": forms,
        "ace": {
            "round": view["round"],
            "current": by_id.get(current) if current else None,
            "order": [by_id[i] for i in view["order"] if i in by_id],
            "cards": cards,
            "prompt": prompt,
            "spots": _body(),
            "last": last,
            "mine": mine,
            "tasks": view.get("tasks", []),
            "secrets": view.get("secrets", []),
            "mishap": view["settings"].get("ace.mishap", False),
        },
    }
