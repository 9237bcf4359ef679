"""Every mech action, one `ActionSpec` each, in the order the board lists their forms.

Modules group the actions by phase and kind (turns, movement, attacks, melee, tech, systems,
reactions, between matches, the GM's tools); each declares its specs beside their functions.
"""

from __future__ import annotations

from rules.core.kit import Actions
from rules.mech.actions import (
    attack,
    gm,
    interval,
    melee,
    movement,
    reactions,
    systems,
    tech,
    turns,
)
from rules.mech.state import Json

ACTIONS: Actions[Json] = Actions(
    (
        interval.REPAIR,
        turns.CHOOSE_TRAUMA,
        reactions.TRIGGER_PREPARED,
        turns.SET_REACTIONS,
        turns.BEGIN_TURN,
        turns.END_TURN,
        systems.BOOT_UP,
        systems.OVERCHARGE,
        movement.MOVE,
        movement.JUMP,
        movement.CLIMB,
        movement.STAND,
        melee.END_GRAPPLE,
        melee.GRAPPLE_CONTEST,
        systems.MELTDOWN_CHECK,
        movement.BOOST,
        attack.ATTACK,
        melee.GRAPPLE,
        melee.RAM,
        melee.IMPROVISED_ATTACK,
        melee.BREAK_GRAPPLE,
        tech.HIDE,
        tech.SEARCH,
        tech.TECH,
        systems.USE_SYSTEM,
        systems.CORE_POWER,
        reactions.PREPARE,
        systems.SHUT_DOWN,
        systems.DISENGAGE,
        systems.STABILIZE,
        interval.END_MATCH,
        interval.START_MATCH,
        interval.FULL_REPAIR,
        gm.GM_DAMAGE,
        gm.GM_HEAT,
        gm.GM_FALL,
        gm.GM_SAVE,
        gm.GM_CONDITION,
        gm.GM_PILOT,
    )
)
