"""Grappling: the grapple hit, the contest, pinning, escape, moving and attacking inside."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.ace import messages as m
from rules.ace.actions.attack import deal, hurt, release_ops, unshield_ops
from rules.ace.actions.common import (
    GM,
    actor_of,
    enemies,
    free,
    idle,
    is_turn,
    noticed,
    on_turn,
    refuse,
    spend,
)
from rules.ace.on_the_map import destination, drag, route, stop_short, to_fields, unmet
from rules.ace.rolls import contest, damage_from, hit_roll
from rules.ace.state import Op, State, can_act, cpath, settings_of
from rules.ace.stats import (
    absorption,
    con_reduction,
    defence,
    evasion,
    grapple_hit_bonus,
    size,
    speed,
    val,
    weapon,
)
from rules.core.changes import Emitter
from rules.core.dice import Dice
from rules.core.kit import ActionSpec, ActionTemplate, Field, choices
from rules.core.params import choice_param
from rules.core.system import Action, Event, Json
from rules.geometry.square import Cell
from rules.scene import grid
from rules.scene.grid import has_map
from rules.scene.ranges import check_reach, unmet_words

METHODS = ("break", "slip")


def size_penalty(c: Json, other: Json) -> int:
    """ACE-GRAPPLE-2: in a grapple contest the smaller side takes the size difference."""
    return -max(0, size(other) - size(c))


def grapple_bonus(c: Json, other: Json, w: Mapping[str, Any] | None = None) -> int:
    """ACE-GRAPPLE-1/2: STR + grappling (melee with a soft weapon), size-adjusted."""
    skill = c["sheet"]["melee"] if w and w.get("soft") else c["sheet"]["grappling"]
    return val(c, "str") + int(skill) + size_penalty(c, other)


def resist_bonus(c: Json, other: Json, method: str) -> int:
    """ACE-GRAPPLE-1: break free with STR + core, or slip away with DEX + footwork."""
    if method == "slip":
        base = val(c, "dex") + int(c["sheet"]["footwork"])
    else:
        base = val(c, "str") + int(c["sheet"]["core"])
    return base + size_penalty(c, other)


def best_method(c: Json) -> str:
    """The better resistance for a defender who cannot answer."""
    slip = val(c, "dex") + int(c["sheet"]["footwork"])
    return "slip" if slip > val(c, "str") + int(c["sheet"]["core"]) else "break"


def partner(state: State, c: Json) -> Json | None:
    """The one this combatant is grappling with, if any."""
    g = c.get("grapple")
    return state["combatants"][g["with"]] if g else None


def start(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-GRAPPLE-1 / ACE-HIT-4: a grapple hit roll; on a hit the defender picks a resistance."""
    s = settings_of(state)
    c = on_turn(state, action.actor)
    t = noticed(state, str(action.params.get("target") or ""), c["id"])  # ACE-STEALTH-1
    if t["id"] == c["id"] or t["dead"] or t["hidden"]:
        raise refuse(m.BAD_TARGET(name=t["name"]), "ACE-GRAPPLE-1")
    if c.get("grapple") or t.get("grapple"):
        raise refuse(m.ALREADY_GRAPPLING(), "ACE-GRAPPLE-1")
    check_reach(state, c["id"], t["id"], "SCENE-REACH-1")  # on a scene map: the next square
    key = choice_param(action.params, "weapon", [w["key"] for w in natural_weapons(c)], "unarmed")
    w = weapon(c, key) or {}
    records = Emitter(state, dice)
    ops = spend(c, "standard", s)
    if c["hidden"]:  # ACE-STEALTH-1: reaching for a grip gives one away, as attacking does
        ops.append(["set", cpath(c["id"], "hidden"), False])
    if unmet(state, c["id"], t["id"], "melee"):  # SCENE-HIDE-3: out of reach, not refused
        said = unmet_words(state, c["id"], t["id"], "grip")  # no die rolled, no square named
        met = {"natural": 0, "total": 0, "evasion": evasion(t, s), "hit": False}
        met |= {"critical": False, "sides": 20}
        return [records.emit("grapple.missed", said, ops, hit=met)]
    roll = hit_roll(grapple_hit_bonus(c, s, w), evasion(t, s), dice, s)
    info = {
        "natural": roll.natural,
        "total": roll.total,
        "evasion": evasion(t, s),
        "hit": roll.hit,
        "critical": roll.critical,
        "sides": 20,
    }
    if not roll.hit:
        return [
            records.emit(
                "grapple.missed",
                m.GRAPPLE_MISS(attacker=c["name"], target=t["name"], total=roll.total),
                ops,
                hit=info,
            )
        ]
    line = m.GRAPPLE_HIT(attacker=c["name"], target=t["name"], total=roll.total)
    return _contest_or_settle(
        state, "grapple", c, t, ops, line, records, dice, weapon=key, hit=info
    )


