"""Words of the mech system's forms, odds and board: action and field labels, terms, costs."""

from __future__ import annotations

from rules.core.kit import Message
from rules.mech import shipped

# Costs shown beside an action's label (MECH-AP-TABLE).
AP = Message("mech.cost.ap", "{ap} AP", plural="{ap} AP", count="ap")
FREE = Message("mech.cost.free", "free")
MOVE_ACTION = Message("mech.cost.move", "move action")
AP_AND_CP = Message("mech.cost.ap_cp", "{ap} AP, CP")
BETWEEN_MATCHES = Message("mech.cost.between_matches", "between matches")

# Action labels.
REPAIR = Message("mech.action.repair", "Repair")
CHOOSE_MOUNT = Message("mech.action.choose_mount", "Choose the mount the trauma destroys")
CHOOSE_SYSTEM = Message("mech.action.choose_system", "Choose the system the trauma destroys")
TRIGGER = Message("mech.action.trigger", "Trigger: {trigger}")
SET_REACTIONS = Message("mech.action.set_reactions", "Opportunity attacks automatic")
BEGIN_TURN = Message("mech.action.begin_turn", "Start turn")
END_TURN = Message("mech.action.end_turn", "End turn")
BOOT_UP = Message("mech.action.boot_up", "Boot up")
OVERCHARGE = Message("mech.action.overcharge", "Overcharge (+1 AP, heat {heat})")
MOVE = Message("mech.action.move", "Move (up to {squares})")
JUMP = Message("mech.action.jump", "Jump")
CLIMB = Message("mech.action.climb", "Climb")
STAND = Message("mech.action.stand", "Stand up")
END_GRAPPLE = Message("mech.action.end_grapple", "Let go")
GRAPPLE_CONTEST = Message("mech.action.grapple_contest", "Grapple contest (HULL)")
MELTDOWN_CHECK = Message("mech.action.meltdown_check", "Avert the meltdown (ENGINEERING)")
BOOST = Message("mech.action.boost", "Boost")
ATTACK = Message("mech.action.attack", "{weapon}")
FOLLOW_UP = Message("mech.action.follow_up", "Follow-up: {weapon}")
GRAPPLE = Message("mech.action.grapple", "Grapple")
RAM = Message("mech.action.ram", "Ram")
IMPROVISED = Message("mech.action.improvised", "Improvised attack")
BREAK_GRAPPLE = Message("mech.action.break_grapple", "Break free (HULL contest)")
HIDE = Message("mech.action.hide", "Hide")
SEARCH = Message("mech.action.search", "Search")
TECH = Message("mech.action.tech", "Tech action")
USE_SYSTEM = Message("mech.action.use_system", "{system}")
CORE_POWER = Message("mech.action.core_power", "{core}")
PREPARE = Message("mech.action.prepare", "Prepare")
SHUT_DOWN = Message("mech.action.shut_down", "Shut down")
DISENGAGE = Message("mech.action.disengage", "Disengage")
STABILIZE = Message("mech.action.stabilize", "Stabilize")
END_MATCH = Message("mech.action.end_match", "End the match")
START_MATCH = Message("mech.action.start_match", "Start the next match")
FULL_REPAIR = Message("mech.action.full_repair", "Full repair (refill repair caps)")
GM_DAMAGE = Message("mech.action.gm_damage", "Deal damage")
GM_HEAT = Message("mech.action.gm_heat", "Deal heat")
GM_FALL = Message("mech.action.gm_fall", "Fall")
GM_SAVE = Message("mech.action.gm_save", "Force a save")
GM_CONDITION = Message("mech.action.gm_condition", "Condition")

