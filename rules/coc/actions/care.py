"""Helping and checking: first aid, medicine, fighting flames, dodging danger, any skill roll."""

from __future__ import annotations

from typing import Any

from rules.brp.core import impossible_in
from rules.coc import messages as m
from rules.coc.actions.common import awake, everyone, free_to_act, is_combatant, my_turn, refuse
from rules.coc.checks import d100, lit, skill_of, verdict
from rules.coc.damage import first_aid_amount, heal, wake
from rules.coc.hazards import effects_on, end_effect
from rules.coc.state import Script, acting, combatant, cset
from rules.coc.tables import SHEET_SKILL_KEYS, SKILL_NAMES
from rules.coc.turns import end_turn
from rules.core.dice import Dice
from rules.core.kit import ActionSpec, ActionTemplate, Field, Message, choices
from rules.core.messages import Msg
from rules.core.params import choice_param
from rules.core.system import Action, Event, Json
from rules.scene.ranges import touched

FIRST_AID = Message("coc.action.first_aid", "First Aid")
MEDICINE = Message("coc.action.medicine", "Medicine")
PUT_OUT = Message("coc.action.put_out", "Put out your flames (Luck)")
LUCK_DODGE = Message("coc.action.luck_dodge", "Dodge the danger (Luck)")
SKILL = Message("coc.action.skill", "Roll a skill")
F_PATIENT = Message("coc.field.patient", "Who")
F_SKILL = Message("coc.field.skill", "Skill")
LUCK = Message("coc.skill.luck", "Luck")
IDEA = Message("coc.skill.idea", "Idea")
CON5 = Message("coc.skill.con5", "CON x5")
EXTRA = {"luck": LUCK, "idea": IDEA, "con5": CON5}


def _uses_turn(state: Json, actor: str) -> bool:
    """In a round, helping takes the actor's turn; outside one it can be done at any time."""
    if state["round"] >= 1:
        my_turn(state, actor)
        return True
    return False


def _done(script: Script, actor: str, took_turn: bool) -> list[Event]:
    if took_turn and acting(script.state, actor):
        end_turn(script, actor)
    return script.events


