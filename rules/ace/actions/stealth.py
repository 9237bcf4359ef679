"""Stealth: sneaking past an observer, overwhelming Spirit, and the assassination attack."""

from __future__ import annotations

from rules.ace import messages as m
from rules.ace.actions.attack import check_attack, deal
from rules.ace.actions.checks import roll_check, skill_of
from rules.ace.actions.common import (
    GM,
    actor_of,
    enemies,
    free,
    idle,
    in_combat,
    is_turn,
    on_turn,
    refuse,
    spend,
)
from rules.ace.rolls import Check
from rules.ace.settings import AceSettings
from rules.ace.state import Op, State, apply, combatant, cpath, settings_of
from rules.ace.stats import defence, val, weapon
from rules.core.changes import Emitter
from rules.core.dice import Dice
from rules.core.kit import ActionSpec, ActionTemplate, Field, choices
from rules.core.params import choice_param, int_param
from rules.core.system import Action, Event, Json


def overwhelmed(sneaker: Json, observer: Json) -> bool:
    """ACE-STEALTH-2: an observer with more than twice the sneaker's SPI notices at once."""
    return val(observer, "spi") > 2 * val(sneaker, "spi")


def _hide(c: Json, dice: Dice, s: AceSettings, penalty: int) -> tuple[Check, int]:
    sk = "hide" if skill_of(c, "hide") else "attr:dex"
    result = roll_check(c, sk, dice, s)
    return result, max(0, result.successes - penalty)


def detect(
    sneaker: Json, observer: Json, watch: bool, penalty: int, dice: Dice, s: AceSettings
) -> tuple[bool, Json]:
    """ACE-STEALTH-1: hide against survival (passive) or investigation (watching); ties spot."""
    if overwhelmed(sneaker, observer):
        return True, {"overwhelmed": True}
    hide, hidden = _hide(sneaker, dice, s, penalty)
    sense = "investigation" if watch else "survival"
    look = roll_check(observer, sense if skill_of(observer, sense) else "attr:spi", dice, s)
    spotted = look.successes >= hidden  # ACE-AMB-25: the observer is the defender and wins ties
    return spotted, {
        "hide": hidden,
        "hide_faces": list(hide.faces),
        "look": look.successes,
        "look_faces": list(look.faces),
        "sense": sense,
    }


def sneak(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-STEALTH-1/2: sneak into an observer's perception range; in a fight, a move action."""
    s = settings_of(state)
    c = actor_of(state, action.actor)
    observer = combatant(state, str(action.params.get("target") or ""))
    if observer["id"] == c["id"]:
        raise refuse(m.BAD_TARGET(name=observer["name"]), "ACE-STEALTH-1")
    watch = choice_param(action.params, "watch", ("passive", "active"), "passive") == "active"
    penalty = int_param(action.params, "penalty", 0, low=0, high=20)
    ops: list[Op] = []
    if in_combat(state):
        ops = spend(on_turn(state, action.actor), "move", s)
    records = Emitter(state, dice)
    spotted, info = detect(c, observer, watch, penalty, dice, s)
    ops.append(["set", cpath(c["id"], "hidden"), not spotted])
    if spotted:
        line = m.SPOTTED_AT_ONCE if info.get("overwhelmed") else m.SPOTTED
        return [
            records.emit(
                "stealth.spotted",
                line(name=c["name"], observer=observer["name"]),
                ops,
                stealth=info,
            )
        ]
    # The sneaker's side (and the GM) learn it worked; the observer's side sees nothing.
    side = f"side:{c['side']}" if c["side"] else f"actor:{c['id']}"
    unseen = m.UNSEEN_BY(
        name=c["name"], observer=observer["name"], hide=info["hide"], look=info["look"]
    )
    return [records.emit("stealth.unseen", unseen, ops, audience=side, stealth=info)]


def assassinate(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-STEALTH-4: an unnoticed ambusher closes in; unseen, it strikes past evasion."""
    s = settings_of(state)
    c = on_turn(state, action.actor)
    if not (c["hidden"] and c["ambusher"] and not c["used"]["standard"] and not c["used"]["move"]):
        raise refuse(m.NO_AMBUSH(name=c["name"]), "ACE-STEALTH-4")
    t = combatant(state, str(action.params.get("target") or ""))
    key = str(action.params.get("weapon") or c["wielding"])
    w = weapon(c, key)
    shown = {**c, "hidden": False}
    check_attack(state, shown, t, w, s)
    assert w is not None
    records = Emitter(state, dice)
    ops = spend(c, "move", s)
    spotted, info = detect(c, t, False, 0, dice, s)
    if spotted:
        ops.append(["set", cpath(c["id"], "hidden"), False])
        return [
            records.emit(
                "stealth.spotted", m.SPOTTED(name=c["name"], observer=t["name"]), ops, stealth=info
            )
        ]
    ops += spend({**c, "used": {**c["used"], "move": True}}, "standard", s)
    ops.append(["set", cpath(c["id"], "hidden"), False])

    first = records.emit(
        "attack.assassination", m.ASSASSINATES(name=c["name"], target=t["name"]), ops, stealth=info
    )
    after = apply(state, first)
    cc, tt = after["combatants"][c["id"]], after["combatants"][t["id"]]
    return [
        first,
        deal(
            after,
            cc,
            tt,
            w,
            records,
            dice,
            critical=False,
            defence_value=defence(tt, s, w["kind"]),
            rule="ACE-STEALTH-4",
        ),
    ]


def offers(state: State, actor: str) -> list[ActionTemplate] | None:
    c = state["combatants"].get(actor)
    if c is None or not idle(state) or (in_combat(state) and not is_turn(state, actor)):
        return None
    s = settings_of(state)
    targets = enemies(state, actor)
    if not targets or (in_combat(state) and not free(c, "move", s)):
        return None
    people = choices((t["id"], t["name"]) for t in targets)
    out = [
        ActionTemplate(
            "sneak",
            m.L_SNEAK(),
            "ACE-STEALTH-1",
            (
                Field("target", m.F_OBSERVER(), "target", people, default=targets[0]["id"]),
                Field(
                    "watch",
                    m.F_WATCH(),
                    "choice",
                    choices([("passive", m.W_PASSIVE()), ("active", m.W_ACTIVE())]),
                    default="passive",
                ),
                Field("penalty", m.F_PENALTY(), "number", default=0, min=0, max=20),
            ),
            cost=m.ACT_MOVE(),
        )
    ]
    if c["hidden"] and c["ambusher"] and is_turn(state, actor) and not c["used"]["standard"]:
        weapons = [w for w in c["sheet"]["weapons"] if w["key"] not in c["dropped"]]
        fields = (
            Field("target", m.F_TARGET(), "target", people, default=targets[0]["id"]),
            Field(
                "weapon",
                m.F_WEAPON(),
                "choice",
                choices((w["key"], w["name"]) for w in weapons),
                default=c["wielding"],
            ),
        )
        out.append(
            ActionTemplate(
                "assassinate", m.L_ASSASSINATE(), "ACE-STEALTH-4", fields, cost=m.ACT_FULL()
            )
        )
    return out


SPECS = [
    ActionSpec("sneak", "ACE-STEALTH-1", sneak, who=lambda s, a: a != GM, offer=offers),
    ActionSpec("assassinate", "ACE-STEALTH-4", assassinate, who=lambda s, a: a != GM),
]
