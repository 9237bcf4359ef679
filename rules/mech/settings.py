"""The GM's settings of the mech system: every proposed default of the digest, one reading each.

`Settings` is frozen and built once per encounter at `start` (validated: a negative distance or a
value of the wrong type is refused naming the setting); the state keeps the values by field name,
and the engine reads `settings_of(state).<name>`. The campaign pages read `SCHEMA`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from rules.core.kit import build_settings, setting, settings_schema, settings_values
from rules.mech import messages as M

# MECH-AMB-23, other reading: a total of 20 or more is a critical (and so a hit) at any defence.
TOTAL_20_HITS = "total_20_crits_without_hit"
TABLES = ("structure_table", "stress_table")
PREFIX = "mech."  # campaign settings are stored as "mech.<name>"; the state keeps "<name>"


@dataclass(frozen=True)
class Settings:
    """Every setting of a mech encounter, by field name (the stored key is "mech.<name>")."""

    check_adds_attribute: bool = setting(
        "mech.check_adds_attribute",
        M.SET_CHECK_ADDS_ATTRIBUTE(),
        True,
        "MECH-AMB-01",
        group=M.SET_CHECKS(),
    )
    contest_ties: str = setting(
        "mech.contest_ties",
        M.SET_CONTEST_TIES(),
        "non_initiator",
        "MECH-AMB-02",
        choices=(
            ("non_initiator", M.SET_CONTEST_TIES_NON_INITIATOR()),
            ("initiator", M.SET_CONTEST_TIES_INITIATOR()),
        ),
        group=M.SET_CHECKS(),
    )
    accuracy_cancel_first: bool = setting(
        "mech.accuracy_cancel_first",
        M.SET_ACCURACY_CANCEL_FIRST(),
        True,
        "MECH-AMB-03",
        group=M.SET_CHECKS(),
    )
    save_target: int = setting(
        "mech.save_target",
        M.SET_SAVE_TARGET(),
        10,
        "MECH-AMB-04",
        min=1,
        max=30,
        group=M.SET_CHECKS(),
    )
    weapon_skill: bool = setting(
        "mech.weapon_skill", M.SET_WEAPON_SKILL(), True, "MECH-AMB-05", group=M.SET_CHECKS()
    )
    attribute_max: int = setting(
        "mech.attribute_max",
        M.SET_ATTRIBUTE_MAX(),
        6,
        "MECH-AMB-06",
        min=1,
        max=10,
        group=M.SET_CHECKS(),
    )
    turn_order: str = setting(
        "mech.turn_order",
        M.SET_TURN_ORDER(),
        "alternate",
        "MECH-AMB-08",
        choices=(
            ("alternate", M.SET_TURN_ORDER_ALTERNATE()),
            ("listed", M.SET_TURN_ORDER_LISTED()),
        ),
        group=M.SET_TURNS(),
    )
    support_accuracy: int = setting(
        "mech.support_accuracy",
        M.SET_SUPPORT_ACCURACY(),
        2,
        "MECH-AMB-11",
        choices=(
            (2, "2"),
            (1, "1"),
        ),
        group=M.SET_TECH(),
    )
    support_limit: str = setting(
        "mech.support_limit",
        M.SET_SUPPORT_LIMIT(),
        "one_unused",
        "MECH-AMB-12",
        choices=(
            ("one_unused", M.SET_SUPPORT_LIMIT_ONE_UNUSED()),
            ("once", M.SET_SUPPORT_LIMIT_ONCE()),
        ),
        group=M.SET_TECH(),
    )
    improvised_type: str = setting(
        "mech.improvised_type",
        M.SET_IMPROVISED_TYPE(),
        "kinetic",
        "MECH-AMB-14",
        choices=(
            ("kinetic", M.SET_IMPROVISED_TYPE_KINETIC()),
            ("explosive", M.SET_IMPROVISED_TYPE_EXPLOSIVE()),
            ("energy", M.SET_IMPROVISED_TYPE_ENERGY()),
        ),
        group=M.SET_COMBAT(),
    )
    stabilize_ally_range: int = setting(
        "mech.stabilize_ally_range",
        M.SET_STABILIZE_ALLY_RANGE(),
        1,
        "MECH-AMB-15",
        min=0,
        max=50,
        group=M.SET_ACTIONS(),
    )
    bootup_while_stunned: bool = setting(
        "mech.bootup_while_stunned",
        M.SET_BOOTUP_WHILE_STUNNED(),
        True,
        "MECH-AMB-17",
        group=M.SET_ACTIONS(),
    )
    oa_weapons: str = setting(
        "mech.oa_weapons",
        M.SET_OA_WEAPONS(),
        "melee",
        "MECH-AMB-18",
        choices=(
            ("melee", M.SET_OA_WEAPONS_MELEE()),
            ("any", M.SET_OA_WEAPONS_ANY()),
        ),
        group=M.SET_COMBAT(),
    )
    engage_stop: str = setting(
        "mech.engage_stop",
        M.SET_ENGAGE_STOP(),
        "same_or_larger",
        "MECH-AMB-20",
        choices=(
            ("same_or_larger", M.SET_ENGAGE_STOP_SAME_OR_LARGER()),
            ("any", M.SET_ENGAGE_STOP_ANY()),
        ),
        group=M.SET_MOVEMENT(),
    )
    vertical_jump_cost: int = setting(
        "mech.vertical_jump_cost",
        M.SET_VERTICAL_JUMP_COST(),
        2,
        "MECH-AMB-21",
        min=0,
        max=20,
        group=M.SET_MOVEMENT(),
    )
    fall_cap: int = setting(
        "mech.fall_cap",
        M.SET_FALL_CAP(),
        0,
        "MECH-AMB-22",
        choices=(
            (0, "0"),
            (9, "9"),
        ),
        group=M.SET_MOVEMENT(),
    )
    area_friendly_fire: bool = setting(
        "mech.area_friendly_fire",
        M.SET_AREA_FRIENDLY_FIRE(),
        False,
        "MECH-AMB-24",
        group=M.SET_COMBAT(),
    )
    check_dice: str = setting(
        "mech.check_dice",
        M.SET_CHECK_DICE(),
        "marked",
        "MECH-AMB-31",
        choices=(
            ("marked", M.SET_CHECK_DICE_MARKED()),
            ("one", M.SET_CHECK_DICE_ONE()),
        ),
        group=M.SET_DAMAGE(),
    )
    meltdown_die: int = setting(
        "mech.meltdown_die",
        M.SET_MELTDOWN_DIE(),
        6,
        "MECH-AMB-37",
        choices=(
            (6, "6"),
            (3, "3"),
        ),
        group=M.SET_HEAT(),
    )
    meltdown_damage: str = setting(
        "mech.meltdown_damage", M.SET_MELTDOWN_DAMAGE(), "4d6", "MECH-AMB-39", group=M.SET_HEAT()
    )
    meltdown_radius: int = setting(
        "mech.meltdown_radius",
        M.SET_MELTDOWN_RADIUS(),
        2,
        "MECH-AMB-39",
        min=0,
        max=20,
        group=M.SET_HEAT(),
    )
    repairs_per_interval: int = setting(
        "mech.repairs_per_interval",
        M.SET_REPAIRS_PER_INTERVAL(),
        2,
        "MECH-AMB-40",
        min=0,
        max=20,
        group=M.SET_INTERVAL(),
    )
    exposed_locks_weapons: bool = setting(
        "mech.exposed_locks_weapons",
        M.SET_EXPOSED_LOCKS_WEAPONS(),
        False,
        "MECH-AMB-43",
        group=M.SET_COMBAT(),
    )
    jammed_improvised: bool = setting(
        "mech.jammed_improvised",
        M.SET_JAMMED_IMPROVISED(),
        True,
        "MECH-AMB-46",
        group=M.SET_COMBAT(),
    )
    wrecks: bool = setting("mech.wrecks", M.SET_WRECKS(), True, "MECH-AMB-49", group=M.SET_DAMAGE())
    structure_table: str = setting(  # or a table given as data (see `build`)
        "mech.structure_table",
        M.SET_STRUCTURE_TABLE(),
        "seed",
        "MECH-STRUCT-TABLE",
        choices=(
            ("seed", M.SET_STRUCTURE_TABLE_SEED()),
            ("lancer", M.SET_STRUCTURE_TABLE_LANCER()),
        ),
        group=M.SET_DAMAGE(),
    )
    stress_table: str = setting(  # or a table given as data (see `build`)
        "mech.stress_table",
        M.SET_STRESS_TABLE(),
        "seed",
        "MECH-STRESS-TABLE",
        choices=(
            ("seed", M.SET_STRESS_TABLE_SEED()),
            ("lancer", M.SET_STRESS_TABLE_LANCER()),
        ),
        group=M.SET_HEAT(),
    )
    frame_baseline: str = setting(
        "mech.frame_baseline",
        M.SET_FRAME_BASELINE(),
        "lancer_baseline_frame",
        "MECH-AMB-07",
        choices=(("lancer_baseline_frame", M.SET_FRAME_BASELINE_LANCER_BASELINE_FRAME()),),
        group=M.SET_READINGS(),
    )
    repeat_actions: str = setting(
        "mech.repeat_actions",
        M.SET_REPEAT_ACTIONS(),
        "allowed_except_weapon_and_overcharge",
        "MECH-AMB-09",
        choices=(
            (
                "allowed_except_weapon_and_overcharge",
                M.SET_REPEAT_ACTIONS_ALLOWED_EXCEPT_WEAPON_AND_OVERCHARGE(),
            ),
        ),
        group=M.SET_READINGS(),
    )
    grapple_winner: str = setting(
        "mech.grapple_winner",
        M.SET_GRAPPLE_WINNER(),
        "until_next_contest",
        "MECH-AMB-10",
        choices=(("until_next_contest", M.SET_GRAPPLE_WINNER_UNTIL_NEXT_CONTEST()),),
        group=M.SET_READINGS(),
    )
    ram_knockback: str = setting(
        "mech.ram_knockback",
        M.SET_RAM_KNOCKBACK(),
        "straight_away_1",
        "MECH-AMB-13",
        choices=(("straight_away_1", M.SET_RAM_KNOCKBACK_STRAIGHT_AWAY_1()),),
        group=M.SET_READINGS(),
    )
    prepare_timing: str = setting(
        "mech.prepare_timing",
        M.SET_PREPARE_TIMING(),
        "reaction_until_next_turn",
        "MECH-AMB-16",
        choices=(("reaction_until_next_turn", M.SET_PREPARE_TIMING_REACTION_UNTIL_NEXT_TURN()),),
        group=M.SET_READINGS(),
    )
    grid: str = setting(
        "mech.grid",
        M.SET_GRID(),
        "square_diagonal_1_edge_to_edge",
        "MECH-AMB-19",
        choices=(("square_diagonal_1_edge_to_edge", M.SET_GRID_SQUARE_DIAGONAL_1_EDGE_TO_EDGE()),),
        group=M.SET_READINGS(),
    )
    critical: str = setting(
        "mech.critical",
        M.SET_CRITICAL(),
        "hits_only_whole_roll_twice",
        "MECH-AMB-23",
        choices=(
            ("hits_only_whole_roll_twice", M.SET_CRITICAL_HITS_ONLY_WHOLE_ROLL_TWICE()),
            (TOTAL_20_HITS, M.SET_CRITICAL_TOTAL_20_CRITS_WITHOUT_HIT()),
        ),
        group=M.SET_READINGS(),
    )
    area_critical: str = setting(
        "mech.area_critical",
        M.SET_AREA_CRITICAL(),
        "second_roll_for_critted",
        "MECH-AMB-25",
        choices=(
            ("second_roll_for_critted", M.SET_AREA_CRITICAL_SECOND_ROLL_FOR_CRITTED()),
            (
                "second_roll_per_critted_target",
                M.SET_AREA_CRITICAL_SECOND_ROLL_PER_CRITTED_TARGET(),
            ),
        ),
        group=M.SET_READINGS(),
    )
    cone_shape: str = setting(
        "mech.cone_shape",
        M.SET_CONE_SHAPE(),
        "1_wide_to_x_wide",
        "MECH-AMB-26",
        choices=(("1_wide_to_x_wide", M.SET_CONE_SHAPE_1_WIDE_TO_X_WIDE()),),
        group=M.SET_READINGS(),
    )
    armour_rule: str = setting(
        "mech.armour_rule",
        M.SET_ARMOUR_RULE(),
        "once_per_hit_largest_first",
        "MECH-AMB-27",
        choices=(
            ("once_per_hit_largest_first", M.SET_ARMOUR_RULE_ONCE_PER_HIT_LARGEST_FIRST()),
            ("once_per_damage_type", M.SET_ARMOUR_RULE_ONCE_PER_DAMAGE_TYPE()),
        ),
        group=M.SET_READINGS(),
    )
    burn_timing: str = setting(
        "mech.burn_timing",
        M.SET_BURN_TIMING(),
        "own_turn_end_additive_one_check",
        "MECH-AMB-28",
        choices=(
            (
                "own_turn_end_additive_one_check",
                M.SET_BURN_TIMING_OWN_TURN_END_ADDITIVE_ONE_CHECK(),
            ),
            ("every_turn_end", M.SET_BURN_TIMING_EVERY_TURN_END()),
        ),
        group=M.SET_READINGS(),
    )
    bonus_type: str = setting(
        "mech.bonus_type",
        M.SET_BONUS_TYPE(),
        "weapon_type_else_kinetic",
        "MECH-AMB-29",
        choices=(
            ("weapon_type_else_kinetic", M.SET_BONUS_TYPE_WEAPON_TYPE_ELSE_KINETIC()),
            ("kinetic", M.SET_BONUS_TYPE_KINETIC()),
        ),
        group=M.SET_READINGS(),
    )
    hp_zero: str = setting(
        "mech.hp_zero",
        M.SET_HP_ZERO(),
        "structure_check_reset_carry",
        "MECH-AMB-30",
        choices=(
            ("structure_check_reset_carry", M.SET_HP_ZERO_STRUCTURE_CHECK_RESET_CARRY()),
            ("structure_check_reset_no_carry", M.SET_HP_ZERO_STRUCTURE_CHECK_RESET_NO_CARRY()),
        ),
        group=M.SET_READINGS(),
    )
    remaining_three: str = setting(
        "mech.remaining_three",
        M.SET_REMAINING_THREE(),
        "three_or_more",
        "MECH-AMB-32",
        choices=(("three_or_more", M.SET_REMAINING_THREE_THREE_OR_MORE()),),
        group=M.SET_READINGS(),
    )
    trauma_durations: str = setting(
        "mech.trauma_durations",
        M.SET_TRAUMA_DURATIONS(),
        "until_end_of_next_turn",
        "MECH-AMB-33",
        choices=(
            ("until_end_of_next_turn", M.SET_TRAUMA_DURATIONS_UNTIL_END_OF_NEXT_TURN()),
            ("first_turn_next_round", M.SET_TRAUMA_DURATIONS_FIRST_TURN_NEXT_ROUND()),
        ),
        group=M.SET_READINGS(),
    )
    trauma_choice: str = setting(
        "mech.trauma_choice",
        M.SET_TRAUMA_CHOICE(),
        "parity_owner_chooses",
        "MECH-AMB-34",
        choices=(
            ("parity_owner_chooses", M.SET_TRAUMA_CHOICE_PARITY_OWNER_CHOOSES()),
            ("second_d6", M.SET_TRAUMA_CHOICE_SECOND_D6()),
        ),
        group=M.SET_READINGS(),
    )
    heat_over_cap: str = setting(
        "mech.heat_over_cap",
        M.SET_HEAT_OVER_CAP(),
        "stress_clear_carry",
        "MECH-AMB-35",
        choices=(
            ("stress_clear_carry", M.SET_HEAT_OVER_CAP_STRESS_CLEAR_CARRY()),
            ("stress_clear_no_carry", M.SET_HEAT_OVER_CAP_STRESS_CLEAR_NO_CARRY()),
        ),
        group=M.SET_READINGS(),
    )
    zero_stress: str = setting(
        "mech.zero_stress",
        M.SET_ZERO_STRESS(),
        "meltdown_end_of_next_turn",
        "MECH-AMB-38",
        choices=(
            ("meltdown_end_of_next_turn", M.SET_ZERO_STRESS_MELTDOWN_END_OF_NEXT_TURN()),
            ("meltdown_now", M.SET_ZERO_STRESS_MELTDOWN_NOW()),
        ),
        group=M.SET_READINGS(),
    )
    core_power: str = setting(
        "mech.core_power",
        M.SET_CORE_POWER(),
        "core_power_1_per_frame",
        "MECH-AMB-41",
        choices=(("core_power_1_per_frame", M.SET_CORE_POWER_CORE_POWER_1_PER_FRAME()),),
        group=M.SET_READINGS(),
    )
    stress_repair: str = setting(
        "mech.stress_repair",
        M.SET_STRESS_REPAIR(),
        "stress_damage",
        "MECH-AMB-42",
        choices=(("stress_damage", M.SET_STRESS_REPAIR_STRESS_DAMAGE()),),
        group=M.SET_READINGS(),
    )
    hidden_saves: str = setting(
        "mech.hidden_saves",
        M.SET_HIDDEN_SAVES(),
        "forcing_a_save",
        "MECH-AMB-44",
        choices=(
            ("forcing_a_save", M.SET_HIDDEN_SAVES_FORCING_A_SAVE()),
            ("making_a_save", M.SET_HIDDEN_SAVES_MAKING_A_SAVE()),
        ),
        group=M.SET_READINGS(),
    )
    invisible: str = setting(
        "mech.invisible",
        M.SET_INVISIBLE(),
        "may_always_hide_50_percent_miss",
        "MECH-AMB-45",
        choices=(
            ("may_always_hide_50_percent_miss", M.SET_INVISIBLE_MAY_ALWAYS_HIDE_50_PERCENT_MISS()),
            ("always_hidden", M.SET_INVISIBLE_ALWAYS_HIDDEN()),
        ),
        group=M.SET_READINGS(),
    )
    lock_on_use: str = setting(
        "mech.lock_on_use",
        M.SET_LOCK_ON_USE(),
        "spent_on_an_attack_on_it",
        "MECH-AMB-47",
        choices=(
            ("spent_on_an_attack_on_it", M.SET_LOCK_ON_USE_SPENT_ON_AN_ATTACK_ON_IT()),
            ("spent_on_next_attack", M.SET_LOCK_ON_USE_SPENT_ON_NEXT_ATTACK()),
        ),
        group=M.SET_READINGS(),
    )
    next_turn: str = setting(
        "mech.next_turn",
        M.SET_NEXT_TURN(),
        "next_turn_starting_after",
        "MECH-AMB-48",
        choices=(
            ("next_turn_starting_after", M.SET_NEXT_TURN_NEXT_TURN_STARTING_AFTER()),
            ("this_turn_if_own", M.SET_NEXT_TURN_THIS_TURN_IF_OWN()),
        ),
        group=M.SET_READINGS(),
    )


SCHEMA = settings_schema(Settings)
NAMES = tuple(f.name for f in fields(Settings))


def build(chosen: Mapping[str, Any] | None) -> Settings:
    """The settings from a setup's values ("mech.<name>" or "<name>"); others' keys are ignored."""
    given = {str(k).removeprefix(PREFIX): v for k, v in dict(chosen or {}).items()}
    # MECH-STRUCT-TABLE / MECH-STRESS-TABLE: a table may also be given whole, as data; the
    # tables module checks those (the form offers the named ones).
    tables = {k: given.pop(k) for k in TABLES if isinstance(given.get(k), Mapping)}
    known = {PREFIX + k: v for k, v in given.items() if k in NAMES}
    return replace(build_settings(Settings, known), **tables)


def as_state(settings: Settings) -> dict[str, Any]:
    """The values the state keeps, by field name."""
    return {k.removeprefix(PREFIX): v for k, v in settings_values(settings).items()}


def settings_of(state: Mapping[str, Any]) -> Settings:
    """The frozen settings of a state (its values were checked when the encounter started)."""
    values = state["settings"]
    for known, settings in RECENT:
        if known == values:  # by value: ~1 µs for 56 settings, where hashing them costs ~4
            return settings
    settings = Settings(**{k: v for k, v in values.items() if k in NAMES})
    RECENT.insert(0, (dict(values), settings))
    del RECENT[8:]
    return settings


# The settings of the last few encounters resolved in this process, with the values they came
# from (copied, so a caller changing its dict afterwards cannot make an entry lie).
RECENT: list[tuple[dict[str, Any], Settings]] = []