def _first_aid(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-HEAL-1, COC-KO-6, COC-FIRE-5: First Aid puts flames out, or heals 1D3 of one wound
    (saving the dying at 1 HP or more) and wakes the knocked out."""
    c = awake(state, action.actor)
    patient = combatant(state, action.params.get("target") or action.actor)
    took = _uses_turn(state, action.actor)
    on_fire = effects_on(state, patient["id"], "on_fire")
    if (
        not on_fire
        and not any(not w["aided"] for w in patient["wounds"])
        and patient["ko_rounds"] <= 0
    ):
        raise refuse(m.NOTHING_TO_AID(target=patient["name"]), "COC-HEAL-1")
    chance = lit(state, int(c["sheet"]["skills"].get("first_aid", 0)))
    script = Script(state, dice)
    roll, ok = d100(script, chance, f"First Aid on {patient['id']}")
    script.emit(
        "first_aid.rolled",
        m.FIRST_AID(
            actor=c["name"], target=patient["name"], roll=roll, chance=chance, result=verdict(ok)
        ),
        actor=action.actor,
        target=patient["id"],
        roll=roll,
        success=ok,
    )
    if ok:
        if on_fire:
            for effect in on_fire:
                end_effect(script, effect["id"])
            script.emit("flames.out", m.FIRE_OUT(target=patient["name"]), target=patient["id"])
        else:
            treated = first_aid_amount(script, patient["id"])
            if treated is not None:
                n, amount = treated
                wounds = [
                    {**w, "aided": True} if w["n"] == n else w
                    for w in script.c(patient["id"])["wounds"]
                ]
                now = script.c(patient["id"])
                restored = min(now["sheet"]["hp_max"], now["hp"] + amount) - now["hp"]
                script.emit(
                    "wound.treated",
                    m.AID_TREATED(
                        actor=c["name"],
                        target=patient["name"],
                        wound=n,
                        skill=SKILL_NAMES["first_aid"](),
                        amount=restored,
                    ),
                    [cset(patient["id"], "wounds", wounds)],
                    actor=action.actor,
                    target=patient["id"],
                    wound=n,
                    skill="first_aid",
                    restored=restored,
                )
                heal(script, patient["id"], amount)
            wake(script, patient["id"])
    return _done(script, action.actor, took)


def _medicine(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-KO-6, COC-POISON-6 (AMB-COC-05): Medicine wakes the knocked out and ends the
    suffocation of respiratory failure."""
    c = awake(state, action.actor)
    patient = combatant(state, action.params.get("target") or action.actor)
    took = _uses_turn(state, action.actor)
    chance = lit(state, int(c["sheet"]["skills"].get("medicine", 0)))
    script = Script(state, dice)
    roll, ok = d100(script, chance, f"Medicine on {patient['id']}")
    script.emit(
        "medicine.rolled",
        m.MEDICINE(
            actor=c["name"], target=patient["name"], roll=roll, chance=chance, result=verdict(ok)
        ),
        actor=action.actor,
        target=patient["id"],
        roll=roll,
        success=ok,
    )
    if ok:
        for kind in ("drowning", "suffocating"):
            for effect in effects_on(script.state, patient["id"], kind):
                if effect["data"].get("medical"):
                    end_effect(script, effect["id"])
        wake(script, patient["id"])
    return _done(script, action.actor, took)


def _touch_missed(state: Json, action: Action, dice: Dice, line: Msg) -> list[Event]:
    """SCENE-REACH-2 / SCENE-HIDE-3: First Aid or Medicine at a Keeper-only token on no square
    next to the actor's: the turn spent (in a round), nothing done, the line saying so."""
    awake(state, action.actor)
    took = _uses_turn(state, action.actor)
    script = Script(state, dice)
    target = str(action.params.get("target") or "")
    script.emit("scene.unmet", line, attacker=action.actor, target=target, unmet="touch")
    return _done(script, action.actor, took)


def _offer_care(kind: str, label: Message, rule: str) -> Any:
    def offer(state: Json, actor: str) -> ActionTemplate | None:
        c = state["combatants"][actor]
        if c["dead"] or (state["round"] >= 1 and not free_to_act(state, actor)):
            return None
        return ActionTemplate(
            kind,
            label(),
            rule,
            (Field("target", F_PATIENT(), "target", everyone(state), default=actor),),
        )

    return offer


def _put_out(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-FIRE-5: the victim's own Luck puts the flames out (one try, its action)."""
    c = awake(state, action.actor)
    flames = effects_on(state, action.actor, "on_fire")
    if not flames:
        raise refuse(m.NOT_ON_FIRE(target=c["name"]), "COC-FIRE-5")
    took = _uses_turn(state, action.actor)
    script = Script(state, dice)
    roll, ok = d100(script, c["luck"], f"Luck against flames for {action.actor}")
    script.emit(
        "flames.fought",
        m.PUT_OUT(
            actor=c["name"],
            target=c["name"],
            skill=LUCK(),
            roll=roll,
            chance=c["luck"],
            result=verdict(ok),
        ),
        actor=action.actor,
        roll=roll,
        success=ok,
    )
    if ok:
        for effect in flames:
            end_effect(script, effect["id"])
        script.emit("flames.out", m.FIRE_OUT(target=c["name"]), target=action.actor)
    return _done(script, action.actor, took)


def _offer_put_out(state: Json, actor: str) -> ActionTemplate | None:
    if not effects_on(state, actor, "on_fire") or state["combatants"][actor]["dead"]:
        return None
    if state["round"] >= 1 and not free_to_act(state, actor):
        return None
    return ActionTemplate("put_out", PUT_OUT(), "COC-FIRE-5")


def _luck_dodge(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-DODGE-2 (AMB-COC-18): Luck stands in for Dodge against a danger the Keeper declared."""
    c = combatant(state, action.actor)
    if not c["danger"] or c["dead"]:
        raise refuse(m.NO_DANGER(actor=c["name"]), "COC-DODGE-2")
    script = Script(state, dice)
    roll, ok = d100(script, c["luck"], f"Luck dodge for {action.actor}")
    script.emit(
        "danger.dodged",
        m.LUCK_DODGE(
            actor=c["name"],
            roll=roll,
            chance=c["luck"],
            result=m.DODGE_OK() if ok else m.DODGE_FAIL(),
        ),
        [cset(action.actor, "danger", "")],
        actor=action.actor,
        roll=roll,
        avoided=ok,
    )
    return script.events


def _offer_luck_dodge(state: Json, actor: str) -> ActionTemplate | None:
    c = state["combatants"][actor]
    return (
        ActionTemplate("luck_dodge", LUCK_DODGE(), "COC-DODGE-2")
        if c["danger"] and not c["dead"]
        else None
    )


SKILL_KEYS = (*SHEET_SKILL_KEYS, *EXTRA)


def _skill(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-GEN-1/-2, COC-DARK-1/-2/-3: any skill or Luck, Idea, CON x5, in this light."""
    c = awake(state, action.actor)
    key = choice_param(action.params, "skill", SKILL_KEYS)
    if impossible_in(state["light"], key, state["dark_impossible"]):
        raise refuse(m.DARK_IMPOSSIBLE(skill=_name(key)), "COC-DARK-3")
    chance = lit(state, skill_of(c, key))
    script = Script(state, dice)
    roll, ok = d100(script, chance, f"{key} for {action.actor}")
    script.emit(
        "skill.rolled",
        m.SKILL_ROLL(
            actor=c["name"], skill=_name(key), roll=roll, chance=chance, result=verdict(ok)
        ),
        actor=action.actor,
        skill=key,
        roll=roll,
        success=ok,
    )
    return script.events


def _name(key: str) -> Any:
    return (SKILL_NAMES.get(key) or EXTRA[key])()


def _offer_skill(state: Json, actor: str) -> ActionTemplate | None:
    if state["combatants"][actor]["dead"]:
        return None
    return ActionTemplate(
        "skill",
        SKILL(),
        "COC-GEN-1",
        (
            Field(
                "skill",
                F_SKILL(),
                "choice",
                choices((k, _name(k)) for k in SKILL_KEYS),
                default="spot_hidden",
            ),
        ),
        preview=True,
    )


SPECS = [
    ActionSpec(
        "first_aid",
        "COC-HEAL-1",
        touched(_first_aid, _touch_missed),  # SCENE-REACH-2
        who=is_combatant,
        offer=_offer_care("first_aid", FIRST_AID, "COC-HEAL-1"),
    ),
    ActionSpec(
        "medicine",
        "COC-KO-6",
        touched(_medicine, _touch_missed),  # SCENE-REACH-2
        who=is_combatant,
        offer=_offer_care("medicine", MEDICINE, "COC-KO-6"),
    ),
    ActionSpec("put_out", "COC-FIRE-5", _put_out, who=is_combatant, offer=_offer_put_out),
    ActionSpec("luck_dodge", "COC-DODGE-2", _luck_dodge, who=is_combatant, offer=_offer_luck_dodge),
    ActionSpec("skill", "COC-GEN-1", _skill, who=is_combatant, offer=_offer_skill),
]
