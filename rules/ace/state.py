"""The Ace Evolution table state as JSON: start from a setup, load and dump.

Events change it through the one state vocabulary (rules/core/changes.py); `apply` is the core one.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from rules.ace import messages as m
from rules.ace.settings import AceSettings
from rules.ace.sheet import validate_sheet
from rules.ace.stats import attr, hp_max
from rules.ace.tables import ATTRIBUTES, CONDITIONS
from rules.core.changes import Change
from rules.core.changes import apply as apply  # every event folds through the core apply
from rules.core.errors import IllegalAction, SheetError
from rules.core.kit import build_settings, settings_values
from rules.core.system import Json
from rules.scene.start import scene_from_setup

VERSION = 1
State = Json
Op = Change  # ["set", path, value] or ["add", path, value] (rules/core/changes.py)


@lru_cache(maxsize=64)
def _settings(items: tuple[tuple[str, Any], ...]) -> AceSettings:
    return build_settings(AceSettings, dict(items))


def settings_of(state: Mapping[str, Any]) -> AceSettings:
    """The table's frozen settings (built once per distinct set of values)."""
    values = state.get("settings") or {}
    return _settings(tuple(values.items()))  # stored in the settings' own order, so no sort


def _combatant(raw: Any, n: int, seen: set[str]) -> Json:
    where = f"combatants[{n}]"
    if not isinstance(raw, Mapping):
        raise SheetError(where, m.BAD_OBJECT())
    ident = str(raw.get("id") or "").strip()
    if not ident or len(ident) > 40 or ident == "gm":
        raise SheetError(f"{where}.id", m.BAD_ID())
    if ident in seen:
        raise SheetError(f"{where}.id", m.ID_TWICE(id=ident))
    seen.add(ident)
    sheet_raw = dict(raw.get("sheet") or {})
    sheet_raw.setdefault("name", str(raw.get("name") or ident))
    try:
        sheet = validate_sheet(sheet_raw)
    except SheetError as exc:
        raise SheetError(f"{where}.sheet.{exc.field}", exc.problem, exc.rule) from None
    current = {key: sheet.get(key) for key in ATTRIBUTES}  # ACE-AMB-05: current starts at max
    first = next((w["key"] for w in sheet["weapons"] if w["kind"] == "melee"), None)
    condition = sheet.get("condition") or {}
    for key, value in (condition.get("current") or {}).items():  # ACE-AMB-05: not yet rested
        held = current.get(key)
        if held is not None:
            current[key] = min(int(value), int(held))
    carried = [cond for cond in CONDITIONS if condition.get(cond)]
    c: Json = {
        "id": ident,
        "name": str(raw.get("name") or sheet["name"])[:100],
        "side": str(raw.get("side") or "")[:40],
        "controller": str(raw.get("controller") or "gm")[:40],
        "sheet": sheet,
        "current": current,
        "hp": hp_max(sheet),
        "hp_max": hp_max(sheet),
        "dead": False,
        "conditions": [str(c) for c in raw.get("conditions") or carried],
        "used": {"standard": False, "move": False, "quick": False},
        "commands": {},
        "prone": False,
        "cover": "none",
        "grapple": None,
        "hidden": bool(raw.get("hidden", False)),  # ACE-STEALTH-1: starts unnoticed
        "ambusher": False,
        "initiative": None,
        "wielding": str(raw.get("wielding") or first or "unarmed"),
        "dropped": [],
        "item_damage": {},
        "mark_selected": None,
        "items": [dict(item) for item in sheet["items"]],
        "absorption": [dict(entry) for entry in sheet["absorption"]],  # ACE-PIPE-1 step 6
        "scan": {"on": False, "rounds": 0},
    }
    if condition.get("hp") is not None:  # ACE-ATTR-3: HP as the last encounter left them
        c["hp"] = min(int(condition["hp"]), int(c["hp_max"]))
    c["dead"] = bool(condition.get("dead"))
    return c


def start(setup: Mapping[str, Any]) -> State:
    """A table from its setup: title, settings and combatants with their sheets."""
    if not isinstance(setup, Mapping):
        raise SheetError("setup", m.BAD_OBJECT())
    settings = settings_values(build_settings(AceSettings, setup.get("settings") or {}))
    raw = setup.get("combatants") or []
    if not isinstance(raw, list):
        raise SheetError("combatants", m.BAD_LIST())
    seen: set[str] = set()
    combatants = [_combatant(entry, n, seen) for n, entry in enumerate(raw)]
    state: State = {
        "version": VERSION,
        "title": str(setup.get("title") or "")[:200],
        "settings": settings,
        "round": 0,
        "order": [],
        "current": None,
        "combatants": {c["id"]: c for c in combatants},
        "pending": None,
        "last_damage": None,
        "tasks": [],
        "secrets": [],
    }
    # SCENE-MAP-5: a map the setup gives (the encounter builder's) is there from the start
    scene = scene_from_setup(setup, "m", seen)
    if scene is not None:
        state["scene"] = scene
    return state


def dump(state: State) -> Json:
    """The state as JSON (it already is)."""
    return state


def load(data: Mapping[str, Any]) -> State:
    """A stored state; refuses versions this engine does not read."""
    if data.get("version") != VERSION:
        raise SheetError("version", m.OLD_STATE(version=str(data.get("version"))))
    return dict(data)


def actors(state: State) -> list[str]:
    """Every combatant id a user can be seated at."""
    return list(state["combatants"])


# --- reading the state -------------------------------------------------------------------------


def combatant(state: State, ident: str) -> Json:
    """A combatant by id; IllegalAction naming it when there is none."""
    found = state["combatants"].get(ident)
    if found is None:
        raise IllegalAction.of(m.NO_SUCH(id=ident))
    return found  # type: ignore[no-any-return]


def helpless(c: Mapping[str, Any], s: AceSettings) -> bool:
    """ACE-CDG-1: asleep, unconscious or petrified (low SPI makes one unconscious, ACE-ATTR-2;
    so does passing out from hunger or thirst, ACE-ATTR-8)."""
    if any(cond in c["conditions"] for cond in ("asleep", "unconscious", "petrified", "fainting")):
        return True
    spi = attr(c, "spi")
    return spi is not None and spi < 2


def can_act(c: Mapping[str, Any], s: AceSettings) -> bool:
    """ACE-ATTR-2 / ACE-AMB-04: the dead, the helpless and stamina below 2 cannot act."""
    if c["dead"] or helpless(c, s):
        return False
    stamina = attr(c, s.stamina)
    return stamina is None or stamina >= 2


def statuses(c: Mapping[str, Any], s: AceSettings) -> list[str]:
    """The condition keys to show for a combatant."""
    out = [cond for cond in c["conditions"]]
    spi = attr(c, "spi")
    if spi is not None and spi < 2 and "unconscious" not in out:
        out.append("unconscious")  # ACE-ATTR-2
    stamina = attr(c, s.stamina)
    if stamina is not None and stamina < 2:
        out.append("cannot_act")  # ACE-ATTR-2 / ACE-AMB-04
    if c["dead"]:
        out.append("dead")
    g = c.get("grapple")
    if g and g["role"] == "held":
        out.append("pinned" if g["pinned"] else "grappled")
    if c["prone"]:
        out.append("prone")
    if c["hidden"]:
        out.append("hidden")
    return out


def cpath(ident: str, *keys: str | int) -> list[str | int]:
    """The path of a combatant's field, for an op."""
    return ["combatants", ident, *keys]
