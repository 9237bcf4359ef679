"""Stealth: sneaking past an observer, overwhelming Spirit, and the assassination attack."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

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
    noticed,
    on_turn,
    refuse,
    spend,
)
from rules.ace.on_the_map import (
    destination,
    entered,
    length,
    route,
    sneak_event,
    stop_short,
    to_fields,
    unmet,
)
from rules.ace.rolls import Check
from rules.ace.settings import AceSettings
from rules.ace.state import Op, State, apply, cpath, settings_of
from rules.ace.stats import defence, perception_m, speed, val, weapon
from rules.core.changes import Emitter
from rules.core.dice import Dice
from rules.core.kit import ActionSpec, ActionTemplate, Field, choices
from rules.core.params import choice_param, int_param
from rules.core.system import EVERYONE, Action, Event, Json
from rules.geometry.square import Cell
from rules.scene import grid
from rules.scene import reading_messages as sm
from rules.scene.grid import has_map
from rules.scene.ranges import Resolve, check_reach, shown, unmet_words


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
    if on_the_map(state, c["id"], action.params):
        return sneak_on_map(state, action, dice)
    observer = noticed(state, str(action.params.get("target") or ""), c["id"])  # ACE-STEALTH-1
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


def on_the_map(state: State, who: str, params: Mapping[str, Any]) -> bool:
    """Whether a sneak walks the map: there is one, the sneaker stands on it, a square is named."""
    return (
        has_map(state)
        and grid.token_at(state["scene"], who) is not None
        and str(params.get("x", "")).strip() != ""
    )


def sneak_on_map(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-STEALTH-1/2 on a scene map: the sneaker walks to a square (its speed, half when
    prone); each observer of another side whose SPI perception range (ACE-AMB-32) it enters in
    sight checks as it enters, in that order: one with more than twice its SPI sees it at once,
    the others roll survival (investigation when watching) against its hide. The first to spot
    it ends the secrecy; the checks it passes are told to its side and the GM only (ACE-ACT-3).
    One not hidden yet is checked by every observer that sees any square of its walk."""
    s = settings_of(state)
    c = actor_of(state, action.actor)
    watch = choice_param(action.params, "watch", ("passive", "active"), "passive") == "active"
    penalty = int_param(action.params, "penalty", 0, low=0, high=20)
    to = destination(state, action.params)
    planned = route(state, c["id"], to)
    top = Fraction(speed(c, s) // 2 if c["prone"] else speed(c, s))
    far = length(grid.seen_by(state["scene"], c["id"]), planned)  # SCENE-HIDE-1: as planned
    if far > top:
        refusal = sm.TOO_FAR(x=to[0], y=to[1], distance=shown(far), name=c["name"], left=top)
        raise refuse(refusal, "ACE-SPEED-1")
    ops: list[Op] = []
    if in_combat(state):
        ops = spend(on_turn(state, action.actor), "move", s)
    if not c["hidden"]:
        ops.append(["set", cpath(c["id"], "hidden"), True])  # hiding as it goes
    cells = stop_short(state, c["id"], planned)
    records = Emitter(state, dice)
    events = [sneak_event(state, records, c, cells, ops)]
    fresh = not c["hidden"]
    return [*events, *observed(state, records, c, cells, fresh, watch, penalty)]


def observed(
    state: State,
    records: Emitter,
    c: Json,
    cells: list[Cell],
    fresh: bool,
    watch: bool = False,
    penalty: int = 0,
) -> list[Event]:
    """ACE-STEALTH-1/2: the checks of the observers whose range a walk enters in sight, in the
    order it enters them, until one spots the walker (rolled on `records`' dice)."""
    s = settings_of(state)
    observers = [{**o, "perception": perception_m(o, s)} for o in enemies(state, c["id"])]
    side = f"side:{c['side']}" if c["side"] else f"actor:{c['id']}"
    tokens = state["scene"].get("tokens", {})
    events: list[Event] = []
    for oid in entered(state, c["id"], cells, observers, fresh=fresh):
        observer = state["combatants"][oid]
        secret = bool(tokens[oid].get("gm_only"))  # SCENE-HIDE-1: a GM-only observer's check
        spotted, info = detect(c, observer, watch, penalty, records.dice, s)
        if spotted:
            line = m.SPOTTED_AT_ONCE if info.get("overwhelmed") else m.SPOTTED
            said = line(name=c["name"], observer=observer["name"])
            hidden = [["set", cpath(c["id"], "hidden"), False]]
            audience = "gm" if secret else EVERYONE
            events.append(
                records.emit("stealth.spotted", said, hidden, audience=audience, stealth=info)
            )
            return events
        unseen = m.UNSEEN_BY(
            name=c["name"], observer=observer["name"], hide=info["hide"], look=info["look"]
        )
        told = "gm" if secret else side
        events.append(records.emit("stealth.unseen", unseen, [], audience=told, stealth=info))
    return events


def watched(resolve: Resolve) -> Resolve:
    """ACE-STEALTH-1 for any move on the map (scene_move): a hidden combatant whose walk enters
    an observer's range in sight is checked there, as a sneak is (no penalty, passive)."""

    def resolve_watched(state: State, action: Action, dice: Dice) -> list[Event]:
        events = resolve(state, action, dice)
        walks = [e for e in events if e.kind == "scene.moved"]
        who = str(walks[0].payload.get("who", "")) if walks else ""
        c = state["combatants"].get(who)
        if c is None or not c["hidden"] or len(walks[0].payload["path"]) < 2:
            return events
        after = state
        for event in events:
            after = apply(after, event)
        cells = [(int(x), int(y)) for x, y in walks[0].payload["path"]]
        records = Emitter(after, dice)
        return [*events, *observed(after, records, after["combatants"][who], cells, False)]

    return resolve_watched


def assassinate(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-STEALTH-4: an unnoticed ambusher closes in; unseen, it strikes past evasion. On a
    scene map the closing in is the last step: the target stands next to it (SCENE-REACH-2),
    or, a GM-only token on no square next to it, the ambush is spent on nothing (SCENE-HIDE-3)."""
    s = settings_of(state)
    c = on_turn(state, action.actor)
    if not (c["hidden"] and c["ambusher"] and not c["used"]["standard"] and not c["used"]["move"]):
        raise refuse(m.NO_AMBUSH(name=c["name"]), "ACE-STEALTH-4")
    t = noticed(state, str(action.params.get("target") or ""), c["id"])  # ACE-STEALTH-1
    key = str(action.params.get("weapon") or c["wielding"])
    w = weapon(c, key)
    shown = {**c, "hidden": False}
    check_attack(state, shown, t, w, s)
    assert w is not None
    check_reach(state, c["id"], t["id"], "SCENE-REACH-2")  # on a scene map: the next square
    records = Emitter(state, dice)
    ops = spend(c, "move", s)
    if unmet(state, c["id"], t["id"], "melee"):  # SCENE-HIDE-3: out of reach, not refused
        ops += spend({**c, "used": {**c["used"], "move": True}}, "standard", s)
        ops.append(["set", cpath(c["id"], "hidden"), False])  # the lunge gives it away
        said = unmet_words(state, c["id"], t["id"], "ambush")  # no die rolled, no square named
        payload = {"attacker": c["id"], "target": t["id"], "unmet": "reach"}
        return [records.emit("scene.unmet", said, ops, **payload)]
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
    after = records.state
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
    targets = [t for t in enemies(state, actor) if not t["hidden"]]  # ACE-STEALTH-1: unnoticed
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
                *to_fields(state),  # on a scene map: where the sneak goes (ACE-STEALTH-1)
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


def watching(specs: list[ActionSpec[Any]]) -> list[ActionSpec[Any]]:
    """The map's actions with its move watched by the observers (ACE-STEALTH-1)."""
    return [
        replace(spec, resolve=watched(spec.resolve)) if spec.kind == "scene_move" else spec
        for spec in specs
    ]


SPECS = [
    ActionSpec("sneak", "ACE-STEALTH-1", sneak, who=lambda s, a: a != GM, offer=offers),
    ActionSpec("assassinate", "ACE-STEALTH-4", assassinate, who=lambda s, a: a != GM),
]
