"""Delta Green campaign settings: every proposed default of the digest, GM-configurable."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.system import Setting
from rules.delta_green.tables import HIT_LOCATION_TABLE

SETTINGS: tuple[Setting, ...] = (
    Setting("dg.auto_fail_00", "A roll of 00 always fails", False, "DG-GEN-1", (False, True)),
    Setting("dg.auto_success_01", "A roll of 01 always succeeds", False, "DG-GEN-1", (False, True)),
    Setting("dg.rounding", "Rounding of fractions", "half_up", "DG-GEN-2", ("half_up",)),
    Setting(
        "dg.min_chance_after_division",
        "A divided chance that started at 1+ stays at least this",
        1,
        "DG-GEN-2",
        (0, 1),
    ),
    Setting("dg.modifier_order", "Order of chance modifiers", "digest", "DG-GEN-3", ("digest",)),
    Setting("dg.min_actions", "Minimum actions per round", 1, "DG-ACT-1", (0, 1)),
    Setting("dg.cards_carry_over", "Unused cards carry over", False, "DG-ACT-2", (False, True)),
    Setting(
        "dg.all_actions_requires_full_hand",
        "'All actions' only as the first action of the round",
        True,
        "DG-ACT-4",
        (True, False),
    ),
    Setting(
        "dg.defence_costs_card", "Dodge and parry cost a card", False, "DG-ACT-5", (False, True)
    ),
    Setting(
        "dg.action_costs",
        "Action costs",
        {"melee": 1, "draw": 1, "holster": 1, "magazine": 1, "loose": 1, "skill": 1, "stand": 1},
        "DG-ACT-6",
    ),
    Setting("dg.walk_m", "Walking distance per round (m)", 4, "DG-MOVE-1"),
    Setting("dg.run_m", "Running distance per round (m)", 8, "DG-MOVE-2"),
    Setting("dg.run_penalty", "Penalty for running this round", 10, "DG-MOVE-2"),
    Setting("dg.turn_structure", "Turn structure", "passes", "DG-INIT-2", ("passes",)),
    Setting(
        "dg.allow_delay", "A combatant may delay within a pass", True, "DG-INIT-2", (True, False)
    ),
    Setting(
        "dg.tie_rule",
        "Initiative ties",
        "dex_then_simultaneous",
        "DG-INIT-3",
        ("dex_then_simultaneous", "simultaneous", "dex_then_order"),
    ),
    Setting("dg.precision_aim", "Precision aiming", "full_round", "DG-AIM-1", ("full_round",)),
    Setting(
        "dg.short_burst_rule",
        "Short magazine (cap_hits: the chosen mode, hits capped; rounds_fired: the mode of the "
        "rounds fired)",
        "cap_hits",
        "DG-AUTO-2",
        ("cap_hits", "rounds_fired"),
    ),
    Setting(
        "dg.burst_targets",
        "Targets per burst (1; split: CoC's burst shared among spread-out targets, COC-AUTO-6)",
        1,
        "DG-AUTO-4",
        (1, "split"),
    ),
    Setting("dg.walking_modes", "Modes that allow walking fire", ("20", "100"), "DG-WALK-1"),
    Setting("dg.walking_cap", "Cap on the walking-fire bonus (none: no cap)", None, "DG-WALK-1"),
    Setting(
        "dg.suppression_cost",
        "Action cost of suppressive fire",
        "by_mode",
        "DG-SUPP-1",
        ("by_mode",),
    ),
    Setting(
        "dg.suppression_default_rounds", "Default rounds for suppressive fire", 10, "DG-SUPP-1"
    ),
    Setting("dg.suppression_hits", "Bullets per target hit by suppression", 1, "DG-SUPP-2"),
    Setting(
        "dg.suppression_timing",
        "Round the suppression penalty applies to",
        "by_rank",
        "DG-SUPP-3",
        ("by_rank", "next_round"),
    ),
    Setting(
        "dg.brave_before_roll",
        "Targets choose to brave before the roll (false: after seeing it, before acting again)",
        True,
        "DG-SUPP-5",
        (True, False),
    ),
    Setting(
        "dg.vest_penalty_on_parry", "Vest penalty also on parries", True, "DG-ARM-2", (True, False)
    ),
    Setting(
        "dg.half_ap_unarmed", "Half AP against unarmed attacks", "all", "DG-ARM-4", ("all", "fists")
    ),
    Setting(
        "dg.stab_bypass",
        "Stabs through vests",
        "melee_impale",
        "DG-ARM-5",
        ("melee_impale", "none"),
    ),
    Setting(
        "dg.area_effect_ap", "Vest AP against area effects", "half", "DG-ARM-7", ("half", "full")
    ),
    Setting("dg.hidden_vest_spot", "A hidden vest may be spotted", True, "DG-ARM-8", (True, False)),
    Setting("dg.hit_locations", "Use hit locations", True, "DG-ARM-6", (True, False)),
    Setting(
        "dg.general_damage_locations", "Locations for general damage", "none", "DG-HP-4", ("none",)
    ),
    Setting(
        "dg.hit_location_table",
        "d10 hit-location table",
        {str(face): loc for face, loc in HIT_LOCATION_TABLE.items()},
        "DG-LOC-1",
    ),
    Setting(
        "dg.suppression_targets",
        "Suppressible targets (chosen by the GM on each use)",
        "per_use",
        "DG-SUPP-7",
        ("per_use",),
    ),
    Setting(
        "dg.location_from_units_digit",
        "Location from the attack roll's units die",
        False,
        "DG-LOC-2",
        (False, True),
    ),
    Setting(
        "dg.location_hp_rounding",
        "Rounding of location HP",
        "half_up",
        "DG-LOC-3",
        ("half_up", "up"),
    ),
    Setting(
        "dg.wound_threshold",
        "Wound thresholds (cumulative damage, or per_hit: one hit of at least L / 2L)",
        "cumulative",
        "DG-WOUND-1",
        ("cumulative", "per_hit"),
    ),
    Setting("dg.crawl_m_per_action", "Crawling distance per action (m)", 1, "DG-WOUND-2"),
    Setting("dg.decapitation_tags", "Weapon tags that sever", ("can_sever",), "DG-WOUND-7"),
    Setting(
        "dg.bleed_first_check",
        "First bleeding check",
        "end_of_next_round",
        "DG-WOUND-9",
        ("end_of_next_round", "end_of_this_round"),
    ),
    Setting("dg.prone_penalty", "Penalty for fighting from the ground", 20, "DG-WOUND-10"),
    Setting("dg.surgery_for", "Wounds that need surgery", "2x", "DG-HEAL-1", ("2x", "1x", "none")),
    Setting("dg.weekly_heal", "Natural healing per week", "1d3", "DG-HEAL-3"),
    Setting("dg.maim_max_hp_loss", "Max HP lost per maimed limb", "L", "DG-HEAL-5", ("L", "none")),
    Setting(
        "dg.attack_and_parry",
        "Who may attack and parry with one weapon in a round (COC-PARRY-7)",
        "swords_only",
        "DG-GEN-4",
        ("swords_only", "any"),
    ),
    Setting(
        "dg.edge_purchase",
        "When edges are bought (creation: later only by GM grant; any_time: agents buy them)",
        "creation",
        "DG-EDGE-0",
        ("creation", "any_time"),
    ),
    Setting("dg.double_tap_penalty", "Penalty per Double Tap shot", 20, "DG-EDGE-1"),
    Setting(
        "dg.improved_double_tap", "Improved Double Tap", "any_range", "DG-EDGE-2", ("any_range",)
    ),
    Setting(
        "dg.pistol_in_melee_requires_quick_draw",
        "Firing in melee needs Quick Draw",
        True,
        "DG-EDGE-3",
        (True, False),
    ),
    Setting("dg.training_cap", "Highest skill reachable by training", 75, "DG-TRAIN-5"),
    Setting("dg.training_hours_per_week", "Training hours per week", 20, "DG-TRAIN-3"),
    Setting(
        "dg.pow_gain_timing",
        "POW gain rolls",
        "end_of_session",
        "DG-POW-1",
        ("end_of_session", "immediate"),
    ),
    Setting(
        "dg.characteristic_training",
        "Characteristic training allowed",
        True,
        "DG-CTRAIN-1",
        (True, False),
    ),
    Setting(
        "dg.instructor_cap",
        "Instructor cap",
        "cumulative",
        "DG-CTRAIN-3",
        ("cumulative", "per_course"),
    ),
    Setting("dg.experience_bonus", "Experience bonus on research rolls", 0, "DG-RSCH-3"),
)

DEFAULTS: dict[str, Any] = {setting.key: setting.default for setting in SETTINGS}


def merged(chosen: Mapping[str, Any] | None) -> dict[str, Any]:
    """The defaults with the campaign's chosen values on top."""
    values = dict(DEFAULTS)
    for key, value in (chosen or {}).items():
        values[key] = list(value) if isinstance(value, tuple) else value
    for key, value in values.items():
        if isinstance(value, tuple):
            values[key] = list(value)
    return values
