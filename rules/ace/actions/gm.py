"""The GM's tools: area damage, cover, conditions, attributes, healing, rest."""

from __future__ import annotations

from rules.ace import messages as m
from rules.ace.actions.attack import harm, hurt
from rules.ace.actions.common import (
    GM,
    named,
    refuse,
    told,
    unseen_audience,
)
from rules.ace.rolls import resolve_damage, skill_damage_expr
from rules.ace.state import Op, State, combatant, cpath, settings_of
from rules.ace.stats import absorption, area_defence, con_reduction, resistance
from rules.ace.tables import (
    ATTRIBUTE_NAMES,
    ATTRIBUTES,
    CONDITION_NAMES,
    CONDITIONS,
    COVER,
    COVER_NAMES,
    ENERGY_NAMES,
    ENERGY_TYPES,
)
from rules.core.changes import Emitter
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.kit import ActionSpec, ActionTemplate, Field, choices
from rules.core.params import REQUIRED, choice_param, int_param
from rules.core.system import Action, Event

EVERYONE = "*"


def area(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-AREA-1 / ACE-AMB-16: area damage minus max(DEX, CON) + footwork; no hit roll."""
    s = settings_of(state)
    amount = int_param(action.params, "amount", low=0, high=200)
    energy = choice_param(action.params, "energy", ENERGY_TYPES, "")
    target = str(action.params.get("target") or EVERYONE)
    victims = (
        [c for c in state["combatants"].values() if not c["dead"]]
        if target == EVERYONE
        else [combatant(state, target)]
    )
    out = Emitter(state, dice)
    out.emit("area.struck", m.AREA(amount=amount, energy=ENERGY_NAMES[energy]()), [])
    for victim in victims:
        now = out.state["combatants"][victim["id"]]
        pool = max(0, amount - area_defence(now))  # ACE-EX-35
        result = resolve_damage(
            pool,
            dice,
            critical=False,
            flat=0,
            energy=energy,
            resistance=resistance(now, energy) if energy else 0,
            con_reduction=con_reduction(now, s),
            s=s,
            absorb=absorption(now),
        )
        # ACE-STEALTH-1: an unnoticed victim is named only to its own side and the GM
        hurt(
            out.state,
            now,
            result,
            out,
            rule="ACE-AREA-1",
            audience=unseen_audience(out.state, [now["id"]]) or "all",
        )
    return out.events


def set_cover(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-COVER-1: the GM judges the cover a character has."""
    c = combatant(state, str(action.params.get("target") or ""))
    level = choice_param(action.params, "cover", COVER)
    ops: list[Op] = [
        ["set", cpath(c["id"], "cover"), level],
        ["set", cpath(c["id"], "shield"), False],
    ]
    return [
        Emitter(state, dice).emit(
            "cover.set",
            m.COVER_SET(name=c["name"], cover=COVER_NAMES[level]()),
            ops,
            audience=told(state, c["id"]),  # SCENE-HIDE-5: a GM-only token's cover is the GM's
        )
    ]


ABSORB_TYPES = ("all", *ENERGY_TYPES)


def skills(state: State) -> list[tuple[str, str]]:
    """Every skill attack at the table, as `combatant:key` with its owner's and its name."""
    return [
        (f"{c['id']}:{w['key']}", f"{c['name']}: {w['name']}")
        for c in state["combatants"].values()
        for w in c["sheet"]["weapons"]
        if w["kind"] == "skill"
    ]


def set_skill_damage(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-ATK-4: the GM sets the damage a skill's text gives (blank: back to the sheet's)."""
    which = choice_param(action.params, "skill", [key for key, _ in skills(state)])
    ident, key = which.split(":", 1)
    c = state["combatants"][ident]
    text = str(action.params.get("damage") or "").strip()
    if text and skill_damage_expr(text) is None:
        raise refuse(m.BAD_SKILL_DAMAGE(text=text[:40]), "ACE-ATK-4")
    name = next(w["name"] for w in c["sheet"]["weapons"] if w["key"] == key)
    table = {k: v for k, v in (c.get("skill_damage") or {}).items() if k != key}
    if text:
        table[key] = text
        line = m.SKILL_DAMAGE_SET(name=c["name"], skill=name, damage=text)
    else:
        line = m.SKILL_DAMAGE_CLEARED(name=c["name"], skill=name)
    return [
        Emitter(state, dice).emit(
            "skill.set",
            line,
            [["set", cpath(ident, "skill_damage"), table]],
            audience=named(state, ident),
        )
    ]


def set_absorption(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-PIPE-1 step 6: the GM gives (or, at 0, ends) a skill's or an item's absorption."""
    c = combatant(state, str(action.params.get("target") or ""))
    source = str(action.params.get("name") or "").strip()[:60]
    if not source:
        raise IllegalAction.of(REQUIRED(name="name"))
    energy = choice_param(action.params, "energy", ABSORB_TYPES, "all")
    value = int_param(action.params, "value", low=0, high=999)
    now = c.get("absorption")
    entries = list(c["sheet"].get("absorption") or () if now is None else now)
    kept = [entry for entry in entries if entry["name"] != source]
    if not value and len(kept) == len(entries):
        raise refuse(m.NO_ABSORPTION(name=c["name"], source=source), "ACE-PIPE-1")
    if value:
        kept.append({"name": source, "energy": energy, "value": value})
        kind = m.ENERGY_ALL() if energy == "all" else ENERGY_NAMES[energy]()
        line = m.ABSORBS(name=c["name"], source=source, value=value, energy=kind)
    else:
        line = m.ABSORB_ENDS(name=c["name"], source=source)
    return [
        Emitter(state, dice).emit(
            "absorption.set",
            line,
            [["set", cpath(c["id"], "absorption"), kept]],
            audience=named(state, c["id"]),
        )
    ]


def set_condition(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-CDG-1: the GM puts a combatant to sleep, knocks it out or petrifies it (or ends it)."""
    c = combatant(state, str(action.params.get("target") or ""))
    cond = choice_param(action.params, "condition", CONDITIONS)
    on = cond not in c["conditions"]
    conditions = [*c["conditions"], cond] if on else [x for x in c["conditions"] if x != cond]
    line = (m.CONDITION_ON if on else m.CONDITION_OFF)(
        name=c["name"], condition=CONDITION_NAMES[cond]()
    )
    return [
        Emitter(state, dice).emit(
            "condition.set",
            line,
            [["set", cpath(c["id"], "conditions"), conditions]],
            audience=named(state, c["id"]),
        )
    ]


def set_attribute(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-AMB-05 / ACE-ATTR-10: the GM sets a current attribute; a null one is unaffected."""
    c = combatant(state, str(action.params.get("target") or ""))
    key = choice_param(action.params, "attribute", ATTRIBUTES)
    if c["current"][key] is None:
        raise refuse(
            m.NULL_UNAFFECTED(name=c["name"], attribute=ATTRIBUTE_NAMES[key]()), "ACE-ATTR-10"
        )
    value = int_param(action.params, "value", low=0, high=999)
    line = m.ATTRIBUTE_SET(name=c["name"], attribute=ATTRIBUTE_NAMES[key](), value=value)
    return [
        Emitter(state, dice).emit(
            "attribute.set",
            line,
            [["set", cpath(c["id"], "current", key), value]],
            audience=named(state, c["id"]),
        )
    ]


def heal(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-ATTR-3: the GM adds or removes HP (skill damage, ACE-ATK-4; healing)."""
    c = combatant(state, str(action.params.get("target") or ""))
    amount = int_param(action.params, "amount", low=-999, high=999)
    if amount < 0:
        # ACE-ATTR-3: a death, whoever deals it, is an `attack.killed` event.
        ops, dead = harm(state, c, -amount)
        line = (m.KILLED_BY_GM if dead else m.HURT_BY_GM)(name=c["name"], amount=-amount)
        kind = "attack.killed" if dead else "damage.dealt"
        audience = named(state, c["id"])
        return [Emitter(state, dice).emit(kind, line, ops, rule="ACE-ATK-4", audience=audience)]
    if c["dead"]:
        raise refuse(m.DEAD(name=c["name"]), "ACE-ATTR-3")
    hp = min(int(c["hp_max"]), int(c["hp"]) + amount)
    return [
        Emitter(state, dice).emit(
            "hp.healed",
            m.HEALED(name=c["name"], hp=hp),
            [["set", cpath(c["id"], "hp"), hp]],
            audience=named(state, c["id"]),
        )
    ]


def drop(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-MARK-5: a reincarnator slain by a hostile one may drop an item from the Mark, the more
    likely the higher the kill value. The seed gives no formula, so the GM reads the chance off
    their own table and the server rolls the d100 (1 to the chance drops)."""
    c = combatant(state, str(action.params.get("target") or ""))
    if not c["dead"]:
        raise refuse(m.NOT_SLAIN(name=c["name"]), "ACE-MARK-5")
    chance = int_param(action.params, "chance", low=0, high=100)
    records = Emitter(state, dice)
    roll = dice.roll(100, m.PURPOSE_DROP.english)
    kills = int((c["sheet"].get("mark") or {}).get("kill_value", 0))
    words = {"name": c["name"], "kills": kills, "roll": roll, "chance": chance}
    line = (m.DROP_YES if roll <= chance else m.DROP_NO)(**words)
    audience = named(state, c["id"])
    dropped = roll <= chance
    return [
        records.emit("mark.drop", line, [], rule="ACE-MARK-5", audience=audience, dropped=dropped)
    ]


def mark_hint(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-MARK-4: in special cases a reincarnator may spend points and potential points to ask
    the Mark about unknown details. The seed leaves the price to the GM, who sets it here after
    hearing the question and answers at the table; the Mark's record on the sheet pays it."""
    c = combatant(state, str(action.params.get("target") or ""))
    mark = c["sheet"].get("mark") or {}
    points = int_param(action.params, "points", low=0, high=999_999)
    potential = int_param(action.params, "potential", low=0, high=999_999)
    held = {"points": int(mark.get("points", 0)), "potential": int(mark.get("potential", 0))}
    if points > held["points"] or potential > held["potential"]:
        raise refuse(m.HINT_TOO_DEAR(name=c["name"], **held), "ACE-MARK-4")
    left = {"points_left": held["points"] - points, "potential_left": held["potential"] - potential}
    paid = {**mark, "points": left["points_left"], "potential": left["potential_left"]}
    ops: list[Op] = [["set", cpath(c["id"], "sheet", "mark"), paid]]
    line = m.HINT_BOUGHT(name=c["name"], points=points, potential=potential, **left)
    audience = named(state, c["id"])
    return [Emitter(state, dice).emit("mark.hint", line, ops, rule="ACE-MARK-4", audience=audience)]


def rest(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-AMB-05: a full night's rest restores every current attribute to its maximum."""
    ops: list[Op] = []
    for c in state["combatants"].values():
        for key in ATTRIBUTES:
            ops.append(["set", cpath(c["id"], "current", key), c["sheet"][key]])
    return [Emitter(state, dice).emit("rest.taken", m.RESTED(), ops)]


def spend_spi(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-ATTR-8: with supernatural SPI, one passing out from hunger or thirst (the GM's
    "fainting" condition) spends 1 SPI to stay conscious 10 minutes; the GM sets the condition
    again when they are up."""
    s = settings_of(state)
    c = combatant(state, action.actor)
    spi = c["current"]["spi"]
    if not s.supernatural_spi or spi is None or spi < 1 or c["dead"]:
        raise refuse(m.NO_SPI(name=c["name"]), "ACE-ATTR-8")
    if "fainting" not in c["conditions"]:
        raise refuse(m.NOT_FAINTING(name=c["name"]), "ACE-ATTR-8")
    ops: list[Op] = [
        ["set", cpath(c["id"], "current", "spi"), spi - 1],
        ["set", cpath(c["id"], "conditions"), [x for x in c["conditions"] if x != "fainting"]],
    ]
    line = m.STAYS_AWAKE(name=c["name"])
    return [Emitter(state, dice).emit("spi.spent", line, ops, audience=named(state, c["id"]))]


def offer_spi(state: State, actor: str) -> ActionTemplate | None:
    """ACE-ATTR-8: offered to one passing out, while the optional rule is on."""
    c = state["combatants"].get(actor)
    if c is None or c["dead"] or not settings_of(state).supernatural_spi:
        return None
    if "fainting" not in c["conditions"] or not (c["current"]["spi"] or 0) >= 1:
        return None
    return ActionTemplate("spend_spi", m.L_SPEND_SPI(), "ACE-ATTR-8", cost=m.ACT_PASSIVE())


def offers(state: State, actor: str) -> list[ActionTemplate] | None:
    if actor != GM or not state["combatants"]:
        return None
    living = [c for c in state["combatants"].values()]
    first = living[0]["id"]
    who = Field(
        "target", m.F_WHO(), "target", choices((c["id"], c["name"]) for c in living), default=first
    )
    everyone = Field(
        "target",
        m.F_WHO(),
        "target",
        choices([(EVERYONE, m.EVERYONE()), *((c["id"], c["name"]) for c in living)]),
        default=EVERYONE,
    )
    out = [
        ActionTemplate(
            "area",
            m.L_AREA(),
            "ACE-AREA-1",
            (
                everyone,
                Field(
                    "amount", m.F_AMOUNT(), "number", default=18, min=0, max=200, rule="ACE-EX-03"
                ),
                Field(
                    "energy",
                    m.S_ENERGY(),
                    "choice",
                    choices((k, ENERGY_NAMES[k]()) for k in ENERGY_TYPES),
                    default="",
                ),
            ),
        ),
        ActionTemplate(
            "set_cover",
            m.L_COVER(),
            "ACE-COVER-1",
            (
                who,
                Field(
                    "cover",
                    m.F_COVER(),
                    "choice",
                    choices((k, COVER_NAMES[k]()) for k in COVER),
                    default="none",
                ),
            ),
        ),
        ActionTemplate(
            "set_absorption",
            m.L_ABSORPTION(),
            "ACE-PIPE-1",
            (
                who,
                Field("name", m.S_SOURCE(), "text"),
                Field(
                    "energy",
                    m.S_ENERGY(),
                    "choice",
                    choices(
                        [("all", m.ENERGY_ALL()), *((k, ENERGY_NAMES[k]()) for k in ENERGY_TYPES)]
                    ),
                    default="all",
                ),
                Field("value", m.S_ABSORBS(), "number", default=5, min=0, max=999),
            ),
        ),
        ActionTemplate(
            "set_condition",
            m.L_CONDITION(),
            "ACE-CDG-1",
            (
                who,
                Field(
                    "condition",
                    m.F_CONDITION(),
                    "choice",
                    choices((k, CONDITION_NAMES[k]()) for k in CONDITIONS),
                ),
            ),
        ),
        ActionTemplate(
            "set_attribute",
            m.L_ATTRIBUTE(),
            "ACE-AMB-05",
            (
                who,
                Field(
                    "attribute",
                    m.F_ATTRIBUTE(),
                    "choice",
                    choices((k, ATTRIBUTE_NAMES[k]()) for k in ATTRIBUTES),
                ),
                Field("value", m.S_VALUE(), "number", default=5, min=0, max=999),
            ),
        ),
        ActionTemplate(
            "hp",
            m.L_HP(),
            "ACE-ATTR-3",
            (who, Field("amount", m.F_HP(), "number", default=-5, min=-999, max=999)),
        ),
        ActionTemplate("rest", m.L_REST(), "ACE-AMB-05"),
        ActionTemplate(
            "mark_hint",
            m.L_HINT(),
            "ACE-MARK-4",
            (
                who,
                Field("points", m.F_HINT_POINTS(), "number", default=0, min=0),
                Field("potential", m.F_HINT_POTENTIAL(), "number", default=0, min=0),
            ),
        ),
    ]
    slain = [c for c in living if c["dead"]]
    if slain:
        out.append(
            ActionTemplate(
                "drop",
                m.L_DROP(),
                "ACE-MARK-5",
                (
                    Field(
                        "target",
                        m.F_SLAIN(),
                        "target",
                        choices((c["id"], c["name"]) for c in slain),
                        default=slain[0]["id"],
                    ),
                    Field("chance", m.F_DROP_CHANCE(), "number", default=0, min=0, max=100),
                ),
            )
        )
    if skills(state):
        out.append(
            ActionTemplate(
                "set_skill_damage",
                m.L_SKILL_DAMAGE(),
                "ACE-ATK-4",
                (
                    Field("skill", m.F_SKILL_ATTACK(), "choice", choices(skills(state))),
                    Field("damage", m.S_SKILL_DAMAGE(), "text", default="", rule="ACE-DICE-1"),
                ),
            )
        )
    return out


def _gm(s: object, a: str) -> bool:
    return a == GM


SPECS = [
    ActionSpec("area", "ACE-AREA-1", area, who=_gm, offer=offers),
    ActionSpec("set_cover", "ACE-COVER-1", set_cover, who=_gm),
    ActionSpec("set_absorption", "ACE-PIPE-1", set_absorption, who=_gm),
    ActionSpec("set_skill_damage", "ACE-ATK-4", set_skill_damage, who=_gm),
    ActionSpec("set_condition", "ACE-CDG-1", set_condition, who=_gm),
    ActionSpec("set_attribute", "ACE-AMB-05", set_attribute, who=_gm),
    ActionSpec("hp", "ACE-ATTR-3", heal, who=_gm),
    ActionSpec("rest", "ACE-AMB-05", rest, who=_gm),
    ActionSpec("drop", "ACE-MARK-5", drop, who=_gm),
    ActionSpec("mark_hint", "ACE-MARK-4", mark_hint, who=_gm),
    ActionSpec("spend_spi", "ACE-ATTR-8", spend_spi, who=lambda s, a: a != GM, offer=offer_spi),
]
