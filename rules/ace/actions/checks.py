"""Checks: skill pools, the d20 substitute, DCs, GM-secret passive rolls and extended actions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.ace import messages as m
from rules.ace.actions.common import (
    GM,
    actor_of,
    free,
    in_combat,
    is_turn,
    refuse,
    spend,
)
from rules.ace.actions.common import told as audience_for
from rules.ace.rolls import Check, skill_check, substitute_check
from rules.ace.settings import AceSettings
from rules.ace.state import Op, State, combatant, settings_of
from rules.ace.stats import attr
from rules.ace.tables import ATTRIBUTE_NAMES, ATTRIBUTES, SKILL_NAMES
from rules.core.changes import Emitter
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.kit import ActionSpec, ActionTemplate, Field, Label, choices
from rules.core.params import NOT_A_CHOICE, REQUIRED, choice_param, int_param
from rules.core.system import EVERYONE, Action, Event, Json

CHECK_COSTS = ("standard", "move", "passive")


def skill_of(c: Mapping[str, Any], name: str) -> Mapping[str, Any] | None:
    """The sheet's general skill by name."""
    return next((sk for sk in c["sheet"]["skills"] if sk["name"] == name), None)


def skill_label(what: str) -> Label:
    """A skill as people read it: a general skill's or an attribute's word, else its sheet name."""
    if what.startswith("attr:") and what[5:] in ATTRIBUTE_NAMES:
        return m.SUBSTITUTE_OPTION(attribute=ATTRIBUTE_NAMES[what[5:]]())
    return SKILL_NAMES[what]() if what in SKILL_NAMES else what


def said_skill(what: str) -> Label:
    """A skill as a log line names it: a general skill's or an attribute's word ("DEX" for
    "attr:dex"), else the name the sheet gives it; never its key."""
    if what.startswith("attr:") and what[5:] in ATTRIBUTE_NAMES:
        return ATTRIBUTE_NAMES[what[5:]]()
    return SKILL_NAMES[what]() if what in SKILL_NAMES else what


def options(c: Mapping[str, Any]) -> list[tuple[str, Label]]:
    """What a check can roll: each general skill, or an attribute substitute (ACE-CHECK-3)."""
    out: list[tuple[str, Label]] = [
        (sk["name"], m.SKILL_OPTION(skill=skill_label(sk["name"]), level=sk["level"]))
        for sk in c["sheet"]["skills"]
    ]
    for key in ATTRIBUTES:
        if c["current"][key] is not None:
            out.append((f"attr:{key}", m.SUBSTITUTE_OPTION(attribute=ATTRIBUTE_NAMES[key]())))
    return out


def allowed(c: Mapping[str, Any]) -> list[str]:
    """Every value a check's skill may take (a null attribute is refused by name later)."""
    return [sk["name"] for sk in c["sheet"]["skills"]] + [f"attr:{key}" for key in ATTRIBUTES]


def roll_check(c: Mapping[str, Any], what: str, dice: Dice | None, s: AceSettings) -> Check:
    """ACE-CHECK-2/3: the general skill takes priority; else 1d20 + attribute, / 10."""
    if what.startswith("attr:"):
        key = what[5:]
        if key not in ATTRIBUTES:
            raise IllegalAction.of(NOT_A_CHOICE(name="skill", raw=repr(what)[:40]))
        value = attr(c, key)
        if value is None:
            raise refuse(
                m.NULL_ATTRIBUTE(name=c["name"], attribute=ATTRIBUTE_NAMES[key]()), "ACE-ATTR-10"
            )
        if dice is None:
            return Check((), 0, 0, substitute=True)  # only asked whether it can be rolled
        return substitute_check(value, False, dice, s, f"{c['name']} 1d20 + {key}")
    sk = skill_of(c, what)
    if sk is None:
        raise refuse(m.NO_SKILL(name=c["name"], skill=what), "ACE-CHECK-2")
    if dice is None:
        return Check((), 0, 0)
    return skill_check(int(sk["level"]), bool(sk["specialty"]), dice, f"{c['name']} {what}")


