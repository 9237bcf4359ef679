"""Delta Green's actions, one ActionSpec per kind, grouped by who sends them and when.

`rounds` and `gm_tools` are the GM's; `free` the declarations any living combatant may make;
`turn` what the combatant whose turn it is spends cards on. `resolve`, `legal_actions` and
`preview` come from `Actions(SPECS)`.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rules.core.actions import GM_ACTOR
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.kit import Actions, ActionSpec, ActionTemplate
from rules.core.system import Action, Event, Json
from rules.delta_green import log_messages as L
from rules.delta_green import refusals as R
from rules.delta_green.actions import checks_by_name, free, gm_tools, rounds, scene, turn
from rules.delta_green.preview import preview as preview_attack
from rules.scene.actions import GM_KINDS as GM_SCENE_KINDS
from rules.scene.areas import over_area_preview
from rules.scene.ranges import measured_preview, reached_preview
from rules.scene.view import off_players_map, unseen_actor

# Attacks whose odds the table can show before they are sent (DG-GEN-3).
PREVIEWED = frozenset({"fire", "aimed_shot", "burst", "melee", "suppress", "chamber_fire", "throw"})


# Attacks whose distance a scene map measures (SCENE-RANGE-1): their odds say so.
MEASURED = frozenset({"fire", "aimed_shot", "burst", "chamber_fire", "throw"})


def _with_preview(spec: ActionSpec[Any]) -> ActionSpec[Any]:
    if spec.kind not in PREVIEWED:
        return spec
    if spec.kind in MEASURED:
        return dataclasses.replace(
            spec, preview=measured_preview(preview_attack, "distance_m", "dark")
        )
    if spec.kind == "suppress":
        return dataclasses.replace(spec, preview=over_area_preview(preview_attack))
    if spec.kind == "melee":  # SCENE-HIDE-3: an unseen target's reach unknown
        return dataclasses.replace(spec, preview=reached_preview(preview_attack))
    return dataclasses.replace(spec, preview=preview_attack)


SPECS: list[ActionSpec[Any]] = [
    *rounds.SPECS,
    *gm_tools.SPECS,
    *free.SPECS,
    *(_with_preview(spec) for spec in turn.SPECS),
    *checks_by_name.SPECS,
    *scene.SPECS,
]
ACTIONS: Actions[Any] = Actions(SPECS)
GM_KINDS = (
    frozenset(spec.kind for spec in [*rounds.SPECS, *gm_tools.SPECS])
    | GM_SCENE_KINDS
    | checks_by_name.GM_KINDS
)
# SCENE-MOVE-2: the GM moves the GM's own characters on the map, as them
GM_MAY_ALSO = frozenset({"scene_move"})


def resolve(state: Json, action: Action, dice: Dice) -> list[Event]:
    """Events for one action, each carrying the path changes it makes (decided as the rules
    resolve, on the working state: rules/delta_green/working.py); raises RulesError (state
    untouched) when it is not allowed."""
    if (
        action.actor == GM_ACTOR
        and action.kind in ACTIONS.by_kind
        and action.kind not in GM_KINDS | GM_MAY_ALSO
    ):
        raise IllegalAction.of(R.GM_HAS_NO_ACTION(kind=action.kind))
    if action.actor != GM_ACTOR and action.kind in GM_KINDS:
        raise IllegalAction.of(R.GM_ONLY(kind=action.kind))
    events = ACTIONS.resolve(state, action, dice)
    if (
        action.kind not in PREVIEWED
        and action.actor in state["combatants"]
        and off_players_map(state, action.actor)
    ):
        events = [unseen_actor(event, action.actor) for event in events]  # SCENE-HIDE-4
    if not any(_hidden_vest(c) for c in state["combatants"].values()):
        return events  # no line can reveal a vest (the scan of every line costs a tenth of a shot)
    return [hide_vests(event) for event in events]


def _hidden_vest(c: Json) -> bool:
    """DG-ARM-8: whether the combatant wears its vest hidden (no action of a fight changes it)."""
    vest = c["sheet"].get("vest")
    return bool(vest and vest.get("worn_hidden"))


def legal_actions(state: Json, actor: str) -> list[ActionTemplate]:
    """The forms this actor is offered now, typed (rules/core/actions.py)."""
    return ACTIONS.legal_actions(state, actor)


ROUND_KINDS = frozenset(spec.kind for spec in rounds.SPECS)


def round_actions(state: Json) -> list[ActionTemplate]:
    """The GM's round controls offered now (start the round, the next pass, end the round),
    without building every GM tool's form (the table shows those when the GM opens them)."""
    return ACTIONS.templates(state, GM_ACTOR, kinds=ROUND_KINDS)


def preview(state: Json, action: Action) -> Json:
    """The exact odds of an attack before it is sent."""
    return ACTIONS.preview(state, action)


def hide_vests(event: Event) -> Event:
    """DG-ARM-8: a line that reveals a hidden vest goes to the GM and the wearer; others get it
    with "armour" or "other modifiers" in the vest's place."""
    if event.msg is None:
        return event
    wearers = L.hidden_wearers(event.msg)
    if not wearers:
        return event
    audience = f"actor:{next(iter(wearers))}" if len(wearers) == 1 else "gm"
    hidden = L.redacted(event.msg)
    return dataclasses.replace(
        event, audience=audience, redacted_text=hidden.english(), redacted_msg=hidden
    )


__all__ = ["ACTIONS", "SPECS", "legal_actions", "preview", "resolve"]
