"""The round's actions: the Keeper starts rounds and sets the light; turns end; dodge and parry."""

from __future__ import annotations

from rules.coc import messages as m
from rules.coc.actions.common import (
    awake,
    is_combatant,
    my_turn,
    others,
    refuse,
    target,
    weapons,
    words,
)
from rules.coc.state import Script, acting, cset
from rules.coc.turns import end_round, end_turn, start_round
from rules.core.actions import is_gm
from rules.core.dice import Dice
from rules.core.kit import ActionSpec, ActionTemplate, Field, Message, choices
from rules.core.params import choice_param
from rules.core.system import Action, Event, Json

NEXT_ROUND = Message("coc.action.next_round", "Next round")
END_TURN = Message("coc.action.end_turn", "End turn")
SET_LIGHT = Message("coc.action.light", "Set the light")
DODGE = Message("coc.action.dodge", "Dodge this round")
PARRY = Message("coc.action.parry", "Declare a parry")
F_LIGHT = Message("coc.field.light", "Light")
F_IMPOSSIBLE = Message("coc.field.impossible", "Impossible in the dark (skills, comma-separated)")
F_SURPRISE = Message("coc.field.surprise", "{name} in round 1")
F_ATTACKER = Message("coc.field.attacker", "Against")
F_WEAPON = Message("coc.field.weapon", "Weapon")
NOT_SURPRISED = Message("coc.surprise.none", "ready")

LIGHTS = {"normal": m.LIGHT_NORMAL, "dim": m.LIGHT_DIM, "dark": m.LIGHT_DARK}
SURPRISE = {"": NOT_SURPRISED, "surprised": m.SURPRISED, "complete": m.COMPLETELY}


