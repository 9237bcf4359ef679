"""Every word SCS says to a person, as messages (ids `scs.`): labels, log lines, refusals."""

from __future__ import annotations

from rules.core.kit import Message

# --- settings (rules/scs/settings.py) --------------------------------------------------------

MOVEMENT = Message("scs.group.movement", "Movement")
STACKING = Message("scs.group.stacking", "Stacking")
COMBAT = Message("scs.group.combat", "Combat")
OVERRUN = Message("scs.group.overrun", "Overrun")
REINFORCEMENTS = Message("scs.group.reinforcements", "Reinforcements")
SUPPLY = Message("scs.group.supply", "Supply")
YES = Message("scs.yes", "yes")
NO = Message("scs.no", "no")

EZOC_ENTRY_COST = Message("scs.setting.ezoc_entry_cost", "MP to enter an enemy ZOC")
ROAD_MP = Message("scs.setting.road_mp", "MP per road hex")
STACKING_LIMIT = Message("scs.setting.stacking_limit", "Stacking limit (points per hex)")
UNIT_POINTS = Message("scs.setting.unit_points", "A unit's stacking points")
CURRENT_STEPS = Message("scs.setting.current_steps", "its current steps")
ONE_PER_UNIT = Message("scs.setting.one_per_unit", "one per unit")
OFFMAP_MOVEMENT = Message("scs.setting.offmap", "Moves may leave the map and come back")
ZOC_MIN_ATTACK = Message("scs.setting.zoc_min_attack", "Attack needed for a ZOC")
ZERO_STRENGTH_JOIN = Message("scs.setting.zero_strength", "Zero-strength units may join attacks")
BELOW_MIN = Message("scs.setting.below_min", "Odds below the table")
LOWEST_COLUMN = Message("scs.setting.lowest_column", "use the lowest column")
NO_ATTACK = Message("scs.setting.no_attack", "no attack")
AUTO_RESULT = Message("scs.setting.auto_result", "the table's automatic result")
OVERRUN_UNITS = Message("scs.setting.overrun_units", "Who may overrun")
EXPLOIT_CAPABLE = Message("scs.setting.exploit_capable", "exploitation-capable units")
ANY_WITH_ZOC = Message("scs.setting.any_with_zoc", "any unit with a ZOC")
OVERRUN_MP = Message("scs.setting.overrun_mp", "Overrun cost in MP")
OVERRUN_SHIFT = Message("scs.setting.overrun_shift", "Overrun column shift")
OVERRUN_ENTER = Message("scs.setting.overrun_enter", "MP to enter an overrun hex")
OVERRUN_STACKED = Message("scs.setting.overrun_stacked", "Overrunners stacked at phase start")
BLOCKED = Message("scs.setting.blocked", "Reinforcement with every entry hex enemy-held")
DELAY = Message("scs.setting.delay", "arrives a turn later")
NEAREST_EDGE = Message("scs.setting.nearest_edge", "enters on the nearest free edge hex")
TRACE_MAX = Message("scs.setting.trace_max", "Supply line length (hexes)")
OOS_ATTACK = Message("scs.setting.oos_attack", "Out-of-supply attack multiplier")
OOS_DEFENSE = Message("scs.setting.oos_defense", "Out-of-supply defense multiplier")
OOS_MA = Message("scs.setting.oos_ma", "Out-of-supply MA multiplier")
OOS_MA_MINIMUM = Message("scs.setting.oos_ma_minimum", "Minimum MA out of supply")
ATTRITION = Message("scs.setting.attrition", "Second failed supply check")
LOSE_STEP = Message("scs.setting.lose_step", "the unit loses a step")
ELIMINATE = Message("scs.setting.eliminate", "the unit is eliminated")
NO_ATTRITION = Message("scs.setting.no_attrition", "nothing")

# --- the unit counter sheet (rules/scs/sheet.py) ---------------------------------------------

UNIT_ID = Message("scs.sheet.id", "Unit id")
UNIT_SIDE = Message("scs.sheet.side", "Side")
UNIT_NAME = Message("scs.sheet.name", "Name")
UNIT_TYPE = Message("scs.sheet.type", "Type")
MOVE_CLASS = Message("scs.sheet.move_class", "Movement class")
EXPLOIT = Message("scs.sheet.exploit", "Exploitation-capable")
STEPS = Message("scs.sheet.steps", "Step levels (full strength first)")
STEP_ATTACK = Message("scs.sheet.attack", "Attack")
STEP_DEFENSE = Message("scs.sheet.defense", "Defense")
STEP_MA = Message("scs.sheet.ma", "Movement allowance")
ATTACK_MODE = Message("scs.sheet.attack_mode", "Attack mode")
CLOSE = Message("scs.sheet.close", "close")
SUPPORT = Message("scs.sheet.support", "support")
NO_STEPS = Message("scs.sheet.no_steps", "must list at least one step level")