# Field labels.
X = Message("mech.field.x", "Column (x)")
Y = Message("mech.field.y", "Row (y)")
AIM_X = Message("mech.field.aim_x", "Aim x")
AIM_Y = Message("mech.field.aim_y", "Aim y")
TARGET = Message("mech.field.target", "Target")
TARGET_IF_CHANGED = Message("mech.field.target_if_changed", "Target (if it changed)")
HIDDEN_ENEMY = Message("mech.field.hidden_enemy", "Hidden enemy")
ENEMY_SAVES = Message("mech.field.enemy_saves", "Enemy (saves)")
MECH = Message("mech.field.mech", "Mech")
ON = Message("mech.field.on", "On")
REPAIR_OPTION = Message("mech.field.repair_option", "Repair")
REPAIR_ITEM = Message("mech.field.repair_item", "Item to fix or reload")
SWAP_WEAPON = Message("mech.field.swap_weapon", "Weapon to move")
SWAP_MOUNT = Message("mech.field.swap_mount", "To mount")
TRAUMA_MOUNT = Message("mech.field.trauma.mount", "Mount")
TRAUMA_SYSTEM = Message("mech.field.trauma.system", "System")
MOUNT_ITEM = Message("mech.field.mount_item", "mount {n}: {weapons}")
JUMP_MODE = Message("mech.field.jump_mode", "Jump")
HORIZONTAL = Message("mech.field.jump.horizontal", "horizontal (2 per square)")
VERTICAL = Message("mech.field.jump.vertical", "vertical")
CHECK = Message("mech.field.check", "Check")
SPEND_LOCK_ON = Message("mech.field.lock_on", "Spend Lock On")
EXTRA_ACCURACY = Message("mech.field.accuracy", "Extra accuracy")
EXTRA_DIFFICULTY = Message("mech.field.difficulty", "Extra difficulty")
LOCK_ON_FROM = Message("mech.field.lock_on_from", "Spend the Lock On of")
NOBODY = Message("mech.field.nobody", "—")
KNOCK_BACK = Message("mech.field.knockback", "Knock back")
TECH_OPTION = Message("mech.field.tech", "Tech")
INVADE = Message("mech.tech.invade", "Invade (Fragment Signal)")
LOCK_ON = Message("mech.tech.lock_on", "Lock On")
SCAN = Message("mech.tech.scan", "Scan")
SUPPORT = Message("mech.tech.support", "Support")
SCAN_FOR = Message("mech.field.scan_for", "Scan for")
SCAN_STATS = Message("mech.scan.stats", "statistics")
SCAN_WEAPONS = Message("mech.scan.weapons", "weapons")
SCAN_SYSTEMS = Message("mech.scan.systems", "systems")
SCAN_HIDDEN = Message("mech.scan.hidden", "hidden info")
SCAN_PUBLIC = Message("mech.scan.public", "public info")
PREPARED_ACTION = Message("mech.field.prepared_action", "Action")
TRIGGER_TEXT = Message("mech.field.trigger", "When… (trigger)")
WEAPON = Message("mech.field.weapon", "Weapon")
FIRST = Message("mech.field.stabilize.first", "First")
COOL = Message("mech.stabilize.cool", "clear heat and Exposed")
REPAIR_HP = Message("mech.stabilize.repair", "1 repair: all HP")
THEN = Message("mech.field.stabilize.then", "Then")
RELOAD = Message("mech.stabilize.reload", "reload")
CLEAR_BURN = Message("mech.stabilize.burn", "clear burn")
REMOVE_CONDITION = Message("mech.stabilize.condition", "remove a condition")
REMOVE_ALLY_CONDITION = Message("mech.stabilize.ally_condition", "remove an ally's condition")
CONDITION = Message("mech.field.condition", "Condition")
ALLY = Message("mech.field.ally", "Ally")
AMOUNT = Message("mech.field.amount", "Amount")
DAMAGE_TYPE = Message("mech.field.damage_type", "Type")
ARMOUR_PIERCING = Message("mech.field.ap", "Armour piercing")
HEAT = Message("mech.field.heat", "Heat")
SQUARES = Message("mech.field.squares", "Squares")
SAVE = Message("mech.field.save", "Save")
FORCED_BY = Message("mech.field.forced_by", "Forced by (a hidden enemy is revealed)")
SAVE_TARGET = Message("mech.field.save_target", "Save target (0: the setting)")
UNTIL_NEXT_TURN = Message("mech.field.until_next_turn", "Until the end of its next turn")
REMOVE_IT = Message("mech.field.remove", "Remove it")
REPAIR_CHOICE = Message("mech.repair.choice", "{option} ({cost} repair)")

