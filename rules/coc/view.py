"""What each viewer may see: the Keeper everything; players lose secrets and others' sheets."""

from __future__ import annotations

from rules.brp.skill_checks import marks_seen
from rules.coc import messages as m
from rules.coc.hazards import effect_name, effect_order
from rules.coc.state import current_slot, fresh_round, settings_of, status
from rules.coc.tables import ARMOUR_NAMES, SKILL_NAMES
from rules.coc.unseen import seen_slots, seen_turn, unseen_ids
from rules.core.jsonstate import copy_json
from rules.core.messages import Msg, text
from rules.core.system import Audience, Json
from rules.scene.view import with_scene

SECRET_WEAPON_KEYS = ("silencer_life", "silencer_shots")  # COC-SILENCER-2: the hidden counter


_LIGHTS = {"normal": m.LIGHT_NORMAL, "dim": m.LIGHT_DIM, "dark": m.LIGHT_DARK}


def _silencer_note(held: Json, keeper: bool) -> Msg:
    """COC-SILENCER-2/-4: a fitted silencer on the board; its hidden count for the Keeper only."""
    if held.get("silencer_ruined"):
        return m.SILENCER_WORN()
    if not keeper:
        return m.SILENCER_NOTE()
    if held.get("silencer_life") is None:
        return m.SILENCER_UNROLLED(shots=held.get("silencer_shots", 0))
    return m.SILENCER_COUNT(shots=held["silencer_shots"], life=held["silencer_life"])


def _asking(state: Json, asking: Json) -> Json:
    """COC-DODGE-4: the attack waiting for its targets' answers, as everyone sees it declared."""
    attacker = state["combatants"][asking["action"]["actor"]]["name"]
    waiting = [state["combatants"][t]["name"] for t in asking["waiting"]]
    return {
        "attacker": asking["action"]["actor"],
        "waiting": list(asking["waiting"]),
        "timer": settings_of(state).dodge_timer,
        "token": "dodge-{}-{}-{}-{}".format(
            state["round"], state["turn"], asking["action"]["actor"], len(asking["waiting"])
        ),
        "line": m.DODGE_ASKED(attacker=attacker, targets=", ".join(waiting)).to_json(),
    }


def _view(state: Json, audience: Audience) -> Json:
    """The scene for one viewer, with hidden information removed here, on the server; the round
    of a combatant off the players' map (its place in the order, its turn, what it declared)
    is the Keeper's (SCENE-HIDE-4)."""
    keeper = audience.role == "gm"
    unseen = unseen_ids(state, audience)  # SCENE-HIDE-4: their rounds are the Keeper's
    slot = current_slot(state)
    if slot is not None and slot["id"] in unseen:
        slot = None  # nobody is shown acting while one of them does
    effects = []
    for ident, effect in sorted(state["effects"].items(), key=lambda kv: effect_order(kv[0])):
        if effect["data"].get("secret") and not keeper:
            continue  # a secret poison's roll and onset are the Keeper's
        shown = {
            "id": ident,
            "kind": effect["kind"],
            "target": effect["target"],
            "left": effect["left"],
            "name": effect_name(effect).to_json(),
            "target_name": state["combatants"][effect["target"]]["name"],
        }
        if keeper:
            shown["data"] = copy_json(effect["data"])
        effects.append(shown)
    combatants = []
    for ident, c in state["combatants"].items():
        open_sheet = keeper or ident in audience.actors or c["side"] == "investigators"
        row: Json = {
            "id": ident,
            "name": c["name"],
            "side": c["side"],
            "side_name": m.SIDES[c["side"]]().to_json() if c["side"] in m.SIDES else c["side"],
            "status": status(c),
            "current": bool(slot and slot["id"] == ident),
            "effects": [e["id"] for e in effects if e["target"] == ident],
        }
        if open_sheet:
            # COC-GROW-1: a hidden check's mark is its holder's and the Keeper's, as the roll is
            full = copy_json(marks_seen(c, keeper or ident in audience.actors))
            for weapon in full["sheet"]["weapons"]:
                held = full["weapons"][weapon["key"]]
                if weapon["silencer"]:
                    held["silencer_note"] = _silencer_note(held, keeper).to_json()
                if not keeper:
                    for key in SECRET_WEAPON_KEYS:
                        held.pop(key, None)
            if ident in unseen:  # SCENE-HIDE-1/4: its yards and its round read as unplayed
                full["round"] = fresh_round()
            row.update(full)
            row["skill_list"] = [
                {"name": _skill_name(key).to_json(), "value": value}
                for key, value in full["sheet"].get("skills", {}).items()
            ]
            row["status"] = status(c)
            row["current"] = bool(slot and slot["id"] == ident)
            row["effects"] = [e["id"] for e in effects if e["target"] == ident]
        row["status_name"] = m.STATUS[row["status"]]().to_json()
        # COC-AUTO-8: the field of fire is described to everyone.
        cover = str(c.get("cover") or "none")
        row["cover"] = cover
        row["cover_name"] = ARMOUR_NAMES[cover]().to_json() if cover != "none" else None
        row["bunched"] = bool(c.get("bunched"))
        combatants.append(row)
    asking = state.get("asking")
    return {
        "title": state["title"],
        "asking": None if not asking else _asking(state, asking),
        "round": state["round"],
        "light": state["light"],
        "light_name": _LIGHTS[state["light"]]().to_json(),
        "dark_impossible": list(state["dark_impossible"]),
        "current": slot["id"] if slot else None,
        "order": [_slot(state, slot) for slot in seen_slots(state, unseen)],
        "turn": seen_turn(state, unseen),
        "unseen_turn": seen_turn(state, unseen) < 0,  # SCENE-HIDE-4: someone unseen acts
        "combatants": combatants,
        "effects": effects,
        "settings": dict(state["settings"]),
        "notes": state.get("notes", ""),
        "field_note": state.get("field_note", ""),
        "field_note_msg": m.FIELD_NOTE(note=state.get("field_note", "")).to_json(),
        "in_cone": m.IN_CONE().to_json(),
    }


_INTENTS = {"aim": m.INTENT_AIM, "chamber": m.INTENT_CHAMBER, "second": m.INTENT_SECOND}


def _slot(state: Json, slot: Json) -> Json:
    """A place in the DEX order as the board shows it: the combatant's name, never its id, and
    what a deferred action will do in words."""
    intent = _INTENTS.get(str(slot.get("intent") or ""))
    return {
        **copy_json(slot),
        "name": state["combatants"][slot["id"]]["name"],
        "intent_name": intent().to_json() if intent is not None else None,
    }


def _skill_name(key: str) -> Msg:
    """A skill as people read it: the rule book's name, or a skill the group added as written."""
    known = SKILL_NAMES.get(key)
    return known() if known is not None else text(key.replace("_", " "))


def view(state: Json, audience: Audience) -> Json:
    """The scene for one viewer, with the map it may see (SCENE-HIDE-1)."""
    shown = _view(state, audience)
    return with_scene(shown, state, audience.role == "gm", mine=audience.actors)