# --- phases and action forms (rules/scs/actions/) --------------------------------------------

PHASE_SETUP = Message("scs.phase.setup", "Set-up")
PHASE_MOVEMENT = Message("scs.phase.movement", "Movement Phase")
PHASE_COMBAT = Message("scs.phase.combat", "Combat Phase")
PHASE_EXPLOITATION = Message("scs.phase.exploitation", "Exploitation Phase")
PHASE_SUPPLY = Message("scs.phase.supply", "Supply Phase")
PHASE_OVER = Message("scs.phase.over", "Game over")

ROLL_COMBAT = Message("scs.form.roll", "Roll for the combat")
TAKE_LOSSES = Message(
    "scs.form.take_losses", "Take {n} step loss", plural="Take {n} step losses", count="n"
)
LOSS_UNITS = Message("scs.form.loss_units", "Units (one id per step)")
RETREAT = Message("scs.form.retreat", "Retreat / take the option")
UNITS = Message("scs.form.units", "Units")
RETREAT_PATH = Message("scs.form.retreat_path", "Retreat path (hexes)")
OPTION_LOSSES = Message("scs.form.option_losses", "Option: extra step losses (unit ids)")
ADVANCE = Message("scs.form.advance", "Advance into {hex}")
ADVANCE_UNITS = Message("scs.form.advance_units", "Units (empty: stay)")
ELIMINATE_OVERSTACKED = Message("scs.form.eliminate", "Eliminate over-stacked units")
OVERSTACKED = Message("scs.form.overstacked", "over-stacked: {hexes}")
SET_UP = Message("scs.form.set_up", "Set up a unit")
UNIT = Message("scs.form.unit", "Unit")
HEX = Message("scs.form.hex", "Hex")
PLACE_REINFORCEMENT = Message("scs.form.reinforce", "Place a reinforcement")
ENTRY_HEX = Message("scs.form.entry_hex", "Entry hex")
MOVE = Message("scs.form.move", "Move")
MOVE_UNITS = Message("scs.form.move_units", "Units (one hex)")
TO_HEX = Message("scs.form.to_hex", "To hex")
OVERRUN_FORM = Message("scs.form.overrun", "Overrun")
ENEMY_HEX = Message("scs.form.enemy_hex", "Enemy hex")
LEAVE_MAP = Message("scs.form.leave_map", "Leave the map")
EXIT_UNITS = Message("scs.form.exit_units", "Units on an exit hex")
TAKE_BACK = Message("scs.form.take_back", "Take back the last move")
DECLARE_ATTACK = Message("scs.form.declare", "Declare an attack")
DEFENDING_HEX = Message("scs.form.defending_hex", "Defending hex")
ATTACKING_UNITS = Message("scs.form.attacking_units", "Attacking units")
TOP_UNIT_FORM = Message("scs.form.order", "Choose the top unit")
TOP_UNIT = Message("scs.form.top_unit", "Top unit")
END_PHASE = Message("scs.form.end_phase", "End the {phase}")

# --- phase words inside sentences ("Blue's movement phase") -----------------------------------

WORD_SETUP = Message("scs.phase_word.setup", "setup")
WORD_MOVEMENT = Message("scs.phase_word.movement", "movement")
WORD_COMBAT = Message("scs.phase_word.combat", "combat")
WORD_EXPLOITATION = Message("scs.phase_word.exploitation", "exploitation")
WORD_SUPPLY = Message("scs.phase_word.supply", "supply")
WORD_OVER = Message("scs.phase_word.over", "over")

# What a side tried to do, inside "Blue cannot {what} now".
DO_ATTACK = Message("scs.do.attack", "attack")
DO_OVERRUN = Message("scs.do.overrun", "overrun")
DO_MOVE = Message("scs.do.move", "move")
DO_EXIT = Message("scs.do.exit", "leave the map")
DO_UNDO = Message("scs.do.undo", "undo a move")
DO_REINFORCE = Message("scs.do.reinforce", "place reinforcements")

