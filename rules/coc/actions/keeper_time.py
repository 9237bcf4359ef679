"""The Keeper's clock and chance: time passing (effects tick), Sanity rolls, weeks of natural
healing, and the fully loaded revolver's accident."""

from __future__ import annotations

from typing import Any

from rules.brp.core import DamageDice
from rules.brp.firearms import after_jolt, revolver_at_risk
from rules.coc import messages as m
from rules.coc.actions.common import refuse, words
from rules.coc.actions.keeper import F_TARGET, targets_of, who_fields
from rules.coc.checks import d100, verdict
from rules.coc.damage import heal, hp_secret, mend
from rules.coc.hazards import tick
from rules.coc.state import Script, combatant, cset, fresh_round, settings_of, status
from rules.core.actions import is_gm
from rules.core.dice import Dice
from rules.core.errors import DiceError
from rules.core.kit import ActionSpec, ActionTemplate, Field, Message, choices
from rules.core.params import int_param
from rules.core.system import Action, Event, Json

PASS_TIME = Message("coc.action.pass_time", "Let time pass")
SANITY = Message("coc.action.sanity", "Call for a Sanity roll")
F_SAN_OK = Message("coc.field.san_ok", "SAN lost on a success")
F_SAN_FAIL = Message("coc.field.san_fail", "SAN lost on a failure")
PASS_WEEKS = Message("coc.action.pass_weeks", "Let weeks pass (natural healing)")
F_WEEKS = Message("coc.field.weeks", "Weeks")
ACCIDENT = Message("coc.action.accident", "Fully loaded revolver: accident?")
F_MINUTES = Message("coc.field.minutes", "Minutes")
F_WEAPON = Message("coc.field.weapon", "Weapon")


