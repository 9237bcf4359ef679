"""`{% for form in group.list|cards:"primary" %}`: a player's action forms as cards (issue 34),
the common actions of every system first, the rarely used ones under "More actions", and the
forms that end the turn last.

Which actions are common is said by kind, across systems: an attack with each weapon, a move,
a reload, aiming, dodging (or answering an attack) and passing, and the GM's next round. Every
other kind a system offers (a skill, a parry, a delay, a grapple, the GM's tools) is kept under
"More actions"; nothing is left out."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django import template

from rules.scene.areas import CENTRE
from rules.scene.ranges import REASON

register = template.Library()

# the kinds offered as cards in view; the rest of a turn's actions fold under "More actions"
PRIMARY = frozenset(
    {
        # attacks: a shot, a burst, a blow, a throw, a charge, a sneak attack (one card per weapon)
        "attack",
        "fire",
        "burst",
        "melee",
        "throw",
        "charge",
        "area",
        "assassinate",
        # moving, readying a weapon, aiming
        "move",
        "walk",
        "unit.move",
        "reload",
        "draw",
        "aim",
        "precision_aim",
        # defending, answering an attack and passing the turn
        "dodge",
        "set_dodge",
        "answer_dodge",
        "respond",
        "pass",
        # the GM moving the fight on
        "start_round",
        "next_round",
        "next_pass",
        "begin",
        "begin_turn",
    }
)


def group_of(form: Mapping[str, Any]) -> str:
    """ "end" for a form that ends the turn, "primary" for a common action, else "more"."""
    if form.get("ends_turn"):
        return "end"
    return "primary" if form.get("kind") in PRIMARY else "more"


@register.filter
def cards(forms: Iterable[Mapping[str, Any]], group: str) -> list[Mapping[str, Any]]:
    """The forms of one group ("primary", "more" or "end"), in the order they came."""
    return [form for form in forms if group_of(form) == group]


@register.filter
def acting_first(groups: Iterable[Any], acting_now: Iterable[str] | None) -> list[Any]:
    """Regrouped forms with the groups of whoever acts now first, the rest after in their order;
    every group is kept, also where the page names nobody acting (`acting_now` missing)."""
    acting = set(acting_now or ())
    listed = list(groups)

    def acts(group: Any) -> bool:
        return str(group.list[0].get("actor_name")) in acting if group.list else False

    return [g for g in listed if acts(g)] + [g for g in listed if not acts(g)]


RULE_ID = re.compile(r"[A-Z]+(-[A-Z0-9]+)+")


@register.filter
def rule_id(help_text: Any) -> bool:
    """Whether a field's help is only a rule ID (COC-IMPALE-6): shown behind a "?" mark, as a
    form's rule is, not as a line of its own."""
    return bool(RULE_ID.fullmatch(str(help_text or "").strip()))


def _overrides(fields: Sequence[Mapping[str, Any]]) -> set[int]:
    """The positions of a card's fields that put another distance in place of the scene map's
    (SCENE-RANGE-1): the reason asked for it and the distance field just before it; and on a
    card whose area is a square on the map (SCENE-AREA-1, a Call of Cthulhu explosion), the
    distances typed per combatant right after that square, each blank for one out of it: the
    map measures them, so one folded line stands for them all."""
    found: set[int] = set()
    typed = False  # in the run of blank numbers right after the area's square
    for n, field in enumerate(fields):
        blank_number = field.get("type") == "number" and field.get("default") in ("", None)
        typed = (typed and blank_number) or field.get("name") == CENTRE
        if field.get("name") == REASON:
            found.add(n)
            if n and fields[n - 1].get("type") == "number":
                found.add(n - 1)
        elif typed and blank_number:
            found.add(n)
    return found


@register.filter
def fields_in_view(fields: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """A card's fields shown at once: all but another distance than the map's and its reason."""
    folded = _overrides(fields)
    return [field for n, field in enumerate(fields) if n not in folded]


@register.filter
def fields_folded(fields: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Another distance than the scene map's and its reason (SCENE-RANGE-1): rarely given, so
    folded on the card under "Another distance…" (issue 34: the map must not push the cards
    off the first screen)."""
    folded = _overrides(fields)
    return [field for n, field in enumerate(fields) if n in folded]


LONG_NAME = 10  # Latin letters a card's pick list shows beside its label (a Chinese character: 2)
LONGER_NAME = 24  # and under its label in one of a card's two columns of fields
LONGEST_NAME = 32  # and in a phone's card at the lists' own size


def _letters(words: str) -> int:
    """Roughly how many Latin letters wide a text is: a Chinese character counts two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in words)


@register.filter
def name_room(field: Mapping[str, Any]) -> str:
    """The classes a field's box takes for its pick list's longest name: " long" for one longer
    than the list shows beside its label (a target such as "Cultist with a revolver", 持左轮手枪的
    邪教徒: the list goes under its label, the card's or its column's whole width), " long longer"
    for one longer than a column shows ("12-gauge double-barrelled shotgun": the list takes both
    columns of a card of many fields, and its card two cards' room where there is), " long longer
    longest" for one longer than a phone's card shows ("full defence (+2 evasion, CON + 2
    defence)", an Ace command: the list's words a little smaller there), so the name is read
    whole, not cut to "Cultist with"."""
    if field.get("type") == "picks" or not field.get("choices"):
        return ""
    widest = max(_letters(str(label)) for _value, label in field["choices"])
    if widest > LONGEST_NAME:
        return " long longer longest"
    return " long longer" if widest > LONGER_NAME else " long" if widest > LONG_NAME else ""