# --- pieces of log lines ------------------------------------------------------------------------

NONE = Message("scs.none", "{items}")  # an empty list, read as nothing
THEN = Message("scs.then", "{first}; {rest}")  # a "; "-separated list, one item at a time
SIDE_SAYS = Message("scs.side_says", "{side}: {line}")
UNIT_TEXT = Message("scs.unit_text", "{unit} {name} ({attack}-{defense}-{ma})")
HEXES = Message("scs.hexes", "{n} hex", plural="{n} hexes", count="n")

# --- refusals every action shares (rules/scs/actions/common.py) ---------------------------------

NOT_A_SIDE = Message("scs.refuse.not_a_side", "{actor} is not a side of this game")
FIELD_PROBLEM = Message("scs.refuse.field", "{name}: {problem}")
CHOOSE_A_UNIT = Message("scs.refuse.choose_unit", "choose at least one unit")
NO_SUCH_UNIT = Message("scs.refuse.no_such_unit", "there is no unit {unit}")
NOT_YOUR_UNIT = Message("scs.refuse.not_your_unit", "{unit} is not a {side} unit")
NOT_ON_MAP = Message("scs.refuse.not_on_map", "{unit} is not on the map")
ONE_HEX = Message(
    "scs.refuse.one_hex", "the units must stand in one hex to move or attack together"
)
GAME_OVER = Message("scs.refuse.game_over", "the game is over")
NOT_YOUR_PHASE = Message(
    "scs.refuse.not_your_phase", "it is {player}'s {phase} phase; {side} cannot {what} now"
)
NOT_IN_PHASE = Message("scs.refuse.not_in_phase", "{what} is not allowed in the {phase} phase")
COMBAT_FIRST = Message("scs.refuse.combat_first", "finish the combat in progress first")

# --- combat results carried out (rules/scs/actions/common.py, results.py) ------------------------

COMBAT_ENDED = Message("scs.log.combat_ended", "Combat at {hex} is over")
MUST_ENTER = Message("scs.log.must_enter", "{units} must enter {hex} {cost} (SCS-OVR-3)")
FOR_MP = Message("scs.log.for_mp", "for {mp} MP")
NO_MP_COST = Message("scs.log.no_mp_cost", "at no MP cost")
LOSES = Message(
    "scs.log.loses", "{unit} loses {n} step", plural="{unit} loses {n} steps", count="n"
)
LOSES_LAST = Message(
    "scs.log.loses_last",
    "{unit} loses {n} step and is eliminated",
    plural="{unit} loses {n} steps and is eliminated",
    count="n",
)
LOSSES_TAKEN = Message("scs.log.losses", "{side}: {losses} (SCS-STEP-1)")

NO_LOSSES_WAITING = Message("scs.refuse.no_losses", "no step losses are waiting for your choice")
CHOOSE_EXACTLY = Message(
    "scs.refuse.choose_exactly", "choose exactly {n} step losses (one unit id per step)"
)
NOT_IN_COMBAT = Message("scs.refuse.not_in_combat", "{unit} did not take part in this combat")
ONLY_STEPS = Message("scs.refuse.only_steps", "{unit} has only {n} steps")
NO_RETREAT_WAITING = Message("scs.refuse.no_retreat", "no retreat is waiting for your choice")
OPTION_AT_MOST = Message(
    "scs.refuse.option_at_most", "the option allows at most {n} extra step losses"
)
CANNOT_TAKE = Message("scs.refuse.cannot_take", "{unit} cannot take {n} step losses")
OPTION_CHOSEN = Message("scs.refuse.option_chosen", "the option losses were already chosen")
NO_RETREAT_NEEDED = Message(
    "scs.refuse.no_retreat_needed", "no retreat is needed after these losses"
)
CHOOSE_RETREATERS = Message(
    "scs.refuse.choose_retreaters", "choose units that still have to retreat"
)
ONE_START_HEX = Message("scs.refuse.one_start_hex", "a retreating group must start from one hex")
NO_LEGAL_RETREAT = Message("scs.refuse.no_legal_retreat", "no legal retreat of {n} hexes exists")
NO_RETREAT_ON_MAP = Message(
    "scs.refuse.no_retreat_on_map",
    "no retreat of {n} hexes exists on the map: take more of the option as step losses",
)
NO_RETREAT_ON_MAP_OFF = Message(
    "scs.refuse.no_retreat_on_map_off",
    "no retreat of {n} hexes exists on the map: take more of the option as step losses "
    "(or retreat off the map)",
)
ILLEGAL_RETREAT = Message(
    "scs.refuse.illegal_retreat",
    "illegal retreat path; legal e.g. {path} (each hex one farther, no enemy or prohibited hex)",
)
PATH_PROBLEM = Message("scs.refuse.path", "path: {problem}")
NO_ADVANCE = Message("scs.refuse.no_advance", "no advance after combat is on offer")
MAY_NOT_ADVANCE = Message("scs.refuse.may_not_advance", "{unit} may not advance into {hex}")
ADVANCE_LIMIT = Message(
    "scs.refuse.advance_limit", "advancing {points} stacking points exceeds the limit of {limit}"
)

