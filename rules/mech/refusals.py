"""The mech's refusals: why an action, a sheet or a setup is not allowed (`mech.refuse.*`)."""

from __future__ import annotations

from rules.core.kit import Message, Msg

NO_MECH = Message("mech.refuse.no_mech", "there is no mech {id} in this encounter")
NO_TRAUMA = Message("mech.refuse.no_trauma", "{name} has no system trauma to resolve")
CHOOSE_TRAUMA = Message("mech.refuse.choose_trauma", "choose one of [{options}] ({kind})")
KIND_MOUNT = Message("mech.refuse.kind.mount", "mount")
KIND_SYSTEM = Message("mech.refuse.kind.system", "system")
KIND_WEAPON = Message("mech.refuse.kind.weapon", "weapon")
ITEM_KINDS = {"mount": KIND_MOUNT, "system": KIND_SYSTEM, "weapon": KIND_WEAPON}
REACH_THREAT = Message("mech.refuse.reach.threat", "threat")
REACH_RANGE = Message("mech.refuse.reach.range", "range")
ATTACKING_WITH = Message("mech.refuse.attacking_with", "attacking with {weapon}")

# What a mech was about to do, as a refusal names it ("Latch is Stunned and cannot jump").
DOINGS = {
    english: Message("mech.doing." + "_".join(english.lower().split()), english)
    for english in (
        "hide",
        "search",
        "take tech actions",
        "prepare",
        "react",
        "attack",
        "move",
        "boost",
        "stand up",
        "jump",
        "climb",
        "disengage",
        "stabilize",
        "shut down",
        "boot up",
        "overcharge",
        "use systems",
        "use the core system",
        "fight the meltdown",
        "grapple",
        "contest the grapple",
        "take free actions",
        "break free",
        "ram",
    )
}
# What an action costs, as a refusal names it ("Boost costs 1 AP and Latch has 0 left").
COSTINGS = {
    english: Message("mech.costing." + "_".join(english.lower().split()), english)
    for english in (
        "Hide",
        "Search",
        "Support",
        "Scan",
        "Lock On",
        "Invade",
        "Prepare",
        "Boost",
        "Disengage",
        "Stabilize",
        "Shut Down",
        "Boot Up",
        "an improvised attack",
        "Grapple",
        "breaking free",
        "Ram",
        "an ENGINEERING check against the meltdown",
    )
}


def doing(what: str | Msg) -> str | Msg:
    """An action's phrase as a message (a system's own name stays as it is)."""
    if isinstance(what, Msg):
        return what
    known = DOINGS.get(what) or COSTINGS.get(what)
    return what if known is None else known()


