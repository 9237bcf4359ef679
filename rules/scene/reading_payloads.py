"""The event kinds of the rules reading the scene map (SCENE-RANGE-*), shared by every system
that plays on a map: Delta Green, Call of Cthulhu and Ace Evolution add `SCHEMAS` to their own
`PAYLOADS`."""

from __future__ import annotations

from typing import Any

from rules.core.payloads import payload, req

SCHEMAS = (
    payload(
        "scene.measured",
        "An attack's distance read from the map (SCENE-RANGE-1), before the attack's own lines: "
        "the map's figure, or another with the reason given for it. A GM-only token's goes to "
        "the GM alone.",
        distance=req(str, "the distance the attack plays, a decimal in the scene's unit"),
        measured=req(str, "the map's figure, a decimal"),
        unit=req(str, '"m" or "yd"'),
        reason=req(str, "why another figure than the map's was given (\"\": the map's)"),
        dark=req(bool, "whether the shooter or the target stands on a dark square (SCENE-RANGE-3)"),
    ),
    payload(
        "scene.unmet",
        "An attack at a combatant whose token the attacker's map does not show meets the true "
        "map (SCENE-HIDE-2/3): a wall or full cover on the true line, or the target out of "
        "reach of a blow; the attack is played with no chance to hit, after this line, which "
        "names no square or distance. A touch (SCENE-REACH-2: first aid, medicine, flames put "
        "out, an Ace assassination) at such a target out of reach is this line alone, its "
        "action spent.",
        attacker=req(str, "the attacker's (or the one touching's) combatant id"),
        target=req(str, "the target's combatant id"),
        unmet=req(
            str,
            '"wall" (the line), "reach" (a blow, grapple or assassination not on a square next '
            'to the attacker) or "touch" (first aid, medicine or flames put out, nothing done)',
        ),
    ),
    payload(
        "scene.shifted",
        "Tokens a rule moves as part of its own action (SCENE-MOVE-1's paths): a grapple's drag "
        "(ACE-GRAPPLE-5/-8), a sneak (ACE-STEALTH-1). A sneak goes to the sneaker's side and "
        "the GM; a GM-only token's to the GM alone.",
        moves=req(list[dict[str, Any]], "each token moved: who, and the squares of its path"),
        distance=req(str, "the length the mover walked, a decimal in the scene's unit"),
        unit=req(str, '"m" or "yd"'),
    ),
)