def _pass_time(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-POISON-5, COC-KO-3: minutes pass at once; countdowns run down and what is due acts
    (an effect that acts every round acts once)."""
    minutes = int_param(action.params, "minutes", low=1, high=3 * 24 * 60)
    rounds = minutes * settings_of(state).rounds_per_minute
    public: list[list[Any]] = []
    secret: list[list[Any]] = []
    for ident, effect in sorted(state["effects"].items()):
        if effect["left"] is not None:
            change = ["set", ["effects", ident, "left"], max(0, effect["left"] - rounds)]
            (secret if effect["data"].get("secret") else public).append(change)
    woke = []
    for ident, c in sorted(state["combatants"].items()):
        if c["ko_rounds"] > 0:
            public.append(cset(ident, "ko_rounds", max(0, c["ko_rounds"] - rounds)))
            if c["ko_rounds"] <= rounds and c["hp"] > 2 and not c["dead"]:
                woke.append(ident)
    script = Script(state, dice)
    script.emit("time.passed", m.TIME_PASSED(minutes=minutes), public, minutes=minutes)
    if secret:
        script.emit("effect.counted", m.POISON_SECRET(), secret, audience="gm")
    for ident in woke:
        script.emit("combatant.woke", m.WOKE(target=script.c(ident)["name"]), target=ident)
    tick(script)
    return script.events


def _loss(params: Any, name: str, default: str) -> str:
    expr = words(params, name, 30) or default
    try:
        DamageDice.parse(expr)
    except DiceError:
        raise refuse(m.BAD_DICE(expr=expr), "COC-FIRE-5") from None
    return expr


def _sanity(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-FIRE-5: the Keeper may call for a Sanity roll (after burning, or any horror): d100
    against current SAN, the loss on success and on failure set by the Keeper."""
    chosen = targets_of(state, action.params)
    on_success = _loss(action.params, "on_success", "0")
    on_failure = _loss(action.params, "on_failure", "1d6")
    script = Script(state, dice)
    for ident in chosen:
        c = script.c(ident)
        roll, ok = d100(script, c["san"], f"Sanity for {ident}")
        expr = on_success if ok else on_failure
        loss, _ = DamageDice.parse(expr).roll(script.dice, f"SAN loss for {ident}")
        loss = max(0, min(loss, c["san"]))
        san = c["san"] - loss
        script.emit(
            "sanity.rolled",
            m.SAN_ROLL(
                target=c["name"],
                roll=roll,
                chance=c["san"],
                result=verdict(ok),
                loss=loss,
                expr=expr,
                san=san,
            ),
            [cset(ident, "san", san)],
            *hp_secret(c, m.SAN_ROLL_UNSEEN(target=c["name"])),
            target=ident,
            roll=roll,
            success=ok,
            loss=loss,
        )
    return script.events


def _offer_sanity(state: Json, actor: str) -> ActionTemplate:
    return ActionTemplate(
        "sanity",
        SANITY(),
        "COC-FIRE-5",
        (
            *who_fields(state),
            Field("on_success", F_SAN_OK(), "text", default="0"),
            Field("on_failure", F_SAN_FAIL(), "text", default="1d6"),
        ),
    )


def _pass_weeks(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-HEAL-1: weeks go by between scenes: each chosen character heals 1D3 HP a week
    (oldest wounds first) and wakes; the fight is over, so the round count starts afresh."""
    weeks = int_param(action.params, "weeks", low=1, high=52)
    chosen = targets_of(state, action.params)
    if state["effects"]:
        raise refuse(m.EFFECTS_RUNNING(), "COC-HEAL-1")
    for ident in chosen:
        c = state["combatants"][ident]
        if c["dead"] or c["hp"] <= 0:
            raise refuse(
                m.NOT_HEALING(target=c["name"], status=m.STATUS[status(c)]()), "COC-HEAL-1"
            )
    script = Script(state, dice)
    changes: list[list[Any]] = [["set", ["round"], 0], ["set", ["order"], []], ["set", ["turn"], 0]]
    for ident in sorted(state["combatants"]):
        changes += [cset(ident, "round", fresh_round()), cset(ident, "surprise", "")]
    script.emit("time.weeks", m.WEEKS_PASSED(weeks=weeks), changes, weeks=weeks)
    for ident in chosen:
        c = script.c(ident)
        rolls = [script.dice.roll(3, f"natural healing 1D3 for {ident}") for _ in range(weeks)]
        amount = min(sum(rolls), c["sheet"]["hp_max"] - c["hp"])
        script.emit(
            "hp.mended",
            m.MENDED(target=c["name"], weeks=weeks, rolled=sum(rolls), amount=amount),
            [cset(ident, "wounds", mend(c["wounds"], sum(rolls))), cset(ident, "ko_rounds", 0)],
            *hp_secret(c, m.MENDED_UNSEEN(target=c["name"], weeks=weeks)),
            target=ident,
            rolled=sum(rolls),
            amount=amount,
        )
        if amount:
            heal(script, ident, amount)
    return script.events


def _offer_pass_weeks(state: Json, actor: str) -> ActionTemplate:
    return ActionTemplate(
        "pass_weeks",
        PASS_WEEKS(),
        "COC-HEAL-1",
        (
            Field("weeks", F_WEEKS(), "number", default=1, min=1, max=52),
            *who_fields(state),
        ),
    )


def _offer_pass_time(state: Json, actor: str) -> ActionTemplate:
    return ActionTemplate(
        "pass_time",
        PASS_TIME(),
        "COC-POISON-5",
        (Field("minutes", F_MINUTES(), "number", default=10, min=1, max=3 * 24 * 60),),
    )


def _accident(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-REVOLVER-1: a fully loaded revolver dropped or struck: Luck, or it fires a round."""
    c = combatant(state, action.params.get("target"))
    key = str(action.params.get("weapon") or "")
    weapon = next((w for w in c["sheet"]["weapons"] if w["key"] == key), None)
    held = c["weapons"].get(key)
    if (
        weapon is None
        or held is None
        or not revolver_at_risk(weapon["mechanism"], held["loaded"], weapon["capacity"])
    ):
        raise refuse(m.NOT_A_REVOLVER(weapon=weapon["name"] if weapon else key), "COC-REVOLVER-1")
    script = Script(state, dice)
    roll, ok = d100(script, c["luck"], f"revolver Luck for {c['id']}")
    left = after_jolt(held["loaded"], ok)
    changes = [] if ok else [cset(c["id"], "weapons", key, "loaded", left)]
    script.emit(
        "revolver.checked",
        m.ACCIDENT(
            actor=c["name"],
            weapon=weapon["name"],
            roll=roll,
            chance=c["luck"],
            result=m.ACCIDENT_SAFE() if ok else m.ACCIDENT_FIRES(),
        ),
        changes,
        target=c["id"],
        roll=roll,
        fired=not ok,
    )
    return script.events


def _offer_accident(state: Json, actor: str) -> ActionTemplate | None:
    full = [
        (c["id"], w)
        for c in state["combatants"].values()
        for w in c["sheet"]["weapons"]
        if revolver_at_risk(w["mechanism"], c["weapons"][w["key"]]["loaded"], w["capacity"])
    ]
    if not full:
        return None
    return ActionTemplate(
        "revolver_accident",
        ACCIDENT(),
        "COC-REVOLVER-1",
        (
            Field(
                "target",
                F_TARGET(),
                "target",
                choices((i, state["combatants"][i]["name"]) for i in sorted({i for i, _ in full})),
            ),
            Field(
                "weapon",
                F_WEAPON(),
                "choice",
                choices(sorted({(w["key"], w["name"]) for _, w in full})),
            ),
        ),
    )


SPECS = [
    ActionSpec("pass_time", "COC-POISON-5", _pass_time, who=is_gm, offer=_offer_pass_time),
    ActionSpec("sanity", "COC-FIRE-5", _sanity, who=is_gm, offer=_offer_sanity),
    ActionSpec("pass_weeks", "COC-HEAL-1", _pass_weeks, who=is_gm, offer=_offer_pass_weeks),
    ActionSpec("revolver_accident", "COC-REVOLVER-1", _accident, who=is_gm, offer=_offer_accident),
]