def _details(check: Check, dc: int) -> Json:
    return {
        "faces": list(check.faces),
        "successes": check.successes,
        "dc": dc,
        "ones": check.ones,
        "substitute": check.substitute,
        "automatic": check.automatic,
        "passed": check.successes >= dc,
    }


def check(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-CHECK-4: one roll against a DC (1 unless stated); in a fight it costs an action.

    ACE-CHECK-3: a 1d20 + attribute substitute waits for the GM's approval first (unless the
    table approves them all), which the GM may refuse.
    """
    s = settings_of(state)
    c = actor_of(state, action.actor)
    if state.get("pending") is not None:
        raise refuse(m.WAITING(), "ACE-CALLED-2")
    what = choice_param(action.params, "skill", allowed(c))
    dc = int_param(action.params, "dc", 1, low=0, high=50)
    cost = choice_param(action.params, "cost", CHECK_COSTS, "standard")
    ops = _check_cost(state, c, cost, s)
    if what.startswith("attr:") and s.substitute_approval:
        roll_check(c, what, None, s)  # refuses a null attribute now, before asking
        pending = {
            "kind": "approval",
            "attacker": c["id"],
            "target": GM,
            "skill": what,
            "dc": dc,
            "cost": cost,
        }
        attribute = ATTRIBUTE_NAMES[what[5:]]()
        line = m.ASKS_SUBSTITUTE(name=c["name"], attribute=attribute, dc=dc)
        return [
            Emitter(state, dice).emit(
                "check.asked", line, [["set", ["pending"], pending]], pending=pending
            )
        ]
    return [rolled_check(state, c, what, dc, ops, dice, s)]


def _check_cost(state: State, c: Mapping[str, Any], cost: str, s: AceSettings) -> list[Op]:
    """ACE-ACT-1: an active check in a fight spends an action of the round on one's own turn."""
    if not in_combat(state) or cost == "passive":
        return []
    if not is_turn(state, c["id"]):
        raise refuse(m.NOT_YOUR_TURN(name=c["name"]), "ACE-ACT-1")
    # ACE-CHECK-5 / ACE-EX-11: a repeated single action, e.g. one climb per move action;
    # ACE-ACT-3 / ACE-EX-13: a passive check made on purpose costs an action like this.
    return spend(c, cost, s)


def rolled_check(
    state: State,
    c: Mapping[str, Any],
    what: str,
    dc: int,
    ops: list[Op],
    dice: Dice,
    s: AceSettings,
    audience: str = EVERYONE,
) -> Event:
    """The check's roll against its DC, with the ops that pay for it, told to `audience`."""
    records = Emitter(state, dice)
    result = roll_check(c, what, dice, s)
    passed = result.successes >= dc
    if result.automatic:  # issue 34: the pool says the specialty's success is in it
        line = (m.CHECK_PASSED_SPECIALTY if passed else m.CHECK_FAILED_SPECIALTY)(
            name=c["name"], skill=said_skill(what), successes=result.successes, dc=dc
        )
    else:
        line = (m.CHECK_PASSED if passed else m.CHECK_FAILED)(
            name=c["name"], skill=said_skill(what), successes=result.successes, dc=dc
        )
    return records.emit("check.rolled", line, ops, audience=audience, check=_details(result, dc))


def approve(state: State, pending: Mapping[str, Any], yes: bool, dice: Dice) -> list[Event]:
    """ACE-CHECK-3 「ST有权拒绝使用代判」: the GM allows the substitute roll, or refuses it."""
    s = settings_of(state)
    c = state["combatants"][pending["attacker"]]
    told = audience_for(state, c["id"])  # ACE-STEALTH-1 (its side's), SCENE-HIDE-5 (the GM's)
    clear: list[Op] = [["set", ["pending"], None]]
    if not yes:
        attribute = ATTRIBUTE_NAMES[str(pending["skill"])[5:]]()
        line = m.SUBSTITUTE_REFUSED(name=c["name"], attribute=attribute)
        return [Emitter(state, dice).emit("check.refused", line, clear, audience=told)]
    ops = clear + _check_cost(state, c, pending["cost"], s)
    dc = int(pending["dc"])
    return [rolled_check(state, c, pending["skill"], dc, ops, dice, s, audience=told)]


