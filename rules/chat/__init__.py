"""The `chat` system: dice and talk, no game state (serves tables before a rule set lands)."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

from rules.core.dice import Dice
from rules.core.errors import IllegalAction, RulesError, SheetError
from rules.core.kit import Entry, Message, Schema, catalogue
from rules.core.sheets import list_field, require_mapping, str_field
from rules.core.system import Action, Audience, Event, GameSystem, Json
from rules.core.table import is_table_action, preview_table_action, resolve_table_action

VERSION = 1
BENCH = ({"title": "Bench"}, Action("table.roll", "bench", {"expr": "1d20+5"}))

NAME = Message("chat.sheet.name", "Name")
NOTES = Message("chat.sheet.notes", "Notes")
NO_ACTION = Message("chat.no_action", "the chat table has no action {kind}; use /roll in the chat")
NO_EVENT = Message("chat.no_event", "the chat table has no event {kind}")
OLD_STATE = Message("chat.old_state", "chat state version {version} is not one this engine reads")
# The demo's and the default sheet's names, shown in the reader's language (vtt.words.shown)
DEMO_TITLE = Message("chat.name.demo_title", "Dice at the table")
DEMO_CAMPAIGN = Message("chat.name.demo_campaign", "Demo: Table chat")
NEW_CHARACTER = Message("chat.name.new_character", "New character")

# A chat sheet is a name and free notes; nothing else is kept.
SHEET = Schema(
    (
        Entry("name", NAME(), "text", max_length=100),
        Entry("notes", NOTES(), "text", default="", required=False, max_length=5000),
    ),
    extras="drop",
)


def validate_sheet(sheet: Mapping[str, Any]) -> Json:
    """A chat sheet is a name and free notes; nothing else is kept."""
    return SHEET.validate(sheet)


def start(setup: Mapping[str, Any]) -> Json:
    """A chat table: its title, settings and the people seated at it (combatants, if any)."""
    require_mapping(setup, "setup")
    combatants: list[Json] = []
    for n, raw in enumerate(list_field(setup, "combatants", default=[])):
        where = f"combatants[{n}]"
        if not isinstance(raw, Mapping):
            raise SheetError(where, "must be an object")
        ident = str_field(raw, "id", max_length=100)
        if any(c["id"] == ident for c in combatants):
            raise SheetError(f"{where}.id", f"{ident!r} is used twice")
        combatants.append(
            {
                "id": ident,
                "name": str_field(raw, "name", max_length=100, default=ident),
                "side": str_field(raw, "side", max_length=100, default=""),
                "controller": str_field(raw, "controller", max_length=100, default="gm"),
            }
        )
    settings = setup.get("settings")
    settings = {} if settings is None else settings
    if not isinstance(settings, Mapping):
        raise SheetError("settings", "must be an object")
    return {
        "version": VERSION,
        "title": str_field(setup, "title", max_length=200, default=""),
        "settings": dict(settings),
        "combatants": combatants,
    }


def legal_actions(state: Json, actor: str) -> list[Json]:
    """The chat table has no actions of its own; dice and talk are table actions for everyone."""
    return []


def resolve(state: Json, action: Action, dice: Dice) -> list[Event]:
    """Only table actions (rolls, talk) exist here; anything else is refused."""
    if is_table_action(action):
        return resolve_table_action(action, dice)
    raise IllegalAction(NO_ACTION(kind=repr(action.kind)))


def preview(state: Json, action: Action) -> Json:
    """The exact chance of every total of a table roll."""
    return preview_table_action(action)


def apply(state: Json, event: Event) -> Json:
    """Table events never change a chat table; any other event cannot belong to it."""
    if event.kind.startswith("table."):
        return state
    raise RulesError(NO_EVENT(kind=repr(event.kind)))


def view(state: Json, audience: Audience) -> Json:
    """Nothing at a chat table is secret (GM rolls are hidden on their events, not in the state)."""
    return load(state)


def dump(state: Json) -> Json:
    """The state as JSON (a deep copy, so the caller cannot change ours)."""
    return load(state)


def load(data: Mapping[str, Any]) -> Json:
    """A state from JSON, upgrading version 0 (no `version`, no `combatants`)."""
    version = data.get("version", 0)
    if version == 0:
        data = {**data, "version": VERSION, "combatants": list(data.get("combatants") or [])}
    elif version != VERSION:
        raise RulesError(OLD_STATE(version=repr(version)))
    return {
        "version": VERSION,
        "title": str(data.get("title", "")),
        "settings": dict(data.get("settings") or {}),
        "combatants": [dict(c) for c in data["combatants"]],
    }


def actors(state: Json) -> list[str]:
    """The combatant ids a user can be seated at."""
    return [str(c["id"]) for c in state["combatants"]]


def demo() -> Json:
    """A demo table: two players and the GM, dice only."""
    return {
        "title": DEMO_TITLE.english,
        "settings": {},
        "combatants": [
            {"id": "ada", "name": "Ada", "controller": "player1"},
            {"id": "bo", "name": "Bo", "controller": "player2"},
        ],
    }


SYSTEM = GameSystem(
    key="chat",
    title="Table chat",
    version=VERSION,
    validate_sheet=validate_sheet,
    start=start,
    legal_actions=legal_actions,
    resolve=resolve,
    apply=apply,
    view=view,
    dump=dump,
    load=load,
    preview=preview,
    actors=actors,
    default_sheet={"name": NEW_CHARACTER.english, "notes": ""},
    demo=demo,
    messages=catalogue(sys.modules[__name__]),
    sheet_schema=SHEET,
)
