"""What the rules say of a scenario they cannot play (scenario.py), as messages: the scenario
editor shows them as the GM edits, in the GM's language (issue 36). Each names the place in
the data: a key path of the scenario format ("tec.road.mp", "hexsides.river[0]"), kept as
written, or a unit by its id."""

from __future__ import annotations

from rules.core.messages import Message

# --- the places named ----------------------------------------------------------------------
WHERE_UNIT = Message("scs.scenario.where.unit", "unit {unit}")
WHERE_SETUP_HEX = Message("scs.scenario.where.setup_hex", "unit {unit}: set-up hex")
WHERE_ANCHOR = Message("scs.scenario.where.anchor", "unit {unit}: set-up anchor")
WHERE_DEFAULT = Message("scs.scenario.where.default", "unit {unit}: set-up default")
WHERE_SETUP = Message("scs.scenario.where.setup", "unit {unit} set-up")
WHERE_ENTRY = Message("scs.scenario.where.entry", "unit {unit}: entry hex")

# --- the problems --------------------------------------------------------------------------
REQUIRED = Message("scs.scenario.required", "{where}: {key} is required")
SIDE_UNKNOWN = Message("scs.scenario.side_unknown", "{where}: side {side} is not one of {sides}")
HEX_QUOTED = Message(
    "scs.scenario.hex_quoted", '{where}: hex ids must be quoted strings like "07.05", not {value}'
)
HEX_ID = Message("scs.scenario.hex_id", "{where}: {hex} is not a hex id like 07.05")
HEX_OFF_MAP = Message("scs.scenario.hex_off_map", "{where}: hex {hex} is off the map")
HEX_OTHER_MAP = Message(
    "scs.scenario.hex_other_map", "{where}: hex {hex} is on map {letter}, not on this map"
)
COST_NEGATIVE = Message(
    "scs.scenario.cost_negative", "{where}: a cost cannot be negative, not {value}"
)
MODIFIER = Message(
    "scs.scenario.modifier",
    "{where}: modifier needs a type of defense_multiplier, attack_multiplier, column_shift or drm",
)
TWO_SIDES = Message("scs.scenario.two_sides", "scenario.sides must name exactly two sides")
GRID = Message("scs.scenario.grid", "grid: {problem}")
DEFAULT_TERRAIN = Message(
    "scs.scenario.default_terrain", "default_terrain {name} is not in the TEC"
)
TERRAIN_UNKNOWN = Message(
    "scs.scenario.terrain_unknown", "terrain {name} is not in the TEC's hex terrain"
)
FEATURE_UNKNOWN = Message(
    "scs.scenario.feature_unknown", "hexside feature {name} is not in the TEC"
)
HEXSIDE_PAIR = Message("scs.scenario.hexside_pair", "{where}: a hexside is a pair of hex ids")
NOT_ADJACENT = Message("scs.scenario.not_adjacent", "{where}: {a} and {b} are not adjacent")
CRT = Message("scs.scenario.crt", "crt: {problem}")
DRM_WHEN = Message(
    "scs.scenario.drm_when",
    "crt.drms[{n}].when must be always, overrun, attacker_oos or defender_oos",
)
DRM_WHOLE = Message(
    "scs.scenario.drm_whole",
    "crt.drms[{n}].value: a die roll modifier is a whole number, not {value}",
)
UNIT_TWICE = Message("scs.scenario.unit_twice", "{where}: the id is used twice")
MOVE_CLASS = Message("scs.scenario.move_class", "{where}: move_class {value} is not in the TEC")
NO_STEPS = Message("scs.scenario.no_steps", "{where}: steps must list at least one step level")
STEP_NUMBERS = Message(
    "scs.scenario.step_numbers", "{where}: step {n} needs whole numbers a, d and ma"
)
STEP_NEGATIVE = Message("scs.scenario.step_negative", "{where}: step {n} has a negative value")
SETUP_OUTSIDE = Message(
    "scs.scenario.setup_outside", "{where}: set-up default {hex} is outside its area"
)
SETUP_PROHIBITED = Message(
    "scs.scenario.setup_prohibited", "{where}: set-up hex {hex} is prohibited terrain"
)
ATTACK_MODE = Message("scs.scenario.attack_mode", "{where}: attack_mode must be close or support")
ARRIVAL_UNKNOWN = Message(
    "scs.scenario.arrival_unknown", "{where}: unit {unit} is not in the order of battle"
)
NO_PLACE = Message(
    "scs.scenario.no_place", "unit {unit}: needs a set-up hex or a reinforcement arrival"
)
BLOCKED = Message(
    "scs.scenario.blocked",
    "reinforcements.blocked must be delay or nearest_free_edge_hex, not {value}",
)
NOT_VP_HEXES = Message("scs.scenario.not_vp_hexes", "{where}: {hexes} are not VP hexes")
NOT_EDGE = Message("scs.scenario.not_edge", "exits.{side}: {hexes} not at the map edge")
UNIT_POINTS = Message(
    "scs.scenario.unit_points", "stacking.unit_points must be current_steps or one_per_unit"
)
ATTRITION = Message(
    "scs.scenario.attrition", "supply.attrition must be lose_step, eliminate or none"
)
TRACE_CLASS = Message(
    "scs.scenario.trace_class", "supply.trace_class {value} is not a movement class"
)
OVERRUN_UNITS = Message(
    "scs.scenario.overrun_units", "overrun.units must be exploit_capable or any_with_zoc"
)
TURNS = Message("scs.scenario.turns", "game_turns must be at least 1")
STACKING_NEGATIVE = Message(
    "scs.scenario.stacking_negative", "stacking.limit_points cannot be negative, not {value}"
)
OFFMAP_BOOL = Message("scs.scenario.offmap_bool", "allow_offmap_movement must be true or false")
NOT_A_NUMBER = Message("scs.scenario.not_a_number", "{where}: {value} is not a number")
NOT_A_FRACTION = Message(
    "scs.scenario.not_a_fraction",
    '{where}: {value} is not a number or an exact fraction like "1/2"',
)
MALFORMED = Message(
    "scs.scenario.malformed", "The scenario's data is not in the scenario format: {problem}"
)
NOT_JSON = Message(
    "scs.scenario.not_json", "The file is not a scenario: a JSON object of the scenario format."
)

