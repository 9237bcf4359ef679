"""The registry of game systems; a lookup for an unknown key fails loudly."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from types import ModuleType
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


def part_of(key: str, name: str) -> ModuleType | None:
    """The registered system's module `name` (`rules/<key>/<name>.py`: its `recovery` tools
    between fights, its `payloads`), found through the registry; None when it has none, so a
    system's optional parts need no list of their own."""
    package = KNOWN.get(key)
    if package is None:
        return None
    module_name = f"{package}.{name}"
    try:
        return import_module(module_name)
    except ModuleNotFoundError as missing:
        if missing.name != module_name:
            raise  # the part exists and imports something missing: say so
        return None


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
