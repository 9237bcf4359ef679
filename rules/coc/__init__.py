"""Call of Cthulhu (5th-edition era) on the BRP core: the DEX round, firearms, hazards, poison.

Built on the system kit (rules/core/kit.py): `settings` (CocSettings), `sheet` (SHEET),
`state` (JSON state, events carrying their changes), `actions/` (one ActionSpec per kind),
`view`, `preview`, `messages`, `demo`, `tables`; the rules themselves live in `chance`,
`checks`, `combat`, `damage`, `hazards` and `turns`, each citing its COC-* IDs.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import Any

from rules.brp import core as brp_core
from rules.coc import (
    chance,
    checks,
    combat,
    damage,
    demo,
    derived,
    hazards,
    messages,
    preview,
    settings,
    sheet,
    state,
    tables,
    turns,
    unseen,
    view,
)
from rules.coc.actions import MODULES, SPECS, dodging
from rules.coc.names import NAMES
from rules.core.actions import GM_ACTOR
from rules.core.changes import apply
from rules.core.dice import Dice
from rules.core.kit import Actions, catalogue, settings_schema
from rules.core.system import Action, Event, GameSystem, Json
from rules.core.table import (
    is_table_action,
    preview_table_action,
    resolve_table_action,
)
from rules.scene import messages as scene_messages
from rules.scene import reading_messages
from rules.scene.moving import sent_as_a_player

VERSION = state.VERSION
_PLAIN: Actions[Json] = Actions(replace(s, preview=preview.PREVIEWS.get(s.kind)) for s in SPECS)
ACTIONS: Actions[Json] = Actions([*_PLAIN.specs, *dodging.specs(_PLAIN.resolve)])


def resolve(current: Json, action: Action, dice: Dice) -> list[Event]:
    """Table actions (dice, talk) as every system has them; the rest by their ActionSpec. An
    attack at someone who may still dodge waits for the answer (COC-DODGE-4). What a combatant
    off the players' map does besides attacking is told to the Keeper alone (SCENE-HIDE-4)."""
    if is_table_action(action):
        return resolve_table_action(action, dice)
    dodging.gate(current, action)
    waiting = dodging.asked(current, action)
    if waiting:
        return dodging.hold(current, action, dice, ACTIONS.resolve, waiting)
    return unseen.hide_lines(current, action, ACTIONS.resolve(current, action, dice))


def legal_actions(current: Json, actor: str) -> list[Any]:
    """What each seat may do now; while an attack waits for a dodge, only the answer."""
    if current.get("asking"):
        asked = dodging.offer(current, actor)
        return [asked] if asked else []
    return ACTIONS.legal_actions(current, actor)


def odds(current: Json, action: Action) -> Json:
    """The exact odds of an action (or of a table roll)."""
    if is_table_action(action):
        return preview_table_action(action)
    return ACTIONS.preview(current, action)


def actors(current: Json) -> list[str]:
    """The Keeper's seat and every combatant."""
    return [GM_ACTOR, *current["combatants"]]


def _bench() -> list[Json]:
    """bench/rules.py: a revolver shot, a Thompson burst over two cultists, a dynamite blast."""
    setup = demo.demo()
    start = Action("next_round", GM_ACTOR, {})
    return [
        {
            "name": "revolver shot",
            "setup": setup,
            # COC-DODGE-4: the shot waits for the cultist's answer, which rolls it.
            "prelude": [
                start,
                Action(
                    "fire",
                    "mara",
                    {"weapon": "revolver", "target": "cultist", "distance": 8, "shots": 1},
                ),
            ],
            "action": Action("answer_dodge", "cultist", {"answer": "take"}),
        },
        {
            "name": "burst over two",
            "setup": setup,
            "prelude": [
                start,
                Action("end_turn", "mara", {}),
                Action("end_turn", "cultist", {}),
                Action("end_turn", "walsh", {}),
                Action("end_turn", "acolyte", {}),
                Action(
                    "burst",
                    "finch",
                    {"weapon": "thompson", "shots_cultist": 5, "shots_acolyte": 5, "distance": 10},
                ),
                Action("answer_dodge", "cultist", {"answer": "dodge"}),
            ],
            "action": Action("answer_dodge", "acolyte", {"answer": "take"}),
        },
        {
            "name": "dynamite",
            "setup": setup,
            "prelude": [],
            "action": Action(
                "explode",
                GM_ACTOR,
                {"dice": 5, "radius": 2, "d_walsh": 1, "d_mara": 3, "d_finch": 6},
            ),
        },
    ]


BENCH = _bench

_EXTRA = [
    *NAMES.values(),
    *messages.EFFECT_NAMES.values(),
    *messages.ACID_GRADES.values(),
    *messages.FIRES.values(),
    *messages.STATUS.values(),
    *messages.POISON_NAMES.values(),
    *messages.OVERRIDE_FIELDS.values(),
    *messages.SIDES.values(),
    *tables.ARMOUR_NAMES.values(),
    *tables.SKILL_NAMES.values(),
    *settings.LABELS,
    *sheet.LABELS,
]
for _module in MODULES:
    for _name in ("LIGHTS", "SURPRISE", "LOOK", "EXTRA", "CHARGE_NAMES", "HAZARDS", "LEVELS"):
        _EXTRA.extend(getattr(_module, _name, {}).values())

SYSTEM = GameSystem(
    key="coc",
    title="Call of Cthulhu",
    version=VERSION,
    validate_sheet=sheet.validate_character,  # COC-GEN-2: an investigator's 3-18 scale
    start=state.start,
    legal_actions=legal_actions,
    resolve=resolve,
    apply=apply,  # the one state vocabulary: the events' "changes" (rules/core/changes.py)
    view=view.view,
    dump=state.dump,
    load=state.load,
    preview=odds,
    deadline=dodging.deadline,
    actors=actors,
    default_sheet=sheet.validate_sheet(sheet.DEFAULT_SHEET),
    demo=demo.demo,
    derive=derived.derive,
    write_back=derived.write_back,
    messages=catalogue(
        sys.modules[__name__],
        brp_core,  # the shared BRP damage notation's refusals
        messages,
        settings,
        sheet,
        tables,
        chance,
        checks,
        combat,
        damage,
        hazards,
        turns,
        preview,
        *MODULES,
        dodging,
        scene_messages,  # the scene map's words (rules/scene/messages.py)
        reading_messages,  # the rules reading the scene map (SCENE-RANGE-*)
        extra=_EXTRA,
    ),
    sheet_schema=sheet.SHEET,
    settings_schema=settings_schema(settings.CocSettings),
    gm_as_player=sent_as_a_player,
)
