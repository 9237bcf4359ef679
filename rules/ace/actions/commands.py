"""Combat commands: full attack, charge, full defence, block, shooting evasion, prone, moving."""

from __future__ import annotations

from dataclasses import replace

from rules.ace import messages as m
from rules.ace.actions.attack import broken, declare, offer_attack, plan_of, usable_weapons
from rules.ace.actions.common import (
    GM,
    actor_of,
    free,
    idle,
    is_turn,
    on_turn,
    refuse,
    spend,
)
from rules.ace.on_the_map import charge_fields, charge_moved, charge_reaches, charge_run
from rules.ace.state import Op, State, can_act, cpath, settings_of
from rules.ace.stats import max_charge, scan_unlocked, speed, weapon
from rules.ace.tables import COVER, COVER_NAMES
from rules.core.changes import Emitter
from rules.core.dice import Dice
from rules.core.kit import ActionSpec, ActionTemplate, Field, choices
from rules.core.params import choice_param, int_param
from rules.core.system import Action, Event, Json
from rules.scene.moving import by_hand, moves_on_map

COMMANDS = ("full_attack", "full_defence", "block")
COMMAND_RULES = {
    "full_attack": "ACE-CMD-ATK-1",
    "full_defence": "ACE-CMD-DEF-1",
    "block": "ACE-CMD-DEF-2",
}


def _fresh(c: Json) -> bool:
    """Whether the turn has only just started (commands are declared then, ACE-CMD-*)."""
    return not c["used"]["standard"] and not c["used"]["move"] and not c["commands"]