OPTION_TAKEN = Message(
    "scs.log.option_taken",
    "{side} takes the option as {k} step loss",
    plural="{side} takes the option as {k} step losses",
    count="k",
)
OPTION_TAKEN_BY = Message(
    "scs.log.option_taken_by",
    "{side} takes the option as {k} step loss ({units})",
    plural="{side} takes the option as {k} step losses ({units})",
    count="k",
)
RETREATS_OFF_MAP = Message(
    "scs.log.retreats_off_map",
    "{units} retreats off the map ({route}) and is eliminated (SCS-MAP-4)",
    plural="{units} retreat off the map ({route}) and are eliminated (SCS-MAP-4)",
    count="count",
)
EZOC_ON_THE_WAY = Message(
    "scs.log.ezoc_on_the_way", "{retreat}; EZOC step losses on the way: {lost} (SCS-2.1d)"
)
EZOC_LOSSES = Message("scs.log.ezoc_losses", "{retreat}; EZOC step losses: {lost} (SCS-2.1d)")
EZOC_LOSS = Message("scs.log.ezoc_loss", "{unit} in {hex}")
CANNOT_RETREAT = Message(
    "scs.log.cannot_retreat", "{units} cannot retreat {n} hexes and are eliminated (SCS-RET-5)"
)
RETREATS = Message(
    "scs.log.retreats",
    "{units} retreats {hexes}: {path}",
    plural="{units} retreat {hexes}: {path}",
    count="count",
)
OPTION_FIRST = Message(
    "scs.log.option_first",
    "Option: {units} loses a step; {retreat}",
    plural="Option: {units} lose a step; {retreat}",
    count="count",
)
ADVANCES = Message("scs.log.advances", "{units} advance into {hex} (SCS-ADV-1)")
DECLINES = Message("scs.log.declines", "{side} declines to advance")

# --- the turn (rules/scs/actions/turn.py) ---------------------------------------------------------

NOT_OVERSTACKED = Message("scs.refuse.not_overstacked", "{unit} is not in an over-stacked hex")
ONLY_PLAYER_ENDS = Message("scs.refuse.only_player_ends", "only {side} may end this phase")
REINFORCEMENTS_DUE = Message(
    "scs.refuse.reinforcements_due", "place the reinforcements first: {units}"
)
OVERSTACKED_HEX = Message("scs.refuse.overstacked_hex", "{hex} ({points} > {limit}, {side})")
OVERSTACKED_HEXES = Message(
    "scs.refuse.overstacked_hexes", "over-stacked hexes: {hexes}; move or eliminate units first"
)
ELIMINATED_OVERSTACKED = Message(
    "scs.log.eliminated_overstacked",
    "{side} eliminates {units} to meet the stacking limit (SCS-STK-2)",
)
SETUP_FINISHED = Message("scs.log.setup_finished", "{side} has finished setting up (SCS-SETUP-5)")
TURN_ADVANCED = Message("scs.log.turn_advanced", "Turn marker advances to {turn} (PD-03)")
PHASE_STARTED = Message("scs.log.phase_started", "Turn {turn}: {side} {phase} phase")
DELAYED = Message(
    "scs.log.delayed", "{unit}: every entry hex is enemy-held; it arrives next turn (PD-14)"
)
DELAYED_HIDDEN = Message("scs.log.delayed_hidden", "A {side} reinforcement is delayed")
OUT_OF_SUPPLY = Message("scs.log.out_of_supply", "{unit} out of supply")
IN_SUPPLY = Message(
    "scs.log.in_supply",
    "{unit} in supply ({n} hex)",
    plural="{unit} in supply ({n} hexes)",
    count="n",
)
SUPPLY_CHECKED = Message("scs.log.supply_checked", "{side} supply check: {lines}")
SUPPLY_ATTRITION = Message(
    "scs.log.supply_attrition", "{side} supply check: {lines}. Attrition (PD-19): {units}"
)
SUPPLY_HIDDEN = Message("scs.log.supply_hidden", "{side} checked supply")
SUPPLY_ATTRITION_HIDDEN = Message(
    "scs.log.supply_attrition_hidden", "{side} checked supply: {n} unit(s) suffer attrition"
)
END_OF_TURN = Message("scs.log.end_of_turn", "End of turn {turn}")
SUDDEN_DEATH = Message("scs.log.sudden_death", "Sudden death on turn {turn}")
SCORE = Message("scs.log.score", "{side} {vp}")
DRAW = Message("scs.log.draw", "a draw")
WINS = Message("scs.log.wins", "{side} wins")
GAME_ENDED = Message("scs.log.game_ended", "{when}: {score} VP — {verdict} (SCS-VIC-1)")