# Terms: attributes, damage types, repair options, one-AP actions a mech may prepare.
HULL = Message("mech.attribute.hull", "HULL")
AGILITY = Message("mech.attribute.agility", "AGILITY")
SYSTEMS = Message("mech.attribute.systems", "SYSTEMS")
ENGINEERING = Message("mech.attribute.engineering", "ENGINEERING")
ATTRIBUTES = {"hull": HULL, "agility": AGILITY, "systems": SYSTEMS, "engineering": ENGINEERING}
KINETIC = Message("mech.damage.kinetic", "kinetic")
EXPLOSIVE = Message("mech.damage.explosive", "explosive")
ENERGY = Message("mech.damage.energy", "energy")
BURN = Message("mech.damage.burn", "burn")
DAMAGE_TYPES = {"kinetic": KINETIC, "explosive": EXPLOSIVE, "energy": ENERGY, "burn": BURN}
REPAIR_OPTIONS = {
    "swap": Message("mech.repair.swap", "swap"),
    "hp": Message("mech.repair.hp", "hp"),
    "fix": Message("mech.repair.fix", "fix"),
    "uses": Message("mech.repair.uses", "uses"),
    "structure": Message("mech.repair.structure", "structure"),
    "stress": Message("mech.repair.stress", "stress"),
    "cp": Message("mech.repair.cp", "cp"),
}
ACTION_NAMES = {
    "attack": Message("mech.prepare.attack", "attack"),
    "ram": Message("mech.prepare.ram", "ram"),
    "grapple": Message("mech.prepare.grapple", "grapple"),
    "boost": Message("mech.prepare.boost", "boost"),
    "hide": Message("mech.prepare.hide", "hide"),
    "tech": Message("mech.prepare.tech", "tech"),
    "search": Message("mech.prepare.search", "search"),
    "shut_down": Message("mech.prepare.shut_down", "shut_down"),
}

# Conditions and statuses: their names (as the engine stores them) and what each means.
CONDITION_NAMES = {
    name: Message(f"mech.condition.{name}", name)
    for name in (
        "immobilized",
        "impaired",
        "jammed",
        "lock_on",
        "shredded",
        "slowed",
        "stunned",
        "prone",
        "exposed",
        "hidden",
        "invisible",
        "disengaged",
        "supported",
        "shut_down",
        "engaged",
        "danger_zone",
        "burning",
        "grappled",
    )
}

# Terrain on the board (MECH-COVER-TABLE).
TERRAIN = {
    "light": Message("mech.terrain.light", "light cover (MECH-COVER-LIGHT)"),
    "heavy": Message("mech.terrain.heavy", "heavy cover (MECH-COVER-HEAVY)"),
    "building": Message("mech.terrain.building", "building: heavy cover, blocks sight"),
    "difficult": Message("mech.terrain.difficult", "difficult terrain"),
}

# Campaign settings (rules/mech/settings.py): labels, sections and the readings offered.
SET_CHECKS = Message("mech.settings.group.checks", "Checks and saves")
SET_TURNS = Message("mech.settings.group.turns", "Turns")
SET_MOVEMENT = Message("mech.settings.group.movement", "Movement")
SET_COMBAT = Message("mech.settings.group.combat", "Combat")
SET_ACTIONS = Message("mech.settings.group.actions", "Actions")
SET_TECH = Message("mech.settings.group.tech", "Tech")
SET_DAMAGE = Message("mech.settings.group.damage", "Damage and structure")
SET_HEAT = Message("mech.settings.group.heat", "Heat, stress and meltdown")
SET_INTERVAL = Message("mech.settings.group.interval", "Between matches")
SET_READINGS = Message("mech.settings.group.readings", "Rule readings")

