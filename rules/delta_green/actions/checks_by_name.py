"""The rest of the session (issue 38) at a Delta Green table: checks by skill name with the
critical and fumble rule, hidden checks, the GM's group checks, marks on failed skills and the
growth between sessions, and sheet values set in one line. The chat's `.ra`, `.rh`, `.st` and
`.en` send these; the GM sends them as the agent (the table seats the GM at every combatant)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.brp.core import DamageDice
from rules.brp.skill_checks import (
    CHARACTERISTICS,
    CRITICAL,
    DG_GROWTH,
    FUMBLE,
    SHEET_VALUES,
    SUCCESS,
    Target,
    dg_level,
    find_target,
    key_of,
    mark_changes,
    opposed,
    succeeded,
    unmark_changes,
    value_key,
)
from rules.core.actions import GM_ACTOR, is_gm
from rules.core.changes import Emitter
from rules.core.dice import Dice
from rules.core.errors import DiceError, IllegalAction
from rules.core.kit import ActionSpec, ActionTemplate, Field, Message, Msg, choices
from rules.core.params import bool_param, int_param
from rules.core.system import Action, Event, Json
from rules.delta_green.gm_mind import current
from rules.delta_green.log_messages import SKILL_KEYS, skill_word
from rules.delta_green.messages import FREE
from rules.delta_green.settings import settings_of
from rules.delta_green.sheet import CHARACTERISTIC_LABELS

CHECKED = Message("dg.check.rolled", "{who} checks {skill}: {roll} against {chance}% - {level}")
CHECKED_UNSEEN = Message("dg.check.unseen", "{who} made a hidden check.")
LEVELS = {
    CRITICAL: Message("dg.check.level.critical", "critical success"),
    SUCCESS: Message("dg.check.level.success", "success"),
    "failure": Message("dg.check.level.failure", "failure"),
    FUMBLE: Message("dg.check.level.fumble", "fumble"),
}
VALUES_SET = Message("dg.values.set", "{who}: {values}")
GROWN = Message("dg.growth.rolled", "{who}'s {skill} grows by {gain} to {value}")
NO_MARKS = Message("dg.growth.no_marks", "{who} has no skill marked for growth")
UNKNOWN_SKILL = Message("dg.check.unknown", "{who} has no skill or characteristic {skill}")
NOT_YOURS = Message("dg.check.not_yours", "only the GM checks for another agent")
NO_AGENT = Message("dg.check.no_agent", "for whom? Take a seat at an agent first")
BAD_VALUE = Message("dg.values.bad", "{name} must be a whole number from 0 to {most}")
OPPOSED = Message(
    "dg.opposed.rolled",
    "{who} ({skill}) {roll} against {chance}% - {level}; {other} ({other_skill}) {other_roll} "
    "against {other_chance}% - {other_level}: {winner}",
)
WINS = Message("dg.opposed.wins", "{name} wins")
NEITHER = Message("dg.opposed.neither", "neither wins")
SAN_CHECKED = Message(
    "dg.sanity_check.rolled",
    "{who} rolls SAN: {roll} against {chance}% - {level}; loses {loss} SAN ({expr}), now {san}",
)
BAD_LOSS = Message("dg.sanity_check.bad_loss", "{expr} is not a SAN loss such as 1d6")
CHECK = Message("dg.action.check", "Skill roll")
SANITY_CHECK = Message("dg.action.sanity_check", "SAN roll")
OPPOSE = Message("dg.action.opposed_check", "Opposed roll")
GROWTH = Message("dg.action.growth", "Improve the marked skills")
F_SKILL = Message("dg.field.check_skill", "Skill or characteristic")
F_HIDDEN = Message("dg.field.hidden", "Hidden (only you and the GM see it)")
F_AGAINST = Message("dg.field.against", "Against")
F_ON_SUCCESS = Message("dg.field.sc_success", "SAN lost on a success")
F_ON_FAILURE = Message("dg.field.sc_failure", "SAN lost on a failure")
NO_OPPONENT = Message("dg.opposed.no_opponent", "there is no other agent {name} here")
ASK = Message("dg.action.ask_check", "Ask for a group check")
ASKED = Message("dg.check.asked", "The GM asks {who} for a group check: {skill}")
ASKED_FORM = Message("dg.action.asked_check", "The GM asks: {skill} check")
F_ASK_WHO = Message("dg.field.ask_who", "Ask {name}")
NO_ONE_ASKED = Message("dg.check.ask_no_one", "ask whom? Tick at least one agent")
NO_SKILL_ASKED = Message("dg.check.ask_no_skill", "ask for which skill or characteristic?")


def _agent(state: Json, action: Action) -> Json:
    """The agent the actor is; a named other (`@name`) is refused unless it is the actor."""
    combatants: Mapping[str, Json] = state["combatants"]
    c = combatants.get(action.actor)
    if c is None:
        raise IllegalAction.of(NO_AGENT())
    named = str(action.params.get("who") or "").strip().casefold()
    if named and named not in (c["id"].casefold(), str(c["name"]).casefold()):
        raise IllegalAction.of(NOT_YOURS())
    return c


def _target(c: Json, name: str) -> Target:
    """DG-CHECK-1/-3: a skill by any name, or a characteristic at x 5."""
    sheet = c["sheet"]
    found = find_target(name, sheet["skills"], {k: sheet.get(k) for k in CHARACTERISTICS})
    if found is None:
        raise IllegalAction.of(UNKNOWN_SKILL(who=c["name"], skill=name))
    return found


def _check(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-CHECK-1/-2: d100 against a skill by name, criticals and fumbles on 01, 00 and
    matching digits; a failed skill is marked for growth (DG-GROW-1). Hidden, only the agent's
    holder and the GM read it."""
    c = _agent(state, action)
    name = str(action.params.get("skill") or "").strip()[:60]
    if action.params.get("value") not in (None, ""):
        chance = int_param(action.params, "value", low=0, high=200)
        target = Target(key_of(name), chance, False, chance)
    else:
        target = _target(c, name)
        chance = target.chance
    chance += int_param(action.params, "modifier", low=-200, high=200, default=0)
    times = int_param(action.params, "times", low=1, high=10, default=1)
    hidden = bool_param(action.params, "hidden")
    settings = settings_of(state)
    out = Emitter(state, dice)
    for _ in range(times):
        roll = out.dice.roll(100, f"{target.key} check for {c['name']}")
        level = dg_level(chance, roll, settings.auto_fail_00, settings.auto_success_01)
        skill = not target.characteristic and target.key in c["sheet"]["skills"]
        now = out.state["combatants"][c["id"]]
        marked = mark_changes(now, target.key, hidden) if skill and not succeeded(level) else []
        if c["id"] in (out.state.get("asked") or {}):  # DG-CHECK-6: a group check answered
            marked = [*marked, ["del", ["asked", c["id"]]]]
        out.emit(
            "check.rolled",
            CHECKED(
                who=c["name"],
                skill=check_label(target.key, name),
                roll=roll,
                chance=chance,
                level=LEVELS[level](),
            ),
            marked,
            audience=f"actor:{c['id']}" if hidden else "all",
            redacted=CHECKED_UNSEEN(who=c["name"]) if hidden else None,
            who=c["id"],
            skill=target.key,
            chance=chance,
            roll=roll,
            level=level,
            hidden=hidden,
        )
    return out.events


