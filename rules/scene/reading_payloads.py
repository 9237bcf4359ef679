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
        "scene.shifted",
        "Tokens a rule moves as part of its own action (SCENE-MOVE-1's paths): a grapple's drag "
        "(ACE-GRAPPLE-5/-8), a sneak (ACE-STEALTH-1). A sneak goes to the sneaker's side and "
        "the GM; a GM-only token's to the GM alone.",
        moves=req(list[dict[str, Any]], "each token moved: who, and the squares of its path"),
        distance=req(str, "the length the mover walked, a decimal in the scene's unit"),
        unit=req(str, '"m" or "yd"'),
    ),
)
