"""The registry of game systems; a lookup for an unknown key fails loudly."""

from __future__ import annotations

from importlib import import_module

from rules.core.errors import UnknownSystem
from rules.core.system import GameSystem

# key -> module exporting SYSTEM; a system lands by adding its line here.
KNOWN: dict[str, str] = {
    "scs": "rules.scs",
    "chat": "rules.chat",
    "delta_green": "rules.delta_green",
    "mech": "rules.mech",
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
