"""Actions declared once: who may send one, the form it offers now, how it resolves and previews.

A system lists one `ActionSpec` per action kind; `Actions(specs)` gives it `resolve`,
`legal_actions` and `preview`, so adding an action is writing one group of functions in one
file. The form an action offers is a typed `ActionTemplate` of `Field`s; the table server draws
each field's widget from its type (numbers as number inputs, choices as selects with their
labels, targets picked from a list of names, several of them ticked in a list of names).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Literal, TypeVar

from rules.core.dice import Dice
from rules.core.errors import IllegalAction, RulesError
from rules.core.messages import Message, Msg
from rules.core.params import NAMING_A_PARAM
from rules.core.system import Action, Event, Json

S = TypeVar("S")

# The actor id the GM sends actions as, and the controller of every combatant no player
# controls: declared once, for every system and the table server.
GM_ACTOR = "gm"


def is_gm(state: Any, actor: str) -> bool:
    """Whether the sender is the GM: an `ActionSpec`'s `who` for the GM's tools."""
    return actor == GM_ACTOR


# "picks": any number of the choices, each a tick box by its name; the action's param is then a
# list of their values (rules/core/params.py `list_param`), and the default the values ticked.
FieldType = Literal["number", "choice", "target", "picks", "text", "checkbox", "cell", "units"]
Label = Msg | str  # a message, or a name (a combatant, a weapon's own name), shown as it is


@dataclass(frozen=True)
class Choice:
    """One option of a choice or target field: the value sent and what the reader sees."""

    value: str
    label: Label
    ally: bool = False  # a combatant on the actor's own side: the table asks before an attack

    def to_json(self) -> Json:
        found: Json = {"value": self.value, "label": _label_json(self.label)}
        if self.ally:
            found["ally"] = True
        return found


@dataclass(frozen=True)
class Field:
    """One input of an action's form; its type picks the widget."""

    name: str
    label: Label
    type: FieldType = "text"
    choices: tuple[Choice, ...] = ()
    default: Any = ""
    min: int | None = None
    max: int | None = None
    help: Msg | None = None
    rule: str = ""

    def to_json(self) -> Json:
        data: Json = {
            "name": self.name,
            "label": _label_json(self.label),
            "type": self.type,
            "default": self.default,
        }
        if self.choices:
            data["choices"] = [choice.to_json() for choice in self.choices]
        if self.min is not None:
            data["min"] = self.min
        if self.max is not None:
            data["max"] = self.max
        if self.help is not None:
            data["help"] = self.help.to_json()
        if self.rule:
            data["rule"] = self.rule
        return data


def choices(pairs: Iterable[tuple[str, Label]]) -> tuple[Choice, ...]:
    """Choices from (value, label) pairs."""
    return tuple(Choice(str(value), label) for value, label in pairs)


@dataclass(frozen=True)
class ActionTemplate:
    """What an actor may do now, as a form: the kind sent back, its label, rule, cost and fields."""

    kind: str
    label: Label
    rule: str = ""
    fields: tuple[Field, ...] = ()
    fixed: Mapping[str, Any] = field(default_factory=dict)  # sent as they are, hidden
    cost: Label | None = None  # "1 action", "free", "2 AP": shown beside the label
    preview: bool = False  # whether the form offers odds before sending
    hints: Mapping[str, Any] = field(default_factory=dict)  # system data for its own board

    def to_json(self) -> Json:
        return {
            "kind": self.kind,
            "label": _label_json(self.label),
            "rule": self.rule,
            "cost": None if self.cost is None else _label_json(self.cost),
            "params": [f.to_json() for f in self.fields],
            "fixed": dict(self.fixed),
            "preview": self.preview,
            **self.hints,
        }


def _label_json(label: Label) -> Any:
    return label.to_json() if isinstance(label, Msg) else label


Offer = Callable[[S, str], "ActionTemplate | Sequence[ActionTemplate] | None"]
Resolve = Callable[[S, Action, Dice], list[Event]]
Preview = Callable[[S, Action], Json]
Who = Callable[[S, str], bool]


@dataclass(frozen=True)
class ActionSpec(Generic[S]):
    """One action kind: who may send it, the template(s) it offers an actor now, resolve, preview.

    `who(state, actor)` answers whether this actor may send the kind at all (the GM's tools, a
    side's phase...); `offer(state, actor)` returns the form(s) to show now, or None when the
    action is not open to this actor now; `resolve` still checks everything itself, since a
    message can arrive from anywhere.
    """

    kind: str
    rule: str
    resolve: Resolve[S]
    who: Who[S] | None = None
    offer: Offer[S] | None = None
    preview: Preview[S] | None = None


