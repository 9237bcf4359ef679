"""Each event kind's payload as a typed schema: what the contract tests check on every emitted
event, and what docs/events.md is generated from (`python -m rules.core.payloads --write`).

A system declares its kinds in rules/<system>/payloads.py as `PAYLOADS = kinds(payload(...),
...)`; the table's own kinds (table.*, every system emits them) are in rules/core/table_payloads.py.
Field types are Python type expressions read as JSON types: `str`, `int` (not a bool), `float`
(any number), `bool`, `None`, `list[...]`, `dict[str, ...]`, unions (`str | None`), `Literal`,
`Any`, and CHANGES (the vocabulary's change list, rules/core/changes.py), which every kind may
carry under "changes" without declaring it.

The check runs only when the environment variable TABULA_PAYLOAD_CHECK is set
(tests/run_environment.py sets it to "raise"; production pays one boolean test per event), at two
places: in `rules.core.system.said`, against the system whose rules/<system>/ code built the event
(found up the stack), and on every event a product system's `GameSystem.resolve` returns, as it
will be stored (events built without said, or finished after it, are caught there). With
"report=<file>" nothing raises: each event's kind, fields and problems go to the file as JSON
lines, which is how the schemas were first written.
"""

from __future__ import annotations

import json
import os
import sys
import types
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin

ENV = "TABULA_PAYLOAD_CHECK"  # "raise": a bad payload raises; "report=<file>": JSON lines there
TABLE = "table"  # the registry of the table's own kinds (table.*), shared by every system
TABLE_PREFIX = "table."
CHANGES_KEY = "changes"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "events.md"


class ChangeList:
    """The type of a "changes" field: a list of ["set", path, value], ["del", path] and
    ["add", path, value] (rules/core/changes.py)."""

    def __repr__(self) -> str:
        return "changes"


CHANGES = ChangeList()


@dataclass(frozen=True)
class Field:
    """One payload field: its JSON type, whether every event of the kind carries it, and a line
    for the docs."""

    type: object
    doc: str
    required: bool = True


def req(type_: object, doc: str) -> Field:
    """A field every event of the kind carries."""
    return Field(type_, doc, True)


def opt(type_: object, doc: str) -> Field:
    """A field some events of the kind carry."""
    return Field(type_, doc, False)


@dataclass(frozen=True)
class Payload:
    """One event kind: what it means, and its payload's fields by name."""

    kind: str
    doc: str
    fields: Mapping[str, Field] = field(default_factory=dict)


def payload(kind: str, doc: str, /, **fields: Field) -> Payload:
    """A kind's schema; fields by name (a name that is no identifier: `**{"as": req(...)}`)."""
    return Payload(kind, doc, fields)


def kinds(*schemas: Payload) -> dict[str, Payload]:
    """A system's registry: kind -> schema; a kind declared twice is a mistake."""
    registry: dict[str, Payload] = {}
    for schema in schemas:
        if schema.kind in registry:
            raise ValueError(f"event kind {schema.kind!r} is declared twice")
        registry[schema.kind] = schema
    return registry


# --- the registries -------------------------------------------------------------------------


def _module_of(system_key: str) -> str:
    if system_key == TABLE:
        return "rules.core.table_payloads"
    from rules.core.registry import KNOWN

    return f"{KNOWN.get(system_key, 'rules.' + system_key)}.payloads"


def registry(system_key: str) -> Mapping[str, Payload]:
    """The kinds `system_key` declares (TABLE: the table's own); none when it declares nothing."""
    try:
        module = import_module(_module_of(system_key))
    except ModuleNotFoundError as missing:
        if missing.name != _module_of(system_key):
            raise
        return {}
    found: Mapping[str, Payload] = getattr(module, "PAYLOADS", {})
    return found


def schema_of(system_key: str, kind: str) -> Payload | None:
    """The schema of `kind` as `system_key` emits it (table.* kinds: the table's registry)."""
    return registry(TABLE if kind.startswith(TABLE_PREFIX) else system_key).get(kind)


# --- the check ------------------------------------------------------------------------------


