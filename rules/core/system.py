"""The contract every game system exports: one GameSystem of pure functions over JSON-able data."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core.dice import Dice, RollRecord
from rules.core.jsonstate import Json as Json  # declared once there; systems import it from here
from rules.core.messages import CORE, Catalogue, Msg

State = Any  # each system picks its own state type; `dump`/`load` turn it into JSON and back

EVERYONE = "all"
# tests/run_environment.py turns it on: every event `said` builds is checked against its kind's
# payload schema (rules/core/payloads.py); off (production), it costs one test per event
PAYLOAD_CHECK = os.environ.get("TABULA_PAYLOAD_CHECK", "")


@dataclass(frozen=True)
class Audience:
    """Who is looking: the GM, an observer, a side (fog of war) or a player and their combatants.

    `user` is the table server's id of the person looking, for lines addressed to people rather
    than to a part of the game (whispers, audience `users:<id>,<id>`); it is not in the `key`.
    """

    role: str  # "gm" | "player" | "observer"
    side: str | None = None
    actors: frozenset[str] = frozenset()
    user: str | None = None

    @property
    def key(self) -> str:
        """A stable name; viewers with the same key see the same game (whispers to one of them
        aside: the table server renders those for their readers alone)."""
        if self.role == "gm":
            return "gm"
        if self.role == "observer":
            return "observer"
        parts = ["player"]
        if self.side:
            parts.append(f"side:{self.side}")
        parts.extend(sorted(self.actors))
        return "|".join(parts)

    def can_see(self, event_audience: str) -> bool:
        """Whether an event addressed to `event_audience` is shown to this viewer."""
        if event_audience == EVERYONE or self.role == "gm":
            return True
        if event_audience == "gm":
            return False
        kind, _, name = event_audience.partition(":")
        if kind == "side":
            return self.side == name
        if kind == "actor":
            return name in self.actors
        if kind == "users":
            return self.user is not None and self.user in name.split(",")
        return False


GM = Audience("gm")
OBSERVER = Audience("observer")


@dataclass(frozen=True)
class Action:
    """What someone asks to do: `actor` is a combatant id (or a side); `params` is JSON."""

    kind: str
    actor: str
    params: Mapping[str, Any] = field(default_factory=dict)
    # Faces of physical dice the sender rolled, in the order the rules asked for them
    # (PhysicalDice); empty: the server's seeded dice.
    faces: tuple[int, ...] = ()

    def to_json(self) -> Json:
        data: Json = {"kind": self.kind, "actor": self.actor, "params": dict(self.params)}
        if self.faces:
            data["faces"] = list(self.faces)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        faces = tuple(int(face) for face in data.get("faces") or ())
        return cls(str(data["kind"]), str(data["actor"]), dict(data.get("params") or {}), faces)


@dataclass(frozen=True)
class Event:
    """Something that happened (`noun.past_tense`), with the dice that decided it and a log line.

    `msg` is the log line as a message (id and parameters), which the table renders in each
    reader's language; `text` is the same line in English (what the CLI, old logs and tests
    read). Build events with `said(...)` so the two always agree.
    """

    kind: str
    payload: Mapping[str, Any] = field(default_factory=dict)
    text: str = ""
    dice: tuple[RollRecord, ...] = ()
    audience: str = EVERYONE  # "all" | "gm" | "side:<name>" | "actor:<id>" | "users:<id>,..."
    redacted_text: str | None = None  # what everyone else sees instead, e.g. "the GM rolled"
    # Not compared: `text` is the English of `msg`, so events with equal text say the same thing.
    msg: Msg | None = field(default=None, compare=False)
    redacted_msg: Msg | None = field(default=None, compare=False)

    def to_json(self) -> Json:
        data: Json = {
            "kind": self.kind,
            "payload": dict(self.payload),
            "text": self.text,
            "dice": [record.to_json() for record in self.dice],
            "audience": self.audience,
            "redacted_text": self.redacted_text,
        }
        if self.msg is not None:
            data["msg"] = self.msg.to_json()
        if self.redacted_msg is not None:
            data["redacted_msg"] = self.redacted_msg.to_json()
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        msg, redacted_msg = data.get("msg"), data.get("redacted_msg")
        return cls(
            kind=str(data["kind"]),
            payload=dict(data.get("payload") or {}),
            text=str(data.get("text", "")),
            dice=tuple(RollRecord.from_json(r) for r in data.get("dice") or ()),
            audience=str(data.get("audience", EVERYONE)),
            redacted_text=data.get("redacted_text"),
            msg=Msg.from_json(msg) if msg else None,
            redacted_msg=Msg.from_json(redacted_msg) if redacted_msg else None,
        )


def said(
    kind: str,
    msg: Msg,
    payload: Mapping[str, Any] | None = None,
    dice: tuple[RollRecord, ...] = (),
    audience: str = EVERYONE,
    redacted: Msg | None = None,
) -> Event:
    """An event whose log line is a message; its English `text` is rendered from it once, here."""
    event = Event(
        kind=kind,
        payload=payload if payload is not None else {},
        text=msg.english(),
        dice=dice,
        audience=audience,
        redacted_text=None if redacted is None else redacted.english(),
        msg=msg,
        redacted_msg=redacted,
    )
    if PAYLOAD_CHECK:
        from rules.core.payloads import on_emit

        on_emit(event, PAYLOAD_CHECK)
    return event


@dataclass(frozen=True)
class GameSystem:
    """One rule set: pure functions; `resolve` raises RulesError when an action is not allowed."""

    key: str  # stored on encounters and characters; never rename one
    title: str
    version: int  # bumped when the state JSON changes; `load` upgrades older versions
    validate_sheet: Callable[[Mapping[str, Any]], Json]  # raises SheetError naming field and rule
    start: Callable[[Mapping[str, Any]], State]  # setup JSON -> state
    # actor id -> the forms it is offered now: typed ActionTemplates (rules/core/actions.py); plain
    # JSON templates are accepted from systems not yet on the kit.
    legal_actions: Callable[[State, str], Sequence[Any]]
    resolve: Callable[[State, Action, Dice], list[Event]]
    apply: Callable[[State, Event], State]
    view: Callable[[State, Audience], Json]  # hidden information removed here, before rendering
    dump: Callable[[State], Json]
    load: Callable[[Mapping[str, Any]], State]
    preview: Callable[[State, Action], Json] | None = None
    actors: Callable[[State], list[str]] | None = None  # ids a user can be given control of
    default_sheet: Json = field(default_factory=dict)  # a valid example sheet for new characters
    demo: Callable[[], Json] | None = None  # the demo encounter's setup, see docs/architecture.md
    messages: Catalogue = CORE  # every message its events, forms and refusals use
    sheet_schema: Any = None  # rules.core.schema.Schema of a sheet, where the system declares one
    # the form's Schema of the parts of a sheet validate_sheet checks in code (labels, choices)
    sheet_form: Any = None
    # rules.core.schema.Schema of the campaign settings (the GM's choices, the digests' proposed
    # defaults): the table server merges the campaign's values over its defaults into
    # setup["settings"]; None: the system has none
    settings_schema: Any = None
    # sheet -> rules.core.derive.Derived lines (HP, location HP, ...) the sheet form explains
    derive: Callable[[Mapping[str, Any]], list[Any]] | None = None
    # (state, actor id, sheet) -> the character's sheet after an encounter (ammunition, points)
    write_back: Callable[[State, str, Mapping[str, Any]], Json] | None = None
    # (action, its events) -> whether the player who sent the newest entry may take it back:
    # the rules allow it and it revealed nothing (no die rolled, nothing hidden shown)
    take_back: Callable[[Action, Sequence[Event]], bool] | None = None
    # state -> (seconds, action) while a prompt waits on someone with a time limit (a defender's
    # reflex answer): once that many seconds have passed since the latest event whose payload
    # carries `pending`, the table plays `action` (vtt/encounters/services.expire); else None
    deadline: Callable[[State], tuple[int, Action] | None] | None = None
    # () -> the built-in scenarios a set-up may name as its "scenario", as (name, title) by name
    # (the encounter builder offers them); None: the system has none
    scenarios: Callable[[], list[tuple[str, str]]] | None = None
    # (state, action, its events or None before it is resolved) -> None, or raises RulesError:
    # what the GM may not do when sending an action as a player's character (a map's systems:
    # not move that player's token, SCENE-MOVE-2); None: the GM may send any action as anyone
    gm_as_player: Callable[[State, Action, Sequence[Event] | None], None] | None = None

    def __post_init__(self) -> None:
        if PAYLOAD_CHECK:  # tests: every event resolve returns is checked against its schema
            from rules.core.payloads import checked_resolve

            object.__setattr__(self, "resolve", checked_resolve(self.key, self.resolve))

    @property
    def has_preview(self) -> bool:
        """Whether the system offers odds; templates ask this, as they would call `preview`."""
        return self.preview is not None
