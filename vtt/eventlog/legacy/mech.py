"""The mech's apply before the one state vocabulary (frozen; only the upgrade reads it).

Its events carried "patch": {"units": {uid: {field: value}}, "state": {field: value}}, whose
fields replaced the named units' fields and the state's top-level fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

OLD_KEYS = ("patch",)


def legacy_apply(state: Any, kind: str, payload: Mapping[str, Any]) -> Any:
    """The state after an event with the old payload: its patch's fields replaced."""
    patch = payload.get("patch")
    if not patch:
        return state
    new = dict(state)
    units = patch.get("units")
    if units:
        new_units = new["units"] = dict(state["units"])
        for uid, fields in units.items():
            after = dict(new_units[uid])
            after.update(fields)
            new_units[uid] = after
    top = patch.get("state")
    if top:
        new.update(top)
    return new