# --- the sides' names (issue 36: the GM names both sides, in each language the GM wants) ------
SIDE_NAMES = Message(
    "scs.scenario.side_names",
    "side_names must map each side to its name, or to its names by language (en, zh-Hans)",
)
SIDE_NAME_TEXT = Message(
    "scs.scenario.side_name_text",
    "side_names.{side}: a side's name is text of 1 to {most} characters, not {value}",
)

# --- the combat results table (crt.py, SCS-CRT-1 / SCS-CRT-2) ----------------------------------
CRT_ODDS = Message("scs.scenario.crt_odds", "crt column {text} is not odds like 3:1 or 1:2")
CRT_RESULT = Message("scs.scenario.crt_result", "crt result {code} is not a result code like DL1o1")
CRT_DICE = Message("scs.scenario.crt_dice", "crt.dice {dice} is not like 2d6")
CRT_COLUMNS = Message(
    "scs.scenario.crt_columns", 'crt.columns must be a list of odds like ["1:2", "1:1"]'
)
CRT_ORDER = Message("scs.scenario.crt_order", "crt.columns must go from the worst odds to the best")
CRT_ROWS = Message("scs.scenario.crt_rows", "crt.rows must map each roll to a list of results")
CRT_ROW_LENGTH = Message(
    "scs.scenario.crt_row_length", "crt row {roll}: needs {n} results, one per column"
)
CRT_MISSING = Message("scs.scenario.crt_missing", "crt rows miss rolls {rolls}")
CRT_BELOW = Message(
    "scs.scenario.crt_below",
    "crt.below_min must be lowest_column, no_attack or auto_result, not {value}",
)
CRT_ABOVE = Message("scs.scenario.crt_above", "crt.above_max must be highest_column, not {value}")
