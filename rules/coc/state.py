"""The state of a Call of Cthulhu scene as JSON, the events that change it, and a resolution script.

Every state-changing event carries `changes` in the one state vocabulary (rules/core/changes.py),
applied in order by the core `apply`. A resolution works on a `Script` (the core Emitter), which
applies each event as it is emitted, so a later step of the same action sees the earlier ones.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from rules.brp.skill_checks import marks_of_sheet, without_marks
from rules.coc import messages as m
from rules.coc.settings import CocSettings
from rules.coc.sheet import validate_sheet
from rules.core.actions import GM_ACTOR
from rules.core.changes import Emitter
from rules.core.errors import RulesError, SheetError
from rules.core.jsonstate import copy_json
from rules.core.kit import build_settings, settings_values
from rules.core.system import Json
from rules.scene.start import scene_from_setup

VERSION = 1
Path = Sequence[str | int]


def start(setup: Mapping[str, Any]) -> Json:
    """A scene from its setup: title, settings and combatants with their sheets."""
    if not isinstance(setup, Mapping):
        raise SheetError("setup", m.AN_OBJECT())
    settings = build_settings(CocSettings, setup.get("settings") or {})
    raw = setup.get("combatants") or []
    if not isinstance(raw, list) or not raw:
        raise SheetError("combatants", m.NEED_COMBATANTS())
    combatants: dict[str, Json] = {}
    for n, entry in enumerate(raw):
        if not isinstance(entry, Mapping) or not str(entry.get("id") or "").strip():
            raise SheetError(f"combatants[{n}].id", m.AN_ID())
        ident = str(entry["id"]).strip()[:40]
        if ident in combatants:
            raise SheetError(f"combatants[{n}].id", m.ID_TWICE(id=ident))
        sheet_raw = dict(entry.get("sheet") or {})
        sheet_raw.setdefault("name", entry.get("name") or ident)
        try:
            sheet = validate_sheet(sheet_raw)
        except SheetError as error:
            raise SheetError(
                f"combatants[{n}].sheet.{error.field}", error.problem, error.rule
            ) from None
        combatants[ident] = new_combatant(ident, entry, sheet)
    effects: dict[str, Json] = {}
    for ident, c in combatants.items():  # poisons an earlier scene left to act (issue 32)
        for dose in (c["sheet"].get("condition") or {}).get("poisons") or ():
            key = f"e{len(effects) + 1}"
            data = {k: dose[k] for k in ("poison", "pot", "wins", "doses")}
            effects[key] = {
                "id": key,
                "kind": "poison",
                "target": ident,
                "left": dose.get("left"),
                "data": {**data, "secret": False},
            }
    state: Json = {
        "version": VERSION,
        "title": str(setup.get("title") or "")[:200],
        "notes": str(setup.get("notes") or "")[:1000],
        "settings": settings_values(settings),
        "round": 0,
        "order": [],
        "turn": 0,
        "light": "normal",
        "dark_impossible": [],
        "field_note": "",  # COC-AUTO-8: the Keeper's description of the field of fire
        "asking": None,  # COC-DODGE-4: an attack held until its targets answer "dodge?"
        "combatants": combatants,
        "effects": effects,
        "next_effect": len(effects) + 1,
        "next_secret": 1,  # secret effects are numbered apart (rules.coc.hazards.start_effect)
        "log_n": 0,
    }
    # SCENE-MAP-5: a map the setup gives (the encounter builder's) is there from the start
    scene = scene_from_setup(setup, "yd", combatants)
    if scene is not None:
        state["scene"] = scene
    return state


def new_combatant(ident: str, entry: Mapping[str, Any], sheet: Json) -> Json:
    """A combatant at the start of a scene: full HP, its weapons as carried, unless the sheet's
    condition says what an earlier scene left (issue 32): HP, dead, dying (COC-HP-1), still
    knocked out (COC-KO-3) and the wounds First Aid may still treat (COC-HEAL-1)."""
    c = {
        "id": ident,
        "name": sheet["name"],
        "side": str(
            entry.get("side") or ("investigators" if sheet["kind"] == "investigator" else "others")
        )[:40],
        "controller": str(entry.get("controller") or GM_ACTOR)[:40],
        "sheet": without_marks(sheet),  # COC-GROW-1: the marks are the combatant's, below
        "hp": sheet["hp_max"],
        "mp": sheet["mp"],
        "san": sheet["san"],
        "luck": sheet["luck"],
        "con": sheet["con"],
        "app": sheet["app"],
        "dead": False,
        "dying_round": None,
        "ko_rounds": 0,
        "down_at": None,
        "wounds": [],
        "burned": 0,
        "surprise": "",
        "round": fresh_round(),
        "hard_to_see_for": [],
        "danger": "",
        "cover": "none",  # COC-AUTO-8: the cover the Keeper marked (COC-ARMOUR-TABLE)
        "bunched": False,  # COC-AUTO-7/-8: in a narrow cone with the others so marked
        "weapons": {
            w["key"]: {
                "loaded": w["loaded"],
                "jammed": False,
                "broken": False,
                "disabled": False,
                "stuck_in": "",
                "silencer_shots": 0,
                "silencer_life": None,
            }
            for w in sheet["weapons"]
        },
    }
    c.update(marks_of_sheet(sheet))  # COC-GROW-1: marks carried from an earlier encounter
    condition = sheet.get("condition")
    if condition:
        if condition.get("hp") is not None:  # never above the maximum the sheet has now
            c["hp"] = min(int(condition["hp"]), int(sheet["hp_max"]))
        c["dead"] = bool(condition.get("dead"))
        c["ko_rounds"] = int(condition.get("ko_rounds") or 0)
        c["wounds"] = [
            {"n": n, "damage": int(w["damage"]), "aided": bool(w["aided"])}
            for n, w in enumerate(condition.get("wounds") or (), start=1)
        ]
        if condition.get("lost_limbs"):  # COC-DMG-1: lost for good
            c["lost_limbs"] = [str(lost["limb"]) for lost in condition["lost_limbs"]]
        if not c["dead"] and c["hp"] <= 0:
            c["dying_round"] = 0  # COC-HP-1: still dying; the end of round 1 is the end
    return c


def fresh_round() -> Json:
    """What a combatant has used of the current round."""
    return {
        "attacked": False,
        "attacks": 0,
        "shots": {},
        "dodge": "",
        "parry": None,
        "located": [],
        "sought": [],
        "fired_weapons": [],
    }


def load(data: Mapping[str, Any]) -> Json:
    """A state from JSON (a copy)."""
    if not isinstance(data, Mapping) or data.get("version") != VERSION:
        raise RulesError(m.OLD_STATE(version=repr(data.get("version"))))
    loaded: Json = copy_json(dict(data))
    return loaded


def dump(state: Json) -> Json:
    """The state as JSON (a copy, so the caller cannot change ours)."""
    dumped: Json = copy_json(state)
    return dumped


@functools.lru_cache(maxsize=64)
def _settings(items: tuple[tuple[str, Any], ...]) -> CocSettings:
    return build_settings(CocSettings, dict(items))


def settings_of(state: Mapping[str, Any]) -> CocSettings:
    """The campaign's settings as the frozen object the rules read."""
    return _settings(tuple(sorted(state["settings"].items())))


