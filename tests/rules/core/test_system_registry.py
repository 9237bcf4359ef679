"""The registry fails loudly; every registered system honours the contract's basics."""

from __future__ import annotations

import json
import sys
import types

import pytest

from rules.core import registry
from rules.core.errors import UnknownSystem
from rules.core.registry import KNOWN, get_system, system_keys
from rules.core.system import GM, OBSERVER, GameSystem


def test_unknown_system_fails_loudly_naming_the_known_keys() -> None:
    with pytest.raises(UnknownSystem, match=r"unknown rule system 'nope'; known: .*chat"):
        get_system("nope")


def test_system_keys_are_sorted_and_include_chat() -> None:
    assert system_keys() == sorted(KNOWN)
    assert "chat" in system_keys()


def test_a_systems_optional_part_is_found_through_the_registry(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # rules/<key>/<part>.py by the registry's module, so an optional part needs no list
    from rules.coc import recovery

    assert registry.part_of("coc", "recovery") is recovery
    assert registry.part_of("chat", "recovery") is None
    assert registry.part_of("nope", "recovery") is None
    monkeypatch.setitem(registry.KNOWN, "healer", "rules.coc")
    assert registry.part_of("healer", "recovery") is recovery


def test_a_module_without_a_system_fails_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("rules_test_empty")
    monkeypatch.setitem(sys.modules, "rules_test_empty", module)
    monkeypatch.setitem(registry.KNOWN, "empty", "rules_test_empty")
    with pytest.raises(UnknownSystem, match="does not export a GameSystem named SYSTEM"):
        get_system("empty")


def test_a_system_under_the_wrong_key_fails_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.KNOWN, "alias", "rules.chat")
    with pytest.raises(UnknownSystem, match="has key 'chat', registered as 'alias'"):
        get_system("alias")


@pytest.mark.parametrize("key", system_keys())
def test_every_registered_system_starts_its_demo_and_round_trips(key: str) -> None:
    system = get_system(key)
    assert isinstance(system, GameSystem)
    assert system.key == key
    assert system.demo is not None, f"{key} ships no demo: load_demo would leave it out"
    state = system.start(system.demo())
    dumped = system.dump(state)
    assert json.loads(json.dumps(dumped)) == dumped  # JSON-able
    assert system.dump(system.load(dumped)) == dumped
    for audience in (GM, OBSERVER):
        json.dumps(system.view(state, audience))


def test_has_preview_says_whether_a_system_offers_odds_without_calling_it() -> None:
    # Django templates call callables they meet, so templates ask `has_preview`, not `preview`.
    from rules.core.registry import get_system

    assert get_system("delta_green").has_preview
    chat = get_system("chat")
    assert chat.has_preview is (chat.preview is not None)
