"""Everything the scene map says to a person: its forms' labels, log lines and refusals.

Each system that plays on a scene map (Delta Green, Call of Cthulhu, Ace Evolution) adds these
to its catalogue, so they read in every reader's language like the system's own words.
"""

from __future__ import annotations

from rules.core.kit import Message

# --- the GM's tools and the move: form labels ------------------------------------------------
SETUP = Message("scene.action.setup", "Set up the map")
PAINT = Message("scene.action.paint", "Paint squares")
PLACE = Message("scene.action.place", "Place a token")
REVEAL = Message("scene.action.reveal", "Reveal to the players")
MOVE = Message("scene.action.move", "Move on the map")
F_COLS = Message("scene.field.cols", "Squares across")
F_ROWS = Message("scene.field.rows", "Squares down")
F_CELL = Message("scene.field.cell", "Size of a square ({unit})")
F_IMAGE = Message("scene.field.image", "Background image")
F_IMAGE_X = Message("scene.field.image_x", "Background from square (across)")
F_IMAGE_Y = Message("scene.field.image_y", "Background from square (down)")
F_IMAGE_COLS = Message("scene.field.image_cols", "Background width (squares)")
F_IMAGE_ROWS = Message("scene.field.image_rows", "Background height (squares)")
F_CELLS = Message("scene.field.cells", "Squares")
F_CELLS_HELP = Message("scene.field.cells_help", "Squares as x,y separated by semicolons: 3,4;3,5")
F_TERRAIN = Message("scene.field.terrain", "Terrain")
F_GM_ONLY = Message("scene.field.gm_only", "Only the GM sees it")
F_WHO = Message("scene.field.who", "Who")
F_X = Message("scene.field.x", "Square across")
F_Y = Message("scene.field.y", "Square down")
F_RUN = Message("scene.field.run", "Run")
F_CRAWL = Message("scene.field.crawl", "Crawl (1 m for an action)")
F_EVADE = Message("scene.field.evade", "Shooting evasion (half speed, toward cover)")

# --- terrains and units ---------------------------------------------------------------------
# (module constants, so that each system's catalogue finds them)
T_CLEAR = Message("scene.terrain.clear", "open ground")
T_WALL = Message("scene.terrain.wall", "wall")
T_COVER_LIGHT = Message("scene.terrain.cover_light", "light cover")
T_COVER_PARTIAL = Message("scene.terrain.cover_partial", "partial cover")
T_COVER_HEAVY = Message("scene.terrain.cover_heavy", "heavy cover")
T_COVER_FULL = Message("scene.terrain.cover_full", "full cover")
T_DIFFICULT = Message("scene.terrain.difficult", "difficult ground")
T_DARK = Message("scene.terrain.dark", "darkness")
T_FIRE = Message("scene.terrain.fire", "fire")
T_WATER = Message("scene.terrain.water", "water")
TERRAIN_NAMES = {
    "clear": T_CLEAR,
    "wall": T_WALL,
    "cover_light": T_COVER_LIGHT,
    "cover_partial": T_COVER_PARTIAL,
    "cover_heavy": T_COVER_HEAVY,
    "cover_full": T_COVER_FULL,
    "difficult": T_DIFFICULT,
    "dark": T_DARK,
    "fire": T_FIRE,
    "water": T_WATER,
}
UNIT_M = Message("scene.unit.m", "m")
UNIT_YD = Message("scene.unit.yd", "yd")
UNIT_NAMES = {"m": UNIT_M, "yd": UNIT_YD}

# --- log lines --------------------------------------------------------------------------------
SET = Message("scene.log.set", "The map is set: {cols} by {rows} squares of {cell} {unit}.")
PAINTED = Message(
    "scene.log.painted",
    "{n} square painted: {terrain}.",
    plural="{n} squares painted: {terrain}.",
    count="n",
)
PLACED = Message("scene.log.placed", "{name} is placed on the map.")
PLACED_HIDDEN = Message(
    "scene.log.placed_hidden", "{name} is placed on the map, seen by the GM only."
)
REVEALED = Message("scene.log.revealed", "The GM reveals {what} on the map.")
REVEALED_SQUARES = Message(
    "scene.log.revealed_squares", "{n} square", plural="{n} squares", count="n"
)
MOVED = Message("scene.log.moved", "{name} moves {distance} {unit} on the map.")
STOPPED = Message(
    "scene.log.stopped",
    "{name} moves {distance} {unit} and stops short: something is in the way.",
)

# --- refusals ---------------------------------------------------------------------------------
NO_MAP = Message("scene.refusal.no_map", "This encounter has no map yet.")
BAD_SIZE = Message("scene.refusal.bad_size", "The size of a square must be a number above 0.")
OFF_MAP = Message("scene.refusal.off_map", "Square {x},{y} is not on the map.")
BAD_CELLS = Message(
    "scene.refusal.bad_cells", "Squares are written as x,y separated by semicolons: 3,4;3,5."
)
TOKENS_OUTSIDE = Message(
    "scene.refusal.tokens_outside",
    "{names} would stand outside the map: place them inside it first.",
)
NOT_A_COMBATANT = Message("scene.refusal.not_a_combatant", "{who} is not in this encounter.")
TAKEN = Message("scene.refusal.taken", "Square {x},{y} is taken.")
WALL = Message("scene.refusal.wall", "Square {x},{y} is a wall.")
NOT_PLACED = Message("scene.refusal.not_placed", "{name} has no token on the map.")
NOT_YOUR_TOKEN = Message("scene.refusal.not_your_token", "You may only move your own token.")
NOT_AN_NPC = Message(
    "scene.refusal.not_an_npc", "The GM moves only the GM's own characters; {name} is a player's."
)
GM_AS_PLAYER = Message(
    "scene.refusal.gm_as_player",
    "The GM moves only the GM's own characters; {name}'s token is its player's to move "
    "(the map's Place a token puts it elsewhere).",
)
BY_THE_MAP = Message(
    "scene.refusal.by_the_map",
    "{name}'s token is on the map: move it on the map (its distance is measured there), "
    "not by a distance typed.",
)
ALREADY_THERE = Message("scene.refusal.already_there", "{name} already stands there.")
NO_PATH = Message("scene.refusal.no_path", "There is no way to square {x},{y}.")
TOO_FAR = Message(
    "scene.refusal.too_far",
    "Square {x},{y} is {distance} {unit} away; {name} may move {left} {unit} now.",
)
NOTHING_TO_REVEAL = Message("scene.refusal.nothing_to_reveal", "Nothing hidden there to reveal.")