HAS_NO_WEAPON = Message("mech.refuse.has_no_weapon", "{name} has no weapon {raw}")
EXTRA_ACCURACY_AND_DIFFICULTY_COUNT_UP = Message(
    "mech.refuse.extra_accuracy_and_difficulty_count_up",
    "extra accuracy and difficulty count up from 0",
)
ONLY_THE_TARGET_S_LOCK_ON = Message(
    "mech.refuse.only_the_target_s_lock_on",
    "only the target's Lock On can be spent, on an attack on it (mech.lock_on_use)",
)
AN_ATTACK_SPENDS_ONE_LOCK_ON = Message(
    "mech.refuse.an_attack_spends_one_lock_on",
    "an attack spends one Lock On: lock_on or lock_on_from",
)
LOCK_ON_FROM_IS_NOT_A = Message(
    "mech.refuse.lock_on_from_is_not_a", "lock_on_from: {id} is not a hostile unit"
)
HAS_NO_LOCK_ON_TO_SPEND = Message(
    "mech.refuse.has_no_lock_on_to_spend", "{name} has no Lock On to spend"
)
AIM_AT_A_SQUARE_ON_THE = Message("mech.refuse.aim_at_a_square_on_the", "aim at a square on the map")
THE_BLAST_POINT_IS_SQUARES_AWAY = Message(
    "mech.refuse.the_blast_point_is_squares_away",
    "the blast point is {reach} squares away; range {range}",
)
NO_LINE_OF_SIGHT_TO_THE = Message(
    "mech.refuse.no_line_of_sight_to_the", "no line of sight to the blast point"
)
IS_DESTROYED = Message("mech.refuse.is_destroyed", "{weapon} is destroyed")
HAS_ALREADY_ATTACKED_THIS_TURN = Message(
    "mech.refuse.has_already_attacked_this_turn", "{weapon} has already attacked this turn"
)
HAS_NO_USES_LEFT = Message("mech.refuse.has_no_uses_left", "{weapon} has no uses left")
MUST_BE_RELOADED_STABILIZE = Message(
    "mech.refuse.must_be_reloaded_stabilize", "{weapon} must be reloaded (Stabilize)"
)
IS_JAMMED_ONLY_INTEGRATED_WEAPONS_CAN = Message(
    "mech.refuse.is_jammed_only_integrated_weapons_can",
    "{name} is Jammed: only integrated weapons can attack",
)
IS_EXPOSED_AND_ITS_WEAPONS_ARE = Message(
    "mech.refuse.is_exposed_and_its_weapons_are", "{name} is Exposed and its weapons are locked"
)
A_FOLLOW_UP_NEEDS_ANOTHER_AUXILIARY = Message(
    "mech.refuse.a_follow_up_needs_another_auxiliary",
    "a follow-up needs another auxiliary weapon on the mount that just attacked",
)
ATTACK_AN_ENEMY = Message("mech.refuse.attack_an_enemy", "attack an enemy")
IS_SQUARES_AWAY_HAS = Message(
    "mech.refuse.is_squares_away_has",
    "{target} is {reach} squares away; {weapon} has {what} {limit}",
)
NO_LINE_OF_SIGHT_TO = Message("mech.refuse.no_line_of_sight_to", "no line of sight to {target}")
ONLY_THE_GM_ACTOR_GM_MAY = Message(
    "mech.refuse.only_the_gm_actor_gm_may", "only the GM (actor 'gm') may use {kind}"
)
THE_GM_ACTS_THROUGH_A_MECH = Message(
    "mech.refuse.the_gm_acts_through_a_mech", "the GM acts through a mech for {kind}"
)
DEAL_A_POSITIVE_AMOUNT_OF_EXPLOSIVE = Message(
    "mech.refuse.deal_a_positive_amount_of_explosive",
    "deal a positive amount of explosive, energy, kinetic or burn",
)
HEAT_MUST_BE_AT_LEAST_1 = Message("mech.refuse.heat_must_be_at_least_1", "heat must be at least 1")
CONDITIONS = Message("mech.refuse.conditions", "conditions: {conditions}")
SAVE_WITH_HULL_AGILITY_SYSTEMS_OR = Message(
    "mech.refuse.save_with_hull_agility_systems_or",
    "save with HULL, AGILITY, SYSTEMS or ENGINEERING",
)
IS_NOT = Message("mech.refuse.is_not", "{target} is not {condition}")
ONLY_AN_ENEMY_S_EFFECT_FORCES = Message(
    "mech.refuse.only_an_enemy_s_effect_forces", "only an enemy's effect forces this save"
)
REPAIRS_HAPPEN_BETWEEN_MATCHES = Message(
    "mech.refuse.repairs_happen_between_matches", "repairs happen between matches"
)
IS_DESTROYED_2 = Message("mech.refuse.is_destroyed_2", "{name} is destroyed")
REPAIR_ONE_OF = Message("mech.refuse.repair_one_of", "repair one of: {options}")
HAS_USED_ITS_REPAIR_ACTIONS = Message(
    "mech.refuse.has_used_its_repair_actions", "{name} has used its repair actions"
)
THAT_COSTS_REPAIR_AND_HAS = Message(
    "mech.refuse.that_costs_repair_and_has", "that costs {cost} repair and {name} has {repair}"
)
NO_SUCH_WEAPON_OR_MOUNT = Message("mech.refuse.no_such_weapon_or_mount", "no such weapon or mount")
INTEGRATED_AND_SUPERHEAVY_FITTINGS_ARE_NOT = Message(
    "mech.refuse.integrated_and_superheavy_fittings_are_not",
    "integrated and superheavy fittings are not swapped here",
)
A_MOUNT_CANNOT_HOLD_THAT = Message(
    "mech.refuse.a_mount_cannot_hold_that", "a {mount} mount cannot hold that"
)
END_THE_MATCH_FIRST = Message("mech.refuse.end_the_match_first", "end the match first")
HAS_NO_DAMAGE = Message("mech.refuse.has_no_damage", "{name} has no {option} damage")
HAS_ITS_CP = Message("mech.refuse.has_its_cp", "{name} has its CP")
NAME_THE_ITEM_AS_WEAPON_N = Message(
    "mech.refuse.name_the_item_as_weapon_n", "name the item as weapon:<n> or system:<n>"
)
THERE_IS_NO = Message("mech.refuse.there_is_no", "there is no {kind} {i}")
IS_NOT_DESTROYED = Message("mech.refuse.is_not_destroyed", "{item} is not destroyed")
IS_NOT_LIMITED = Message("mech.refuse.is_not_limited", "{item} is not limited")
CHOOSE_ANOTHER_MECH = Message("mech.refuse.choose_another_mech", "choose another mech")
IS_NOT_ADJACENT = Message("mech.refuse.is_not_adjacent", "{target} is not adjacent")
IS_JAMMED = Message("mech.refuse.is_jammed", "{name} is Jammed")
GRAPPLE_AN_ENEMY = Message("mech.refuse.grapple_an_enemy", "grapple an enemy")
BOTH_MECHS_ARE_ALREADY_IN_DIFFERENT = Message(
    "mech.refuse.both_mechs_are_already_in_different",
    "both mechs are already in different grapples",
)
IS_NOT_GRAPPLING = Message("mech.refuse.is_not_grappling", "{name} is not grappling")
THE_CONTEST_IS_CALLED_AT_THE = Message(
    "mech.refuse.the_contest_is_called_at_the",
    "the contest is called at the start of your own turn",
)
ONLY_EQUAL_SIZES_CONTEST_THE_GRAPPLE = Message(
    "mech.refuse.only_equal_sizes_contest_the_grapple", "only equal sizes contest the grapple"
)
IS_NOT_THE_ATTACKER_OF_A = Message(
    "mech.refuse.is_not_the_attacker_of_a", "{name} is not the attacker of a grapple"
)
FREE_ACTIONS_ARE_TAKEN_ON_YOUR = Message(
    "mech.refuse.free_actions_are_taken_on_your", "free actions are taken on your own turn"
)
IS_NOT_HELD_IN_A_GRAPPLE = Message(
    "mech.refuse.is_not_held_in_a_grapple", "{name} is not held in a grapple"
)
IS_LARGER_THAN = Message("mech.refuse.is_larger_than", "{target} is larger than {name}")
IS_OFF_THE_MAP = Message("mech.refuse.is_off_the_map", "({x}, {y}) is off the map")
IS_IMMOBILIZED_AND_CANNOT_MOVE = Message(
    "mech.refuse.is_immobilized_and_cannot_move", "{name} is Immobilized and cannot move"
)
CANNOT_REACH_WITH_SQUARES_OF_MOVEMENT = Message(
    "mech.refuse.cannot_reach_with_squares_of_movement",
    "{name} cannot reach ({x}, {y}) with {budget} squares of movement",
)
THAT_SQUARE_IS_TAKEN = Message("mech.refuse.that_square_is_taken", "that square is taken")
CAN_ONLY_MOVE_ON_ITS_OWN = Message(
    "mech.refuse.can_only_move_on_its_own", "{name} can only move on its own turn"
)
HAS_NO_STANDARD_MOVE_LEFT_THIS = Message(
    "mech.refuse.has_no_standard_move_left_this", "{name} has no standard move left this turn"
)
IS_SLOWED_AND_CANNOT_BOOST = Message(
    "mech.refuse.is_slowed_and_cannot_boost", "{name} is Slowed and cannot Boost"
)
IS_GRAPPLING_AND_CANNOT_BOOST = Message(
    "mech.refuse.is_grappling_and_cannot_boost", "{name} is grappling and cannot Boost"
)
IS_NOT_PRONE = Message("mech.refuse.is_not_prone", "{name} is not Prone")
IS_IMMOBILIZED_AND_CANNOT_STAND = Message(
    "mech.refuse.is_immobilized_and_cannot_stand", "{name} is Immobilized and cannot stand"
)
STANDING_UP_TAKES_THE_WHOLE_MOVE = Message(
    "mech.refuse.standing_up_takes_the_whole_move",
    "standing up takes the whole move action of this turn",
)
CAN_ONLY_JUMP_ON_ITS_OWN = Message(
    "mech.refuse.can_only_jump_on_its_own", "{name} can only jump on its own turn"
)
THAT_JUMP_COSTS_SQUARES_OF_SPEED = Message(
    "mech.refuse.that_jump_costs_squares_of_speed",
    "that jump costs {cost} squares of speed and {budget} are left",
)
THE_JUMP_LANDS_OFF_THE_MAP = Message(
    "mech.refuse.the_jump_lands_off_the_map", "the jump lands off the map"
)
THE_LANDING_SQUARE_IS_TAKEN = Message(
    "mech.refuse.the_landing_square_is_taken", "the landing square is taken"
)
A_SIZE_MECH_CLEARS_OBSTACLES_OF = Message(
    "mech.refuse.a_size_mech_clears_obstacles_of",
    "a size {size} mech clears obstacles of size ≤ {clear} only",
)
CAN_ONLY_CLIMB_ON_ITS_OWN = Message(
    "mech.refuse.can_only_climb_on_its_own", "{name} can only climb on its own turn"
)
CLIMB_ONTO_AN_ADJACENT_SQUARE = Message(
    "mech.refuse.climb_onto_an_adjacent_square", "climb onto an adjacent square"
)
THERE_IS_NOTHING_TO_CLIMB_THERE = Message(
    "mech.refuse.there_is_nothing_to_climb_there", "there is nothing to climb there"
)
CLIMBING_SQUARES_COSTS_SPEED_AND_ARE = Message(
    "mech.refuse.climbing_squares_costs_speed_and_are",
    "climbing {rise} squares costs {cost} speed and {budget} are left",
)
A_VERTICAL_JUMP_MOVES_EXACTLY_1 = Message(
    "mech.refuse.a_vertical_jump_moves_exactly_1", "a vertical jump moves exactly 1 square"
)
A_JUMP_GOES_IN_A_STRAIGHT = Message(
    "mech.refuse.a_jump_goes_in_a_straight", "a jump goes in a straight line"
)
A_HORIZONTAL_JUMP_CANNOT_LAND_ON = Message(
    "mech.refuse.a_horizontal_jump_cannot_land_on",
    "a horizontal jump cannot land on top of an obstacle",
)
CLIMB_WITH_A_HULL_OR_AN = Message(
    "mech.refuse.climb_with_a_hull_or_an", "climb with a HULL or an AGILITY check"
)
AN_OBSTACLE_TALLER_THAN_SIZE_STANDS = Message(
    "mech.refuse.an_obstacle_taller_than_size_stands",
    "an obstacle taller than size {clear} stands in the way",
)
PREPARE_ONE_OF_THE_1_AP = Message(
    "mech.refuse.prepare_one_of_the_1_ap", "prepare one of the 1-AP actions: {actions}"
)
HAS_NOTHING_PREPARED = Message("mech.refuse.has_nothing_prepared", "{name} has nothing prepared")
HAS_ALREADY_REACTED_THIS_TURN = Message(
    "mech.refuse.has_already_reacted_this_turn", "{name} has already reacted this turn"
)
IS_JAMMED_AND_CANNOT_REACT = Message(
    "mech.refuse.is_jammed_and_cannot_react", "{name} is Jammed and cannot react"
)
IS_GRAPPLING_AND_CANNOT_REACT = Message(
    "mech.refuse.is_grappling_and_cannot_react", "{name} is grappling and cannot react"
)
A_SUPERHEAVY_ATTACK_COSTS_2_AP = Message(
    "mech.refuse.a_superheavy_attack_costs_2_ap",
    "a superheavy attack costs 2 AP and cannot be prepared",
)
FIRST_CHOOSE_COOL_CLEAR_HEAT_AND = Message(
    "mech.refuse.first_choose_cool_clear_heat_and",
    "first choose cool (clear heat and Exposed) or repair (1 repair: all HP)",
)
HAS_NO_REPAIRS_LEFT = Message("mech.refuse.has_no_repairs_left", "{name} has no repairs left")
THEN_CHOOSE_RELOAD_BURN_CONDITION_OR = Message(
    "mech.refuse.then_choose_reload_burn_condition_or",
    "then choose reload, burn, condition or ally_condition",
)
IS_NOT_SHUT_DOWN = Message("mech.refuse.is_not_shut_down", "{name} is not shut down")
OVERCHARGE_ON_YOUR_OWN_TURN = Message(
    "mech.refuse.overcharge_on_your_own_turn", "overcharge on your own turn"
)
HAS_ALREADY_OVERCHARGED_THIS_TURN = Message(
    "mech.refuse.has_already_overcharged_this_turn", "{name} has already overcharged this turn"
)
HAS_NO_USABLE_SYSTEM = Message(
    "mech.refuse.has_no_usable_system", "{name} has no usable system {raw}"
)
IS_DESTROYED_3 = Message("mech.refuse.is_destroyed_3", "{system} is destroyed")
HAS_NO_USES_LEFT_2 = Message("mech.refuse.has_no_uses_left_2", "{system} has no uses left")
S_FRAME_HAS_NO_CORE_SYSTEM = Message(
    "mech.refuse.s_frame_has_no_core_system", "{name}'s frame has no core system"
)
HAS_NO_CP_LEFT = Message("mech.refuse.has_no_cp_left", "{name} has no CP left")
HAS_NO_MELTDOWN_IT_CAN_AVERT = Message(
    "mech.refuse.has_no_meltdown_it_can_avert", "{name} has no meltdown it can avert"
)
HAS_NO_REMOVABLE_CONDITION = Message(
    "mech.refuse.has_no_removable_condition", "{target} has no removable condition {name}"
)
COMES_FROM_S_OWN_SYSTEMS_OR = Message(
    "mech.refuse.comes_from_s_own_systems_or",
    "{name} comes from {target}'s own systems or a grapple",
)
FORCES_AN_ENEMY_S_SAVE = Message(
    "mech.refuse.forces_an_enemy_s_save", "{system} forces an enemy's save"
)
CHOOSE_AN_ALLIED_MECH = Message("mech.refuse.choose_an_allied_mech", "choose an allied mech")
THE_ALLY_MUST_BE_WITHIN_SQUARE = Message(
    "mech.refuse.the_ally_must_be_within_square", "the ally must be within {reach} square(s)"
)
IS_ENGAGED_AND_CANNOT_HIDE = Message(
    "mech.refuse.is_engaged_and_cannot_hide", "{name} is Engaged and cannot hide"
)
HIDE_OUT_OF_ENEMY_SIGHT_BEHIND = Message(
    "mech.refuse.hide_out_of_enemy_sight_behind",
    "hide out of enemy sight, behind cover, or while Invisible",
)
IS_ALREADY_HIDDEN = Message("mech.refuse.is_already_hidden", "{name} is already Hidden")
IS_DESTROYED_4 = Message("mech.refuse.is_destroyed_4", "{target} is destroyed")
IS_SQUARES_AWAY_BEYOND_SENSORS = Message(
    "mech.refuse.is_squares_away_beyond_sensors",
    "{target} is {reach} squares away, beyond sensors {sensors}",
)
IS_NOT_A_HIDDEN_ENEMY = Message(
    "mech.refuse.is_not_a_hidden_enemy", "{target} is not a hidden enemy"
)
IS_INVISIBLE_AND_CANNOT_BE_FOUND = Message(
    "mech.refuse.is_invisible_and_cannot_be_found", "{target} is Invisible and cannot be found"
)
IS_JAMMED_AND_CANNOT_TAKE_TECH = Message(
    "mech.refuse.is_jammed_and_cannot_take_tech", "{name} is Jammed and cannot take tech actions"
)
IS_SHUT_DOWN_AND_IMMUNE_TO = Message(
    "mech.refuse.is_shut_down_and_immune_to", "{target} is Shut Down and immune to tech actions"
)
IS_HIDDEN_AND_CANNOT_BE_TARGETED = Message(
    "mech.refuse.is_hidden_and_cannot_be_targeted", "{target} is Hidden and cannot be targeted"
)
SUPPORT_ANOTHER_UNIT = Message("mech.refuse.support_another_unit", "Support another unit")
IS_JAMMED_AND_CANNOT_BENEFIT_FROM = Message(
    "mech.refuse.is_jammed_and_cannot_benefit_from",
    "{target} is Jammed and cannot benefit from tech actions",
)
ALREADY_HAS_SUPPORT = Message("mech.refuse.already_has_support", "{target} already has Support")
SCAN_FOR_WEAPONS_SYSTEMS_STATS_HIDDEN = Message(
    "mech.refuse.scan_for_weapons_systems_stats_hidden",
    "scan for weapons, systems, stats, hidden or public information",
)
CHOOSE_SUPPORT_SCAN_LOCK_ON_OR = Message(
    "mech.refuse.choose_support_scan_lock_on_or", "choose support, scan, lock_on or invade"
)
INVADE_AN_ENEMY = Message("mech.refuse.invade_an_enemy", "invade an enemy")
IT_IS_NOT_S_TURN = Message("mech.refuse.it_is_not_s_turn", "it is not {name}'s turn")
IT_IS_NOT_S_TURN_TO = Message(
    "mech.refuse.it_is_not_s_turn_to", "it is not {name}'s turn to start; now: {names}"
)
CAN_ONLY_ON_ITS_OWN_TURN = Message(
    "mech.refuse.can_only_on_its_own_turn", "{name} can only {what} on its own turn"
)
COSTS_AP_AND_HAS_LEFT = Message(
    "mech.refuse.costs_ap_and_has_left", "{what} costs {ap} AP and {name} has {left} left"
)
IS_STUNNED_AND_CANNOT = Message(
    "mech.refuse.is_stunned_and_cannot", "{name} is Stunned and cannot {what}"
)
MUST_FIRST_CHOOSE_WHAT_THE_SYSTEM = Message(
    "mech.refuse.must_first_choose_what_the_system",
    "{name} must first choose what the system trauma destroys",
)
NO_PREVIEW_FOR = Message("mech.refuse.no_preview_for", "no preview for {kind}")
A_PREVIEW_ROLLS_NO_DICE = Message("mech.refuse.a_preview_rolls_no_dice", "a preview rolls no dice")
NO_TABLE_ROW_FOR = Message("mech.refuse.no_table_row_for", "no table row for {lowest}")
THE_TABLE_MUST_BE_A_PRESET = Message(
    "mech.refuse.the_table_must_be_a_preset", "the {kind} table must be a preset name or table data"
)
THE_TABLE_NEEDS_ROWS = Message("mech.refuse.the_table_needs_rows", "the {kind} table needs rows")
THE_TABLE_MUST_COVER_1_TO = Message(
    "mech.refuse.the_table_must_cover_1_to", "the {kind} table must cover 1 to 6 exactly once"
)
UNKNOWN_TABLE_KNOWN = Message(
    "mech.refuse.unknown_table_known", "unknown {kind} table {choice}; known: {known}"
)
TABLE_EFFECT_IS_UNKNOWN = Message(
    "mech.refuse.table_effect_is_unknown", "{kind} table effect {effect} is unknown"
)
EVERY_COMBATANT_NEEDS_AN_ID_AND = Message(
    "mech.refuse.every_combatant_needs_an_id_and", "every combatant needs an id (and not 'gm')"
)
TERRAIN_UNKNOWN_KIND = Message(
    "mech.refuse.terrain_unknown_kind", "terrain {key}: unknown kind {kind}"
)
TWO_COMBATANTS_SHARE_THE_ID = Message(
    "mech.refuse.two_combatants_share_the_id", "two combatants share the id {id}"
)
DOES_NOT_FIT_ON_THE_MAP = Message(
    "mech.refuse.does_not_fit_on_the_map", "{name} does not fit on the map at {cell}"
)
AND_SHARE_A_SQUARE = Message("mech.refuse.and_share_a_square", "{name} and {other} share a square")
STANDS_INSIDE_A_WALL_AT = Message(
    "mech.refuse.stands_inside_a_wall_at", "{name} stands inside a wall at {cell}"
)
MUST_BE_A_CATALOGUE_KEY_OR = Message(
    "mech.refuse.must_be_a_catalogue_key_or", "must be a catalogue key or an item"
)
MUST_BE_A_WHOLE_NUMBER = Message("mech.refuse.must_be_a_whole_number", "must be a whole number")
MUST_BE_BETWEEN_AND_NOT = Message(
    "mech.refuse.must_be_between_and_not", "must be between {lo} and {hi}, not {value}"
)
NEEDS_AN_ATTRIBUTE = Message("mech.refuse.needs_an_attribute", "needs an attribute: {choices}")
MUST_BE_ONE_OF = Message("mech.refuse.must_be_one_of", "must be one of {choices}")
MUST_BE_ONE_OF_2 = Message("mech.refuse.must_be_one_of_2", "must be one of {choices}")
MUST_BE_MELEE_OR_RANGED = Message("mech.refuse.must_be_melee_or_ranged", "must be melee or ranged")
MUST_BE_ONE_OF_3 = Message("mech.refuse.must_be_one_of_3", "must be one of {choices}")
SHAPE_MUST_BE_ONE_OF = Message("mech.refuse.shape_must_be_one_of", "shape must be one of {choices}")
MUST_BE_BETWEEN_1_AND_4 = Message("mech.refuse.must_be_between_1_and_4", "must be between 1 and 4")
MUST_BE_BETWEEN_0_AND = Message("mech.refuse.must_be_between_0_and", "must be between 0 and {max}")
THE_FRAME_HAS_MOUNTS = Message("mech.refuse.the_frame_has_mounts", "the frame has {n} mounts")
MUST_BE_AN_OBJECT_WITH_HIDDEN = Message(
    "mech.refuse.must_be_an_object_with_hidden", "must be an object with hidden and public lists"
)
ONLY_HIDDEN_AND_PUBLIC = Message("mech.refuse.only_hidden_and_public", "only hidden and public")
IS_A_WRECK = Message(
    "mech.refuse.is_a_wreck",
    "{name} is a wreck: repair it on its sheet (its condition) before it fights again",
)
MUST_BE_AN_OBJECT = Message("mech.refuse.must_be_an_object", "must be an object")
MUST_BE_A_LIST = Message("mech.refuse.must_be_a_list", "must be a list")
NEED_SP_BUT_THE_MECH_HAS = Message(
    "mech.refuse.need_sp_but_the_mech_has", "need {used} SP but the mech has {sp}"
)
MUST_BE_A_WHOLE_NUMBER_NOT = Message(
    "mech.refuse.must_be_a_whole_number_not", "must be a whole number, not {raw}"
)
UNKNOWN_ITEM = Message("mech.refuse.unknown_item", "unknown item {item}")
UNKNOWN_MOUNT_TYPE = Message("mech.refuse.unknown_mount_type", "unknown mount type {mtype}")
MUST_LIST_THE_WEAPONS_ON_THIS = Message(
    "mech.refuse.must_list_the_weapons_on_this", "must list the weapons on this mount"
)
A_MOUNT_CANNOT_HOLD = Message("mech.refuse.a_mount_cannot_hold", "a {fm} mount cannot hold {names}")
SUPERHEAVY_NEEDS_ONE_HEAVY_MOUNT_PLUS = Message(
    "mech.refuse.superheavy_needs_one_heavy_mount_plus",
    "superheavy {key} needs one heavy mount plus one other mount",
)
MUST_BE_A_LIST_OF_PIECES = Message(
    "mech.refuse.must_be_a_list_of_pieces", "must be a list of pieces"
)
AN_INTEGRATED_MOUNT_CANNOT_BE_CHANGED = Message(
    "mech.refuse.an_integrated_mount_cannot_be_changed", "an integrated mount cannot be changed"
)
A_SUPERHEAVY_WEAPON_FILLS_ITS_MOUNTS = Message(
    "mech.refuse.a_superheavy_weapon_fills_its_mounts", "a superheavy weapon fills its mounts alone"
)
MUST_NOT_BE_EMPTY = Message("mech.refuse.must_not_be_empty", "must not be empty")
IS_NOT_A_DAMAGE_EXPRESSION_LIKE = Message(
    "mech.refuse.is_not_a_damage_expression_like", "{text} is not a damage expression like 1d6+3"
)
AT_MOST_10_DICE_OF_2 = Message(
    "mech.refuse.at_most_10_dice_of_2", "{text}: at most 10 dice of 2 to 20 sides"
)
A_FALL_HEIGHT_CANNOT_BE_NEGATIVE = Message(
    "mech.refuse.a_fall_height_cannot_be_negative", "a fall height cannot be negative"
)

TERMS = [*ITEM_KINDS.values(), *DOINGS.values(), *COSTINGS.values()]
PILOT_IS_DEAD = Message(
    "mech.refuse.pilot_dead", "{name}'s pilot is dead: the mech needs a new pilot on its sheet"
)