def check(system_key: str, event: Any) -> list[str]:
    """What is wrong with `event`'s payload as `system_key` emits it (empty: nothing).

    `event` is a rules.core.system.Event (anything with `kind` and `payload`)."""
    kind, data = str(event.kind), event.payload
    schema = schema_of(system_key, kind)
    if schema is None:
        return [f"{system_key}: event kind {kind!r} has no payload schema"]
    problems: list[str] = []
    for name, value in data.items():
        if name == CHANGES_KEY and name not in schema.fields:
            expected: object = CHANGES
        elif name in schema.fields:
            expected = schema.fields[name].type
        else:
            problems.append(f"{kind}: field {name!r} is not in its schema")
            continue
        if not conforms(value, expected):
            problems.append(
                f"{kind}: field {name!r} should be {type_name(expected)}, is {value!r:.80}"
            )
    for name, spec in schema.fields.items():
        if spec.required and name not in data:
            problems.append(f"{kind}: required field {name!r} is missing")
    return problems


def conforms(value: object, type_: object) -> bool:
    """Whether `value` (JSON data) is of the JSON type `type_` (see the module's docstring)."""
    if type_ is Any:
        return True
    if type_ is None or type_ is type(None):
        return value is None
    if isinstance(type_, ChangeList):
        return is_change_list(value)
    origin, args = get_origin(type_), get_args(type_)
    if origin is Union or origin is types.UnionType:
        return any(conforms(value, arg) for arg in args)
    if origin is Literal:
        return any(type(value) is type(arg) and value == arg for arg in args)
    if origin is list:
        return isinstance(value, list | tuple) and all(conforms(v, args[0]) for v in value)
    if origin is dict:
        return isinstance(value, Mapping) and all(
            isinstance(k, str) and conforms(v, args[1]) for k, v in value.items()
        )
    return _scalar(value, type_)


def _scalar(value: object, type_: object) -> bool:
    if type_ is bool:
        return isinstance(value, bool)
    if type_ is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if type_ is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if type_ is str:
        return isinstance(value, str)
    if type_ is list:
        return isinstance(value, list | tuple)
    if type_ is dict:
        return isinstance(value, Mapping)
    raise TypeError(f"{type_!r} is not a JSON type a payload schema may name")


def is_change_list(value: object) -> bool:
    """Whether `value` is a list of the vocabulary's changes."""
    return isinstance(value, list | tuple) and all(_is_change(c) for c in value)


def _is_change(change: object) -> bool:
    if not isinstance(change, list | tuple) or not change:
        return False
    op, size = change[0], {"set": 3, "add": 3, "del": 2}.get(str(change[0]))
    if not isinstance(op, str) or size is None or len(change) != size:
        return False
    path = change[1]
    return isinstance(path, list | tuple) and all(
        isinstance(key, str | int) and not isinstance(key, bool) for key in path
    )


def type_name(type_: object) -> str:
    """A type as the docs write it: `str`, `list[str]`, `int | None`, `"a" | "b"`, changes."""
    if type_ is Any:
        return "any"
    if type_ is None or type_ is type(None):
        return "null"
    if isinstance(type_, ChangeList):
        return "changes"
    origin, args = get_origin(type_), get_args(type_)
    if origin is Union or origin is types.UnionType:
        return " | ".join(type_name(arg) for arg in args)
    if origin is Literal:
        return " | ".join(json.dumps(arg) for arg in args)
    if origin is list:
        return f"list[{type_name(args[0])}]"
    if origin is dict:
        return "object" if args[1] is Any else f"object[{type_name(args[1])}]"
    names = {str: "str", int: "int", float: "number", bool: "bool", list: "list", dict: "object"}
    if isinstance(type_, type) and type_ in names:
        return names[type_]
    raise TypeError(f"{type_!r} is not a JSON type a payload schema may name")


# --- the switch: checking every event `said` builds, in tests only --------------------------


class PayloadError(AssertionError):
    """An emitted event's payload does not match its kind's schema."""


def emitter_key(kind: str, depth: int = 2) -> str | None:
    """The system whose code built an event of `kind`: the first frame up the stack in a
    rules/<system>/ module (rules/core, rules/brp and other shared code skipped); table.* kinds
    belong to TABLE."""
    if kind.startswith(TABLE_PREFIX):
        return TABLE
    packages = _system_packages()
    frame = sys._getframe(depth)
    while frame is not None:
        name = str(frame.f_globals.get("__name__", ""))
        key = packages.get(".".join(name.split(".")[:2]))
        if key is not None:
            return key
        frame = frame.f_back  # type: ignore[assignment]
    return None


def _system_packages() -> dict[str, str]:
    """rules.<package> -> system key, for every registered system of rules/."""
    from rules.core.registry import KNOWN

    return {module: key for key, module in KNOWN.items() if module.startswith("rules.")}


def _in_rules(system_key: str) -> bool:
    from rules.core.registry import KNOWN

    return KNOWN.get(system_key, "").startswith("rules.")