# --- set-up (rules/scs/actions/setup.py) ------------------------------------------------------

CANNOT_SET_UP = Message("scs.refuse.cannot_set_up", "{side} cannot set up now")
NOT_SETUP_UNIT = Message("scs.refuse.not_setup_unit", "{unit} is not one of your set-up units")
OUTSIDE_AREA = Message(
    "scs.refuse.outside_area", "{unit} must set up within its set-up area, not {hex}"
)
PROHIBITED_FOR = Message("scs.refuse.prohibited_for", "{hex} is prohibited terrain for {unit}")
ENEMY_HELD = Message("scs.refuse.enemy_held", "{hex} holds enemy units")
SETS_UP = Message("scs.log.sets_up", "{side} sets up {unit} in {hex}")
SETS_UP_HIDDEN = Message("scs.log.sets_up_hidden", "{side} adjusts its set-up")

# --- attacks and overruns (rules/scs/actions/attack.py, preview.py) ----------------------------

SUPPORT_NO_OVERRUN = Message(
    "scs.refuse.support_no_overrun", "{unit} is a support unit and never overruns"
)
SUPPORT_OFF = Message(
    "scs.refuse.support_off",
    "{unit} is a support unit; the support module is off (support.enabled)",
)
BEYOND_RANGE = Message(
    "scs.refuse.beyond_range", "{hex} is beyond {unit}'s support range of {range}"
)
NOT_ADJACENT = Message("scs.refuse.not_adjacent", "{what} is not adjacent to {hex}")
NOT_IN_ZOC = Message(
    "scs.refuse.not_in_zoc", "{hex} is not in {unit}'s ZOC (terrain it could not enter)"
)
NO_ZOC = Message("scs.refuse.no_zoc", "{unit} has no ZOC and cannot attack {hex}")
NEED_ZOC = Message(
    "scs.refuse.need_zoc", "at least one attacking unit must have the defending hex in its ZOC"
)
NO_ENEMY = Message("scs.refuse.no_enemy", "{hex} holds no enemy units")
HEX_ATTACKED = Message("scs.refuse.hex_attacked", "{hex} has already been attacked this phase")
UNIT_ATTACKED = Message("scs.refuse.unit_attacked", "{unit} has already attacked this phase")
REINFORCEMENTS_FIRST = Message(
    "scs.refuse.reinforcements_first", "place this turn's reinforcements first"
)
CANNOT_OVERRUN = Message("scs.refuse.cannot_overrun", "{unit} cannot overrun: {reason}")
NOT_EXPLOIT = Message(
    "scs.refuse.not_exploit", "{unit} is not exploitation-capable and cannot overrun"
)
MP_SHORT = Message("scs.refuse.mp_short", "{unit} has {left} MP left; an overrun costs {cost}")
START_STACKED = Message(
    "scs.refuse.start_stacked",
    "overrunning units must have been stacked together at the start of the phase",
)
OVERSTACKED_START = Message(
    "scs.refuse.overstacked_start",
    "{hex} holds {points} stacking points (limit {limit}); no overrun from an over-stacked hex",
)
DECLARE_FIRST = Message("scs.refuse.declare_first", "declare an attack or overrun first")
ATTACKER_ROLLS = Message("scs.refuse.attacker_rolls", "the attacker rolls for the combat")
CHOOSE_ATTACK = Message("scs.refuse.choose_attack", "choose your attacking units and an enemy hex")