def declare_command(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-CMD-ATK-1 / ACE-CMD-DEF-1 / ACE-CMD-DEF-2: declared at the start of one's turn."""
    s = settings_of(state)
    c = on_turn(state, action.actor)
    command = choice_param(action.params, "command", COMMANDS)
    if not _fresh(c):
        raise refuse(m.TURN_START_ONLY(), COMMAND_RULES[command])
    if command == "full_attack":
        ops = spend(c, "move", s)  # with the attack's standard action: a full-round attack
        line = m.FULL_ATTACK(name=c["name"])
    elif command == "full_defence":
        ops = spend(c, "standard_move", s)  # ACE-CMD-DEF-1: nothing else this round
        line = m.FULL_DEFENCE(name=c["name"])
    else:
        ops = spend(c, "move", s)  # ACE-CMD-DEF-2: blocking costs the move action
        line = m.BLOCKS(name=c["name"])
    ops.append(["set", cpath(c["id"], "commands", command), True])
    return [
        Emitter(state, dice).emit(
            "command.declared", line, ops, command=command, rule=COMMAND_RULES[command]
        )
    ]


def charge(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-CMD-ATK-2 / ACE-AMB-42: a move of up to STR/2 m (and no more than speed), then a
    melee attack (standard). On a scene map the metres are the token's run to the target
    (rules/ace/on_the_map.py `charge_run`); a run stopped short by something hidden ends
    there, with no blow. Without a map the metres are typed."""
    s = settings_of(state)
    c = on_turn(state, action.actor)
    most = max_charge(c, s)
    target = state["combatants"].get(str(action.params.get("target") or ""))
    run = None if target is None else charge_run(state, c, target, action.params, most)
    if run is None:
        metres = int_param(action.params, "metres", low=1, high=max(1, most))
    else:
        metres = run.metres
        chosen = str(action.params.get("weapon") or c["wielding"])
        if (weapon(c, chosen) or {}).get("kind") != "melee":
            raise refuse(m.CHARGE_MELEE(), "ACE-CMD-ATK-2")
    if most < 1 or not free(c, "move", s):
        raise refuse(m.CANNOT_CHARGE(name=c["name"]), "ACE-CMD-ATK-2")
    ops: list[Op] = spend(c, "move", s)
    ops.append(["set", cpath(c["id"], "commands", "charge"), metres])

    records = Emitter(state, dice)
    first = records.emit(
        "command.declared",
        m.CHARGES(name=c["name"], metres=metres),
        ops,
        command="charge",
        metres=metres,
    )
    ran = [] if run is None else [charge_moved(records, c, run)]
    if run is not None and run.stopped:
        return [first, *ran]
    plan, paid = plan_of(records.state, action)
    if (weapon(c, plan["weapon"]) or {}).get("kind") != "melee":
        raise refuse(m.CHARGE_MELEE(), "ACE-CMD-ATK-2")
    return [first, *ran, *declare(records.state, plan, paid, dice, records)]


def shooting_evasion(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-CMD-DEF-3: half-speed move to cover, standard + move, declared before moving."""
    s = settings_of(state)
    c = on_turn(state, action.actor)
    level = choice_param(action.params, "cover", [k for k in COVER if k != "none"])
    ops = spend(c, "standard_move", s)
    ops.append(["set", cpath(c["id"], "cover"), level])
    line = m.SHOOTING_EVASION(name=c["name"], metres=speed(c, s) // 2, cover=COVER_NAMES[level]())
    return [Emitter(state, dice).emit("cover.set", line, ops, rule="ACE-CMD-DEF-3")]


def prone(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-CMD-DEF-4: going prone is a reflex action, usable on any turn."""
    s = settings_of(state)
    c = actor_of(state, action.actor)
    if c["prone"]:
        raise refuse(m.ALREADY_PRONE(name=c["name"]), "ACE-CMD-DEF-4")
    ops = spend(c, "reflex", s) if int(state["round"]) else []
    ops.append(["set", cpath(c["id"], "prone"), True])
    return [Emitter(state, dice).emit("prone.changed", m.GOES_PRONE(name=c["name"]), ops)]


def stand(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-CMD-DEF-4: standing up is a move action, once the character may act."""
    s = settings_of(state)
    c = on_turn(state, action.actor)
    if not c["prone"]:
        raise refuse(m.NOT_PRONE(name=c["name"]), "ACE-CMD-DEF-4")
    ops = spend(c, "move", s)
    ops.append(["set", cpath(c["id"], "prone"), False])
    return [Emitter(state, dice).emit("prone.changed", m.STANDS(name=c["name"]), ops)]


def move(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-SPEED-1: a move action covers up to speed metres (half while prone)."""
    s = settings_of(state)
    c = on_turn(state, action.actor)
    if c.get("grapple"):
        raise refuse(m.IN_GRAPPLE(name=c["name"]), "ACE-GRAPPLE-5")
    top = speed(c, s) // 2 if c["prone"] else speed(c, s)
    metres = int_param(action.params, "metres", low=0, high=max(0, top))
    ops = spend(c, "move", s)
    if c["cover"] != "none" and not c.get("shield"):
        ops.append(["set", cpath(c["id"], "cover"), "none"])  # leaving cover; the GM resets it
    return [
        Emitter(state, dice).emit(
            "moved", m.MOVES(name=c["name"], metres=metres), ops, metres=metres
        )
    ]


def pick_up(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-CALLED-DISARM: a weapon knocked to the ground is picked up again with a move action
    (our reading: the seed only says it leaves the hand); a broken one stays broken."""
    s = settings_of(state)
    c = actor_of(state, action.actor)
    lying = [k for k in c["dropped"] if not broken(c, k, s)]
    key = choice_param(action.params, "weapon", lying)
    ops = spend(on_turn(state, action.actor), "move", s) if int(state["round"]) else []
    ops += [
        ["set", cpath(c["id"], "dropped"), [k for k in c["dropped"] if k != key]],
        ["set", cpath(c["id"], "wielding"), key],
    ]
    name = (weapon(c, key) or {}).get("name", key)
    return [
        Emitter(state, dice).emit("weapon.picked_up", m.PICKS_UP(name=c["name"], weapon=name), ops)
    ]


def scan(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-ATTR-9: mental scan switches on or off as a free action, once unlocked."""
    s = settings_of(state)
    c = actor_of(state, action.actor)
    if not scan_unlocked(c, s):
        raise refuse(m.SCAN_LOCKED(name=c["name"]), "ACE-ATTR-9")
    on = not c["scan"]["on"]
    ops: list[Op] = [["set", cpath(c["id"], "scan"), {"on": on, "rounds": 0}]]
    line = (
        m.SCAN_ON(name=c["name"], metres=5 * int(c["current"]["spi"] or 0))
        if on
        else m.SCAN_OFF(name=c["name"])
    )
    return [Emitter(state, dice).emit("scan.toggled", line, ops)]


def offers(state: State, actor: str) -> list[ActionTemplate] | None:
    s = settings_of(state)
    c = state["combatants"].get(actor)
    if c is None or not can_act(c, s):
        return None
    out: list[ActionTemplate] = []
    mine = is_turn(state, actor) and idle(state)
    if mine and _fresh(c) and not c.get("grapple"):
        field = Field(
            "command",
            m.F_COMMAND(),
            "choice",
            choices(
                [
                    ("full_attack", m.C_FULL_ATTACK()),
                    ("full_defence", m.C_FULL_DEFENCE()),
                    ("block", m.C_BLOCK()),
                ]
            ),
            default="block",
        )
        out.append(
            ActionTemplate("declare", m.L_DECLARE(), "ACE-CMD-DEF-1", (field,), cost=m.ACT_FREE())
        )
    if (
        mine
        and free(c, "move", s)
        and free(c, "standard", s)
        and max_charge(c, s) >= 1
        and not c.get("grapple")
        and not c["commands"].get("full_defence")
    ):
        base = offer_attack(state, actor)
        if base is not None:
            metres = Field(
                "metres",
                m.F_METRES(),
                "number",
                default=max_charge(c, s),
                min=1,
                max=max_charge(c, s),
                rule="ACE-CMD-ATK-2",
            )
            melee = [w for w in usable_weapons(c) if w["kind"] == "melee"]
            weapons = Field(
                "weapon",
                m.F_WEAPON(),
                "choice",
                choices((w["key"], w["name"]) for w in melee),
                default=c["wielding"]
                if any(w["key"] == c["wielding"] for w in melee)
                else "unarmed",
            )
            # on a scene map: the square it runs to, the metres measured (ACE-CMD-ATK-2)
            run = charge_fields(state, c, max_charge(c, s)) or (metres,)
            reaches = charge_reaches(state, c, max_charge(c, s))
            targets = [
                f
                if reaches is None
                else replace(f, choices=tuple(x for x in f.choices if x.value in reaches))
                for f in base.fields
                if f.name == "target"
            ]
            if all(t.choices for t in targets):  # on a map: only when someone is in reach
                fields = (*targets, weapons, *run)
                out.append(
                    ActionTemplate(
                        "charge", m.L_CHARGE(), "ACE-CMD-ATK-2", fields, cost=m.ACT_FULL()
                    )
                )
    # ACE-CMD-DEF-3: on a map its half-speed move is the token's (the map's move, evade ticked)
    evades_by_hand = not moves_on_map(state, c["id"])
    if mine and free(c, "standard_move", s) and not c.get("grapple") and evades_by_hand:
        field = Field(
            "cover",
            m.F_COVER(),
            "choice",
            choices((k, COVER_NAMES[k]()) for k in COVER if k != "none"),
            default="partial",
            rule="ACE-COVER-TABLE",
        )
        out.append(
            ActionTemplate(
                "shooting_evasion",
                m.L_SHOOTING_EVASION(),
                "ACE-CMD-DEF-3",
                (field,),
                cost=m.ACT_FULL(),
            )
        )
    if mine and free(c, "move", s) and not c.get("grapple"):
        top = speed(c, s) // 2 if c["prone"] else speed(c, s)
        if not moves_on_map(state, c["id"]):  # ACE-SPEED-1: on a map its move is the token's
            out.append(
                ActionTemplate(
                    "move",
                    m.L_MOVE(),
                    "ACE-SPEED-1",
                    (Field("metres", m.F_METRES(), "number", default=top, min=0, max=top),),
                    cost=m.ACT_MOVE(),
                )
            )
        if c["prone"]:
            out.append(ActionTemplate("stand", m.L_STAND(), "ACE-CMD-DEF-4", cost=m.ACT_MOVE()))
    lying = [k for k in c["dropped"] if not broken(c, k, s)]
    if lying and (not int(state["round"]) or (mine and free(c, "move", s))):
        field = Field(
            "weapon",
            m.F_WEAPON(),
            "choice",
            choices((k, (weapon(c, k) or {}).get("name", k)) for k in lying),
        )
        out.append(
            ActionTemplate(
                "pick_up", m.L_PICK_UP(), "ACE-CALLED-DISARM", (field,), cost=m.ACT_MOVE()
            )
        )
    if idle(state) and not c["prone"] and (free(c, "reflex", s) or not int(state["round"])):
        out.append(ActionTemplate("prone", m.L_PRONE(), "ACE-CMD-DEF-4", cost=m.ACT_REFLEX()))
    if scan_unlocked(c, s):
        out.append(ActionTemplate("scan", m.L_SCAN(), "ACE-ATTR-9", cost=m.ACT_FREE()))
    return out


def _actor(s: object, a: str) -> bool:
    return a != GM


SPECS = [
    ActionSpec("declare", "ACE-CMD-DEF-1", declare_command, who=_actor, offer=offers),
    ActionSpec("charge", "ACE-CMD-ATK-2", charge, who=_actor),
    ActionSpec("shooting_evasion", "ACE-CMD-DEF-3", by_hand(shooting_evasion), who=_actor),
    ActionSpec("move", "ACE-SPEED-1", by_hand(move), who=_actor),
    ActionSpec("stand", "ACE-CMD-DEF-4", stand, who=_actor),
    ActionSpec("prone", "ACE-CMD-DEF-4", prone, who=_actor),
    ActionSpec("scan", "ACE-ATTR-9", scan, who=_actor),
    ActionSpec("pick_up", "ACE-CALLED-DISARM", pick_up, who=_actor),
]
