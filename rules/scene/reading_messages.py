"""What the rules reading the scene map say: distances measured, lines blocked, areas caught.

Delta Green, Call of Cthulhu and Ace Evolution add these to their catalogues (SCENE-RANGE-*,
SCENE-AREA-*, SCENE-REACH-1 in docs/rules/reference/scene.md).
"""

from __future__ import annotations

from rules.core.kit import Message

# --- the distance of an attack (SCENE-RANGE-1) ---------------------------------------------
FROM_MAP_M = Message("scene.read.from_map_m", "{distance} m, from the map.")
FROM_MAP_YD = Message("scene.read.from_map_yd", "{distance} yards, from the map.")
OVERRIDDEN_M = Message(
    "scene.read.overridden_m", "{distance} m, given instead of the map's {measured} m: {reason}"
)
OVERRIDDEN_YD = Message(
    "scene.read.overridden_yd",
    "{distance} yards, given instead of the map's {measured} yards: {reason}",
)
FROM_MAP = {"m": FROM_MAP_M, "yd": FROM_MAP_YD}
OVERRIDDEN = {"m": OVERRIDDEN_M, "yd": OVERRIDDEN_YD}
# SCENE-HIDE-2: an attack at a token the attacker's map does not show (GM-only)
UNSEEN_M = Message(
    "scene.read.unseen_m",
    "{target} is not on your map, so its distance, cover and darkness are unknown to you: these "
    "odds take the distance you give (m) and count no cover or darkness.",
)
UNSEEN_YD = Message(
    "scene.read.unseen_yd",
    "{target} is not on your map, so its distance, cover and darkness are unknown to you: these "
    "odds take the distance you give (yards) and count no cover or darkness.",
)
UNSEEN = {"m": UNSEEN_M, "yd": UNSEEN_YD}
UNSEEN_COVER = Message(
    "scene.read.unseen_cover",
    "{target} is not on your map, so its cover and whether it stands next to you are unknown to "
    "you: these odds count no cover for it and take adjacency as ticked.",
)
UNSEEN_REACH = Message(  # SCENE-HIDE-3
    "scene.read.unseen_reach",
    "{target} is not on your map, so whether it stands within your reach is unknown to you: "
    "these odds take it as within reach; if it is not, the blow misses.",
)
WALL_MET = Message(  # SCENE-HIDE-2: a wall or full cover the shot meets, the target unseen
    "scene.read.wall_met",
    "{name}'s attack meets a wall or full cover on its way to {target}: it cannot hit.",
)
OUT_OF_REACH = Message(  # SCENE-HIDE-3: an unseen target not on a square next to the attacker
    "scene.read.out_of_reach",
    "{name} strikes at {target}, who is not within reach: the blow cannot hit.",
)
GRIP_OUT_OF_REACH = Message(  # SCENE-HIDE-3: an Ace grapple at such a target
    "scene.read.grip_out_of_reach",
    "{name} reaches for {target}, who is not within reach: the grapple cannot take hold.",
)
TOUCH_OUT_OF_REACH = Message(  # SCENE-REACH-2: first aid, medicine or flames at such a target
    "scene.read.touch_out_of_reach",
    "{name} reaches for {target}, who is not within reach: nothing can be done for them.",
)
AMBUSH_OUT_OF_REACH = Message(  # SCENE-REACH-2: an Ace assassination at such a target
    "scene.read.ambush_out_of_reach",
    "{name} closes in on {target}, who is not within reach: the assassination cannot strike.",
)
F_DISTANCE_FROM_MAP = Message(
    "scene.read.f_distance_help", "Leave it blank: the map measures it. To give another, say why."
)
F_REASON = Message("scene.read.f_reason", "Why another distance than the map's")

# --- areas (SCENE-AREA-*) ------------------------------------------------------------------
F_CENTRE = Message("scene.read.f_centre", "Centre on the map (click its square; blank: as typed)")
F_AREA = Message("scene.read.f_area", "Area on the map: centre square (click it; blank: as ticked)")
F_AREA_RADIUS = Message("scene.read.f_area_radius", "Area radius on the map")
BAD_RADIUS = Message("scene.read.bad_radius", "The area's radius must be a number, 0 or more.")
NONE_CAUGHT = Message("scene.read.none_caught", "Nobody stands inside the area on the map.")

# --- refusals ---------------------------------------------------------------------------------
NEEDS_REASON_M = Message(
    "scene.read.needs_reason_m",
    "The map puts {target} {measured} m away; to give {distance} m, say why.",
)
NEEDS_REASON_YD = Message(
    "scene.read.needs_reason_yd",
    "The map puts {target} {measured} yards away; to give {distance} yards, say why.",
)
NEEDS_REASON = {"m": NEEDS_REASON_M, "yd": NEEDS_REASON_YD}
BLOCKED = Message(
    "scene.read.blocked", "A wall or full cover stands between {name} and {target} on the map."
)
NOT_ADJACENT = Message(
    "scene.read.not_adjacent",
    "{target} is not on a square next to {name}'s on the map: close in first.",
)
BAD_SQUARE = Message("scene.read.bad_square", "{text} is not a square of the map (x,y).")

# --- tokens a rule moves (scene.shifted) ------------------------------------------------------
DRAGGED = Message(
    "scene.read.dragged", "{name} moves {distance} m on the map, taking {other} along."
)
SNEAKS = Message("scene.read.sneaks", "{name} sneaks {distance} m on the map.")
NO_WAY = Message("scene.read.no_way", "There is no way to square {x},{y}.")
TOO_FAR = Message(
    "scene.read.too_far", "Square {x},{y} is {distance} m away; {name} may move {left} m."
)
F_TO_X = Message("scene.read.f_to_x", "To the square across")
F_TO_Y = Message("scene.read.f_to_y", "To the square down")