ATTACKS = Message(
    "scs.log.attacks", "{side} attacks {hex} with {attackers}. Revealed defenders: {defenders}"
)
OVERRUNS = Message(
    "scs.log.overruns",
    "{side} overruns {hex} with {attackers}, paying {mp} MP. Revealed defenders: {defenders}",
)
OVERRUN_REFUSED = Message(
    "scs.log.overrun_refused",
    "Overrun refused: {hex} would hold {points} stacking points (limit {limit}); {units} go back "
    "to where their move began (SCS-STK-3)",
)
TOOK_BACK_HIDDEN = Message("scs.log.took_back_hidden", "{side} took back a move")
BELOW_TABLE_RESULT = Message(
    "scs.log.below_table_result",
    "Combat at {hex}: A {attack} : D {defense} = {odds}, below the table: {result} without a "
    "roll (PD-04)",
)
BELOW_TABLE_NO_ATTACK = Message(
    "scs.log.below_table_no_attack",
    "Combat at {hex}: A {attack} : D {defense} = {odds}, below the table: no attack (PD-04)",
)
COMBAT_ROLLED = Message(
    "scs.log.combat_rolled",
    "Combat at {hex}: A {attack} : D {defense} → odds {odds} (column {base}, {shifts} → "
    "{column}); 2d6 = {dice} = {raw}: {result}",
)
COMBAT_ROLLED_DRM = Message(
    "scs.log.combat_rolled_drm",
    "Combat at {hex}: A {attack} : D {defense} → odds {odds} (column {base}, {shifts} → "
    "{column}); 2d6 = {dice} = {raw}, DRM {drm} → {modified}: {result}",
)
SHIFT = Message("scs.log.shift", "{what} {value}")
NO_SHIFT = Message("scs.log.no_shift", "no shift")

# --- movement (rules/scs/actions/movement.py) --------------------------------------------------

CANNOT_MOVE = Message("scs.refuse.cannot_move", "{unit} cannot move: {reason}")
PATH_EMPTY = Message("scs.refuse.path_empty", "the path must enter at least one hex")
END_ON_MAP = Message(
    "scs.refuse.end_on_map",
    "a move must end on the map, not in {hex}; units leave the map only from an exit hex "
    "(unit.exit, SCS-MAP-4)",
)
OVER_MA = Message(
    "scs.refuse.over_ma", "{unit}: entering {hex} ({why}) needs {mp} MP, MA is {ma} (SCS-3.1b)"
)
OFF_MAP_PATH = Message("scs.refuse.off_map_path", "path: hex {hex} is off the map")
OFF_MAP_PATH_NEVER = Message(
    "scs.refuse.off_map_path_never", "path: hex {hex} is off the map; moves may not leave the map"
)
CANNOT_ENTER = Message("scs.refuse.cannot_enter", "{unit} cannot enter {hex}: {why}")
NOT_EXIT = Message("scs.refuse.not_exit", "{hex} is not an exit hex for {side}")
NOTHING_TO_UNDO = Message("scs.refuse.nothing_to_undo", "there is no move to take back")
REORDER_OWN = Message("scs.refuse.reorder_own", "stacks are reordered in your own phases")
NO_STACK = Message("scs.refuse.no_stack", "no {side} stack in {hex}")
NOT_IN_STACK = Message("scs.refuse.not_in_stack", "{unit} is not in the stack in {hex}")
NOT_DUE = Message("scs.refuse.not_due", "{unit} is not a reinforcement due now")
ENTERS_ONLY = Message("scs.refuse.enters_only", "{unit} enters on {hexes} only")

MOVED = Message("scs.log.moved", "{side} moved {units} {start} → {path} ({spent})")
MOVED_MINIMUM = Message(
    "scs.log.moved_minimum", "{side} moved {units} {start} → {path} (minimum move, SCS-3.1e)"
)
SPENT = Message("scs.log.spent", "{unit} {mp} of {ma} MP")
MOVED_HIDDEN = Message(
    "scs.log.moved_hidden",
    "{side} moved {n} counter {start} → {end}",
    plural="{side} moved {n} counters {start} → {end}",
    count="n",
)
EXITED = Message("scs.log.exited", "{side}: {units} leave the map from {hex} (SCS-3.3c)")
EXITED_VP = Message(
    "scs.log.exited_vp", "{side}: {units} leave the map from {hex} ({vp} VP each) (SCS-3.3c)"
)
EXITED_HIDDEN = Message("scs.log.exited_hidden", "{n} {side} counter(s) leave the map from {hex}")
UNDONE = Message("scs.log.undone", "{side} took back the move of {units}")
REORDERED = Message("scs.log.reordered", "{side} put {unit} on top in {hex}")
REORDERED_HIDDEN = Message("scs.log.reordered_hidden", "{side} rearranged the stack in {hex}")
REINFORCED = Message("scs.log.reinforced", "{side} reinforcement {unit} arrives on {hex}")
REINFORCED_HIDDEN = Message("scs.log.reinforced_hidden", "A {side} reinforcement arrives on {hex}")

