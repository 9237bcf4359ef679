"""The rest of the session (issue 38): checks by skill name, hidden checks, Sanity checks with
loss notation, sheet values set in one line and growth rolls, for one's own investigator or, by
the Keeper, for anyone. The chat's `.ra`, `.rh`, `.sc`, `.st` and `.en` send these."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.brp.core import DamageDice, idea_chance
from rules.brp.skill_checks import (
    CHARACTERISTICS,
    COC_GROWTH,
    EXTREME,
    FUMBLE,
    SHEET_VALUES,
    SUCCESS,
    Target,
    coc_grows,
    coc_level,
    find_target,
    key_of,
    mark_changes,
    opposed,
    resistance,
    succeeded,
    unmark_changes,
    value_key,
)
from rules.coc.actions.common import refuse
from rules.coc.actions.keeper import targets_of, who_fields
from rules.coc.damage import hp_secret
from rules.coc.sheet import LABELS as SHEET_LABELS
from rules.coc.state import Script, cset, settings_of
from rules.coc.tables import SKILL_NAMES
from rules.core.actions import GM_ACTOR, is_gm
from rules.core.dice import Dice
from rules.core.errors import DiceError, IllegalAction
from rules.core.kit import ActionSpec, ActionTemplate, Field, Message, Msg, choices
from rules.core.params import bool_param, int_param
from rules.core.system import EVERYONE, Action, Event, Json

# What each die of a check is for, as the log's dice read (vtt/words.py reads these patterns for
# Delta Green's checks too): by the character's name, the skill's key read as its word.
PURPOSE_CHECK = Message("coc.purpose.check", "{skill} check for {name}")
PURPOSE_SANITY_CHECK = Message("coc.purpose.sanity_check", "Sanity check for {name}")
PURPOSE_SAN_ROLL = Message("coc.purpose.san_roll", "SAN roll for {name}")
PURPOSE_RESISTANCE = Message("coc.purpose.resistance_of", "resistance {name} against {other}")
PURPOSE_OPPOSED = Message("coc.purpose.opposed", "opposed {skill} for {name}")
PURPOSE_GROWTH = Message("coc.purpose.growth", "growth of {skill} for {name}")
PURPOSE_GROWTH_GAIN = Message("coc.purpose.growth_gain", "growth gain of {skill} for {name}")
CHECKED = Message("coc.check.rolled", "{who} checks {skill}: {roll} against {chance}% - {level}")
CHECKED_UNSEEN = Message("coc.check.unseen", "{who} made a hidden check.")
LEVELS = {
    EXTREME: Message("coc.check.level.extreme", "extreme success"),
    SUCCESS: Message("coc.check.level.success", "success"),
    "failure": Message("coc.check.level.failure", "failure"),
    FUMBLE: Message("coc.check.level.fumble", "fumble"),
}
SAN_CHECKED = Message(
    "coc.sanity_check.rolled",
    "{who} checks Sanity: {roll} against {chance}% - {level}; loses {loss} SAN ({expr}), now {san}",
)
SAN_INSANE = Message(
    "coc.sanity_check.temporary",
    "{who} lost {loss} SAN at once: the Keeper decides a temporary insanity (COC-SAN-2)",
)
OPPOSED = Message(
    "coc.opposed.rolled",
    "{who} ({skill}) {roll} against {chance}% - {level}; {other} ({other_skill}) {other_roll} "
    "against {other_chance}% - {other_level}: {winner}",
)
RESISTED = Message(
    "coc.opposed.resisted",
    "{who}'s {skill} {value} against {other}'s {other_skill} {other_value}: {roll} against "
    "{chance}% - {winner}",
)
# Against a Keeper's creature or NPC its holder's side reads its own roll and who won, never the
# creature's chance or characteristic (its sheet is the Keeper's, rules/coc/view.py).
OPPOSED_CLOSED = Message(
    "coc.opposed.rolled_closed",
    "{who} ({skill}) {roll} against {chance}% - {level}; against {other}: {winner}",
)
RESISTED_CLOSED = Message(
    "coc.opposed.resisted_closed",
    "{who}'s {skill} {value} against {other}'s {other_skill}: {roll} - {winner}",
)
WINS = Message("coc.opposed.wins", "{name} wins")
NEITHER = Message("coc.opposed.neither", "neither wins")
OPPOSE = Message("coc.action.opposed_check", "Opposed check")
F_AGAINST = Message("coc.field.against", "Against")
F_THEIR_SKILL = Message("coc.field.their_skill", "Their skill or characteristic (blank: the same)")
UNSEEN = Message("coc.check.npc_unseen", "The Keeper rolls for {who}.")
SAN_ZERO = Message("coc.sanity_check.zero", "{who} has 0 SAN left: permanently insane (COC-SAN-2)")
VALUES_SET = Message("coc.values.set", "{who}: {values}")
GROWN = Message("coc.growth.rolled", "{who} grows {skill}: {roll} against {chance}% - +{gain}")
NOT_GROWN = Message("coc.growth.none", "{who} grows {skill}: {roll} against {chance}% - no gain")
NO_MARKS = Message("coc.growth.no_marks", "{who} has no skill marked for growth")
UNKNOWN_SKILL = Message("coc.check.unknown", "{who} has no skill or characteristic {skill}")
WHO_FOR = Message("coc.check.who", "for whom? The Keeper names the investigator (@name)")
NOT_YOURS = Message("coc.check.not_yours", "only the Keeper checks for another character")
BAD_LOSS = Message("coc.sanity_check.bad_loss", "{expr} is not a Sanity loss such as 1d6")
BAD_VALUE = Message("coc.values.bad", "{name} must be a whole number from 0 to {most}")
ASKED = Message("coc.check.asked", "The Keeper asks {who} for a {skill} check")
ASKED_FORM = Message("coc.action.asked_check", "The Keeper asks: {skill} check")
CHECK = Message("coc.action.check", "Check a skill")
ASK = Message("coc.action.ask_check", "Ask for a group check")
SANITY_CHECK = Message("coc.action.sanity_check", "Sanity check")
GROWTH = Message("coc.action.growth", "Growth rolls for marked skills")
F_SKILL = Message("coc.field.check_skill", "Skill or characteristic")
F_HIDDEN = Message("coc.field.hidden", "Hidden (only you and the Keeper see it)")
F_FOR = Message("coc.field.check_for", "For")
F_ON_SUCCESS = Message("coc.field.sc_success", "SAN lost on a success")
F_ON_FAILURE = Message("coc.field.sc_failure", "SAN lost on a failure")


def who_of(state: Json, action: Action) -> Json:
    """The investigator a check is for: the actor's own, or the one the Keeper names by id or
    name (a player may name only its own)."""
    named = str(action.params.get("who") or "").strip()
    combatants: Mapping[str, Json] = state["combatants"]
    if not named:
        if action.actor in combatants:
            return combatants[action.actor]
        raise refuse(WHO_FOR())
    for c in combatants.values():
        if named in (c["id"], c["name"]) or named.casefold() == str(c["name"]).casefold():
            if action.actor not in (GM_ACTOR, c["id"]):
                raise refuse(NOT_YOURS())
            return c
    raise refuse(WHO_FOR())


def target_of(c: Json, name: str) -> Target:
    """COC-CHECK-1/-2: the skill, characteristic (x 5), current Luck or SAN, or Idea named."""
    key = key_of(name)
    if key in ("luck", "san"):
        return Target(key, int(c[key]), False, int(c[key]))  # COC-GEN-2: Luck as it stands
    if key == "idea":
        return Target(key, idea_chance(int(c["sheet"]["int"])), False, int(c["sheet"]["int"]))
    sheet = c["sheet"]
    found = find_target(name, sheet["skills"], {k: sheet.get(k) for k in CHARACTERISTICS})
    if found is None:
        raise refuse(UNKNOWN_SKILL(who=c["name"], skill=name))
    return found


def closed_to(action: Action, other: Json) -> bool:
    """Whether `other`'s sheet is closed to the sender: a Keeper's creature or NPC, sent by a
    player (the view opens only the investigators' sheets to players)."""
    return action.actor != GM_ACTOR and other["side"] != "investigators"


def closed_target(other: Json, name: str) -> Target:
    """COC-CHECK-4 against a closed sheet: the skill or characteristic named, or, when the
    creature has none of that name, nothing to oppose with (0%; a characteristic named as such
    is still one, so the resistance table is chosen by the name alone, COC-CHECK-3). The player
    reads only its own roll and who won, so nothing tells what the sheet holds."""
    found = target_of_or_none(other, name)
    if found is not None:
        return found
    key = key_of(name)
    return Target(key, 0, key in CHARACTERISTICS, 0)


def target_of_or_none(c: Json, name: str) -> Target | None:
    """`target_of`, or None where it would refuse."""
    try:
        return target_of(c, name)
    except IllegalAction:
        return None


def _check(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-CHECK-1: d100 against a skill by name (COC-GEN-1), its level; a success marks the
    skill for growth (COC-GROW-1). Hidden, only the character's holder and the Keeper read it,
    and its mark (rules/brp/skill_checks.py `marks_seen`)."""
    c = who_of(state, action)
    name = str(action.params.get("skill") or "").strip()[:60]
    if action.params.get("value") not in (None, ""):  # `.ra listen 50`: the value typed
        chance = int_param(action.params, "value", low=0, high=200)
        target = Target(key_of(name), chance, False, chance)
    else:
        target = target_of(c, name)
        chance = target.chance
    chance += int_param(action.params, "modifier", low=-200, high=200, default=0)
    times = int_param(action.params, "times", low=1, high=10, default=1)
    hidden = bool_param(action.params, "hidden")
    script = Script(state, dice)
    auto_fail = settings_of(state).auto_fail_00
    # an NPC's sheet is the Keeper's (rules/coc/view.py): its checks are read by its holder
    seen, unseen = hp_secret(c, UNSEEN(who=c["name"]))
    for _ in range(times):
        roll = script.dice.roll(100, f"{target.key} check for {c['name']}")
        level = coc_level(chance, roll, auto_fail)
        mark = succeeded(level) and not target.characteristic and target.key in c["sheet"]["skills"]
        changes = mark_changes(script.c(c["id"]), target.key, hidden) if mark else []
        if c["id"] in (script.state.get("asked") or {}):  # a group check answered
            changes.append(["del", ["asked", c["id"]]])
        line = CHECKED(
            who=c["name"],
            skill=check_label(target.key, name),
            roll=roll,
            chance=chance,
            level=LEVELS[level](),
        )
        script.emit(
            "check.rolled",
            line,
            changes,
            audience=f"actor:{c['id']}" if hidden else seen,
            redacted=CHECKED_UNSEEN(who=c["name"]) if hidden else unseen,
            who=c["id"],
            skill=target.key,
            chance=chance,
            roll=roll,
            level=level,
            hidden=hidden,
        )
    return script.events


def _loss(expr: str) -> DamageDice:
    try:
        return DamageDice.parse(expr)
    except DiceError:
        raise refuse(BAD_LOSS(expr=expr[:30])) from None


def _sanity_check(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-SAN-1: d100 against current SAN; a success loses the first part of "1/1d6", a
    failure the second, never below 0; COC-SAN-2 flags a loss of 5 or more at once, and 0 SAN,
    for the Keeper."""
    c = who_of(state, action)
    on_success = str(action.params.get("on_success") or "0")[:30]
    on_failure = str(action.params.get("on_failure") or "1")[:30]
    dice_ok, dice_fail = _loss(on_success), _loss(on_failure)
    script = Script(state, dice)
    chance = int(c["san"])
    roll = script.dice.roll(100, f"Sanity check for {c['name']}")
    level = coc_level(chance, roll, settings_of(state).auto_fail_00)
    expr = on_success if succeeded(level) else on_failure
    seen = hp_secret(c, UNSEEN(who=c["name"]))[0]
    rolled, _ = (dice_ok if succeeded(level) else dice_fail).roll(
        script.dice, f"SAN loss for {c['name']}"
    )
    loss = max(0, min(rolled, chance))
    san = chance - loss
    line = SAN_CHECKED(
        who=c["name"],
        roll=roll,
        chance=chance,
        level=LEVELS[level](),
        loss=loss,
        expr=expr,
        san=san,
    )
    script.emit(
        "sanity.checked",
        line,
        [cset(c["id"], "san", san)],
        *hp_secret(c, UNSEEN(who=c["name"])),
        who=c["id"],
        chance=chance,
        roll=roll,
        level=level,
        loss=loss,
        san=san,
    )
    if loss >= 5:
        script.emit(
            "sanity.flagged",
            SAN_INSANE(who=c["name"], loss=loss),
            (),
            seen,
            None,
            who=c["id"],
            loss=loss,
        )
    if san == 0 and chance > 0:
        script.emit(
            "sanity.flagged", SAN_ZERO(who=c["name"]), (), seen, None, who=c["id"], loss=loss
        )
    return script.events


def _opposed(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-CHECK-4: both roll, the better level wins, at the same level the higher skill;
    COC-CHECK-3: characteristic against characteristic is one roll on the resistance table.
    Against a Keeper's creature the investigator's player reads neither its chance nor its
    characteristic (its sheet is closed); the others read that the Keeper rolled."""
    c = who_of(state, action)
    other = who_of(state, Action(action.kind, GM_ACTOR, {"who": action.params.get("against")}))
    if other["id"] == c["id"]:
        raise refuse(WHO_FOR())
    name = str(action.params.get("skill") or "").strip()[:60]
    other_name = str(action.params.get("their_skill") or "").strip()[:60] or name
    mine = target_of(c, name)
    # a creature's sheet is the Keeper's (rules/coc/view.py): a player's roll against it is
    # never refused for what the sheet holds or lacks
    theirs = (closed_target if closed_to(action, other) else target_of)(other, other_name)
    script = Script(state, dice)
    # an NPC's chances are the Keeper's: a roll against one is read by the roller's holder only
    both = c["side"] == other["side"] == "investigators"
    seen = EVERYONE if both else f"actor:{c['id']}" if c["side"] == "investigators" else "gm"
    unseen = None if seen == EVERYONE else UNSEEN(who=f"{c['name']}, {other['name']}")
    # ... and its player reads the roll without the creature's chances (its dice say its roll)
    closed = seen == f"actor:{c['id']}"
    if mine.characteristic and theirs.characteristic:
        roll = script.dice.roll(100, f"resistance {c['name']} against {other['name']}")
        chance, won = resistance(mine.value, theirs.value, roll)
        winner = c if won else other
        line = RESISTED(
            who=c["name"],
            skill=check_label(mine.key, name),
            value=mine.value,
            other=other["name"],
            other_skill=check_label(theirs.key, other_name),
            other_value=theirs.value,
            roll=roll,
            chance=chance,
            winner=WINS(name=winner["name"]),
        )
        if closed:
            line = RESISTED_CLOSED(
                who=c["name"],
                skill=check_label(mine.key, name),
                value=mine.value,
                other=other["name"],
                other_skill=check_label(theirs.key, other_name),
                roll=roll,
                winner=WINS(name=winner["name"]),
            )
        script.emit(
            "opposed.rolled",
            line,
            (),
            seen,
            unseen,
            who=c["id"],
            against=other["id"],
            winner=winner["id"],
        )
        return script.events
    auto_fail = settings_of(state).auto_fail_00
    roll = script.dice.roll(100, f"opposed {mine.key} for {c['name']}")
    other_roll = script.dice.roll(100, f"opposed {theirs.key} for {other['name']}")
    level = coc_level(mine.chance, roll, auto_fail)
    other_level = coc_level(theirs.chance, other_roll, auto_fail)
    side = opposed(level, roll, mine.chance, other_level, other_roll, theirs.chance)
    winner_id = {"a": c["id"], "b": other["id"]}.get(side, "")
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
        winner=WINS(name=state["combatants"][winner_id]["name"]) if winner_id else NEITHER(),
    )
    if closed:
        line = OPPOSED_CLOSED(
            who=c["name"],
            skill=check_label(mine.key, name),
            roll=roll,
            chance=mine.chance,
            level=LEVELS[level](),
            other=other["name"],
            winner=WINS(name=state["combatants"][winner_id]["name"]) if winner_id else NEITHER(),
        )
    script.emit(
        "opposed.rolled",
        line,
        (),
        seen,
        unseen,
        who=c["id"],
        against=other["id"],
        winner=winner_id,
    )
    return script.events


def _offer_opposed(state: Json, actor: str) -> ActionTemplate | None:
    people = [(i, c["name"]) for i, c in sorted(state["combatants"].items()) if i != actor]
    if not people or (actor != GM_ACTOR and actor not in state["combatants"]):
        return None
    mine = (
        (Field("who", F_FOR(), "choice", choices(people), default=people[0][0]),)
        if actor == GM_ACTOR
        else ()
    )
    return ActionTemplate(
        "opposed_check",
        OPPOSE(),
        "COC-CHECK-4",
        (
            *mine,
            Field("skill", F_SKILL(), "text", default="str"),
            Field("against", F_AGAINST(), "choice", choices(people), default=people[-1][0]),
            Field("their_skill", F_THEIR_SKILL(), "text", default=""),
        ),
    )


def _ask(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-CHECK-6: the Keeper asks several investigators for the same check; each answers on
    their own page (the check is offered to them until they roll it)."""
    chosen = targets_of(state, action.params)
    name = str(action.params.get("skill") or "").strip()[:60]
    if not name:
        raise refuse(WHO_FOR())
    for ident in chosen:
        target_of(state["combatants"][ident], name)  # each has it, or the ask is refused
    names = ", ".join(state["combatants"][i]["name"] for i in chosen)
    script = Script(state, dice)
    changes = [["set", ["asked", i], name] for i in chosen]
    script.emit(
        "check.asked",
        ASKED(who=names, skill=check_label(key_of(name), name)),
        changes,
        who=chosen,
        skill=name,
    )
    return script.events


# What a check's choice reads: the sheet's own words for a skill or characteristic, never its key.
LUCK_NAME = Message("coc.skill.luck", "Luck")  # as care.py says it
IDEA_NAME = Message("coc.skill.idea", "Idea")  # as attack.py says it
_SHEET_WORDS = {message.id: message for message in SHEET_LABELS}


def check_label(key: str, typed: str | None = None) -> Msg | str:
    """A skill's or characteristic's name in the reader's language; a group's own skill (not in
    the catalogue) reads as the sheet or the Keeper wrote it."""
    if key in SKILL_NAMES:
        return SKILL_NAMES[key]()
    if key == "luck":
        return LUCK_NAME()
    if key == "idea":
        return IDEA_NAME()
    sheet_word = _SHEET_WORDS.get(f"coc.sheet.{key}")
    if sheet_word is not None:
        return sheet_word()
    return typed if typed is not None else key.replace("_", " ")


def _skill_fields(c: Json, asked: str) -> tuple[Field, ...]:
    """A check's form for one investigator: the asked skill first, then Luck, SAN, Idea, the
    sheet's skills and characteristics."""
    keys = ["luck", "san", "idea", *sorted(c["sheet"]["skills"]), *CHARACTERISTICS[:8]]
    pairs: list[tuple[str, Msg | str]] = [(k, check_label(k)) for k in keys]
    if asked:
        pairs.insert(0, (asked, check_label(key_of(asked), asked)))
    return (
        Field("skill", F_SKILL(), "choice", choices(pairs), default=pairs[0][0]),
        Field("hidden", F_HIDDEN(), "checkbox", default=False),
    )


def _offer_check(state: Json, actor: str) -> ActionTemplate | None:
    if actor == GM_ACTOR:
        people = [(i, c["name"]) for i, c in sorted(state["combatants"].items())]
        return ActionTemplate(
            "check",
            CHECK(),
            "COC-CHECK-1",
            (
                Field("who", F_FOR(), "choice", choices(people), default=people[0][0]),
                Field("skill", F_SKILL(), "text", default="luck"),
                Field("hidden", F_HIDDEN(), "checkbox", default=False),
            ),
        )
    c = state["combatants"].get(actor)
    if c is None or c["dead"]:
        return None
    asked = str((state.get("asked") or {}).get(actor) or "")
    label = ASKED_FORM(skill=check_label(key_of(asked), asked)) if asked else CHECK()
    return ActionTemplate("check", label, "COC-CHECK-1", _skill_fields(c, asked))


def _offer_sanity(state: Json, actor: str) -> ActionTemplate | None:
    if actor not in state["combatants"]:
        return None
    return ActionTemplate(
        "sanity_check",
        SANITY_CHECK(),
        "COC-SAN-1",
        (
            Field("on_success", F_ON_SUCCESS(), "text", default="0"),
            Field("on_failure", F_ON_FAILURE(), "text", default="1d6"),
        ),
    )


def _offer_growth(state: Json, actor: str) -> ActionTemplate | None:
    c = state["combatants"].get(actor)
    if c is None or not c.get("marks"):
        return None
    return ActionTemplate("growth", GROWTH(), "COC-GROW-1")


def _offer_ask(state: Json, actor: str) -> ActionTemplate:
    return ActionTemplate(
        "ask_check",
        ASK(),
        "COC-CHECK-6",
        (*who_fields(state), Field("skill", F_SKILL(), "text", default="luck")),
    )


LIMITS = {"san": 99, "luck": 99, "hp": 99, "mp": 99}


def _set_values(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-CHECK-5: the Keeper or the investigator's player sets sheet values in one line
    (characteristics, skills, current SAN, Luck, HP, MP); all or none are set."""
    c = who_of(state, action)
    raw = action.params.get("values")
    if not isinstance(raw, list) or not raw:
        raise refuse(BAD_VALUE(name="?", most=200))
    changes: list[list[Any]] = []
    said: list[str] = []
    for pair in raw[:40]:
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            raise refuse(BAD_VALUE(name="?", most=200))
        name, value = str(pair[0])[:60], pair[1]
        key = key_of(name)
        most = 200 if key not in CHARACTERISTICS else 99
        most = LIMITS.get(key, most)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
            raise refuse(BAD_VALUE(name=name, most=most))
        if key in LIMITS:
            changes.append(cset(c["id"], key, value))
        elif key in CHARACTERISTICS:
            changes.append(cset(c["id"], "sheet", key, value))
            changes.append(cset(c["id"], SHEET_VALUES, value_key(key, True), value))
            if key in ("con", "app"):
                changes.append(cset(c["id"], key, value))
        else:
            changes.append(cset(c["id"], "sheet", "skills", key, value))
            changes.append(cset(c["id"], SHEET_VALUES, value_key(key, False), value))
        said.append(f"{name} {value}")
    script = Script(state, dice)
    line = VALUES_SET(who=c["name"], values=", ".join(said))
    script.emit("values.set", line, changes, *hp_secret(c, UNSEEN(who=c["name"])), who=c["id"])
    return script.events


def _growth(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-GROW-1: for each marked skill (or the one named), d100 over the skill (or 96+) adds
    1d10; the mark is cleared either way."""
    c = who_of(state, action)
    named = str(action.params.get("skill") or "").strip()
    marks = list(c.get("marks") or [])
    keys = [target_of(c, named).key] if named else marks
    if not keys:
        raise refuse(NO_MARKS(who=c["name"]))
    script = Script(state, dice)
    for key in keys:
        skill = int(script.c(c["id"])["sheet"]["skills"].get(key, 0))
        roll = script.dice.roll(100, f"growth of {key} for {c['name']}")
        changes: list[list[Any]] = unmark_changes(script.c(c["id"]), key)
        msg: Msg
        if coc_grows(skill, roll):
            gain, _ = DamageDice.parse(COC_GROWTH).roll(
                script.dice, f"growth gain of {key} for {c['name']}"
            )
            changes.append(cset(c["id"], "sheet", "skills", key, skill + gain))
            changes.append(cset(c["id"], SHEET_VALUES, value_key(key, False), skill + gain))
            msg = GROWN(who=c["name"], skill=check_label(key), roll=roll, chance=skill, gain=gain)
        else:
            gain = 0
            msg = NOT_GROWN(who=c["name"], skill=check_label(key), roll=roll, chance=skill)
        seen, unseen = hp_secret(c, UNSEEN(who=c["name"]))
        script.emit(
            "skill.grown", msg, changes, seen, unseen, who=c["id"], skill=key, roll=roll, gain=gain
        )
    return script.events


def _anyone(state: Any, actor: str) -> bool:
    return actor == GM_ACTOR or actor in state["combatants"]


SPECS = [
    ActionSpec("check", "COC-CHECK-1", _check, who=_anyone, offer=_offer_check),
    ActionSpec("opposed_check", "COC-CHECK-4", _opposed, who=_anyone, offer=_offer_opposed),
    ActionSpec("ask_check", "COC-CHECK-6", _ask, who=is_gm, offer=_offer_ask),
    ActionSpec("sanity_check", "COC-SAN-1", _sanity_check, who=_anyone, offer=_offer_sanity),
    ActionSpec("set_values", "COC-CHECK-5", _set_values, who=_anyone),
    ActionSpec("growth", "COC-GROW-1", _growth, who=_anyone, offer=_offer_growth),
]