SET_CHECK_ADDS_ATTRIBUTE = Message(
    "mech.setting.check_adds_attribute", "Checks add the named pilot attribute"
)
SET_CONTEST_TIES = Message("mech.setting.contest_ties", "Contested check ties go to")
SET_CONTEST_TIES_NON_INITIATOR = Message("mech.setting.contest_ties.non_initiator", "non initiator")
SET_CONTEST_TIES_INITIATOR = Message("mech.setting.contest_ties.initiator", "initiator")
SET_ACCURACY_CANCEL_FIRST = Message(
    "mech.setting.accuracy_cancel_first", "Accuracy and difficulty cancel before the ±3 cap"
)
SET_SAVE_TARGET = Message("mech.setting.save_target", "Save target when the source gives none")
SET_WEAPON_SKILL = Message("mech.setting.weapon_skill", "Attack rolls add the pilot's weapon skill")
SET_ATTRIBUTE_MAX = Message("mech.setting.attribute_max", "Highest pilot attribute")
SET_TURN_ORDER = Message("mech.setting.turn_order", "Turn order after the always-first unit")
SET_TURN_ORDER_ALTERNATE = Message("mech.setting.turn_order.alternate", "alternate")
SET_TURN_ORDER_LISTED = Message("mech.setting.turn_order.listed", "listed")
SET_SUPPORT_ACCURACY = Message("mech.setting.support_accuracy", "Accuracy points Support gives")
SET_SUPPORT_LIMIT = Message("mech.setting.support_limit", "Support may be received")
SET_SUPPORT_LIMIT_ONE_UNUSED = Message("mech.setting.support_limit.one_unused", "one unused")
SET_SUPPORT_LIMIT_ONCE = Message("mech.setting.support_limit.once", "once")
SET_IMPROVISED_TYPE = Message("mech.setting.improvised_type", "Improvised attack damage type")
SET_IMPROVISED_TYPE_KINETIC = Message("mech.setting.improvised_type.kinetic", "kinetic")
SET_IMPROVISED_TYPE_EXPLOSIVE = Message("mech.setting.improvised_type.explosive", "explosive")
SET_IMPROVISED_TYPE_ENERGY = Message("mech.setting.improvised_type.energy", "energy")
SET_STABILIZE_ALLY_RANGE = Message(
    "mech.setting.stabilize_ally_range", "Stabilize reaches allies within (squares)"
)
SET_BOOTUP_WHILE_STUNNED = Message(
    "mech.setting.bootup_while_stunned", "A Shut Down mech may Boot Up"
)
SET_OA_WEAPONS = Message("mech.setting.oa_weapons", "Opportunity attacks use")
SET_OA_WEAPONS_MELEE = Message("mech.setting.oa_weapons.melee", "melee")
SET_OA_WEAPONS_ANY = Message("mech.setting.oa_weapons.any", "any")
SET_ENGAGE_STOP = Message("mech.setting.engage_stop", "Engagement stops movement against")
SET_ENGAGE_STOP_SAME_OR_LARGER = Message(
    "mech.setting.engage_stop.same_or_larger", "same or larger"
)
SET_ENGAGE_STOP_ANY = Message("mech.setting.engage_stop.any", "any")
SET_VERTICAL_JUMP_COST = Message(
    "mech.setting.vertical_jump_cost", "Vertical jump costs (squares of speed)"
)
SET_FALL_CAP = Message("mech.setting.fall_cap", "Fall damage cap (0: none)")
SET_AREA_FRIENDLY_FIRE = Message("mech.setting.area_friendly_fire", "Area attacks hit allies too")
SET_CHECK_DICE = Message("mech.setting.check_dice", "Structure / stress checks roll")
SET_CHECK_DICE_MARKED = Message("mech.setting.check_dice.marked", "marked")
SET_CHECK_DICE_ONE = Message("mech.setting.check_dice.one", "one")
SET_MELTDOWN_DIE = Message("mech.setting.meltdown_die", "Meltdown countdown die (sides)")
SET_MELTDOWN_DAMAGE = Message("mech.setting.meltdown_damage", "Reactor meltdown damage")
SET_MELTDOWN_RADIUS = Message("mech.setting.meltdown_radius", "Reactor meltdown burst")
SET_REPAIRS_PER_INTERVAL = Message(
    "mech.setting.repairs_per_interval", "Repair actions per mech between matches"
)
SET_EXPOSED_LOCKS_WEAPONS = Message(
    "mech.setting.exposed_locks_weapons", "Exposed mechs cannot attack with weapons"
)
SET_JAMMED_IMPROVISED = Message(
    "mech.setting.jammed_improvised", "Jammed mechs may make improvised attacks"
)
SET_WRECKS = Message("mech.setting.wrecks", "Destroyed mechs leave heavy-cover wrecks")
SET_STRUCTURE_TABLE = Message("mech.setting.structure_table", "Structure damage table")
SET_STRUCTURE_TABLE_SEED = Message("mech.setting.structure_table.seed", "seed")
SET_STRUCTURE_TABLE_LANCER = Message("mech.setting.structure_table.lancer", "lancer")
SET_STRESS_TABLE = Message("mech.setting.stress_table", "Stress table")
SET_STRESS_TABLE_SEED = Message("mech.setting.stress_table.seed", "seed")
SET_STRESS_TABLE_LANCER = Message("mech.setting.stress_table.lancer", "lancer")
SET_FRAME_BASELINE = Message("mech.setting.frame_baseline", "Mech base numbers")
SET_FRAME_BASELINE_LANCER_BASELINE_FRAME = Message(
    "mech.setting.frame_baseline.lancer_baseline_frame", "lancer baseline frame"
)
SET_REPEAT_ACTIONS = Message("mech.setting.repeat_actions", "Repeating actions in a turn")
SET_REPEAT_ACTIONS_ALLOWED_EXCEPT_WEAPON_AND_OVERCHARGE = Message(
    "mech.setting.repeat_actions.allowed_except_weapon_and_overcharge",
    "allowed except weapon and overcharge",
)
SET_GRAPPLE_WINNER = Message(
    "mech.setting.grapple_winner", "Equal-size grapple winner counts as larger"
)
SET_GRAPPLE_WINNER_UNTIL_NEXT_CONTEST = Message(
    "mech.setting.grapple_winner.until_next_contest", "until next contest"
)
SET_RAM_KNOCKBACK = Message("mech.setting.ram_knockback", "Ram knockback")
SET_RAM_KNOCKBACK_STRAIGHT_AWAY_1 = Message(
    "mech.setting.ram_knockback.straight_away_1", "straight away 1"
)
SET_PREPARE_TIMING = Message("mech.setting.prepare_timing", "Prepared action")
SET_PREPARE_TIMING_REACTION_UNTIL_NEXT_TURN = Message(
    "mech.setting.prepare_timing.reaction_until_next_turn", "reaction until next turn"
)
SET_GRID = Message("mech.setting.grid", "Grid")
SET_GRID_SQUARE_DIAGONAL_1_EDGE_TO_EDGE = Message(
    "mech.setting.grid.square_diagonal_1_edge_to_edge", "square diagonal 1 edge to edge"
)
SET_CRITICAL = Message("mech.setting.critical", "Criticals")
SET_CRITICAL_HITS_ONLY_WHOLE_ROLL_TWICE = Message(
    "mech.setting.critical.hits_only_whole_roll_twice", "hits only whole roll twice"
)
SET_CRITICAL_TOTAL_20_CRITS_WITHOUT_HIT = Message(
    "mech.setting.critical.total_20_crits_without_hit", "total 20 crits without hit"
)
SET_AREA_CRITICAL = Message("mech.setting.area_critical", "Criticals with one area damage roll")
SET_AREA_CRITICAL_SECOND_ROLL_FOR_CRITTED = Message(
    "mech.setting.area_critical.second_roll_for_critted", "second roll for critted"
)
SET_AREA_CRITICAL_SECOND_ROLL_PER_CRITTED_TARGET = Message(
    "mech.setting.area_critical.second_roll_per_critted_target", "second roll per critted target"
)
SET_CONE_SHAPE = Message("mech.setting.cone_shape", "Cone shape")
SET_CONE_SHAPE_1_WIDE_TO_X_WIDE = Message(
    "mech.setting.cone_shape.1_wide_to_x_wide", "1 wide to x wide"
)
SET_ARMOUR_RULE = Message("mech.setting.armour_rule", "Armour applies")
SET_ARMOUR_RULE_ONCE_PER_HIT_LARGEST_FIRST = Message(
    "mech.setting.armour_rule.once_per_hit_largest_first", "once per hit largest first"
)
SET_ARMOUR_RULE_ONCE_PER_DAMAGE_TYPE = Message(
    "mech.setting.armour_rule.once_per_damage_type", "once per damage type"
)
SET_BURN_TIMING = Message("mech.setting.burn_timing", "Burn")
SET_BURN_TIMING_OWN_TURN_END_ADDITIVE_ONE_CHECK = Message(
    "mech.setting.burn_timing.own_turn_end_additive_one_check", "own turn end additive one check"
)
SET_BURN_TIMING_EVERY_TURN_END = Message(
    "mech.setting.burn_timing.every_turn_end", "every turn end"
)
SET_BONUS_TYPE = Message("mech.setting.bonus_type", "Untyped bonus damage")
SET_BONUS_TYPE_WEAPON_TYPE_ELSE_KINETIC = Message(
    "mech.setting.bonus_type.weapon_type_else_kinetic", "weapon type else kinetic"
)
SET_BONUS_TYPE_KINETIC = Message("mech.setting.bonus_type.kinetic", "kinetic")
SET_HP_ZERO = Message("mech.setting.hp_zero", "At 0 HP")
SET_HP_ZERO_STRUCTURE_CHECK_RESET_CARRY = Message(
    "mech.setting.hp_zero.structure_check_reset_carry", "structure check reset carry"
)
SET_HP_ZERO_STRUCTURE_CHECK_RESET_NO_CARRY = Message(
    "mech.setting.hp_zero.structure_check_reset_no_carry", "structure check reset no carry"
)
SET_REMAINING_THREE = Message("mech.setting.remaining_three", "'Remaining 3' on the tables")
SET_REMAINING_THREE_THREE_OR_MORE = Message(
    "mech.setting.remaining_three.three_or_more", "three or more"
)
SET_TRAUMA_DURATIONS = Message("mech.setting.trauma_durations", "Direct hit / glancing blow last")
SET_TRAUMA_DURATIONS_UNTIL_END_OF_NEXT_TURN = Message(
    "mech.setting.trauma_durations.until_end_of_next_turn", "until end of next turn"
)
SET_TRAUMA_DURATIONS_FIRST_TURN_NEXT_ROUND = Message(
    "mech.setting.trauma_durations.first_turn_next_round", "first turn next round"
)
SET_TRAUMA_CHOICE = Message("mech.setting.trauma_choice", "System trauma")
SET_TRAUMA_CHOICE_PARITY_OWNER_CHOOSES = Message(
    "mech.setting.trauma_choice.parity_owner_chooses", "parity owner chooses"
)
SET_TRAUMA_CHOICE_SECOND_D6 = Message("mech.setting.trauma_choice.second_d6", "second d6")
SET_HEAT_OVER_CAP = Message("mech.setting.heat_over_cap", "Heat over the cap")
SET_HEAT_OVER_CAP_STRESS_CLEAR_CARRY = Message(
    "mech.setting.heat_over_cap.stress_clear_carry", "stress clear carry"
)
SET_HEAT_OVER_CAP_STRESS_CLEAR_NO_CARRY = Message(
    "mech.setting.heat_over_cap.stress_clear_no_carry", "stress clear no carry"
)
SET_ZERO_STRESS = Message("mech.setting.zero_stress", "At 0 stress")
SET_ZERO_STRESS_MELTDOWN_END_OF_NEXT_TURN = Message(
    "mech.setting.zero_stress.meltdown_end_of_next_turn", "meltdown end of next turn"
)
SET_ZERO_STRESS_MELTDOWN_NOW = Message("mech.setting.zero_stress.meltdown_now", "meltdown now")
SET_CORE_POWER = Message("mech.setting.core_power", "CP")
SET_CORE_POWER_CORE_POWER_1_PER_FRAME = Message(
    "mech.setting.core_power.core_power_1_per_frame", "core power 1 per frame"
)
SET_STRESS_REPAIR = Message(
    "mech.setting.stress_repair", "What repairs of 'overcharge damage' restore"
)
SET_STRESS_REPAIR_STRESS_DAMAGE = Message(
    "mech.setting.stress_repair.stress_damage", "stress damage"
)
SET_HIDDEN_SAVES = Message("mech.setting.hidden_saves", "Saves that remove Hidden")
SET_HIDDEN_SAVES_FORCING_A_SAVE = Message(
    "mech.setting.hidden_saves.forcing_a_save", "forcing a save"
)
SET_HIDDEN_SAVES_MAKING_A_SAVE = Message("mech.setting.hidden_saves.making_a_save", "making a save")
SET_INVISIBLE = Message("mech.setting.invisible", "Invisible")
SET_INVISIBLE_MAY_ALWAYS_HIDE_50_PERCENT_MISS = Message(
    "mech.setting.invisible.may_always_hide_50_percent_miss", "may always hide 50 percent miss"
)
SET_INVISIBLE_ALWAYS_HIDDEN = Message("mech.setting.invisible.always_hidden", "always hidden")
SET_LOCK_ON_USE = Message("mech.setting.lock_on_use", "Lock On")
SET_LOCK_ON_USE_SPENT_ON_AN_ATTACK_ON_IT = Message(
    "mech.setting.lock_on_use.spent_on_an_attack_on_it", "spent on an attack on it"
)
SET_LOCK_ON_USE_SPENT_ON_NEXT_ATTACK = Message(
    "mech.setting.lock_on_use.spent_on_next_attack", "spent on next attack"
)
SET_NEXT_TURN = Message("mech.setting.next_turn", "'Until the end of its next turn'")
SET_NEXT_TURN_NEXT_TURN_STARTING_AFTER = Message(
    "mech.setting.next_turn.next_turn_starting_after", "next turn starting after"
)
SET_NEXT_TURN_THIS_TURN_IF_OWN = Message(
    "mech.setting.next_turn.this_turn_if_own", "this turn if own"
)

