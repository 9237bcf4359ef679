"""The one state vocabulary: every event changes the state through a list of path changes.

A change is JSON, stored in an event's payload under "changes" and applied in order:

- `["set", path, value]`: the value at `path` (missing dict levels are created);
- `["del", path]`: the dict key at `path` removed (an absent key: nothing happens);
- `["add", path, value]`: the value appended to the list at `path` (a missing list is created).

A path is a list of dict keys (str) and list indexes (int) from the state's root. `apply` only
writes: rule decisions (clamping hit points, wound thresholds) are taken by the resolution before
it emits, and the changes carry the resulting values. A resolution works on an `Emitter`, which
applies each event's changes to its working state as the event is emitted, so a later step of the
same action sees the earlier ones. `diff` gives the changes between two states (the stored-event
upgrade rewrites old payloads with it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rules.core.dice import Dice
from rules.core.errors import RulesError
from rules.core.jsonstate import Json, copy_json, update_in
from rules.core.messages import Message, Msg
from rules.core.system import EVERYONE, Event, said

Path = Sequence[str | int]
Change = list[Any]

BAD_CHANGE = Message("core.change.bad", "An event holds a change that cannot be applied: {change}")


def set_(path: Path, value: Any) -> Change:
    """The change putting `value` at `path`."""
    return ["set", list(path), value]


def delete(path: Path) -> Change:
    """The change removing the dict key at `path`."""
    return ["del", list(path)]


def append(path: Path, value: Any) -> Change:
    """The change appending `value` to the list at `path`."""
    return ["add", list(path), value]


def apply(state: Json, event: Event) -> Json:
    """The state after an event: its "changes" applied in order (every system's `apply`)."""
    changes = event.payload.get("changes")
    return apply_changes(state, changes) if changes else state


def apply_changes(
    state: Any, changes: Iterable[Sequence[Any]], fresh: dict[int, Any] | None = None
) -> Any:
    """A new state with `changes` applied in order; values are copied, the old state is never
    changed and everything off the changed paths is shared. RulesError for a malformed change.

    Each dict or list on the changed paths is copied once per call, however many of the changes
    go through it (a burst's fifteen changes copy the state's top level and the target once):
    the copies made in this call (`fresh`, kept alive so that no id is reused) are written in
    place, and nothing outside sees them before the call returns. (An `Emitter` passes its own
    `fresh` to go on writing in place the copies its earlier staged changes of the same event
    made.)"""
    if fresh is None:
        fresh = {}
    for change in changes:
        try:
            state = _apply_one(state, change, fresh)
        except (TypeError, IndexError, KeyError, ValueError, AttributeError):
            raise RulesError(_bad(change)) from None
    return state


def _bad(change: Any) -> Msg:
    return BAD_CHANGE(change=repr(change)[:200])


KEY_TYPES = frozenset((str, int))


def _apply_one(state: Any, change: Sequence[Any], fresh: dict[int, Any]) -> Any:
    if type(change) not in (list, tuple) or len(change) < 2:
        raise ValueError(change)
    op, path = change[0], change[1]
    if type(path) not in (list, tuple) or not KEY_TYPES.issuperset(map(type, path)):
        raise ValueError(change)
    if op == "set" and len(change) == 3:
        return _write(state, path, copy_json(change[2]), False, fresh)
    if op == "add" and len(change) == 3:
        return _write(state, path, copy_json(change[2]), True, fresh)
    if op == "del" and len(change) == 2 and path:
        return _delete(state, path)
    raise ValueError(change)


def _write(
    state: Any, path: Sequence[str | int], value: Any, add: bool, fresh: dict[int, Any]
) -> Any:
    """A new structure with `value` at `path` (appended to the list there when `add`), copying
    only the dicts and lists along the path that this call has not copied yet: those in `fresh`
    are written in place (all above them are fresh too); missing dict levels are created."""
    parents: list[Any] = []
    node = state
    for key in path:
        parents.append(node)
        if type(node) is dict:
            node = node.get(key)
        elif type(node) is list and type(key) is int:
            node = node[key]
        elif node is None and type(key) is str:
            node = None  # a missing dict level, created below
        else:
            raise TypeError(node)
    if add:
        if node is None:
            value = [value]
        elif type(node) is list:
            if id(node) in fresh:
                node.append(value)
                value = node
            else:
                value = [*node, value]
        else:
            raise TypeError(node)
    if type(value) in _CONTAINERS:
        fresh[id(value)] = value  # a copy of the change's value, or a new list: this call's own
    for depth in range(len(path) - 1, -1, -1):
        parent = parents[depth]
        if parent is not None and id(parent) in fresh:
            parent[path[depth]] = value
            return state
        copied = {} if parent is None else parent.copy()
        fresh[id(copied)] = copied
        copied[path[depth]] = value
        value = copied
    return value


_CONTAINERS = frozenset((dict, list))


def _delete(state: Any, path: Sequence[str | int]) -> Any:
    parent = state
    for key in path[:-1]:
        if type(parent) is list and type(key) is int:
            parent = parent[key]
        else:
            parent = parent.get(key) if type(parent) is dict else None
        if parent is None:
            return state  # nothing there to remove
    key = path[-1]
    if type(parent) is not dict:
        raise TypeError(parent)
    if key not in parent:
        return state

    def without(old: dict[Any, Any]) -> dict[Any, Any]:
        new = dict(old)
        del new[key]
        return new

    return update_in(state, path[:-1], without)


def diff(before: Any, after: Any) -> list[Change]:
    """The shortest changes turning `before` into `after`: dicts are compared key by key, a list
    that only grew at its end gains "add"s, anything else that differs is "set" whole."""
    found: list[Change] = []
    _diff(before, after, [], found)
    return found


def _diff(before: Any, after: Any, path: list[str | int], found: list[Change]) -> None:
    if before is after:
        return
    if type(before) is dict and type(after) is dict:
        for key in before:
            if key not in after:
                found.append(["del", [*path, key]])
        for key, value in after.items():
            if key in before:
                _diff(before[key], value, [*path, key], found)
            else:
                found.append(["set", [*path, key], copy_json(value)])
        return
    if type(before) is list and type(after) is list:
        size = len(before)
        if len(after) > size and same(after[:size], before):
            found.extend(["add", list(path), copy_json(value)] for value in after[size:])
            return
    if not same(before, after):
        found.append(["set", list(path), copy_json(after)])


def diff_along(before: Any, after: Any, paths: Iterable[Sequence[str | int]]) -> list[Change]:
    """`diff(before, after)` when the two states differ only at or below `paths`: the same
    changes in the same order, found without reading the rest (a shot compares two combatants,
    not the whole encounter)."""
    touched: dict[Any, Any] = {}  # key -> the keys touched below it, or None: all of it
    for path in paths:
        if not path:
            return diff(before, after)
        node: dict[Any, Any] = touched
        for key in path[:-1]:
            child = node.get(key, touched)
            if child is None:
                break  # a shorter path covers this one
            if child is touched:
                child = node[key] = {}
            node = child
        else:
            node[path[-1]] = None
    found: list[Change] = []
    _diff_along(before, after, touched, [], found)
    return found


def _diff_along(
    before: Any,
    after: Any,
    touched: dict[Any, Any] | None,
    path: list[str | int],
    found: list[Change],
) -> None:
    if touched is None or type(before) is not dict or type(after) is not dict:
        _diff(before, after, path, found)
        return
    gone = [key for key in touched if key in before and key not in after]
    if len(gone) > 1:  # in `before`'s order, as diff gives them
        was = list(before)
        gone.sort(key=was.index)
    found.extend(["del", [*path, key]] for key in gone)
    keys = [key for key in touched if key in after]
    if len(keys) > 1:  # in `after`'s order
        order = list(after)
        keys.sort(key=order.index)
    for key in keys:
        new = after[key]
        old = before.get(key, _ABSENT)
        if old is new:
            continue
        if old is _ABSENT:
            found.append(["set", [*path, key], copy_json(new)])
        elif type(new) in _SCALARS and touched[key] is None:  # `_diff` of a leaf, inline
            if type(old) is not type(new) or old != new:
                found.append(["set", [*path, key], new])
        else:
            _diff_along(old, new, touched[key], [*path, key], found)


_ABSENT = object()
_SCALARS = frozenset((str, int, float, bool, type(None)))


def same(a: Any, b: Any) -> bool:
    """Equal as JSON: like ==, but True is not 1 and 1 is not 1.0."""
    if a is b:
        return True
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is dict:
        return a.keys() == b.keys() and all(same(value, b[key]) for key, value in a.items())
    if kind is list:
        return len(a) == len(b) and all(map(same, a, b))
    return bool(a == b)


class Emitter:
    """One resolution under way: the working state, changed by every event as it is emitted."""

    def __init__(self, state: Json, dice: Dice) -> None:
        self.state = state
        self.dice = dice
        self.events: list[Event] = []
        self._mark = len(dice.records)
        self._staged: list[Change] = []
        self._before: Json = state
        self._fresh: dict[int, Any] = {}  # the copies this event's staged changes made

    def change(self, *changes: Change) -> None:
        """Apply `changes` to the working state now, so the next rule of the same event reads
        them; the next event emitted carries them, as `diff` between the state before its first
        staged change and after its last (the shortest form: a hit point set twice is one "set"),
        found on the paths they touched only.

        The containers the event's first changes copied are written in place by its later ones
        (as one `apply_changes` call would): a part of `.state` read before a change may show
        that change, so read what a rule needs before it stages its changes."""
        if not self._staged:
            self._before = self.state
        self.state = apply_changes(self.state, changes, self._fresh)
        self._staged.extend(changes)

    def emit(
        self,
        kind: str,
        msg: Msg,
        changes: Iterable[Sequence[Any]] = (),
        audience: str = EVERYONE,
        redacted: Msg | None = None,
        **payload: Any,
    ) -> Event:
        """Say what happened, with the dice rolled since the last event, and apply its changes."""
        faces = tuple(self.dice.records[self._mark :])
        self._mark = len(self.dice.records)
        steps = [list(change) for change in changes]
        staged = bool(self._staged)
        if staged:  # the changes staged with `change`, and these, in their shortest form
            self.change(*steps)
            steps = diff_along(self._before, self.state, [step[1] for step in self._staged])
            self._staged = []
            self._fresh = {}  # the event's state is out: the next event copies again
        body = {**payload, "changes": steps} if steps else payload
        event = said(kind, msg, body, dice=faces, audience=audience, redacted=redacted)
        if steps and not staged:
            self.state = apply_changes(self.state, steps)
        self.events.append(event)
        return event