def _opposed(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-CHECK-4: both roll; both failing, neither wins; else the better level, and at the
    same level the higher roll."""
    c = _agent(state, action)
    named = str(action.params.get("against") or "").strip().casefold()
    other = next(
        (
            o
            for i, o in state["combatants"].items()
            if named in (i.casefold(), str(o["name"]).casefold()) and i != c["id"]
        ),
        None,
    )
    if other is None:
        raise IllegalAction.of(NO_OPPONENT(name=named[:40]))
    name = str(action.params.get("skill") or "").strip()[:60]
    other_name = str(action.params.get("their_skill") or "").strip()[:60] or name
    mine, theirs = _target(c, name), _target(other, other_name)
    settings = settings_of(state)
    out = Emitter(state, dice)
    roll = out.dice.roll(100, f"opposed {mine.key} for {c['name']}")
    other_roll = out.dice.roll(100, f"opposed {theirs.key} for {other['name']}")
    flags = (settings.auto_fail_00, settings.auto_success_01)
    level = dg_level(mine.chance, roll, *flags)
    other_level = dg_level(theirs.chance, other_roll, *flags)
    side = opposed(level, roll, mine.chance, other_level, other_roll, theirs.chance, dg=True)
    winner = {"a": c, "b": other}.get(side)
    line = OPPOSED(
        who=c["name"],
        skill=check_label(mine.key, name),
        roll=roll,
        chance=mine.chance,
        level=LEVELS[level](),
        other=other["name"],
        other_skill=check_label(theirs.key, other_name),
        other_roll=other_roll,
        other_chance=theirs.chance,
        other_level=LEVELS[other_level](),
        winner=WINS(name=winner["name"]) if winner else NEITHER(),
    )
    won = winner["id"] if winner else ""
    out.emit("opposed.rolled", line, (), who=c["id"], against=other["id"], winner=won)
    return out.events


def _loss(expr: str) -> DamageDice:
    try:
        return DamageDice.parse(expr)
    except DiceError:
        raise IllegalAction.of(BAD_LOSS(expr=expr[:30])) from None


def _sanity_check(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-SAN-1: d100 against current SAN (DG-MIND-1: POW x 5 until the sheet says); a success
    loses the first part of "1/1d6", a failure the second, never below 0; the sheet keeps it."""
    c = _agent(state, action)
    on_success = str(action.params.get("on_success") or "0")[:30]
    on_failure = str(action.params.get("on_failure") or "1")[:30]
    ok_dice, fail_dice = _loss(on_success), _loss(on_failure)
    settings = settings_of(state)
    out = Emitter(state, dice)
    chance = current(c["sheet"], "san")
    roll = out.dice.roll(100, f"SAN roll for {c['name']}")
    level = dg_level(chance, roll, settings.auto_fail_00, settings.auto_success_01)
    ok = succeeded(level)
    rolled, _ = (ok_dice if ok else fail_dice).roll(out.dice, f"SAN loss for {c['name']}")
    loss = max(0, min(rolled, chance))
    line = SAN_CHECKED(
        who=c["name"],
        roll=roll,
        chance=chance,
        level=LEVELS[level](),
        loss=loss,
        expr=on_success if ok else on_failure,
        san=chance - loss,
    )
    change = ["set", ["combatants", c["id"], "sheet", "san"], chance - loss]
    out.emit(
        "sanity.checked",
        line,
        [change],
        who=c["id"],
        chance=chance,
        roll=roll,
        level=level,
        loss=loss,
        san=chance - loss,
    )
    return out.events


def check_label(key: str, typed: str | None = None) -> Msg | str:
    """A skill's or characteristic's name as the log and the forms say it (in the reader's
    language); a skill the group named itself reads as written."""
    if key in CHARACTERISTIC_LABELS:
        return CHARACTERISTIC_LABELS[key]()
    if key in SKILL_KEYS:
        return skill_word(key)
    return typed if typed is not None else key.replace("_", " ")


def _offer_check(state: Json, actor: str) -> ActionTemplate | None:
    c = state["combatants"].get(actor)
    if c is None or c.get("dead"):
        return None
    keys = sorted(c["sheet"]["skills"]) + [k for k in CHARACTERISTICS if k in c["sheet"]]
    pairs: list[tuple[str, Msg | str]] = [(k, check_label(k)) for k in keys]
    asked = str((state.get("asked") or {}).get(actor) or "")
    if asked:  # DG-CHECK-6: the GM's group check first, named in the form's title
        pairs.insert(0, (asked, check_label(key_of(asked), asked)))
    label = ASKED_FORM(skill=check_label(key_of(asked), asked)) if asked else CHECK()
    return ActionTemplate(
        "check",
        label,
        "DG-CHECK-1",
        (
            Field("skill", F_SKILL(), "choice", choices(pairs), default=pairs[0][0]),
            Field("hidden", F_HIDDEN(), "checkbox", default=False),
        ),
        cost=FREE(),  # no action card: a roll outside the round's actions
    )


def _offer_sanity(state: Json, actor: str) -> ActionTemplate | None:
    if actor not in state["combatants"]:
        return None
    return ActionTemplate(
        "sanity_check",
        SANITY_CHECK(),
        "DG-SAN-1",
        (
            Field("on_success", F_ON_SUCCESS(), "text", default="0"),
            Field("on_failure", F_ON_FAILURE(), "text", default="1d4"),
        ),
        cost=FREE(),
    )


def _offer_opposed(state: Json, actor: str) -> ActionTemplate | None:
    people = [(i, o["name"]) for i, o in sorted(state["combatants"].items()) if i != actor]
    if actor not in state["combatants"] or not people:
        return None
    return ActionTemplate(
        "opposed_check",
        OPPOSE(),
        "DG-CHECK-4",
        (
            Field("skill", F_SKILL(), "text", default="str"),
            Field("against", F_AGAINST(), "choice", choices(people), default=people[0][0]),
        ),
        cost=FREE(),
    )


def _offer_growth(state: Json, actor: str) -> ActionTemplate | None:
    c = state["combatants"].get(actor)
    if c is None or not c.get("marks"):
        return None
    return ActionTemplate("growth", GROWTH(), "DG-GROW-1", cost=FREE())


def _growth(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-GROW-1: each marked skill (or the one named) gains 1d4; its mark is cleared."""
    c = _agent(state, action)
    named = str(action.params.get("skill") or "").strip()
    marks = list(c.get("marks") or [])
    keys = [_target(c, named).key] if named else marks
    if not keys:
        raise IllegalAction.of(NO_MARKS(who=c["name"]))
    out = Emitter(state, dice)
    for key in keys:
        now = out.state["combatants"][c["id"]]
        value = int(now["sheet"]["skills"].get(key, 0))
        gain, _ = DamageDice.parse(DG_GROWTH).roll(
            out.dice, f"growth gain of {key} for {c['name']}"
        )
        base = ["combatants", c["id"]]
        changes: list[list[Any]] = [
            *unmark_changes(now, key),
            ["set", [*base, "sheet", "skills", key], value + gain],
            ["set", [*base, SHEET_VALUES, value_key(key, False)], value + gain],
        ]
        line = GROWN(who=c["name"], skill=check_label(key), gain=gain, value=value + gain)
        out.emit("skill.grown", line, changes, who=c["id"], skill=key, roll=gain, gain=gain)
    return out.events


def _set_values(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-CHECK-5: the GM or the agent's player sets skills and characteristics in one line;
    all or none are set."""
    c = _agent(state, action)
    raw = action.params.get("values")
    if not isinstance(raw, list) or not raw:
        raise IllegalAction.of(BAD_VALUE(name="?", most=200))
    changes: list[Any] = []
    said: list[str] = []
    for pair in raw[:40]:
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            raise IllegalAction.of(BAD_VALUE(name="?", most=200))
        name, value = str(pair[0])[:60], pair[1]
        key = key_of(name)
        most = 99 if key in CHARACTERISTICS else 200
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
            raise IllegalAction.of(BAD_VALUE(name=name, most=most))
        path = ["sheet", key] if key in CHARACTERISTICS else ["sheet", "skills", key]
        changes.append(["set", ["combatants", c["id"], *path], value])
        record = value_key(key, key in CHARACTERISTICS)
        changes.append(["set", ["combatants", c["id"], SHEET_VALUES, record], value])
        said.append(f"{name} {value}")
    out = Emitter(state, dice)
    out.emit("values.set", VALUES_SET(who=c["name"], values=", ".join(said)), changes, who=c["id"])
    return out.events


def _ask(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-CHECK-6: the GM asks several agents for the same check; each answers on their own
    page (the check is offered to them, the asked skill first, until they roll it)."""
    combatants: Mapping[str, Json] = state["combatants"]
    chosen = [i for i in sorted(combatants) if bool_param(action.params, f"t_{i}")]
    if not chosen:
        raise IllegalAction.of(NO_ONE_ASKED())
    name = str(action.params.get("skill") or "").strip()[:60]
    if not name:
        raise IllegalAction.of(NO_SKILL_ASKED())
    for ident in chosen:
        _target(combatants[ident], name)  # each has it, or the ask is refused
    out = Emitter(state, dice)
    out.emit(
        "check.asked",
        ASKED(
            who=", ".join(combatants[i]["name"] for i in chosen),
            skill=check_label(key_of(name), name),
        ),
        [["set", ["asked", i], name] for i in chosen],
        who=chosen,
        skill=name,
    )
    return out.events


def _offer_ask(state: Json, actor: str) -> ActionTemplate | None:
    living = [(i, c["name"]) for i, c in sorted(state["combatants"].items()) if not c.get("dead")]
    if not living:
        return None
    return ActionTemplate(
        "ask_check",
        ASK(),
        "DG-CHECK-6",
        (
            *(Field(f"t_{i}", F_ASK_WHO(name=n), "checkbox", default=False) for i, n in living),
            Field("skill", F_SKILL(), "text", default="alertness"),
        ),
        cost=FREE(),
    )


def _agents(state: Any, actor: str) -> bool:
    return actor != GM_ACTOR and actor in state["combatants"]


GM_KINDS = frozenset({"ask_check"})  # DG-CHECK-6: sent by the GM as the GM
SPECS = [
    ActionSpec("check", "DG-CHECK-1", _check, who=_agents, offer=_offer_check),
    ActionSpec("sanity_check", "DG-SAN-1", _sanity_check, who=_agents, offer=_offer_sanity),
    ActionSpec("opposed_check", "DG-CHECK-4", _opposed, who=_agents, offer=_offer_opposed),
    ActionSpec("set_values", "DG-CHECK-5", _set_values, who=_agents),
    ActionSpec("growth", "DG-GROW-1", _growth, who=_agents, offer=_offer_growth),
    ActionSpec("ask_check", "DG-CHECK-6", _ask, who=is_gm, offer=_offer_ask),
]
