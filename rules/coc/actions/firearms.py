"""Keeping guns working: reloading (COC-RELOAD-*) and clearing jams (COC-MAL-4)."""

from __future__ import annotations

from rules.brp.firearms import BELT_ROUNDS, jam_chance, loose_cartridges
from rules.coc import messages as m
from rules.coc.actions.common import awake, free_to_act, is_combatant, my_turn, refuse
from rules.coc.hazards import effects_on, start_effect
from rules.coc.state import Script, cset
from rules.coc.turns import end_turn
from rules.core.dice import Dice
from rules.core.kit import ActionSpec, ActionTemplate, Field, Message, choices
from rules.core.system import Action, Event, Json

RELOAD = Message("coc.action.reload", "Reload")
CLEAR = Message("coc.action.clear_jam", "Clear a jam")
F_WEAPON = Message("coc.field.weapon", "Weapon")


def _gun(c: Json, key: str) -> Json:
    weapon: Json | None = next((w for w in c["sheet"]["weapons"] if w["key"] == key), None)
    if weapon is None or weapon["kind"] != "firearm":
        raise refuse(m.NO_WEAPON(actor=c["name"], weapon=key))
    if c["weapons"][key]["broken"]:
        raise refuse(m.BROKEN(weapon=weapon["name"]))
    return weapon


def _reload(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-RELOAD-1/-2: two loose cartridges, or one magazine, a round; a belt takes two rounds."""
    my_turn(state, action.actor)
    c = awake(state, action.actor)
    weapon = _gun(c, str(action.params.get("weapon") or ""))
    held = c["weapons"][weapon["key"]]
    capacity = int(weapon["capacity"])
    if held["loaded"] >= capacity:
        raise refuse(m.FULL(weapon=weapon["name"]))
    script = Script(state, dice)
    if weapon["reload"] == "belt":
        script.emit(
            "belt.started",
            m.BELT_STARTED(actor=c["name"], weapon=weapon["name"]),
            actor=action.actor,
        )
        start_effect(
            script,
            "belt",
            action.actor,
            {"weapon": weapon["key"], "weapon_name": weapon["name"], "capacity": capacity},
            left=BELT_ROUNDS,
        )
    else:
        loaded = capacity
        if weapon["reload"] != "magazine":
            loaded = held["loaded"] + loose_cartridges(held["loaded"], capacity)
        script.emit(
            "weapon.reloaded",
            m.RELOADED(actor=c["name"], weapon=weapon["name"], loaded=loaded, capacity=capacity),
            [cset(action.actor, "weapons", weapon["key"], "loaded", loaded)],
            actor=action.actor,
            loaded=loaded,
        )
    end_turn(script, action.actor)
    return script.events


def _offer_reload(state: Json, actor: str) -> ActionTemplate | None:
    if not free_to_act(state, actor):
        return None
    c = state["combatants"][actor]
    guns = choices(
        (w["key"], w["name"])
        for w in c["sheet"]["weapons"]
        if w["kind"] == "firearm"
        and not c["weapons"][w["key"]]["broken"]
        and c["weapons"][w["key"]]["loaded"] < w["capacity"]
    )
    if not guns:
        return None
    return ActionTemplate(
        "reload",
        RELOAD(),
        "COC-RELOAD-1",
        (Field("weapon", F_WEAPON(), "choice", guns, default=guns[0].value),),
    )


def _clear(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-MAL-4: 1d6 rounds of work, then Mechanical Repair or the gun's skill (the better)."""
    my_turn(state, action.actor)
    c = awake(state, action.actor)
    weapon = _gun(c, str(action.params.get("weapon") or ""))
    if not c["weapons"][weapon["key"]]["jammed"]:
        raise refuse(m.NOT_JAMMED(weapon=weapon["name"]), "COC-MAL-4")
    if any(e["data"]["weapon"] == weapon["key"] for e in effects_on(state, action.actor, "jam")):
        raise refuse(m.ALREADY_CLEARING(actor=c["name"], weapon=weapon["name"]), "COC-MAL-4")
    skills = c["sheet"]["skills"]
    chance = jam_chance(
        int(skills.get("mechanical_repair", 0)), int(skills.get(weapon["skill"], 0))
    )
    script = Script(state, dice)
    rounds = dice.roll(6, f"jam attempt rounds for {weapon['key']}")
    script.emit(
        "jam.started",
        m.JAM_ATTEMPT(actor=c["name"], weapon=weapon["name"], rounds=rounds),
        actor=action.actor,
        rounds=rounds,
    )
    start_effect(
        script,
        "jam",
        action.actor,
        {"weapon": weapon["key"], "weapon_name": weapon["name"], "chance": chance},
        left=rounds,
    )
    end_turn(script, action.actor)
    return script.events


def _offer_clear(state: Json, actor: str) -> ActionTemplate | None:
    if not free_to_act(state, actor):
        return None
    c = state["combatants"][actor]
    working = {e["data"]["weapon"] for e in effects_on(state, actor, "jam")}
    guns = choices(
        (w["key"], w["name"])
        for w in c["sheet"]["weapons"]
        if c["weapons"][w["key"]]["jammed"] and w["key"] not in working
    )
    if not guns:
        return None
    return ActionTemplate(
        "clear_jam",
        CLEAR(),
        "COC-MAL-4",
        (Field("weapon", F_WEAPON(), "choice", guns, default=guns[0].value),),
    )


SPECS = [
    ActionSpec("reload", "COC-RELOAD-1", _reload, who=is_combatant, offer=_offer_reload),
    ActionSpec("clear_jam", "COC-MAL-4", _clear, who=is_combatant, offer=_offer_clear),
]
