"""Each event kind's payload is a typed schema (rules/core/payloads.py): the checker refuses a
field the schema does not name, a missing required field and a wrong JSON type; the suite-wide
switch (tests/run_environment.py) checks every event `said` builds."""

from __future__ import annotations

import dataclasses
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Literal

import pytest

from rules.core import payloads
from rules.core.dice import LoadedDice
from rules.core.messages import Message
from rules.core.payloads import CHANGES, check, conforms, kinds, opt, payload, req, type_name
from rules.core.registry import get_system, system_keys
from rules.core.system import Action, Event, said

ROOT = Path(__file__).resolve().parents[3]
LINE = Message("test.payload.line", "a line")()


def reverted(**fields: Any) -> Event:
    return Event("table.reverted", fields)


def test_a_conforming_payload_has_no_problem() -> None:
    assert check("coc", reverted(reverts=3)) == []


def test_a_field_the_schema_does_not_name_is_refused() -> None:
    assert check("coc", reverted(reverts=3, ops=[])) == [
        "table.reverted: field 'ops' is not in its schema"
    ]


def test_a_missing_required_field_is_refused() -> None:
    assert check("coc", reverted()) == ["table.reverted: required field 'reverts' is missing"]


def test_a_wrong_json_type_is_refused() -> None:
    problems = check("coc", reverted(reverts="3"))
    assert problems == ["table.reverted: field 'reverts' should be int, is '3'"]
    assert check("coc", reverted(reverts=True)) != []  # a bool is no int in JSON


def test_an_unknown_kind_is_refused() -> None:
    assert check("coc", Event("nothing.happened", {})) == [
        "coc: event kind 'nothing.happened' has no payload schema"
    ]


def test_every_kind_may_carry_changes_but_only_a_change_list() -> None:
    good = [["set", ["a", 0], 1], ["del", ["b"]], ["add", ["log"], {"x": 1}]]
    assert check("coc", reverted(reverts=1, changes=good)) == []
    for bad in (["set", ["a"], 1], [["put", ["a"], 1]], [["del", ["a"], 1]], [["set", "a", 1]]):
        assert check("coc", reverted(reverts=1, changes=bad)) != [], bad


def test_json_types() -> None:
    assert conforms(1, float)
    assert not conforms(True, float)
    assert not conforms(1.5, int)
    assert conforms(None, int | None)
    assert not conforms("x", int | None)
    assert conforms(["a", "b"], list[str])
    assert not conforms(["a", 1], list[str])
    assert conforms({"a": 1}, dict[str, int])
    assert not conforms({"a": "1"}, dict[str, int])
    assert conforms("hit", Literal["hit", "miss"])
    assert not conforms("hat", Literal["hit"])
    assert conforms({"any": [1]}, Any)
    assert type_name(list[str] | None) == "list[str] | null"
    assert type_name(CHANGES) == "changes"


def test_a_registry_refuses_a_kind_declared_twice() -> None:
    one = payload("a.b", "twice")
    with pytest.raises(ValueError, match=r"'a\.b' is declared twice"):
        kinds(one, one)
    assert kinds(payload("a.b", "x", n=opt(int, "n")))["a.b"].fields["n"].required is False
    assert req(int, "n").required is True


def test_the_switch_is_on_in_the_test_run() -> None:
    # tests/run_environment.py sets it before anything imports rules.core.system
    assert os.environ[payloads.ENV] == "raise"


def test_said_raises_on_a_bad_table_event_while_the_switch_is_on() -> None:
    with pytest.raises(payloads.PayloadError, match="field 'ops' is not in its schema"):
        said("table.reverted", LINE, {"reverts": 1, "ops": []})
    assert said("table.reverted", LINE, {"reverts": 1}).payload == {"reverts": 1}


def test_a_system_emitting_an_unnamed_field_fails_at_once() -> None:
    # a script run as if it were a system's module: the frames of rules.coc name the emitter
    code = (
        "from rules.core.system import said\n"
        "from rules.core.messages import Message\n"
        "said('turn.ended', Message('x', 'x')(), {'actor': 'a', 'ops': []})\n"
    )
    scope = {"__name__": "rules.coc.fake"}
    with pytest.raises(payloads.PayloadError, match=r"turn\.ended: field 'ops'"):
        exec(compile(code, "rules/coc/fake.py", "exec"), scope)


def test_the_switch_off_checks_nothing() -> None:
    code = (
        "from rules.core.system import said\n"
        "from rules.core.messages import Message\n"
        "print(said('table.reverted', Message('x', 'x')(), {'ops': 1}).payload)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != payloads.ENV}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.stdout.strip() == "{'ops': 1}", out.stderr


@pytest.mark.parametrize("key", system_keys())
def test_every_system_has_a_registry_with_documented_fields(key: str) -> None:
    found = payloads.registry(key)
    if key != "chat":  # the chat table emits the table's kinds alone
        assert found, f"rules/{key}/payloads.py declares no kinds"
    for kind, schema in found.items():
        assert schema.kind == kind
        assert schema.doc
        assert not kind.startswith("table."), "table.* kinds live in rules/core/table_payloads.py"
        for name, spec in schema.fields.items():
            assert spec.doc, f"{kind}.{name} has no description"
            type_name(spec.type)  # a JSON type the docs can name


def test_docs_events_md_is_generated_from_the_schemas() -> None:
    # Regenerate with: .venv/bin/python -m rules.core.payloads --write
    assert payloads.DOCS.read_text(encoding="utf-8") == payloads.document(), (
        "docs/events.md is stale: run python -m rules.core.payloads --write"
    )


def test_resolve_refuses_an_event_built_without_said() -> None:
    # the mech's fast path and the events SCS finishes after said() are checked
    # where they leave resolve: every product system's GameSystem.resolve is wrapped in the tests
    bad = Event("turn.ended", {"actor": "a", "patch": {}})
    system = dataclasses.replace(get_system("coc"), resolve=lambda state, action, dice: [bad])
    with pytest.raises(payloads.PayloadError, match=r"turn\.ended: field 'patch'"):
        system.resolve({}, Action("x", "a"), LoadedDice([]))


def test_a_test_systems_events_are_left_alone() -> None:
    odd = Event("counter.added", {"amount": 1})
    system = dataclasses.replace(
        get_system("coc"), key="counter", resolve=lambda state, action, dice: [odd]
    )
    assert system.resolve({}, Action("x", "a"), LoadedDice([])) == [odd]


EMITTED = re.compile(r'\b(?:emit|said|event)\(\s*"([a-z_]+\.[a-z_]+)"')


@pytest.mark.parametrize("key", [k for k in system_keys() if k != "chat"])
def test_every_kind_the_code_emits_by_name_is_declared(key: str) -> None:
    # the suite-wide switch sees the kinds the tests reach; this reads the others off the code
    # (a kind named literally as the first argument of an emit)
    named = set()
    for path in (ROOT / "rules" / key).rglob("*.py"):
        named |= set(EMITTED.findall(path.read_text(encoding="utf-8")))
    declared = payloads.registry(key)
    assert sorted(k for k in named if k not in declared and not k.startswith("table.")) == []
