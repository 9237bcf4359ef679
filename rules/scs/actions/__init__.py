"""Every SCS action, by phase: each module declares its specs beside their functions (who sends
it, the form it offers, how it resolves); this list gives `ACTIONS.resolve`,
`ACTIONS.legal_actions` and `ACTIONS.preview`, and the order the forms are offered in (the
combat's own steps first, the end of the phase last).
"""

from __future__ import annotations

from rules.core.kit import Actions, ActionSpec
from rules.scs.actions import attack, movement, naming, results, setup, turn
from rules.scs.board import State

SPECS: tuple[ActionSpec[State], ...] = (
    # combat (SCS-CBT-5, SCS-CRT-3)
    attack.ROLL,
    results.LOSSES,
    results.RETREAT,
    results.ADVANCE,
    # stacking (SCS-STK-2)
    turn.ELIMINATE,
    # set-up (SCS-SETUP-*)
    setup.PLACE,
    # movement and exploitation (SCS-3.*, SCS-REI-1, SCS-OVR-*)
    movement.REINFORCE,
    movement.MOVE,
    attack.OVERRUN,
    movement.EXIT,
    movement.UNDO,
    # combat phase (SCS-1.2b)
    attack.DECLARE,
    # any own phase (PD-07, SCS-1.1)
    movement.REORDER,
    turn.END_PHASE,
    # the GM's: a side renamed in play (SCS-ENG-4)
    naming.RENAME,
)

ACTIONS: Actions[State] = Actions(SPECS)