def _contest_or_settle(
    state: State,
    purpose: str,
    c: Json,
    t: Json,
    ops: list[Op],
    line: Any,
    records: Emitter,
    dice: Dice,
    **extra: Any,
) -> list[Event]:
    s = settings_of(state)
    pending = {
        "kind": "contest",
        "purpose": purpose,
        "attacker": c["id"],
        "target": t["id"],
        "timer": s.reflex_timer,
        **{k: v for k, v in extra.items() if k != "hit"},
    }
    if can_act(t, s):
        return [
            records.emit(
                "grapple.contested",
                line,
                [*ops, ["set", ["pending"], pending]],
                pending=pending,
                hit=extra.get("hit"),
            )
        ]

    first = records.emit("grapple.contested", line, ops, hit=extra.get("hit"))
    return [first, *settle(records.state, pending, best_method(t), dice, records)]


def settle(
    state: State,
    pending: Mapping[str, Any],
    method: str,
    dice: Dice,
    records: Emitter | None = None,
) -> list[Event]:
    """The grapple contest once the defender has chosen: grapple, pin or strike inside (on the
    resolution's emitter when it has one, `state` being its working state)."""
    s = settings_of(state)
    records = records if records is not None else Emitter(state, dice)
    c = state["combatants"][pending["attacker"]]
    t = state["combatants"][pending["target"]]
    purpose = pending["purpose"]
    w = weapon(c, str(pending.get("weapon") or "unarmed")) or {}
    bonus = grapple_bonus(c, t, w)
    g = c.get("grapple")
    if g and g["role"] == "held" and purpose == "grapple_attack":
        bonus -= int(g["margin"])  # ACE-AMB-26: the grappled attacker's penalty
    won = contest(bonus, resist_bonus(t, c, method), dice, s, purpose)
    info = {
        "initiator": won.initiator,
        "defender": won.defender,
        "margin": won.margin,
        "method": method,
    }
    ops: list[Op] = [["set", ["pending"], None]]
    if not won.initiator_wins:
        line = m.CONTEST_LOST(attacker=c["name"], target=t["name"], a=won.initiator, d=won.defender)
        return [records.emit("grapple.resisted", line, ops, contest=info)]
    holder = c if (not g or g["role"] == "holder") else t
    if purpose == "grapple":
        r = int(state["round"])
        ops += [
            [
                "set",
                cpath(c["id"], "grapple"),
                {
                    "with": t["id"],
                    "role": "holder",
                    "margin": won.margin,
                    "pinned": False,
                    "round": r,
                },
            ],
            [
                "set",
                cpath(t["id"], "grapple"),
                {
                    "with": c["id"],
                    "role": "held",
                    "margin": won.margin,
                    "pinned": False,
                    "round": r,
                },
            ],
        ]
        started = records.emit(
            "grapple.started",
            m.GRAPPLED(attacker=c["name"], target=t["name"], margin=won.margin),
            ops,
            contest=info,
        )
        return [started, *special_grapple(records.state, c["id"], t["id"], w, records)]
    if holder is c:
        ops += _margin(c, t, won.margin, pinned=purpose == "pin" or bool(g and g["pinned"]))
    if purpose == "pin":
        return [
            records.emit(
                "grapple.pinned",
                m.PINNED(attacker=c["name"], target=t["name"], margin=won.margin),
                ops,
                contest=info,
            )
        ]
    events = [
        records.emit(
            "grapple.struck",
            m.STRIKES_INSIDE(attacker=c["name"], target=t["name"]),
            ops,
            contest=info,
        )
    ]

    after = records.state
    cc, tt = after["combatants"][c["id"]], after["combatants"][t["id"]]
    events.append(
        deal(
            after,
            cc,
            tt,
            w,
            records,
            dice,
            critical=False,
            defence_value=defence(tt, s, "melee"),
            in_grapple=True,
            rule="ACE-GRAPPLE-6",
        )
    )
    return events