def _next_round(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-ROUND-1, COC-SURPRISE-1/-2: end the round (effects tick) and start the next in DEX
    order; before round 1 the Keeper marks who is surprised."""
    script = Script(state, dice)
    if state["round"] == 0:
        for ident, c in sorted(state["combatants"].items()):
            how = choice_param(action.params, f"surprise_{ident}", SURPRISE, "")
            if how:
                script.emit(
                    "surprise.set",
                    m.SURPRISE_SET(target=c["name"], how=SURPRISE[how]()),
                    [cset(ident, "surprise", how)],
                    target=ident,
                    how=how,
                )
        start_round(script, 1)
    else:
        end_round(script)
    return script.events


def _offer_next_round(state: Json, actor: str) -> ActionTemplate:
    fields: tuple[Field, ...] = ()
    if state["round"] == 0:
        fields = tuple(
            Field(
                f"surprise_{ident}",
                F_SURPRISE(name=c["name"]),
                "choice",
                choices((k, v()) for k, v in SURPRISE.items()),
                default="",
                rule="COC-SURPRISE-1",
            )
            for ident, c in sorted(state["combatants"].items())
        )
    return ActionTemplate("next_round", NEXT_ROUND(), "COC-ROUND-1", fields)


def _end_turn(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-ROUND-1: the acting combatant (or the Keeper for it) passes to the next DEX rank."""
    slot = my_turn(state, action.actor, passing=True)
    script = Script(state, dice)
    end_turn(script, slot["id"])
    return script.events


def _offer_end_turn(state: Json, actor: str) -> ActionTemplate | None:
    return ActionTemplate("end_turn", END_TURN(), "COC-ROUND-1") if acting(state, actor) else None


def _set_light(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-DARK-1/-2/-3: normal, dim (chances halved) or dark (01); what darkness forbids."""
    light = choice_param(action.params, "light", LIGHTS)
    impossible = sorted(
        {w.strip().lower() for w in words(action.params, "impossible").split(",") if w.strip()}
    )
    script = Script(state, dice)
    script.emit(
        "light.set",
        m.LIGHT_SET(light=LIGHTS[light]()),
        [["set", ["light"], light], ["set", ["dark_impossible"], impossible]],
        light=light,
    )
    return script.events


def _offer_light(state: Json, actor: str) -> ActionTemplate:
    return ActionTemplate(
        "set_light",
        SET_LIGHT(),
        "COC-DARK-1",
        (
            Field(
                "light",
                F_LIGHT(),
                "choice",
                choices((k, v()) for k, v in LIGHTS.items()),
                default=state["light"],
            ),
            Field(
                "impossible",
                F_IMPOSSIBLE(),
                "text",
                default=",".join(state["dark_impossible"]),
                rule="COC-DARK-3",
            ),
        ),
    )


def _dodge(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-DODGE-4 (AMB-COC-07) with `coc.dodge_timing = "declared"`: one dodge a round,
    declared ahead, answering the next attack that comes; who dodges may not attack that round.
    (By default a dodge is declared when the attack comes: rules/coc/actions/dodging.py.)"""
    c = awake(state, action.actor)
    if state["round"] < 1:
        raise refuse(m.NO_ROUND())
    if _when_attacked(state):
        raise refuse(m.DODGE_WHEN_ATTACKED(), "COC-DODGE-4")
    if c["round"]["dodge"]:
        raise refuse(m.DODGE_DONE(actor=c["name"]), "COC-DODGE-4")
    script = Script(state, dice)
    script.emit(
        "dodge.declared",
        m.DODGE_DECLARED(actor=c["name"]),
        [cset(action.actor, "round", "dodge", "declared")],
        actor=action.actor,
    )
    return script.events


def _offer_dodge(state: Json, actor: str) -> ActionTemplate | None:
    c = state["combatants"][actor]
    if state["round"] < 1 or c["round"]["dodge"] or c["dead"] or _when_attacked(state):
        return None
    if c["round"]["attacked"] and _forfeits(state):
        return None
    return ActionTemplate("dodge", DODGE(), "COC-DODGE-4")


def _when_attacked(state: Json) -> bool:
    from rules.coc.state import settings_of

    return settings_of(state).dodge_timing == "when_attacked"


def _forfeits(state: Json) -> bool:
    from rules.coc.state import settings_of

    return settings_of(state).dodge_forfeits_attack


def _parry(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-PARRY-2/-3/-8: one parry a round, declared against one attacker before anyone acts; a
    long gun that fired this round cannot parry, one that parries cannot fire."""
    c = awake(state, action.actor)
    if state["round"] < 1:
        raise refuse(m.NO_ROUND())
    if c["round"]["parry"]:
        raise refuse(m.PARRY_DONE(actor=c["name"]), "COC-PARRY-2")
    if not _parry_open(state):
        raise refuse(m.PARRY_LATE(actor=c["name"]), "COC-PARRY-3")
    attacker = target(state, action.params, action.actor, "attacker")
    key = str(action.params.get("weapon") or "")
    weapon = next((w for w in c["sheet"]["weapons"] if w["key"] == key), None)
    if weapon is None:
        raise refuse(m.NO_WEAPON(actor=c["name"], weapon=key))
    if (
        weapon["cannot_parry"]
        or (weapon["kind"] == "firearm" and not weapon["long_gun"])
        or weapon["kind"] == "thrown"
    ):
        raise refuse(m.CANNOT_PARRY(weapon=weapon["name"]), "COC-PARRY-6")
    if weapon["kind"] == "firearm" and key in c["round"]["fired_weapons"]:
        raise refuse(m.NO_PARRY_FIRED(weapon=weapon["name"]), "COC-PARRY-8")
    parry = {"against": attacker["id"], "weapon": key, "name": weapon["name"], "used": False}
    script = Script(state, dice)
    script.emit(
        "parry.declared",
        m.PARRY_DECLARED(actor=c["name"], attacker=attacker["name"], weapon=weapon["name"]),
        [cset(action.actor, "round", "parry", parry)],
        actor=action.actor,
        **parry,
    )
    return script.events


def _offer_parry(state: Json, actor: str) -> ActionTemplate | None:
    c = state["combatants"][actor]
    if state["round"] < 1 or c["round"]["parry"] or c["dead"] or not _parry_open(state):
        return None
    arms = weapons(state, actor, ("melee", "unarmed", "firearm"))
    arms = tuple(a for a in arms if _can_parry(c, a.value))
    if not arms:
        return None
    return ActionTemplate(
        "parry",
        PARRY(),
        "COC-PARRY-3",
        (
            Field("attacker", F_ATTACKER(), "target", others(state, actor)),
            Field("weapon", F_WEAPON(), "choice", arms, default=arms[0].value),
        ),
    )


def _parry_open(state: Json) -> bool:
    """COC-PARRY-3: by default a parry is declared at the start of the round, before any action
    (`coc.parry_timing`); the other reading allows it any time before that attacker's blow."""
    from rules.coc.state import settings_of

    if settings_of(state).parry_timing != "round_start":
        return True
    return bool(state.get("declare_open", True))


def _can_parry(c: Json, key: str) -> bool:
    weapon = next(w for w in c["sheet"]["weapons"] if w["key"] == key)
    if weapon["cannot_parry"]:
        return False
    return weapon["kind"] != "firearm" or bool(weapon["long_gun"])


SPECS = [
    ActionSpec("next_round", "COC-ROUND-1", _next_round, who=is_gm, offer=_offer_next_round),
    ActionSpec("end_turn", "COC-ROUND-1", _end_turn, who=is_combatant, offer=_offer_end_turn),
    ActionSpec("set_light", "COC-DARK-1", _set_light, who=is_gm, offer=_offer_light),
    ActionSpec("dodge", "COC-DODGE-4", _dodge, who=is_combatant, offer=_offer_dodge),
    ActionSpec("parry", "COC-PARRY-3", _parry, who=is_combatant, offer=_offer_parry),
]