def _labelled(
    refusal: IllegalAction, forms: Callable[[], Sequence[ActionTemplate]], kind: str
) -> IllegalAction:
    """A refusal that names a parameter by its id (rules/core/params.py), naming it by the label
    the actor's form of this kind shows instead ("Target is required.", in the reader's
    language); any other refusal, or a parameter no form of this kind shows now, as it was."""
    name = refusal.msg.params.get("name")
    if refusal.msg.id not in NAMING_A_PARAM or not isinstance(name, str):
        return refusal
    try:
        offered = forms()
    except RulesError:
        return refusal
    for form in offered:
        for field_ in form.fields:
            if field_.name == name and form.kind == kind:
                named = {**refusal.msg.params, "name": field_.label}
                return type(refusal).of(replace(refusal.msg, params=named), refusal.rule)
    return refusal


UNKNOWN_ACTION = Message("core.unknown_action", "There is no action called {kind} here.")
NOT_YOURS = Message("core.not_yours", "{actor} may not {kind}.")
NO_PREVIEW = Message("core.no_preview", "This action has no odds to show.")


class Actions(Generic[S]):
    """A system's actions by kind: `resolve`, `legal_actions` and `preview` from its specs."""

    def __init__(self, specs: Iterable[ActionSpec[S]]) -> None:
        self.specs: tuple[ActionSpec[S], ...] = tuple(specs)
        self.by_kind: dict[str, ActionSpec[S]] = {}
        for spec in self.specs:
            if spec.kind in self.by_kind:
                raise ValueError(f"action kind {spec.kind!r} is declared twice")
            self.by_kind[spec.kind] = spec

    def spec(self, action: Action, state: S) -> ActionSpec[S]:
        """The spec of an action this actor may send; IllegalAction otherwise."""
        spec = self.by_kind.get(action.kind)
        if spec is None:
            raise IllegalAction.of(UNKNOWN_ACTION(kind=action.kind))
        if spec.who is not None and not spec.who(state, action.actor):
            raise IllegalAction.of(NOT_YOURS(actor=action.actor, kind=action.kind))
        return spec

    def resolve(self, state: S, action: Action, dice: Dice) -> list[Event]:
        """The events of one action; raises RulesError (state untouched) when not allowed."""
        spec = self.spec(action, state)
        try:
            return spec.resolve(state, action, dice)
        except IllegalAction as refusal:
            raise self._labelled(refusal, state, action) from None

    def templates(
        self, state: S, actor: str, kinds: frozenset[str] | None = None
    ) -> list[ActionTemplate]:
        """Every form this actor is offered now, in the order the specs are declared (only
        those of `kinds`, when given: a table that shows some forms need not build the rest)."""
        out: list[ActionTemplate] = []
        for spec in self.specs:
            if kinds is not None and spec.kind not in kinds:
                continue
            if spec.offer is None or (spec.who is not None and not spec.who(state, actor)):
                continue
            offered = spec.offer(state, actor)
            if offered is None:
                continue
            if isinstance(offered, ActionTemplate):
                out.append(offered)
            else:
                out.extend(offered)
        return out

    def legal_actions(self, state: S, actor: str) -> list[ActionTemplate]:
        """The `GameSystem.legal_actions` of the system: typed templates."""
        return self.templates(state, actor)

    def preview(self, state: S, action: Action) -> Json:
        """The odds of an action before it is sent; IllegalAction for an action without odds."""
        spec = self.spec(action, state)
        if spec.preview is None:
            raise IllegalAction.of(NO_PREVIEW())
        try:
            return spec.preview(state, action)
        except IllegalAction as refusal:
            raise self._labelled(refusal, state, action) from None

    def _labelled(self, refusal: IllegalAction, state: S, action: Action) -> IllegalAction:
        """The refusal naming its parameter by the label of the actor's form of this kind,
        whichever spec offers it (one spec's offer may hold the forms of several kinds)."""
        return _labelled(refusal, lambda: self.templates(state, action.actor), action.kind)

    def messages(self) -> list[Message]:
        """The kit's own messages (refusals)."""
        return [UNKNOWN_ACTION, NOT_YOURS, NO_PREVIEW]