def secret(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-ACT-3: the GM rolls a passive check in secret; players see nothing until revealed."""
    s = settings_of(state)
    c = combatant(state, str(action.params.get("target") or ""))
    what = choice_param(action.params, "skill", allowed(c))
    dc = int_param(action.params, "dc", 1, low=0, high=50)
    records = Emitter(state, dice)
    result = roll_check(c, what, dice, s)
    entry = {
        "n": len(state["secrets"]),
        "actor": c["id"],
        "skill": what,
        "successes": result.successes,
        "dc": dc,
        "revealed": False,
    }
    line = m.SECRET_ROLLED(
        name=c["name"], skill=said_skill(what), successes=result.successes, dc=dc
    )
    return [
        records.emit(
            "secret.rolled",
            line,
            [["add", ["secrets"], entry]],
            audience="gm",
            check=_details(result, dc),
        )
    ]


def reveal(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-ACT-3: the GM tells the table a secret result once it matters."""
    if not state["secrets"]:
        raise refuse(m.NO_SECRET(), "ACE-ACT-3")  # before the number: there is no range to name
    n = int_param(action.params, "secret", low=0, high=len(state["secrets"]) - 1)
    if state["secrets"][n]["revealed"]:
        raise refuse(m.NO_SECRET(), "ACE-ACT-3")
    entry = state["secrets"][n]
    c = state["combatants"][entry["actor"]]
    line = m.REVEALED(
        name=c["name"],
        skill=said_skill(entry["skill"]),
        successes=entry["successes"],
        dc=entry["dc"],
    )
    return [
        Emitter(state, dice).emit(
            "secret.revealed", line, [["set", ["secrets", n, "revealed"], True]], secret=n
        )
    ]


def settle(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-CHECK-1: the GM settles a task from the skill level without a roll."""
    c = combatant(state, str(action.params.get("target") or ""))
    what = choice_param(action.params, "skill", allowed(c))
    result = int_param(action.params, "successes", low=0, high=50)
    return [
        Emitter(state, dice).emit(
            "check.settled",
            m.SETTLED(name=c["name"], skill=said_skill(what), successes=result),
            [],
            audience=audience_for(state, c["id"]),  # ACE-STEALTH-1, SCENE-HIDE-5
            successes=result,
        )
    ]


# --- extended actions (ACE-EXT-1..4) ------------------------------------------------------------


def open_task(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-EXT-1: the GM opens an extended task: skill, DC, cycle and optional deadline.

    ACE-EX-38: without pressure a repeated task (the roof climb) may be run as one of these.
    """
    c = combatant(state, str(action.params.get("target") or ""))
    what = choice_param(action.params, "skill", allowed(c))
    name = str(action.params.get("name") or "").strip()[:80]
    if not name:
        raise IllegalAction.of(REQUIRED(name="name"))
    task = {
        "n": len(state["tasks"]),
        "actor": c["id"],
        "name": name,
        "skill": what,
        "dc": int_param(action.params, "dc", low=1, high=200),
        "cycle": str(action.params.get("cycle") or "")[:30],
        # 0: none (ACE-EXT-3)
        "deadline": int_param(action.params, "deadline", 0, low=0, high=1000),
        "acc": 0,
        "ones": 0,
        "cycles": 0,
        "status": "open",
    }
    line = m.TASK_OPENED(name=c["name"], task=name, dc=task["dc"])
    told = audience_for(state, c["id"])  # ACE-STEALTH-1, SCENE-HIDE-5: its task
    opened = [["add", ["tasks"], task]]
    return [Emitter(state, dice).emit("task.opened", line, opened, audience=told, task=task)]


def _task(state: State, params: Mapping[str, Any]) -> Json:
    tasks = state["tasks"]
    if not tasks:
        raise refuse(m.NO_TASK(), "ACE-EXT-1")
    return tasks[int_param(params, "task", low=0, high=len(tasks) - 1)]  # type: ignore[no-any-return]


def roll_task(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-EXT-1..4: one cycle's check; successes first, then 1s; deadline and mishap."""
    s = settings_of(state)
    task = _task(state, action.params)
    if action.actor not in (GM, task["actor"]):
        raise refuse(m.NOT_ASKED(), "ACE-EXT-1")
    if task["status"] in ("done", "failed"):
        raise refuse(m.TASK_CLOSED(task=task["name"]), "ACE-EXT-1")
    c = state["combatants"][task["actor"]]
    restart = task["status"] == "mishap"  # ACE-EXT-4: after a mishap it starts from zero
    acc, ones, cycles = (0, 0, 0) if restart else (task["acc"], task["ones"], task["cycles"])
    records = Emitter(state, dice)
    result = roll_check(c, task["skill"], dice, s)
    acc += result.successes
    ones += result.ones if s.mishap else 0
    cycles += 1
    if acc >= task["dc"]:
        status, line = "done", m.TASK_DONE(task=task["name"], acc=acc, dc=task["dc"])
    elif s.mishap and ones >= task["dc"]:
        status, line = "mishap", m.TASK_MISHAP(task=task["name"], ones=ones)
    elif task["deadline"] and cycles >= task["deadline"]:
        status, line = "failed", m.TASK_LATE(task=task["name"], acc=acc, dc=task["dc"])
    else:
        status, line = (
            "open",
            m.TASK_PROGRESS(task=task["name"], acc=acc, dc=task["dc"], cycles=cycles),
        )
    n = task["n"]
    ops: list[Op] = [
        ["set", ["tasks", n, key], value]
        for key, value in (("acc", acc), ("ones", ones), ("cycles", cycles), ("status", status))
    ]
    told = audience_for(state, c["id"])  # ACE-STEALTH-1, SCENE-HIDE-5: its task
    details = _details(result, task["dc"])
    events = [records.emit("task.rolled", line, ops, audience=told, check=details, task=n)]
    if s.mishap and status == "open" and ones * 2 >= task["dc"]:
        events.append(
            Emitter(state, dice).emit(
                "task.warned",
                m.TASK_RISK(task=task["name"], ones=ones, dc=task["dc"]),
                [],
                audience=told,
            )
        )  # ACE-EXT-4
    return events


def adjust_task(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-EXT-2: after a pause the GM may take accumulated successes away (ACE-EX-09)."""
    task = _task(state, action.params)
    lose = int_param(action.params, "lose", low=0, high=200)
    acc = max(0, int(task["acc"]) - lose)
    return [
        Emitter(state, dice).emit(
            "task.adjusted",
            m.TASK_ADJUSTED(task=task["name"], lose=lose, acc=acc),
            [["set", ["tasks", task["n"], "acc"], acc]],
            audience=audience_for(state, task["actor"]),  # ACE-STEALTH-1, SCENE-HIDE-5
        )
    ]


# --- offers -------------------------------------------------------------------------------------


def offer_check(state: State, actor: str) -> ActionTemplate | None:
    c = state["combatants"].get(actor)
    if c is None or state.get("pending") is not None:
        return None
    s = settings_of(state)
    costs = [("passive", m.ACT_PASSIVE())]
    if not in_combat(state) or is_turn(state, actor):
        # ACE-ACT-1: in a fight an active check spends an action still free this round.
        free_costs = [k for k in ("standard", "move") if not in_combat(state) or free(c, k, s)]
        costs = [(k, m.ACT_STANDARD() if k == "standard" else m.ACT_MOVE()) for k in free_costs]
        costs.append(("passive", m.ACT_PASSIVE()))
    fields = (
        Field("skill", m.F_SKILL(), "choice", choices(options(c)), rule="ACE-CHECK-2"),
        Field("dc", m.F_DC(), "number", default=1, min=0, max=50, rule="ACE-CHECK-4"),
        Field("cost", m.F_COST(), "choice", choices(costs), default=costs[0][0], rule="ACE-ACT-2"),
    )
    return ActionTemplate("check", m.L_CHECK(), "ACE-CHECK-4", fields)


def offer_task(state: State, actor: str) -> list[ActionTemplate] | None:
    mine = [t for t in state["tasks"] if t["actor"] == actor and t["status"] in ("open", "mishap")]
    if not mine:
        return None
    field = Field(
        "task",
        m.F_TASK(),
        "choice",
        choices((str(t["n"]), t["name"]) for t in mine),
        default=str(mine[0]["n"]),
    )
    return [ActionTemplate("task_roll", m.L_TASK_ROLL(), "ACE-EXT-1", (field,))]


def gm_offers(state: State, actor: str) -> list[ActionTemplate] | None:
    if actor != GM or not state["combatants"]:
        return None
    people = choices((c["id"], c["name"]) for c in state["combatants"].values())
    first = next(iter(state["combatants"].values()))
    every = sorted({v for c in state["combatants"].values() for v, _ in options(c)})
    skill = Field(
        "skill",
        m.F_SKILL(),
        "choice",
        choices((v, skill_label(v)) for v in every),
        default=every[0] if every else "",
    )
    who = Field("target", m.F_WHO(), "target", people, default=first["id"])
    out = [
        ActionTemplate(
            "secret_check",
            m.L_SECRET(),
            "ACE-ACT-3",
            (who, skill, Field("dc", m.F_DC(), "number", default=1, min=0, max=50)),
        ),
        ActionTemplate(
            "settle",
            m.L_SETTLE(),
            "ACE-CHECK-1",
            (who, skill, Field("successes", m.F_SUCCESSES(), "number", default=1, min=0, max=50)),
        ),
        ActionTemplate(
            "task_open",
            m.L_TASK_OPEN(),
            "ACE-EXT-1",
            (
                who,
                skill,
                Field("name", m.F_NAME(), "text"),
                Field("dc", m.F_DC(), "number", default=5, min=1, max=200, rule="ACE-EX-08"),
                Field("cycle", m.F_CYCLE(), "text", default="day", rule="ACE-EXT-2"),
                Field(
                    "deadline",
                    m.F_DEADLINE(),
                    "number",
                    default=0,
                    min=0,
                    max=1000,
                    rule="ACE-EXT-3",
                ),
            ),
        ),
    ]
    hidden = [e for e in state["secrets"] if not e["revealed"]]
    if hidden:
        pick_one = Field(
            "secret",
            m.F_SECRET(),
            "choice",
            choices(
                (
                    str(e["n"]),
                    f"{state['combatants'][e['actor']]['name']}: {e['skill']} {e['successes']}",
                )
                for e in hidden
            ),
        )
        out.append(ActionTemplate("reveal", m.L_REVEAL(), "ACE-ACT-3", (pick_one,)))
    tasks = [t for t in state["tasks"] if t["status"] in ("open", "mishap")]
    if tasks:
        field = Field(
            "task", m.F_TASK(), "choice", choices((str(t["n"]), t["name"]) for t in tasks)
        )
        out.append(ActionTemplate("task_roll", m.L_TASK_ROLL(), "ACE-EXT-1", (field,)))
        out.append(
            ActionTemplate(
                "task_adjust",
                m.L_TASK_ADJUST(),
                "ACE-EXT-2",
                (field, Field("lose", m.F_LOSE(), "number", default=1, min=0, max=200)),
            )
        )
    return out


def _gm(s: object, a: str) -> bool:
    return a == GM


SPECS = [
    ActionSpec("check", "ACE-CHECK-4", check, who=lambda s, a: a != GM, offer=offer_check),
    ActionSpec("task_roll", "ACE-EXT-1", roll_task, offer=offer_task),
    ActionSpec("secret_check", "ACE-ACT-3", secret, who=_gm, offer=gm_offers),
    ActionSpec("reveal", "ACE-ACT-3", reveal, who=_gm),
    ActionSpec("settle", "ACE-CHECK-1", settle, who=_gm),
    ActionSpec("task_open", "ACE-EXT-1", open_task, who=_gm),
    ActionSpec("task_adjust", "ACE-EXT-2", adjust_task, who=_gm),
]