def special_grapple(
    state: State, holder: str, held: str, w: Mapping[str, Any], records: Emitter | None = None
) -> list[Event]:
    """ACE-GRAPPLE-10: a special grapple deals its extra damage once the contest is won."""
    extra = int(w.get("grapple_damage") or 0)
    if not extra:
        return []
    s = settings_of(state)
    t = state["combatants"][held]
    result = damage_from(
        0, (), 0, False, extra, "", 0, con_reduction(t, s), s, absorb=absorption(t)
    )  # ACE-PIPE-1 step 5: the special grapple's extra damage, then steps 6-9
    return [hurt(state, t, result, records, rule="ACE-GRAPPLE-10")]


def _margin(holder: Json, held: Json, margin: int, *, pinned: bool) -> list[Op]:
    """ACE-AMB-26: the margin of the grappler's latest win, on both sides."""
    return [
        ["set", cpath(holder["id"], "grapple", "margin"), margin],
        ["set", cpath(held["id"], "grapple", "margin"), margin],
        ["set", cpath(holder["id"], "grapple", "pinned"), pinned],
        ["set", cpath(held["id"], "grapple", "pinned"), pinned],
    ]


def natural_weapons(c: Json) -> list[Mapping[str, Any]]:
    """The weapons a grapple may start with: bare hands and natural weapons (ACE-HIT-4)."""
    return [
        weapon(c, "unarmed") or {},
        *(w for w in c["sheet"]["weapons"] if w["natural"] or w["soft"]),
    ]


def inside_weapons(c: Json) -> list[Mapping[str, Any]]:
    """ACE-GRAPPLE-6: natural weapons, or made ones of volume at most own size - 3."""
    allowed = [weapon(c, "unarmed") or {}]
    allowed += [
        w
        for w in c["sheet"]["weapons"]
        if w["kind"] == "melee"
        and w["key"] not in c["dropped"]
        and (w["natural"] or int(w["size"]) <= size(c) - 3)
    ]
    return allowed