def on_emit(event: Any, mode: str) -> None:
    """The test-time hook of `said`: check `event` as its emitter's system declares it."""
    key = emitter_key(str(event.kind), depth=3)
    if key is None:
        return  # built by a test or a tool, not by a system's rules
    _judge(key, event, check(key, event), mode)


def checked_resolve(system_key: str, resolve: Callable[..., list[Any]]) -> Callable[..., list[Any]]:
    """`resolve` checking every event it returns, as stored (the test-time hook of GameSystem):
    events built without `said` (the mech's fast path, SCS's events with their changes added)
    are caught here."""

    def resolve_checked(state: Any, action: Any, dice: Any) -> list[Any]:
        events = resolve(state, action, dice)
        if not _in_rules(system_key):
            return events  # a test's own system (rules/ holds the product's)
        for event in events:
            key = TABLE if str(event.kind).startswith(TABLE_PREFIX) else system_key
            _judge(key, event, check(key, event), mode())
        return events

    return resolve_checked


def _judge(key: str, event: Any, problems: list[str], how: str) -> None:
    if how.startswith("report="):
        _report(how.removeprefix("report="), key, event, problems)
    elif problems:
        raise PayloadError("; ".join(problems))


def _report(path: str, key: str, event: Any, problems: list[str]) -> None:
    """One JSON line per event: the emitter, the kind, each field's JSON type, the problems."""
    fields = {name: _json_type(value) for name, value in event.payload.items()}
    line = {"system": key, "kind": event.kind, "fields": fields, "problems": problems}
    with open(path, "a", encoding="utf-8") as out:
        out.write(json.dumps(line, sort_keys=True) + "\n")


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "str"
    if isinstance(value, Mapping):
        return "object"
    if isinstance(value, list | tuple):
        inner = sorted({_json_type(v) for v in value})
        return f"list[{'|'.join(inner)}]" if inner else "list"
    return type(value).__name__


def mode() -> str:
    """The switch's value now ("" when off)."""
    return os.environ.get(ENV, "")


# --- the docs -------------------------------------------------------------------------------

HEADER = """# Event payloads

<!-- Generated from the payload schemas by `python -m rules.core.payloads --write`;
do not edit by hand (tests/rules/core/test_payload_schemas.py fails when this file is stale). -->

Every event a system emits is `kind`, `payload`, log line, dice and audience
(rules/core/system.py `Event`). Its payload's fields are declared per kind in
`rules/<system>/payloads.py` (the table's own kinds in `rules/core/table_payloads.py`), and the
tests check every event the suite emits against them: a field no schema names fails the test.
To see what a system's events carry while writing its schemas, record them instead of failing:
`TABULA_PAYLOAD_CHECK=report=/tmp/events.jsonl pytest tests/rules/<system>` writes each
event's kind, fields' JSON types and problems as JSON lines.

Every kind may also carry `changes`: the state changes the event makes, applied in order by the
system's `apply` (rules/core/changes.py): `["set", path, value]`, `["del", path]`,
`["add", path, value]`, a path being a list of object keys and list indexes.
"""


def render(systems: Iterable[tuple[str, str]]) -> str:
    """docs/events.md: the table's kinds, then each (key, title) system's, as tables."""
    parts = [HEADER]
    for key, title in [(TABLE, "The table's own kinds, in every system"), *systems]:
        schemas = registry(key)
        if not schemas:
            continue
        parts.append(f"\n## {title} (`{key}`)\n")
        for kind in sorted(schemas):
            parts.append(_render_kind(schemas[kind]))
    return "".join(parts)


def _render_kind(schema: Payload) -> str:
    lines = [f"\n### `{schema.kind}`", "", schema.doc, ""]
    if not schema.fields:
        lines.append("No fields besides `changes`.")
    else:
        lines += ["| Field | Type | Required | Meaning |", "|---|---|---|---|"]
        for name, spec in schema.fields.items():
            kind = type_name(spec.type).replace("|", "\\|")
            needed = "yes" if spec.required else "no"
            lines.append(f"| `{name}` | {kind} | {needed} | {spec.doc} |")
    return "\n".join(lines) + "\n"


def document() -> str:
    """docs/events.md as the schemas say it now."""
    from rules.core.registry import get_system, system_keys

    return render((key, get_system(key).title) for key in system_keys())


def main(argv: list[str]) -> int:
    """`python -m rules.core.payloads`: print docs/events.md; `--write`: write it."""
    text = document()
    if "--write" in argv:
        DOCS.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
