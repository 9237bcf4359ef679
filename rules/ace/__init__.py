"""Ace Evolution (王牌进化): d10 success pools, hit against evasion, called shots, grappling."""

from __future__ import annotations

from rules.ace import messages
from rules.ace.actions import (
    attack,
    checks,
    commands,
    gm,
    gm_only,
    grapple,
    items,
    mark,
    prompts,
    scene,
    stealth,
    turn,
    unnoticed,
)
from rules.ace.actions.common import pinned
from rules.ace.demo import demo
from rules.ace.names import NAMES
from rules.ace.preview import with_previews
from rules.ace.settings import SCHEMA
from rules.ace.sheet import DEFAULT_SHEET, SHEET, validate_sheet
from rules.ace.state import (
    VERSION,
    State,
    actors,
    apply,
    can_act,
    dump,
    load,
    settings_of,
    start,
)
from rules.ace.view import view
from rules.ace.write_back import write_back
from rules.core.kit import Actions, ActionTemplate, catalogue
from rules.core.system import Action, GameSystem
from rules.scene import messages as scene_messages
from rules.scene import reading_messages
from rules.scene.moving import sent_as_a_player

ACTIONS = Actions(
    with_previews(
        gm_only.kept(  # SCENE-HIDE-5: what a GM-only token's combatant does is the GM's
            unnoticed.kept(  # ACE-STEALTH-1: what an unnoticed combatant does is its side's
                [
                    *turn.SPECS,
                    *prompts.SPECS,
                    *attack.SPECS,
                    *commands.SPECS,
                    *grapple.SPECS,
                    *stealth.SPECS,
                    *checks.SPECS,
                    *mark.SPECS,
                    *gm.SPECS,
                    *items.SPECS,
                    *stealth.watching(scene.SPECS),  # ACE-STEALTH-1: a hidden mover is watched
                ]
            )
        )
    )
)

# ACE-GRAPPLE-7: what a pinned combatant is still offered.
PINNED_KINDS = frozenset({"end_turn", "escape", "respond"})


def legal_actions(state: State, actor: str) -> list[ActionTemplate]:
    """The forms offered to an actor now; a pinned one is offered only its escape."""
    offered = ACTIONS.legal_actions(state, actor)
    c = state["combatants"].get(actor)
    if c is not None and not can_act(c, settings_of(state)):
        # ACE-ATTR-2: the dead, the helpless and the exhausted do nothing, except that one
        # passing out from hunger or thirst may spend SPI to stay awake (ACE-ATTR-8)
        return [t for t in offered if t.kind == "spend_spi"]
    if c is not None and pinned(c):
        return [t for t in offered if t.kind in PINNED_KINDS]
    return offered


SYSTEM = GameSystem(
    key="ace",
    title="Ace Evolution",
    version=VERSION,
    validate_sheet=validate_sheet,
    start=start,
    legal_actions=legal_actions,
    resolve=ACTIONS.resolve,
    apply=apply,
    view=view,
    dump=dump,
    load=load,
    preview=ACTIONS.preview,
    actors=actors,
    default_sheet=validate_sheet(DEFAULT_SHEET),
    demo=demo,
    messages=catalogue(
        messages, scene_messages, reading_messages, extra=[*ACTIONS.messages(), *NAMES.values()]
    ),
    sheet_schema=SHEET,
    settings_schema=SCHEMA,
    deadline=prompts.deadline,
    write_back=write_back,
    gm_as_player=sent_as_a_player,
)

# Typical actions for bench/rules.py: Su Qing opens from hiding (she acts first whatever the
# initiative dice, ACE-STEALTH-3) with a dagger attack, or with an assassination.
BENCH = [
    {
        "setup": demo(),
        "prelude": [Action("begin", "gm")],
        "action": Action("attack", "su", {"target": "hound", "weapon": "dagger"}),
        "name": "dagger attack, d20 hit and damage pool",
    },
    {
        "setup": demo(),
        "prelude": [Action("begin", "gm")],
        "action": Action("assassinate", "su", {"target": "hound", "weapon": "dagger"}),
        "name": "assassination, hide contest and damage pool",
    },
]

__all__ = ["ACTIONS", "BENCH", "SYSTEM"]
