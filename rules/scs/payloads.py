"""The Standard Combat Series: the payload of each event kind it emits (rules/core/payloads.py).

docs/events.md is generated from them; every kind may also carry "changes", the state changes
the event makes."""

from __future__ import annotations

from typing import Any

from rules.core.payloads import kinds, opt, payload, req

PAYLOADS = kinds(
    payload(
        "advance.moved",
        "Units advance after combat.",
        forced=req(bool, "whether the advance was required"),
        hex=req(str, "the hex, by its label"),
        mp_cost=opt(str, "the movement points it cost (a fraction as text)"),
        units=req(list[str], "the units, by id"),
    ),
    payload(
        "attack.declared",
        "An attack (or overrun) on a hex is declared.",
        attacker_side=req(str, "the attacking side"),
        attackers=req(list[str], "the attacking units, by id"),
        defender_side=req(str, "the defending side"),
        defenders=req(list[str], "the defending units, by id"),
        kind=req(str, "the attack's kind (attack or overrun)"),
        mp_cost=req(str, "the movement points it cost (a fraction as text)"),
        target=req(str, "the defending hex, by its label"),
        support=opt(list[str], "the supporting units, by id"),
    ),
    payload(
        "attack.resolved",
        "An attack is resolved on the combat results table.",
        figures=req(dict[str, Any], "the odds, column shifts and die roll that decided the result"),
        result=req(str, "the combat result table's result"),
        target=req(str, "the defending hex, by its label"),
    ),
    payload("combat.ended", "A combat ends.", target=req(str, "the defending hex, by its label")),
    payload(
        "game.ended",
        "The game ends: victory points and the winner.",
        vp=req(dict[str, Any], "each side's victory points"),
        winner=req(str, "the side that won (or a draw)"),
    ),
    payload(
        "hidden.changed",
        "The changes of the event before it that its readers may not see (GM only, SCS-FOW-1).",
    ),
    payload(
        "losses.taken",
        "A side takes step losses.",
        losses=req(list[str], "the units that lost a step"),
        side=req(str, "the side concerned"),
        stage=req(str, "the combat stage the losses belong to"),
    ),
    payload(
        "move.undone",
        "A move is taken back.",
        hex=req(str, "the hex, by its label"),
        units=req(list[str], "the units, by id"),
    ),
    payload(
        "overrun.refused",
        "An overrun cannot go ahead.",
        hex=req(str, "the hex, by its label"),
        units=req(list[str], "the units, by id"),
    ),
    payload(
        "phase.started",
        "A phase begins.",
        phase=req(str, "the phase's key"),
        player=req(str, "the side whose phase it is"),
        turn=req(int, "the game turn"),
    ),
    payload(
        "reinforcement.delayed",
        "A reinforcement is delayed to a later turn.",
        turn=req(int, "the game turn"),
        unit=req(str, "the unit, by id"),
    ),
    payload(
        "reinforcement.placed",
        "A reinforcement enters the map.",
        hex=req(str, "the hex, by its label"),
        unit=req(str, "the unit, by id"),
    ),
    payload(
        "retreat.moved",
        "Units retreat after combat.",
        eliminated=req(list[str], "the units eliminated because they could not retreat"),
        extra_losses=opt(
            list[str], "the units that took a step loss instead of retreating further"
        ),
        ezoc_losses=req(
            dict[str, Any],
            "the step lost in each enemy zone of control crossed (path index -> unit)",
        ),
        k=opt(int, "the length of the retreat in hexes"),
        path=req(list[str], "the hexes moved through, in order"),
        side=req(str, "the side concerned"),
        units=req(list[str], "the units, by id"),
        off_map=opt(str, "the map edge the units retreated off"),
    ),
    payload(
        "setup.finished",
        "A side finishes setting up.",
        next=req(str | None, "the side that sets up next (none: the game begins)"),
        side=req(str, "the side concerned"),
    ),
    payload(
        "setup.placed",
        "A unit is placed during set-up.",
        hex=req(str, "the hex, by its label"),
        unit=req(str, "the unit, by id"),
    ),
    payload(
        "side.renamed",
        "The game master renames a side in play (SCS-ENG-4).",
        names=req(dict[str, Any], "the side's new names, by language (en, zh-Hans)"),
        side=req(str, "the side, by its key"),
    ),
    payload(
        "stack.reordered",
        "A stack's order changes.",
        hex=req(str, "the hex, by its label"),
        order=req(list[str], "the stack's units from top to bottom"),
    ),
    payload(
        "supply.checked",
        "A side's supply is traced (its own side reads which units).",
        attrition=req(list[str], "the units that lose a step to attrition"),
        attrition_eliminated=req(list[str], "the units eliminated by attrition"),
        **{"in": req(list[str], "the units in supply")},
        out=req(list[str], "the units out of supply"),
        side=req(str, "the side concerned"),
    ),
    payload("turn.advanced", "The game turn advances.", turn=req(int, "the game turn")),
    payload(
        "unit.moved",
        "Units move along a path.",
        **{"from": req(str, "the hex the units left")},
        minimum=req(bool, "whether the units moved one hex on their minimum move"),
        mp=req(dict[str, Any], "the movement points spent by each unit"),
        path=req(list[str], "the hexes moved through, in order"),
        units=req(list[str], "the units, by id"),
    ),
    payload(
        "units.eliminated",
        "Units are eliminated.",
        reason=req(str, "why the units were eliminated"),
        units=req(list[str], "the units, by id"),
    ),
    payload(
        "units.exited",
        "Units exit the map for victory points.",
        hex=req(str, "the hex, by its label"),
        side=req(str, "the side concerned"),
        units=req(list[str], "the units, by id"),
    ),
)
