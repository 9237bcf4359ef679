"""Every SCS action declared once, by phase: who sends it, the form it offers, how it resolves.

`ACTIONS.resolve`, `ACTIONS.legal_actions` and `ACTIONS.preview` are the system's; the forms are
offered in the order the specs are listed here (the combat's own steps first, the end of the
phase last).
"""

from __future__ import annotations

from rules.core.kit import Actions, ActionSpec
from rules.scs import preview
from rules.scs.actions import attack, movement, results, setup, turn
from rules.scs.actions.common import resolver
from rules.scs.board import State

SPECS: tuple[ActionSpec[State], ...] = (
    # combat (SCS-CBT-5, SCS-CRT-3)
    ActionSpec(
        "attack.resolve",
        "SCS-CBT-5",
        resolver(attack.resolve_combat),
        offer=attack.offer_roll,
        preview=preview.preview_roll,
    ),
    ActionSpec(
        "combat.losses", "SCS-STEP-1", resolver(results.resolve_losses), offer=results.offer_losses
    ),
    ActionSpec(
        "combat.retreat",
        "SCS-RET-1",
        resolver(results.resolve_retreat),
        offer=results.offer_retreat,
    ),
    ActionSpec(
        "combat.advance",
        "SCS-ADV-1",
        resolver(results.resolve_advance),
        offer=results.offer_advance,
    ),
    # stacking (SCS-STK-2)
    ActionSpec(
        "stack.eliminate", "SCS-STK-2", resolver(turn.resolve_eliminate), offer=turn.offer_eliminate
    ),
    # set-up (SCS-SETUP-*)
    ActionSpec(
        "setup.place", "SCS-SETUP-1", resolver(setup.resolve_setup_place), offer=setup.offer_setup
    ),
    # movement and exploitation (SCS-3.*, SCS-REI-1, SCS-OVR-*)
    ActionSpec(
        "reinforcement.place",
        "SCS-REI-1",
        resolver(movement.resolve_reinforce),
        offer=movement.offer_reinforce,
    ),
    ActionSpec("unit.move", "SCS-3.0", resolver(movement.resolve_move), offer=movement.offer_move),
    ActionSpec(
        "overrun.declare",
        "SCS-OVR-2",
        resolver(attack.resolve_overrun),
        offer=attack.offer_overrun,
        preview=preview.preview_declared,
    ),
    ActionSpec(
        "unit.exit", "SCS-MAP-4", resolver(movement.resolve_exit), offer=movement.offer_exit
    ),
    ActionSpec(
        "move.undo", "SCS-ENG-2", resolver(movement.resolve_undo), offer=movement.offer_undo
    ),
    # combat phase (SCS-1.2b)
    ActionSpec(
        "attack.declare",
        "SCS-CBT-5",
        resolver(attack.resolve_declare),
        offer=attack.offer_declare,
        preview=preview.preview_declared,
    ),
    # any own phase (PD-07, SCS-1.1)
    ActionSpec(
        "stack.order", "PD-07", resolver(movement.resolve_reorder), offer=movement.offer_reorder
    ),
    ActionSpec(
        "phase.end", "SCS-1.1", resolver(turn.resolve_end_phase), offer=turn.offer_end_phase
    ),
)

ACTIONS: Actions[State] = Actions(SPECS)
