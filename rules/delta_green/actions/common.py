"""What every Delta Green action spec shares: typed fields, costs and the actor's turn."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from rules.core.actions import GM_ACTOR
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.kit import ActionTemplate, Choice, Field, Label, Msg
from rules.core.system import Action, Event, Json
from rules.delta_green import messages as m
from rules.delta_green import refusals as R
from rules.delta_green.settings import settings_of
from rules.delta_green.state import (
    able,
    cards_left,
    current_actor,
    is_dead,
    is_immobile,
    is_incapacitated,
    status,
    weapon_of,
)
from rules.delta_green.tables import ALL, LOCATIONS
from rules.scene import reading_messages as scene_words
from rules.scene.grid import has_map
from rules.scene.ranges import REASON

Resolver = Callable[[Json, Action, Dice], list[Event]]


def combatant(state: Mapping[str, Any], cid: str) -> Json:
    """A combatant by id; IllegalAction for an unknown one."""
    found: Json | None = state["combatants"].get(cid)
    if found is None:
        raise IllegalAction.of(R.NO_COMBATANT(cid=cid))
    return found


def is_agent(state: Any, actor: str) -> bool:
    """Whether the sender is a combatant rather than the GM."""
    return actor != GM_ACTOR


def cost_label(cost: int | str) -> Msg:
    """DG-ACT-4: a cost in cards for a reader ("1 action", "all actions")."""
    return m.ALL_ACTIONS() if cost == ALL else m.ACTIONS(n=cost)


def template(
    kind: str,
    label: Msg,
    rule: str,
    cost: Label,
    fields: Iterable[Field] = (),
    fixed: Mapping[str, Any] | None = None,
    preview: bool = False,
    **hints: Any,
) -> ActionTemplate:
    """A form the table offers (the label, the rule, the cost beside it, typed fields)."""
    return ActionTemplate(kind, label, rule, tuple(fields), dict(fixed or {}), cost, preview, hints)


def pick(name: str, label: Msg, options: Iterable[tuple[str, Label]], default: Any = "") -> Field:
    """A select among labelled options."""
    return Field(name, label, "choice", tuple(Choice(str(v), text) for v, text in options), default)


def target(name: str, label: Msg, options: Iterable[tuple[str, Label]]) -> Field:
    """A select among combatants (or things they hold), shown by name."""
    return Field(name, label, "target", tuple(Choice(str(v), text) for v, text in options))


def picks(
    name: str, label: Msg, options: Iterable[tuple[str, Label]], default: Iterable[str] = ()
) -> Field:
    """Tick boxes for any number of combatants, by name (`default`: the ids ticked at first)."""
    choices = tuple(Choice(str(v), text) for v, text in options)
    return Field(name, label, "picks", choices, [str(v) for v in default])


def number(
    name: str, label: Msg, default: Any = "", help: Msg | None = None, **bounds: Any
) -> Field:
    """A number input (a keypad on phones)."""
    return Field(name, label, "number", default=default, help=help, **bounds)


def checkbox(name: str, label: Msg, default: bool = False) -> Field:
    """A tick box."""
    return Field(name, label, "checkbox", default=default)


def text(name: str, label: Msg, default: Any = "", help: Msg | None = None) -> Field:
    """A free text input (notes, skill names, numbers separated by commas)."""
    return Field(name, label, "text", default=default, help=help)


def location_choices() -> list[tuple[str, Label]]:
    """Every hit location by name."""
    return [(loc, m.LOCATION_NAMES[loc]()) for loc in LOCATIONS]


def targets_of(state: Mapping[str, Any], cid: str) -> list[tuple[str, Label]]:
    """Target choices (id, name) for a combatant, enemies first, the dead left out."""
    me = state["combatants"][cid]
    others = [
        (o["side"] == me["side"], oid, o["name"])
        for oid, o in state["combatants"].items()
        if oid != cid and not is_dead(o)
    ]
    return [(oid, name) for _, oid, name in sorted(others, key=lambda t: t[0])]


def everyone(state: Mapping[str, Any]) -> list[tuple[str, Label]]:
    """Every combatant (id, name), as the GM picks them."""
    return [(cid, o["name"]) for cid, o in state["combatants"].items()]


def target_field(state: Mapping[str, Any], cid: str) -> Field:
    """The target of an attack; combatants on the attacker's side are marked, so the table asks
    before the shot."""
    side = state["combatants"][cid]["side"]
    return Field(
        "target",
        m.F_TARGET(),
        "target",
        tuple(
            Choice(str(v), text, ally=state["combatants"][v]["side"] == side)
            for v, text in targets_of(state, cid)
        ),
    )


def distance_field() -> Field:
    """COC-PB-1, COC-RANGE-1: the optional distance of a ranged attack."""
    return number("distance_m", m.F_DISTANCE(), help=m.F_DISTANCE_HELP(), min=0)


def distance_fields(state: Mapping[str, Any]) -> list[Field]:
    """The distance of a ranged attack; on a scene map it is measured (SCENE-RANGE-1), and
    another figure asks for its reason."""
    if not has_map(state):
        return [distance_field()]
    return [
        number("distance_m", m.F_DISTANCE(), help=scene_words.F_DISTANCE_FROM_MAP(), min=0),
        text(REASON, scene_words.F_REASON()),
    ]


@dataclass(frozen=True)
class Turn:
    """The combatant whose turn it is, as its turn actions see it (DG-INIT-2)."""

    state: Mapping[str, Any]
    actor: str
    c: Mapping[str, Any]
    left: int
    full: bool
    called: str | None
    can_attack: bool

    def affordable(self, cost: int | str) -> bool:
        """DG-ACT-4: whether the cards left pay for a cost ("all" needs a full hand by default)."""
        if cost == ALL:
            return self.left > 0 and (
                self.full or not settings_of(self.state).all_actions_requires_full_hand
            )
        return int(cost) <= self.left

    def held(self) -> Iterator[tuple[Mapping[str, Any], Mapping[str, Any]]]:
        """Weapons in hand (fists always) and not jammed, with their slots."""
        for weapon in self.c["sheet"]["weapons"]:
            slot = self.c["weapons"][weapon["key"]]
            if in_hand(self.c, weapon) and not slot.get("jammed"):
                yield weapon, slot


def in_hand(c: Mapping[str, Any], weapon: Mapping[str, Any]) -> bool:
    """Whether a weapon is ready to use (fists always are)."""
    return weapon["kind"] == "unarmed" or weapon["key"] in (c["in_hand"], c.get("off_hand"))


def turn_of(state: Mapping[str, Any], actor: str, incapacitated: bool = False) -> Turn | None:
    """The actor's turn now, or None; `incapacitated` asks for DG-WOUND-6's reduced turn instead."""
    if actor == GM_ACTOR or current_actor(state) != actor:
        return None
    c = state["combatants"].get(actor)
    if c is None or is_dead(c) or is_incapacitated(c) != incapacitated:
        return None
    called = c["round"].get("called")

    return Turn(
        state=state,
        actor=actor,
        c=c,
        left=cards_left(c),
        full=not c["round"].get("spent"),
        called=called,
        can_attack=not (called and c["round"].get("attacks", 0)) and not is_immobile(c),
    )


def held_name(c: Mapping[str, Any]) -> str | None:
    """The name of the weapon in the main hand."""
    return weapon_of(c, c["in_hand"])["name"] if c["in_hand"] else None


def agent(state: Mapping[str, Any], actor: str) -> Mapping[str, Any] | None:
    """The living combatant an offer is for, or None (the GM, a stranger, the dead)."""
    if actor == GM_ACTOR:
        return None
    c = state["combatants"].get(actor)
    return None if c is None or is_dead(c) else c


def guarded(resolver: Resolver, turn: bool) -> Resolver:
    """A resolver behind DG-WOUND-6's checks: the dead never act; turn actions need an able
    combatant, and an incapacitated one may only give itself First Aid, crawl, pass or delay."""

    def resolve(state: Json, action: Action, dice: Dice) -> list[Event]:
        c = combatant(state, action.actor)
        if turn:
            # able() is false for the dead too, so the common case (able) asks once
            if not able(c):
                if is_dead(c):
                    raise IllegalAction.of(R.DEAD(name=c["name"]))
                if action.actor not in state["tie_grace"]:
                    raise IllegalAction.of(R.CANNOT_ACT(name=c["name"], status=status(c)))
            if c["untreated"] and action.kind not in INCAPACITATED_ACTIONS:  # is_incapacitated
                raise IllegalAction.of(R.ONLY_AID_OR_CRAWL(name=c["name"]), "DG-WOUND-6")
        elif is_dead(c):
            raise IllegalAction.of(R.DEAD(name=c["name"]))
        return resolver(state, action, dice)

    return resolve


INCAPACITATED_ACTIONS = frozenset({"first_aid", "crawl", "pass", "delay"})
