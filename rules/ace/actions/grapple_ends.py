"""How a grapple ends for both sides, and a body shield's cover with it (ACE-GRAPPLE-8): by a
release or escape, or by a death (ACE-ATTR-3)."""

from __future__ import annotations

from rules.ace.state import Op, State, cpath
from rules.core.system import Json


def release_ops(state: State, ident: str) -> list[Op]:
    """A grapple ends for both sides; a pinned body held up as a shield no longer covers.

    ACE-GRAPPLE-8 / ACE-AMB-30: the body-shield cover lasts only while the pin does.
    """
    c = state["combatants"][ident]
    g = c.get("grapple")
    if not g:
        return []
    ops: list[Op] = []
    for who in (ident, g["with"]):
        ops.append(["set", cpath(who, "grapple"), None])
        ops += unshield_ops(state["combatants"][who])
    return ops


def unshield_ops(c: Json) -> list[Op]:
    """The ops that take away a body shield's cover (ACE-GRAPPLE-8)."""
    if not c.get("shield"):
        return []
    return [["set", cpath(c["id"], "cover"), "none"], ["set", cpath(c["id"], "shield"), False]]