def combatant(state: Mapping[str, Any], ident: Any) -> Json:
    """A combatant by id; RulesError naming it when there is none."""
    found = state["combatants"].get(str(ident))
    if found is None:
        raise RulesError(m.NO_SUCH(id=str(ident)))
    return found  # type: ignore[no-any-return]


def status(c: Mapping[str, Any]) -> str:
    """COC-HP-1: dead; dying at 0 HP or less; unconscious at 1-2 HP or while knocked out; ok."""
    if c["dead"]:
        return "dead"
    if c["hp"] <= 0:
        return "dying"
    if c["hp"] <= 2 or c["ko_rounds"] > 0:
        return "unconscious"
    return "ok"


def can_act(c: Mapping[str, Any]) -> bool:
    """Whether a combatant is awake and alive."""
    return status(c) == "ok"


def current_slot(state: Mapping[str, Any]) -> Json | None:
    """The DEX-rank slot acting now (COC-ROUND-1), or None outside a round."""
    order = state["order"]
    if state["round"] < 1 or state["turn"] >= len(order):
        return None
    return order[state["turn"]]  # type: ignore[no-any-return]


def acting(state: Mapping[str, Any], actor: str) -> Json | None:
    """The slot of `actor` if it is this actor's turn."""
    slot = current_slot(state)
    return slot if slot is not None and slot["id"] == actor else None


class Script(Emitter):
    """One resolution: the core Emitter, with a look at a combatant as it is now."""

    def c(self, ident: str) -> Json:
        """A combatant as it is now, within this resolution."""
        return combatant(self.state, ident)


def cset(ident: str, *path_and_value: Any) -> list[Any]:
    """A change setting a combatant's field: cset("ada", "hp", 7), cset("ada", "round", "x", 1)."""
    *path, value = path_and_value
    return ["set", ["combatants", ident, *path], value]