# The terms kept in tables above, for the catalogue (it collects module constants itself).
# A weapon's row on the sheet (vtt/tables/mech.py): its size, reach, damage and tags.
WEAPON_SIZES = {
    "auxiliary": Message("mech.weapon_size.auxiliary", "auxiliary"),
    "main": Message("mech.weapon_size.main", "main"),
    "heavy": Message("mech.weapon_size.heavy", "heavy"),
    "superheavy": Message("mech.weapon_size.superheavy", "superheavy"),
}
AREA_SHAPES = {
    "line": Message("mech.area.line", "line"),
    "cone": Message("mech.area.cone", "cone"),
    "blast": Message("mech.area.blast", "blast"),
    "burst": Message("mech.area.burst", "burst"),
}
W_THREAT = Message("mech.weapon.threat", "threat {n}")
W_RANGE = Message("mech.weapon.range", "range {n}")
W_DAMAGE = Message("mech.weapon.damage", "{dice} {type}")
W_AP = Message("mech.weapon.ap", "armour piercing")
W_AREA = Message("mech.weapon.area", "{shape} {n}")
W_BURN = Message("mech.weapon.burn", "+{n} burn")
W_LOADING = Message("mech.weapon.loading", "loading")

# The catalogue's systems and core systems (rules/mech/data.py): what each one does, on the sheet.
SYSTEM_TEXTS = {
    "coolant_purge": Message(
        "mech.system.coolant_purge", "1 AP: clear up to 4 heat (does not clear Exposed)"
    ),
    "ablative_skirts": Message(
        "mech.system.ablative_skirts", "passive: resistance to explosive damage"
    ),
    "bulwark_field": Message(
        "mech.system.bulwark_field",
        "1 AP: until the end of your next turn, you and adjacent allied mechs resist "
        "kinetic, energy and explosive damage",
    ),
    **shipped.SYSTEM_TEXTS,  # the shipped systems beyond §13.4
}