def pin(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-GRAPPLE-7: from the round after the grapple, a new contest pins the target."""
    s = settings_of(state)
    c = on_turn(state, action.actor)
    g = c.get("grapple")
    if not g or g["role"] != "holder" or g["pinned"]:
        raise refuse(m.NOT_HOLDING(name=c["name"]), "ACE-GRAPPLE-7")
    if int(state["round"]) <= int(g["round"]):
        raise refuse(m.PIN_NEXT_ROUND(), "ACE-GRAPPLE-7")
    t = state["combatants"][g["with"]]
    ops = spend(c, "standard", s)  # ACE-AMB-41: an attack action is a standard action
    return _contest_or_settle(
        state,
        "pin",
        c,
        t,
        ops,
        m.TRIES_PIN(attacker=c["name"], target=t["name"]),
        Emitter(state, dice),
        dice,
    )


def strike_inside(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-GRAPPLE-6 / ACE-AMB-28: win a contest, then straight to damage; a full-round action."""
    s = settings_of(state)
    c = on_turn(state, action.actor)
    g = c.get("grapple")
    if not g or (g["role"] == "held" and (g["pinned"] or not s.grappled_may_attack)):
        raise refuse(m.NOT_HOLDING(name=c["name"]), "ACE-GRAPPLE-6")
    key = choice_param(action.params, "weapon", [w["key"] for w in inside_weapons(c)], "unarmed")
    t = state["combatants"][g["with"]]
    ops = spend(c, "full", s)
    return _contest_or_settle(
        state,
        "grapple_attack",
        c,
        t,
        ops,
        m.TRIES_STRIKE(attacker=c["name"], target=t["name"]),
        Emitter(state, dice),
        dice,
        weapon=key,
    )


def escape(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-GRAPPLE-7: the held one spends its attack action on a contest; pinned needs two."""
    s = settings_of(state)
    c = state["combatants"].get(action.actor)
    if c is None or not is_turn(state, action.actor) or not idle(state):
        raise refuse(m.NOT_YOUR_TURN(name=action.actor), "ACE-ACT-1")
    g = c.get("grapple")
    if not g or g["role"] != "held":
        raise refuse(m.NOT_HELD(name=c["name"]), "ACE-GRAPPLE-7")
    method = choice_param(action.params, "method", METHODS, "break")
    holder = state["combatants"][g["with"]]
    records = Emitter(state, dice)
    ops = spend(c, "standard", s)
    won = contest(resist_bonus(c, holder, method), grapple_bonus(holder, c), dice, s, "escape")
    info = {
        "initiator": won.initiator,
        "defender": won.defender,
        "margin": won.margin,
        "method": method,
    }
    if not won.initiator_wins:
        return [
            records.emit(
                "grapple.held",
                m.ESCAPE_FAILED(name=c["name"], a=won.initiator, d=won.defender),
                ops,
                contest=info,
            )
        ]
    if g["pinned"]:
        ops += [
            ["set", cpath(c["id"], "grapple", "pinned"), False],
            ["set", cpath(holder["id"], "grapple", "pinned"), False],
            *unshield_ops(holder),  # ACE-GRAPPLE-8: the shield was the pin
        ]
        return [records.emit("grapple.unpinned", m.UNPINNED(name=c["name"]), ops, contest=info)]
    ops += release_ops(state, c["id"])
    return [records.emit("grapple.ended", m.ESCAPED(name=c["name"]), ops, contest=info)]


def release(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-GRAPPLE-7: the grappler lets go (a free action); a body shield's cover goes with it."""
    c = actor_of(state, action.actor)
    g = c.get("grapple")
    if not g or g["role"] != "holder":
        raise refuse(m.NOT_HOLDING(name=c["name"]), "ACE-GRAPPLE-7")
    other = state["combatants"][g["with"]]
    line = m.RELEASED(name=c["name"], other=other["name"])
    return [Emitter(state, dice).emit("grapple.ended", line, release_ops(state, c["id"]))]


def move(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-GRAPPLE-5 / -8: drag the other 1 m per point of margin; a pinner moves at half speed."""
    s = settings_of(state)
    c = on_turn(state, action.actor)
    g = c.get("grapple")
    if not g:
        raise refuse(m.NOT_HOLDING(name=c["name"]), "ACE-GRAPPLE-5")
    other = state["combatants"][g["with"]]
    records = Emitter(state, dice)
    ops = spend(c, "move", s)
    if g["pinned"] and g["role"] == "held":
        raise refuse(m.PINNED_NO_ACTS(name=c["name"]), "ACE-GRAPPLE-7")
    # On a scene map the mover names a square; its path is found before any die is rolled.
    path = _path_on_map(state, c, other, action)
    if g["pinned"] and not s.pinned_move_contest:
        metres = speed(c, s) // 2  # ACE-AMB-29
        moved = records.emit(
            "grapple.moved",
            m.DRAGS(name=c["name"], other=other["name"], metres=metres),
            ops,
            metres=metres,
        )
        return [moved, *_drag_on_map(records, c, other, path, metres)]
    core = val(c, "str") + int(c["sheet"]["core"])
    won = contest(core, val(other, "str") + int(other["sheet"]["core"]), dice, s, "grapple move")
    info = {"initiator": won.initiator, "defender": won.defender, "margin": won.margin}
    if not won.initiator_wins:
        return [
            records.emit(
                "grapple.moved",
                m.DRAG_FAILED(name=c["name"], other=other["name"]),
                ops,
                contest=info,
                metres=0,
            )
        ]
    cap = speed(c, s) // 2 if g["pinned"] else speed(c, s)
    metres = min(won.margin, cap)  # ACE-EX-32
    moved = records.emit(
        "grapple.moved",
        m.DRAGS(name=c["name"], other=other["name"], metres=metres),
        ops,
        contest=info,
        metres=metres,
    )
    return [moved, *_drag_on_map(records, c, other, path, metres)]


def _path_on_map(state: State, c: Json, other: Json, action: Action) -> list[Cell] | None:
    """ACE-GRAPPLE-5 / -8 on a scene map: the mover's path to the square it names (the partner's
    token does not block it), or None off the map."""
    if not has_map(state) or None in (
        grid.token_at(state["scene"], c["id"]),
        grid.token_at(state["scene"], other["id"]),
    ):
        return None
    planned = route(state, c["id"], destination(state, action.params), also=[other["id"]])
    return stop_short(state, c["id"], planned, also=[other["id"]])  # SCENE-HIDE-1


def _drag_on_map(
    records: Emitter, c: Json, other: Json, path: list[Cell] | None, metres: int
) -> list[Event]:
    """Both tokens walk the metres won: the mover along its path, the other behind it."""
    if path is None or metres <= 0:
        return []
    shifted = drag(records.state, records, c, other, path, metres)
    return [] if shifted is None else [shifted]


def shield(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-GRAPPLE-8 / ACE-AMB-30: a pinner whose margin beats the target's STR hides behind it."""
    s = settings_of(state)
    c = on_turn(state, action.actor)
    g = c.get("grapple")
    if not g or g["role"] != "holder" or not g["pinned"]:
        raise refuse(m.NOT_HOLDING(name=c["name"]), "ACE-GRAPPLE-8")
    other = state["combatants"][g["with"]]
    if int(g["margin"]) <= val(other, "str"):
        raise refuse(m.SHIELD_MARGIN(margin=g["margin"], name=other["name"]), "ACE-GRAPPLE-8")
    ops: list[Op] = [
        ["set", cpath(c["id"], "cover"), s.body_shield],
        ["set", cpath(c["id"], "shield"), True],
    ]
    return [
        Emitter(state, dice).emit(
            "cover.set", m.BODY_SHIELD(name=c["name"], other=other["name"]), ops
        )
    ]


def _offer(
    kind: str, label: Any, rule: str, cost: Any, fields: tuple[Field, ...] = ()
) -> ActionTemplate:
    return ActionTemplate(kind, label, rule, fields, cost=cost)


def offers(state: State, actor: str) -> list[ActionTemplate] | None:
    if not (is_turn(state, actor) and idle(state)):
        return None
    s = settings_of(state)
    c = state["combatants"][actor]
    g = c.get("grapple")
    out: list[ActionTemplate] = []
    if g is None:
        if not can_act(c, s) or not free(c, "standard", s):
            return None
        targets = [t for t in enemies(state, actor) if not t["hidden"] and not t.get("grapple")]
        if targets:
            fields = (
                Field(
                    "target",
                    m.F_TARGET(),
                    "target",
                    choices((t["id"], t["name"]) for t in targets),
                    default=targets[0]["id"],
                ),
                Field(
                    "weapon",
                    m.F_WEAPON(),
                    "choice",
                    choices((w["key"], w["name"]) for w in natural_weapons(c)),
                    default="unarmed",
                    rule="ACE-HIT-4",
                ),
            )
            out.append(_offer("grapple", m.L_GRAPPLE(), "ACE-GRAPPLE-1", m.ACT_STANDARD(), fields))
        return out
    if g["role"] == "held":
        if free(c, "standard", s):
            method = Field(
                "method",
                m.F_METHOD(),
                "choice",
                choices([("break", m.M_BREAK()), ("slip", m.M_SLIP())]),
                default=best_method(c),
            )
            out.append(_offer("escape", m.L_ESCAPE(), "ACE-GRAPPLE-7", m.ACT_STANDARD(), (method,)))
        if g["pinned"] or not s.grappled_may_attack:
            return out
    if free(c, "full", s):
        w = Field(
            "weapon",
            m.F_WEAPON(),
            "choice",
            choices((w["key"], w["name"]) for w in inside_weapons(c)),
            default="unarmed",
            rule="ACE-GRAPPLE-6",
        )
        out.append(
            _offer("grapple_strike", m.L_STRIKE_INSIDE(), "ACE-GRAPPLE-6", m.ACT_FULL(), (w,))
        )
    if (
        g["role"] == "holder"
        and not g["pinned"]
        and free(c, "standard", s)
        and int(state["round"]) > int(g["round"])
    ):
        out.append(_offer("pin", m.L_PIN(), "ACE-GRAPPLE-7", m.ACT_STANDARD()))
    if free(c, "move", s) and not (g["role"] == "held" and g["pinned"]):
        out.append(
            _offer(
                "grapple_move", m.L_GRAPPLE_MOVE(), "ACE-GRAPPLE-5", m.ACT_MOVE(), to_fields(state)
            )
        )
    other = state["combatants"][g["with"]]
    if g["role"] == "holder":
        out.append(_offer("release", m.L_RELEASE(), "ACE-GRAPPLE-7", m.ACT_FREE()))
    shield_ok = int(g["margin"]) > val(other, "str")  # ACE-GRAPPLE-8
    if g["role"] == "holder" and g["pinned"] and c["cover"] == "none" and shield_ok:
        out.append(_offer("body_shield", m.L_BODY_SHIELD(), "ACE-GRAPPLE-8", m.ACT_FREE()))
    return out


def _actor(s: object, a: str) -> bool:
    return a != GM


SPECS = [
    ActionSpec("grapple", "ACE-GRAPPLE-1", start, who=_actor, offer=offers),
    ActionSpec("pin", "ACE-GRAPPLE-7", pin, who=_actor),
    ActionSpec("grapple_strike", "ACE-GRAPPLE-6", strike_inside, who=_actor),
    ActionSpec("escape", "ACE-GRAPPLE-7", escape, who=_actor),
    ActionSpec("grapple_move", "ACE-GRAPPLE-5", move, who=_actor),
    ActionSpec("body_shield", "ACE-GRAPPLE-8", shield, who=_actor),
    ActionSpec("release", "ACE-GRAPPLE-7", release, who=_actor),
]
