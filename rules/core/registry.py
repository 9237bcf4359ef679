"""The registry of game systems; a lookup for an unknown key fails loudly."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import Any

from rules.core.errors import UnknownSystem
from rules.core.messages import Message
from rules.core.system import GameSystem

# key -> module exporting SYSTEM; a system lands by adding its line here.
KNOWN: dict[str, str] = {
    "scs": "rules.scs",
    "chat": "rules.chat",
    "delta_green": "rules.delta_green",
    "mech": "rules.mech",
    "coc": "rules.coc",
    "ace": "rules.ace",
}


def get_system(key: str) -> GameSystem:
    """The system registered under `key`; raises UnknownSystem naming the known keys."""
    module_name = KNOWN.get(key)
    if module_name is None:
        raise UnknownSystem(f"unknown rule system {key!r}; known: {', '.join(sorted(KNOWN))}")
    system = getattr(import_module(module_name), "SYSTEM", None)
    if not isinstance(system, GameSystem):
        raise UnknownSystem(f"{module_name} does not export a GameSystem named SYSTEM")
    if system.key != key:
        raise UnknownSystem(f"{module_name}.SYSTEM has key {system.key!r}, registered as {key!r}")
    return system


def system_keys() -> list[str]:
    """Every registered key, sorted."""
    return sorted(KNOWN)


def title(key: str) -> Message:
    """A registered system's title as a message, read in the reader's language like its other
    words (its zh-Hans line in engine.po, `system.title.<key>`)."""
    return Message(f"system.title.{key}", get_system(key).title)


def bench_cases(key: str) -> list[Mapping[str, Any]]:
    """The system's `BENCH` cases: {"setup", "prelude"?, "action", "name"?} (docs/rules/)."""
    get_system(key)
    found = getattr(import_module(KNOWN[key]), "BENCH", None)
    if found is None:
        return []
    if callable(found):
        found = found()
    if isinstance(found, tuple):  # the short form (setup, action)
        return [{"setup": found[0], "action": found[1]}]
    return list(found) if isinstance(found, list) else [found]
