"""The scene map's event kinds (scene.*), shared by every system that plays on a map.

Delta Green, Call of Cthulhu and Ace Evolution each add `SCHEMAS` to their own `PAYLOADS`, so
docs/events.md lists the kinds under each; `PAYLOADS` here is what the payload check reads for
events built in rules/scene/ itself.
"""

from __future__ import annotations

from rules.core.payloads import kinds, opt, payload, req

SCHEMAS = (
    payload(
        "scene.set",
        "The GM sets the map's size, square and background (SCENE-MAP-1); its `changes` write "
        "them, keeping the painted squares and tokens.",
        cols=req(int, "squares across"),
        rows=req(int, "squares down"),
        cell=req(str, "the size of a square in the system's unit, a decimal"),
        unit=req(str, '"m" or "yd"'),
        image=opt(int, "the id of the uploaded background, when there is one"),
    ),
    payload(
        "scene.painted",
        "The GM paints squares with a terrain or clears them (SCENE-MAP-2). GM-only squares go "
        "to the GM alone.",
        cells=req(list[str], 'the squares, as "x,y"'),
        terrain=req(str, 'the terrain painted, or "clear"'),
        gm_only=req(bool, "whether only the GM sees them"),
    ),
    payload(
        "scene.placed",
        "The GM places a combatant's token on a square (SCENE-MAP-3). A GM-only token's "
        "placing goes to the GM alone.",
        who=req(str, "the combatant's id"),
        at=req(list[int], "the square, [x, y]"),
        gm_only=req(bool, "whether only the GM sees the token"),
    ),
    payload(
        "scene.revealed",
        "The GM shows GM-only tokens or squares to everyone (SCENE-MAP-4).",
        who=opt(str, "the combatant whose token is revealed"),
        cells=opt(list[str], 'the squares revealed, as "x,y"'),
    ),
    payload(
        "scene.moved",
        "A token moves along a path (SCENE-MOVE-1); the system's own movement event before it "
        "spends the allowance. A GM-only token's move goes to the GM alone.",
        who=req(str, "the combatant's id"),
        path=req(list[list[int]], "the squares walked, from where it stood to where it stops"),
        distance=req(str, "the length walked in the scene's unit, a decimal"),
        unit=req(str, '"m" or "yd"'),
        stopped=opt(bool, "true when something hidden stood in the way and the move stopped short"),
    ),
)

PAYLOADS = kinds(*SCHEMAS)