# --- terrain and what entering a hex costs (rules/scs/board.py, reach.py) ----------------------

TERRAIN_CLEAR = Message("scs.terrain.clear", "clear")
TERRAIN_ROUGH = Message("scs.terrain.rough", "rough")
TERRAIN_WOODS = Message("scs.terrain.woods", "woods")
TERRAIN_TOWN = Message("scs.terrain.town", "town")
TERRAIN_MARSH = Message("scs.terrain.marsh", "marsh")
TERRAIN_MOUNTAIN = Message("scs.terrain.mountain", "mountain")
TERRAIN_RIVER = Message("scs.terrain.river", "river")
TERRAIN_ROAD = Message("scs.terrain.road", "road")
TERRAIN_BRIDGE = Message("scs.terrain.bridge", "bridge")

ROAD_COST = Message("scs.cost.road", "{road} {mp}")
TERRAIN_COST = Message("scs.cost.terrain", "{terrain} {mp}")
FEATURE_COST = Message("scs.cost.feature", "{feature} +{mp}")
COSTS = Message("scs.cost.parts", "{parts}")
HEXSIDE_PROHIBITED = Message("scs.cost.hexside_prohibited", "{feature} hexside prohibited")
HEXSIDE_PROHIBITED_TO = Message(
    "scs.cost.hexside_prohibited_to", "{feature} hexside prohibited to {move_class} units"
)
TERRAIN_PROHIBITED = Message(
    "scs.cost.terrain_prohibited", "{terrain} is prohibited to {move_class} units"
)
OFF_MAP_STEP = Message("scs.cost.off_map", "off the map (SCS-MAP-5)")
OFF_MAP_COST = Message("scs.cost.off_map_mp", "off the map {mp} (allow_offmap_movement, SCS-MAP-5)")
ENEMY_OCCUPIED = Message("scs.cost.enemy_occupied", "enemy-occupied hex (SCS-3.3a)")
WITH_EZOC = Message("scs.cost.with_ezoc", "{why}, enemy ZOC +{mp}")

REASON_NOT_ON_MAP = Message("scs.reason.not_on_map", "not on the map")
REASON_MOVE_ENDED = Message("scs.reason.move_ended", "its move has ended (SCS-3.1e / PD-10)")
REASON_NOT_EXPLOIT = Message(
    "scs.reason.not_exploit", "not exploitation-capable (SCS-1.2c, SCS-EXP-1)"
)
REASON_FROZEN = Message(
    "scs.reason.frozen", "in an enemy ZOC at the start of the Exploitation Phase (SCS-2.1b)"
)
REASON_MA_ZERO = Message("scs.reason.ma_zero", "movement allowance 0")

BLOCKED_ENEMY = Message("scs.blocked.enemy", "{hex}: enemy units (SCS-3.3a)")
BLOCKED_WHY = Message("scs.blocked.why", "{hex}: {why}")
BLOCKED_COST = Message("scs.blocked.cost", "{hex} from {start}: {why} = {mp} MP, {left} MP left")
BLOCKED_COST_OF = Message(
    "scs.blocked.cost_of", "{hex} from {start}: {why} = {mp} MP, {left} MP left ({unit})"
)
OFF_MAP_TARGET = Message("scs.refuse.off_map_target", "{hex} is off the map (SCS-MAP-3)")
ENEMY_TARGET = Message(
    "scs.refuse.enemy_target", "{hex} holds enemy units (SCS-3.3a); attack or overrun it instead"
)
UNIT_WHY = Message("scs.refuse.unit_why", "{unit}: {why}")
UNIT_WHY_COST = Message(
    "scs.refuse.unit_why_cost", "{unit}: {why} = {mp} MP, {left} MP left (SCS-3.2a)"
)
OUT_OF_REACH = Message("scs.refuse.out_of_reach", "{hex} is out of reach this phase (SCS-3.1b)")

# --- the odds before a roll (rules/scs/preview.py) and the engine's own refusals ----------------

