"""Delta Green combat on the BRP core: cards, initiative, autofire, suppression, locations."""

from __future__ import annotations

from typing import Any

from rules.brp import core as brp_core
from rules.core.actions import GM_ACTOR
from rules.core.changes import apply
from rules.core.kit import catalogue
from rules.core.system import Action, GameSystem
from rules.delta_green import (
    log_gm,
    log_messages,
    log_turns,
    messages,
    refusals,
    settings,
    sheet,
    sheet_words,
)
from rules.delta_green.actions import checks_by_name, legal_actions, preview, resolve
from rules.delta_green.demo import demo
from rules.delta_green.derived import derive, write_back
from rules.delta_green.names import NAMES
from rules.delta_green.settings import SCHEMA
from rules.delta_green.sheet import DEFAULT_SHEET, SHEET, validate_character, validate_sheet
from rules.delta_green.state import VERSION, dump, load, start
from rules.delta_green.view import view
from rules.scene import messages as scene_messages
from rules.scene import reading_messages
from rules.scene.moving import sent_as_a_player


def _actors(state: dict[str, object]) -> list[str]:
    combatants = state["combatants"]
    assert isinstance(combatants, dict)
    return [str(cid) for cid in combatants]


SYSTEM = GameSystem(
    key="delta_green",
    title="Delta Green",
    version=VERSION,
    validate_sheet=validate_character,  # DG-GEN-6: a human's 3-18 scale
    start=start,
    legal_actions=legal_actions,
    resolve=resolve,
    apply=apply,
    view=view,
    dump=dump,
    load=load,
    preview=preview,
    actors=_actors,
    settings_schema=SCHEMA,
    sheet_schema=SHEET,
    sheet_form=sheet_words.FORM,
    default_sheet=validate_sheet(DEFAULT_SHEET),
    demo=demo,
    derive=derive,
    write_back=write_back,
    messages=catalogue(
        messages,
        brp_core,  # the shared BRP damage notation's refusals
        settings,
        sheet,
        sheet_words,
        refusals,
        log_messages,
        log_turns,
        log_gm,
        checks_by_name,
        scene_messages,  # the scene map's words (rules/scene/messages.py)
        reading_messages,  # the rules reading the scene map (SCENE-RANGE-*)
        extra=[
            *NAMES.values(),
            *messages.TERMS,
            *log_messages.TERMS,
            *log_gm.TERMS,
            *refusals.DOINGS.values(),
            *sheet.CHARACTERISTIC_LABELS.values(),
            *settings.COST_WORDS.values(),
            *settings.TAG_WORDS.values(),
            *sheet_words.KIND_NAMES.values(),
            *sheet_words.RELOAD_NAMES.values(),
            *sheet_words.ACTION_NAMES.values(),
            *sheet_words.W.values(),
            *checks_by_name.LEVELS.values(),
        ],
    ),
    gm_as_player=sent_as_a_player,
)


def _pistol_demo() -> dict[str, Any]:
    """The demo with Hernandez holding Walsh's 9mm pistol (the MAC-10 slung), for a single shot."""
    setup = demo()
    hernandez = next(entry for entry in setup["combatants"] if entry["id"] == "hernandez")
    walsh = next(entry for entry in setup["combatants"] if entry["id"] == "walsh")
    pistol = dict(walsh["sheet"]["weapons"][0])
    slung = [dict(weapon, ready=False) for weapon in hernandez["sheet"]["weapons"]]
    hernandez["sheet"] = {**hernandez["sheet"], "weapons": [pistol, *slung]}
    return setup


# Typical attacks for bench/rules.py (docs/rules/README.md): a 6-round burst from the MAC-10 at a
# cultist, and a single pistol shot (issue 3's "single percentile attack").
BENCH = [
    {
        "setup": demo(),
        "prelude": [Action("start_round", GM_ACTOR)],
        "action": Action(
            "burst", "hernandez", {"weapon": "mac10", "mode": "6", "target": "cultist1"}
        ),
        "name": "burst MAC-10, 6 rounds",
    },
    {
        "setup": _pistol_demo(),
        "prelude": [Action("start_round", GM_ACTOR)],
        "action": Action("fire", "hernandez", {"weapon": "pistol", "target": "cultist1"}),
        "name": "fire 9mm pistol, single shot",
    },
]

__all__ = ["BENCH", "SYSTEM"]
