"""The GM renames a side in play (SCS-ENG-4): the scenario a game started from is kept, and the
new names ride on the state's overrides (`side_names`, as the scenario editor writes them: an
English name and, if given, a Chinese one), so the log refolds to the same names and a take-back
undoes them; every page and line reads a side by the names it has when read (issue 36).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from rules.core.actions import is_gm
from rules.core.changes import Change, Emitter
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.kit import ActionSpec, ActionTemplate, Field
from rules.core.messages import Msg
from rules.core.params import choice_param
from rules.core.system import Action, Event
from rules.scs import messages as m
from rules.scs.actions.common import side_name
from rules.scs.board import State
from rules.scs.scenario import SIDE_NAME_MOST, Scenario
from rules.scs.state import scenario_key, scenario_of

RULE = "SCS-ENG-4"
LANGUAGES = (("name", "en"), ("name_zh", "zh-Hans"))  # each field and the language it names


def _was(scn: Scenario, side: str) -> Msg:
    """The side as it was named before the rename: its names kept in the line (`then`), so the
    line does not read them as the side's names now."""
    labels = dict(scn.side_labels.get(side) or {})
    return m.OWN_SIDE(name=scn.side_names[side], side=side, names=labels, then=True)


def _checked(scn: Scenario, side: str, field: str, raw: Any, needed: bool) -> str:
    """A name as the GM typed it, trimmed; refused when empty (the English one), longer than a
    scenario's side name may be, or holding a character no page can show (NUL, a control)."""
    text = str(raw if raw is not None else "").strip()
    named = side_name(scn, side)
    if not text:
        if needed:
            raise IllegalAction(m.RENAME_EMPTY(side=named), RULE)
        return ""
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in text):
        raise IllegalAction(m.RENAME_CONTROL(side=named), RULE)
    if len(text) > SIDE_NAME_MOST:
        raise IllegalAction(m.RENAME_LONG(side=named, most=SIDE_NAME_MOST), RULE)
    return text


def resolve_rename(state: State, action: Action, dice: Dice) -> list[Event]:
    """SCS-ENG-4: the GM gives a side new names; the other side keeps its own."""
    scn = scenario_of(state)
    side = choice_param(action.params, "side", scn.sides)
    given = {
        code: _checked(scn, side, field, action.params.get(field), code == "en")
        for field, code in LANGUAGES
    }
    labels = {code: text for code, text in given.items() if text}
    other = next(s for s in scn.sides if s != side)
    theirs = {str(t).casefold() for t in (scn.side_labels.get(other) or {}).values()}
    theirs.add(scn.side_names[other].casefold())
    if any(text.casefold() in theirs for text in labels.values()):
        raise IllegalAction(m.RENAME_TAKEN(side=side_name(scn, other)), RULE)
    if labels == dict(scn.side_labels.get(side) or {}):
        raise IllegalAction(m.RENAME_SAME(side=side_name(scn, side)), RULE)
    names = {s: dict(scn.side_labels[s]) for s in scn.sides if scn.side_labels.get(s)}
    names[side] = labels
    overrides: dict[str, Any] = {**(state.get("overrides") or {}), "side_names": names}
    line = m.SIDE_RENAMED(
        was=_was(scn, side), side=m.OWN_SIDE(name=labels["en"], side=side, names=labels)
    )
    out = Emitter(state, dice)
    changes: list[Change] = [
        ["set", ["overrides"], overrides],
        ["set", ["scenario_key"], scenario_key(state["scenario"], overrides)],
    ]
    out.emit("side.renamed", line, changes, side=side, names=labels)
    return out.events


def offer_rename(state: State, actor: str) -> list[ActionTemplate]:
    """The GM's form for each side: its names now, to change."""
    scn = scenario_of(state)
    out = []
    for side in scn.sides:
        labels: Mapping[str, str] = scn.side_labels.get(side) or {}
        fields = (
            Field("name", m.F_SIDE_NAME(), "text", default=labels.get("en", "")),
            Field("name_zh", m.F_SIDE_NAME_ZH(), "text", default=labels.get("zh-Hans", "")),
        )
        label = m.RENAME_SIDE(side=side_name(scn, side))
        out.append(ActionTemplate("side.rename", label, RULE, fields, fixed={"side": side}))
    return out


RENAME: ActionSpec[State] = ActionSpec("side.rename", RULE, resolve_rename, is_gm, offer_rename)