PREVIEW_AUTO = Message(
    "scs.preview.auto",
    "A {attack} : D {defense} = {odds}, below the table: {result} without a roll{note}",
)
PREVIEW_NO_ATTACK = Message(
    "scs.preview.no_attack", "A {attack} : D {defense}: no attack possible{note}"
)
PREVIEW_ODDS = Message(
    "scs.preview.odds",
    "A {attack} : D {defense} = {ratio} → {odds}{shifts} → column {column}{drm}{note}",
)
PREVIEW_SHIFTS = Message("scs.preview.shifts", ", {shifts}")
PREVIEW_DRM = Message("scs.preview.drm", ", DRM {drm}")
HIDDEN_NOTE = Message(
    "scs.preview.hidden",
    " ({n} hidden unit not counted: fog of war)",
    plural=" ({n} hidden units not counted: fog of war)",
    count="n",
)
NO_STRENGTH = Message("scs.refuse.no_strength", "an attack needs a combat strength above 0")
BAD_VERSION = Message("scs.refuse.bad_version", "SCS state version {version} is not supported")
CANNOT_APPLY = Message("scs.refuse.cannot_apply", "SCS cannot apply event {kind}")
HIDDEN_CHANGED = Message(
    "scs.log.hidden_changed",
    "Fog of war: what the sides may not see of the board is kept up to date",
)

# --- column shifts named in the combat line and the odds (rules/scs/figures.py) -----------------

SHIFT_DEFENDER_IN = Message("scs.shift.defender_in", "defender in {terrain}")
SHIFT_ALL_ACROSS = Message("scs.shift.all_across", "all attack across {feature}")
SHIFT_OVERRUN = Message("scs.shift.overrun", "overrun")

# --- what a die is rolled for: the English each roll stores, matched back to its message in the
# log (vtt/words.py `purpose`); the words inside braces are names, numbers and dice
PURPOSE_CRT = Message("scs.purpose.crt", "CRT die {n}")

# The sides of the built-in scenario, as the table names them (vtt/words.py side_name).
SIDE_BLUE = Message("scs.side.blue", "Blue")
SIDE_RED = Message("scs.side.red", "Red")
# A side the scenario names itself (issue 36): `name` its English (or only) name, `names` its
# names by language and `side` its key; the table shows the reader's (vtt/words.py `say`).
OWN_SIDE = Message("scs.own_side", "{name}")

# A unit counter's type and movement class as its sheet offers them (rules/scs/sheet.py).
TYPE_INFANTRY = Message("scs.unit_type.infantry", "infantry")
TYPE_MECH_INFANTRY = Message("scs.unit_type.mech_infantry", "mechanised infantry")
TYPE_ARMOR = Message("scs.unit_type.armor", "armour")
TYPE_RECON = Message("scs.unit_type.recon", "reconnaissance")
TYPE_ENGINEER = Message("scs.unit_type.engineer", "engineers")
TYPE_ANTITANK = Message("scs.unit_type.antitank", "anti-tank")
TYPE_ANTIAIRCRAFT = Message("scs.unit_type.antiaircraft", "anti-aircraft")
CLASS_FOOT = Message("scs.move_class.foot", "foot")
CLASS_MECH = Message("scs.move_class.mech", "mechanised")

# --- the GM renames a side in play (SCS-ENG-4, rules/scs/actions/naming.py) ---------------------

RENAME_SIDE = Message("scs.rename.form", "Rename {side}")
F_SIDE_NAME = Message("scs.rename.name", "Name")
F_SIDE_NAME_ZH = Message("scs.rename.name_zh", "Name in Chinese (optional)")
# `was`: the side as it was named before (its names kept in the line); `side`: as named now
SIDE_RENAMED = Message("scs.side_renamed", "The game master renames {was}: {side} from now on.")
RENAME_EMPTY = Message("scs.rename.empty", "Give {side} a name: the name may not be empty.")
RENAME_LONG = Message(
    "scs.rename.long", "A name for {side} is longer than {most} characters: shorten it."
)
RENAME_CONTROL = Message(
    "scs.rename.control",
    "A name for {side} holds a character no page can show (such as NUL): type it again.",
)
RENAME_TAKEN = Message("scs.rename.taken", "{side} has that name already: pick another.")
RENAME_SAME = Message("scs.rename.same", "{side} has these names already: nothing to change.")
RENAME_HEADING = Message("scs.rename.heading", "The sides' names")