TERMS = [
    *WEAPON_SIZES.values(),
    *AREA_SHAPES.values(),
    *ATTRIBUTES.values(),
    *DAMAGE_TYPES.values(),
    *REPAIR_OPTIONS.values(),
    *ACTION_NAMES.values(),
    *CONDITION_NAMES.values(),
    *TERRAIN.values(),
    *SYSTEM_TEXTS.values(),
]

# --- log lines (the mech's lines are moving onto messages; the English is byte-identical) -----
LOG_TURN_STARTED = Message(
    "mech.log.turn_started", "Round {round}: {name} starts its turn: 2 AP, move {move}"
)
LOG_TURN_STARTED_LAPSED = Message(
    "mech.log.turn_started_lapsed",
    "Round {round}: {name} starts its turn: 2 AP, move {move} (its prepared action lapses)",
)
LOG_TURN_ENDED = Message("mech.log.turn_ended", "{name} ends its turn")
LOG_ROUND_STARTED = Message("mech.log.round_started", "Round {round} begins")
LOG_MELTDOWN_DUE = Message("mech.log.meltdown_due", "{name}'s reactor countdown reaches 0")
LOG_MELTDOWN_TICKED = Message(
    "mech.log.meltdown_ticked", "{name}'s reactor countdown: {left} of its turns left"
)
LOG_MELTDOWN_CRITICAL = Message("mech.log.meltdown_critical", "{name}'s reactor is still critical")
LOG_STABILIZED_COOL = Message(
    "mech.log.stabilized_cool", "{name} stabilizes: heat cleared and Exposed removed"
)
LOG_STABILIZED_REPAIR = Message(
    "mech.log.stabilized_repair", "{name} stabilizes: spends 1 repair, HP restored to {hp}"
)
LOG_RELOADED = Message("mech.log.reloaded", "{name} reloads all weapons")
LOG_BURN_CLEARED_ALL = Message("mech.log.burn_cleared_all", "{name} clears all burn")
LOG_SHUT_DOWN = Message(
    "mech.log.shut_down",
    "{name} shuts down: heat cleared, tech effects gone, Stunned until it boots up",
)
LOG_BOOTED_UP = Message("mech.log.booted_up", "{name} boots up")
LOG_MOVE_STOPPED = Message("mech.log.move_stopped", "{name} cannot complete its move")
LOG_FELL = Message(
    "mech.log.fell", "{name} falls {height} squares: {amount} kinetic, ignoring armour"
)
LOG_REPAIR_REFILLED = Message(
    "mech.log.repair_refilled", "Full repair: every mech's repair cap refills"
)
LOG_MATCH_STARTED = Message("mech.log.match_started", "Match {match} begins")
LOG_IMPROVISED = Message("mech.log.improvised", "{name} makes an improvised attack on {target}")
LOG_GRAPPLED = Message(
    "mech.log.grappled",
    "{name} grapples {target}: both are engaged, neither may Boost or react",
)
LOG_KNOCKBACK_BLOCKED = Message(
    "mech.log.knockback_blocked", "{name} cannot be knocked back: the square is blocked"
)
LOG_KNOCKED_BACK = Message("mech.log.knocked_back", "{name} is knocked back to ({x}, {y})")
LOG_OPPORTUNITY = Message(
    "mech.log.opportunity", "{name} makes an opportunity attack on {target} as it moves off"
)
LOG_DRAGGED = Message("mech.log.dragged", "{name} is dragged along to ({x}, {y})")
LOG_SYSTEM_ON = Message("mech.log.system_on", "{name} uses {system} on {target}")
LOG_SYSTEM_VENT = Message(
    "mech.log.system_vent", "{name} uses {system}: clears {cleared} heat (heat {heat})"
)
LOG_CORE = Message("mech.log.core", "{name} spends its CP: {core}")

# --- what a die is rolled for: the English each roll stores, matched back to its message in the
# log (vtt/words.py `purpose`); the words inside braces are names, numbers and dice
PURPOSE_ATTACK = Message("mech.purpose.attack", "{mode} attack d20 on {target}")
PURPOSE_INVISIBLE = Message("mech.purpose.invisible", "invisible miss chance on {target}")
PURPOSE_STRUCTURE = Message("mech.purpose.structure", "structure check d6 ({name})")
PURPOSE_STRESS = Message("mech.purpose.stress", "stress check d6 ({name})")
PURPOSE_TRAUMA = Message("mech.purpose.trauma", "system trauma d6 ({name})")
PURPOSE_MELTDOWN = Message("mech.purpose.meltdown", "meltdown countdown d{sides} ({name})")

# The demo's sides, as the table names them (vtt/words.py side_name).
SIDE_BLUE = Message("mech.side.blue", "Blue")
SIDE_RED = Message("mech.side.red", "Red")
# Where the match stands (the state's "phase"), for the replay's list of phases.
PHASE_COMBAT = Message("mech.phase.combat", "combat")

# MECH-PILOT-STATE: the pilot's own condition, which outlasts the match
GM_PILOT = Message("mech.action.gm_pilot", "The pilot's own condition")
PILOT_STATE = Message("mech.field.pilot_state", "Pilot's condition")
PILOT_UNHURT = Message("mech.pilot.unhurt", "unhurt")
PILOT_WOUNDED = Message("mech.pilot.wounded", "wounded")
PILOT_DOWN = Message("mech.pilot.down", "down and out")
PILOT_DEAD = Message("mech.pilot.dead", "dead")
PILOT_STATES = {
    "unhurt": PILOT_UNHURT,
    "wounded": PILOT_WOUNDED,
    "down": PILOT_DOWN,
    "dead": PILOT_DEAD,
}
LOG_PILOT = Message("mech.log.pilot", "{name}'s pilot is {state}")
