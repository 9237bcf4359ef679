"""Delta Green campaign settings: every proposed default of the digest, GM-configurable.

`Settings` is a frozen dataclass declared with `setting(...)`: the schema the campaign form is
built from and the object the engine reads (`settings_of(state).walk_m`), built once when an
encounter starts or loads (`build`). A value of the wrong type, out of bounds or not one of the
choices is refused with a SheetError naming the setting.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.core.derive import LOCATION_NAMES as LOCATION_WORDS
from rules.core.kit import (
    Choice,
    Entry,
    Message,
    Schema,
    build_settings,
    setting,
    settings_schema,
    settings_values,
)
from rules.core.system import Json
from rules.delta_green.messages import MODE_NAMES
from rules.delta_green.tables import HIT_LOCATION_TABLE, LOCATIONS

# Form sections.
GENERAL = Message("dg.settings.group.general", "Rolls")
ACTIONS = Message("dg.settings.group.actions", "Actions and initiative")
MOVEMENT = Message("dg.settings.group.movement", "Movement")
FIREARMS = Message("dg.settings.group.firearms", "Firearms and suppression")
ARMOUR = Message("dg.settings.group.armour", "Armour and hit locations")
WOUNDS = Message("dg.settings.group.wounds", "Wounds and healing")
EDGES = Message("dg.settings.group.edges", "Edges and training")

YES = Message("dg.settings.choice.yes", "yes")
NO = Message("dg.settings.choice.no", "no")

# Labels.
AUTO_FAIL_00 = Message("dg.settings.auto_fail_00", "A roll of 00 always fails")
AUTO_SUCCESS_01 = Message("dg.settings.auto_success_01", "A roll of 01 always succeeds")
ROUNDING = Message("dg.settings.rounding", "Rounding of fractions")
HALF_UP = Message("dg.settings.choice.half_up", "half up")
UP = Message("dg.settings.choice.up", "up")
MIN_CHANCE = Message(
    "dg.settings.min_chance_after_division",
    "A divided chance that started at 1+ stays at least this",
)
MODIFIER_ORDER = Message("dg.settings.modifier_order", "Order of chance modifiers")
DIGEST = Message("dg.settings.choice.digest", "as the digest orders them")
MIN_ACTIONS = Message("dg.settings.min_actions", "Minimum actions per round")
CARRY_OVER = Message("dg.settings.cards_carry_over", "Unused cards carry over")
FULL_HAND = Message(
    "dg.settings.all_actions_requires_full_hand",
    "'All actions' only as the first action of the round",
)
DEFENCE_CARD = Message("dg.settings.defence_costs_card", "Dodge and parry cost a card")
ACTION_COSTS = Message("dg.settings.action_costs", "Action costs")
WALK_M = Message("dg.settings.walk_m", "Walking distance per round (m)")
RUN_M = Message("dg.settings.run_m", "Running distance per round (m)")
RUN_PENALTY = Message("dg.settings.run_penalty", "Penalty for running this round")
TURN_STRUCTURE = Message("dg.settings.turn_structure", "Turn structure")
PASSES = Message("dg.settings.choice.passes", "passes")
ALLOW_DELAY = Message("dg.settings.allow_delay", "A combatant may delay within a pass")
TIE_RULE = Message("dg.settings.tie_rule", "Initiative ties")
DEX_THEN_SIMULTANEOUS = Message(
    "dg.settings.choice.dex_then_simultaneous", "higher DEX first, then simultaneous"
)
SIMULTANEOUS = Message("dg.settings.choice.simultaneous", "simultaneous")
DEX_THEN_ORDER = Message("dg.settings.choice.dex_then_order", "higher DEX first, then in order")
PRECISION_AIM = Message("dg.settings.precision_aim", "Precision aiming")
FULL_ROUND = Message("dg.settings.choice.full_round", "a full round")
SHORT_BURST = Message(
    "dg.settings.short_burst_rule",
    "When the magazine holds fewer rounds than the burst",
)
CAP_HITS = Message("dg.settings.choice.cap_hits", "the chosen mode, hits capped")
ROUNDS_FIRED = Message("dg.settings.choice.rounds_fired", "the mode of the rounds fired")
BURST_TARGETS = Message(
    "dg.settings.burst_targets",
    "Targets per burst (1; split: CoC's burst shared among spread-out targets, COC-AUTO-6)",
)
ONE_TARGET = Message("dg.settings.choice.one_target", "one target")
SPLIT = Message("dg.settings.choice.split", "split among targets")
WALKING_MODES = Message("dg.settings.walking_modes", "Modes that allow walking fire")
WALKING_CAP = Message("dg.settings.walking_cap", "Cap on the walking-fire bonus (none: no cap)")
SUPPRESSION_COST = Message("dg.settings.suppression_cost", "Action cost of suppressive fire")
BY_MODE = Message("dg.settings.choice.by_mode", "as the burst of as many rounds")
SUPPRESSION_ROUNDS = Message(
    "dg.settings.suppression_default_rounds", "Default rounds for suppressive fire"
)
SUPPRESSION_HITS = Message("dg.settings.suppression_hits", "Bullets per target hit by suppression")
SUPPRESSION_TIMING = Message(
    "dg.settings.suppression_timing", "Round the suppression penalty applies to"
)
BY_RANK = Message("dg.settings.choice.by_rank", "this round if the target has not acted yet")
NEXT_ROUND = Message("dg.settings.choice.next_round", "the next round")
BRAVE_BEFORE = Message(
    "dg.settings.brave_before_roll",
    "Targets choose to brave before the roll (false: after seeing it, before acting again)",
)
VEST_ON_PARRY = Message("dg.settings.vest_penalty_on_parry", "Vest penalty also on parries")
HALF_AP_UNARMED = Message("dg.settings.half_ap_unarmed", "Half AP against unarmed attacks")
ALL_UNARMED = Message("dg.settings.choice.all_unarmed", "every unarmed attack")
FISTS = Message("dg.settings.choice.fists", "fists only")
STAB_BYPASS = Message("dg.settings.stab_bypass", "Stabs through vests")
MELEE_IMPALE = Message("dg.settings.choice.melee_impale", "an impaling melee stab")
NONE = Message("dg.settings.choice.none", "none")
AREA_AP = Message("dg.settings.area_effect_ap", "Vest AP against area effects")
HALF = Message("dg.settings.choice.half", "half")
FULL = Message("dg.settings.choice.full", "full")
HIDDEN_VEST_SPOT = Message("dg.settings.hidden_vest_spot", "A hidden vest may be spotted")
HIT_LOCATIONS = Message("dg.settings.hit_locations", "Use hit locations")
GENERAL_DAMAGE = Message("dg.settings.general_damage_locations", "Locations for general damage")
HIT_LOCATION_TABLE_LABEL = Message("dg.settings.hit_location_table", "d10 hit-location table")
SUPPRESSION_TARGETS = Message(
    "dg.settings.suppression_targets", "Suppressible targets (chosen by the GM on each use)"
)
PER_USE = Message("dg.settings.choice.per_use", "chosen on each use")
UNITS_DIGIT = Message(
    "dg.settings.location_from_units_digit", "Location from the attack roll's units die"
)
LOCATION_ROUNDING = Message("dg.settings.location_hp_rounding", "Rounding of location HP")
WOUND_THRESHOLD = Message(
    "dg.settings.wound_threshold",
    "Wound thresholds (cumulative damage, or one hit of at least L / 2L)",
)
CUMULATIVE = Message("dg.settings.choice.cumulative", "cumulative")
PER_HIT = Message("dg.settings.choice.per_hit", "one hit")
CRAWL_M = Message("dg.settings.crawl_m_per_action", "Crawling distance per action (m)")
DECAPITATION_TAGS = Message("dg.settings.decapitation_tags", "Weapon tags that sever")
BLEED_FIRST = Message("dg.settings.bleed_first_check", "First bleeding check")
END_OF_NEXT_ROUND = Message("dg.settings.choice.end_of_next_round", "end of the next round")
END_OF_THIS_ROUND = Message("dg.settings.choice.end_of_this_round", "end of this round")
PRONE_PENALTY = Message("dg.settings.prone_penalty", "Penalty for fighting from the ground")
SURGERY_FOR = Message("dg.settings.surgery_for", "Wounds that need surgery")
TWICE = Message("dg.settings.choice.2x", "2x")
ONCE = Message("dg.settings.choice.1x", "1x")
WEEKLY_HEAL = Message("dg.settings.weekly_heal", "Natural healing per week")
MAIM_LOSS = Message("dg.settings.maim_max_hp_loss", "Max HP lost per maimed limb")
L_OF_LIMB = Message("dg.settings.choice.l", "the limb's L")
ATTACK_AND_PARRY = Message(
    "dg.settings.attack_and_parry",
    "Who may attack and parry with one weapon in a round (COC-PARRY-7)",
)
SWORDS_ONLY = Message("dg.settings.choice.swords_only", "swords only")
ANY = Message("dg.settings.choice.any", "any weapon")
EDGE_PURCHASE = Message(
    "dg.settings.edge_purchase",
    "When edges are bought (creation: later only by GM grant; any_time: agents buy them)",
)
CREATION = Message("dg.settings.choice.creation", "at creation")
ANY_TIME = Message("dg.settings.choice.any_time", "any time")
DOUBLE_TAP = Message("dg.settings.double_tap_penalty", "Penalty per Double Tap shot")
IMPROVED_DOUBLE_TAP = Message("dg.settings.improved_double_tap", "Improved Double Tap")
ANY_RANGE = Message("dg.settings.choice.any_range", "at any range")
QUICK_DRAW_IN_MELEE = Message(
    "dg.settings.pistol_in_melee_requires_quick_draw", "Firing in melee needs Quick Draw"
)
TRAINING_CAP = Message("dg.settings.training_cap", "Highest skill reachable by training")
TRAINING_HOURS = Message("dg.settings.training_hours_per_week", "Training hours per week")
POW_GAIN = Message("dg.settings.pow_gain_timing", "POW gain rolls")
END_OF_SESSION = Message("dg.settings.choice.end_of_session", "at the end of the session")
IMMEDIATE = Message("dg.settings.choice.immediate", "at once")
CHARACTERISTIC_TRAINING = Message(
    "dg.settings.characteristic_training", "Characteristic training allowed"
)
INSTRUCTOR_CAP = Message("dg.settings.instructor_cap", "Instructor cap")
PER_COURSE = Message("dg.settings.choice.per_course", "per course")
EXPERIENCE_BONUS = Message("dg.settings.experience_bonus", "Experience bonus on research rolls")
COST_OF = Message("dg.settings.action_cost_of", "{what}")

YES_NO = ((False, NO()), (True, YES()))
NO_YES_FIRST = ((True, YES()), (False, NO()))

ACTION_COST_KEYS = ("melee", "draw", "holster", "magazine", "loose", "skill", "stand")
COST_WORDS = {  # what each cost is for, as the settings form names it
    "melee": Message("dg.settings.cost.melee", "a melee attack"),
    "draw": Message("dg.settings.cost.draw", "drawing a weapon"),
    "holster": Message("dg.settings.cost.holster", "putting a weapon away"),
    "magazine": Message("dg.settings.cost.magazine", "changing a magazine"),
    "loose": Message("dg.settings.cost.loose", "loading loose rounds"),
    "skill": Message("dg.settings.cost.skill", "using a skill"),
    "stand": Message("dg.settings.cost.stand", "standing up"),
}
# Weapon tags a campaign may say sever (DG-WOUND-7): the sheet's yes/no weapon fields.
TAG_WORDS = {
    "can_sever": Message("dg.settings.tag.can_sever", "can sever a limb"),
    "sword": Message("dg.settings.tag.sword", "sword"),
    "can_impale": Message("dg.settings.tag.can_impale", "can impale"),
    "two_handed": Message("dg.settings.tag.two_handed", "two-handed"),
}
# DG-ACT-6: cards an action costs; a missing kind costs one.
ACTION_COST_SCHEMA = Schema(
    tuple(
        Entry(
            key, COST_OF(what=COST_WORDS[key]()), "int", default=1, rule="DG-ACT-6", min=0, max=20
        )
        for key in ACTION_COST_KEYS
    )
)
# DG-LOC-1: face -> location; a face left out reads the book's table.
LOCATION_TABLE_SCHEMA = Schema(
    tuple(
        Entry(
            str(face),
            str(face),
            "choice",
            default=loc,
            rule="DG-LOC-1",
            choices=tuple(Choice(x, LOCATION_WORDS[x]()) for x in LOCATIONS),
        )
        for face, loc in HIT_LOCATION_TABLE.items()
    )
)


def _entry_field(entry: Entry) -> Any:
    """A settings field whose default is a list, a mapping or None (setting() takes scalars)."""
    default = entry.default
    if isinstance(default, Mapping):
        frozen = dict(default)
        return dataclasses.field(default_factory=lambda: dict(frozen), metadata={"entry": entry})
    return dataclasses.field(default=default, metadata={"entry": entry})


@dataclass(frozen=True)
class Settings:
    """The campaign's Delta Green settings, each under its stored key and rule."""

    auto_fail_00: bool = setting(
        "dg.auto_fail_00",
        AUTO_FAIL_00(),
        False,
        "DG-GEN-1",
        kind="bool",
        choices=YES_NO,
        group=GENERAL(),
    )
    auto_success_01: bool = setting(
        "dg.auto_success_01",
        AUTO_SUCCESS_01(),
        False,
        "DG-GEN-1",
        kind="bool",
        choices=YES_NO,
        group=GENERAL(),
    )
    rounding: str = setting(
        "dg.rounding",
        ROUNDING(),
        "half_up",
        "DG-GEN-2",
        choices=(("half_up", HALF_UP()),),
        group=GENERAL(),
    )
    min_chance_after_division: int = setting(
        "dg.min_chance_after_division",
        MIN_CHANCE(),
        1,
        "DG-GEN-2",
        choices=((0, "0"), (1, "1")),
        group=GENERAL(),
    )
    modifier_order: str = setting(
        "dg.modifier_order",
        MODIFIER_ORDER(),
        "digest",
        "DG-GEN-3",
        choices=(("digest", DIGEST()),),
        group=GENERAL(),
    )
    min_actions: int = setting(
        "dg.min_actions",
        MIN_ACTIONS(),
        1,
        "DG-ACT-1",
        choices=((0, "0"), (1, "1")),
        group=ACTIONS(),
    )
    cards_carry_over: bool = setting(
        "dg.cards_carry_over",
        CARRY_OVER(),
        False,
        "DG-ACT-2",
        kind="bool",
        choices=YES_NO,
        group=ACTIONS(),
    )
    all_actions_requires_full_hand: bool = setting(
        "dg.all_actions_requires_full_hand",
        FULL_HAND(),
        True,
        "DG-ACT-4",
        kind="bool",
        choices=NO_YES_FIRST,
        group=ACTIONS(),
    )
    defence_costs_card: bool = setting(
        "dg.defence_costs_card",
        DEFENCE_CARD(),
        False,
        "DG-ACT-5",
        kind="bool",
        choices=YES_NO,
        group=ACTIONS(),
    )
    action_costs: Mapping[str, int] = _entry_field(
        Entry(
            "dg.action_costs",
            ACTION_COSTS(),
            "record",
            rule="DG-ACT-6",
            group=ACTIONS(),
            default={key: 1 for key in ACTION_COST_KEYS},
            item=ACTION_COST_SCHEMA,
        )
    )
    walk_m: int = setting("dg.walk_m", WALK_M(), 4, "DG-MOVE-1", min=0, max=100, group=MOVEMENT())
    run_m: int = setting("dg.run_m", RUN_M(), 8, "DG-MOVE-2", min=0, max=200, group=MOVEMENT())
    run_penalty: int = setting(
        "dg.run_penalty", RUN_PENALTY(), 10, "DG-MOVE-2", min=0, max=100, group=MOVEMENT()
    )
    turn_structure: str = setting(
        "dg.turn_structure",
        TURN_STRUCTURE(),
        "passes",
        "DG-INIT-2",
        choices=(("passes", PASSES()),),
        group=ACTIONS(),
    )
    allow_delay: bool = setting(
        "dg.allow_delay",
        ALLOW_DELAY(),
        True,
        "DG-INIT-2",
        kind="bool",
        choices=NO_YES_FIRST,
        group=ACTIONS(),
    )
    tie_rule: str = setting(
        "dg.tie_rule",
        TIE_RULE(),
        "dex_then_simultaneous",
        "DG-INIT-3",
        choices=(
            ("dex_then_simultaneous", DEX_THEN_SIMULTANEOUS()),
            ("simultaneous", SIMULTANEOUS()),
            ("dex_then_order", DEX_THEN_ORDER()),
        ),
        group=ACTIONS(),
    )
    precision_aim: str = setting(
        "dg.precision_aim",
        PRECISION_AIM(),
        "full_round",
        "DG-AIM-1",
        choices=(("full_round", FULL_ROUND()),),
        group=FIREARMS(),
    )
    short_burst_rule: str = setting(
        "dg.short_burst_rule",
        SHORT_BURST(),
        "cap_hits",
        "DG-AUTO-2",
        choices=(("cap_hits", CAP_HITS()), ("rounds_fired", ROUNDS_FIRED())),
        group=FIREARMS(),
    )
    burst_targets: int | str = setting(
        "dg.burst_targets",
        BURST_TARGETS(),
        1,
        "DG-AUTO-4",
        choices=((1, ONE_TARGET()), ("split", SPLIT())),
        group=FIREARMS(),
    )
    walking_modes: tuple[str, ...] = _entry_field(
        Entry(
            "dg.walking_modes",
            WALKING_MODES(),
            "list",
            default=("20", "100"),
            rule="DG-WALK-1",
            group=FIREARMS(),
            max_items=8,
            choices=tuple(Choice(key, name()) for key, name in MODE_NAMES.items()),
        )
    )
    walking_cap: int | None = _entry_field(
        Entry(
            "dg.walking_cap",
            WALKING_CAP(),
            "int",
            default=None,
            rule="DG-WALK-1",
            min=0,
            max=100,
            group=FIREARMS(),
            required=False,
        )
    )
    suppression_cost: str = setting(
        "dg.suppression_cost",
        SUPPRESSION_COST(),
        "by_mode",
        "DG-SUPP-1",
        choices=(("by_mode", BY_MODE()),),
        group=FIREARMS(),
    )
    suppression_default_rounds: int = setting(
        "dg.suppression_default_rounds",
        SUPPRESSION_ROUNDS(),
        10,
        "DG-SUPP-1",
        min=1,
        max=100,
        group=FIREARMS(),
    )
    suppression_hits: int = setting(
        "dg.suppression_hits",
        SUPPRESSION_HITS(),
        1,
        "DG-SUPP-2",
        min=0,
        max=100,
        group=FIREARMS(),
    )
    suppression_timing: str = setting(
        "dg.suppression_timing",
        SUPPRESSION_TIMING(),
        "by_rank",
        "DG-SUPP-3",
        choices=(("by_rank", BY_RANK()), ("next_round", NEXT_ROUND())),
        group=FIREARMS(),
    )
    brave_before_roll: bool = setting(
        "dg.brave_before_roll",
        BRAVE_BEFORE(),
        True,
        "DG-SUPP-5",
        kind="bool",
        choices=NO_YES_FIRST,
        group=FIREARMS(),
    )
    vest_penalty_on_parry: bool = setting(
        "dg.vest_penalty_on_parry",
        VEST_ON_PARRY(),
        True,
        "DG-ARM-2",
        kind="bool",
        choices=NO_YES_FIRST,
        group=ARMOUR(),
    )
    half_ap_unarmed: str = setting(
        "dg.half_ap_unarmed",
        HALF_AP_UNARMED(),
        "all",
        "DG-ARM-4",
        choices=(("all", ALL_UNARMED()), ("fists", FISTS())),
        group=ARMOUR(),
    )
    stab_bypass: str = setting(
        "dg.stab_bypass",
        STAB_BYPASS(),
        "melee_impale",
        "DG-ARM-5",
        choices=(("melee_impale", MELEE_IMPALE()), ("none", NONE())),
        group=ARMOUR(),
    )
    area_effect_ap: str = setting(
        "dg.area_effect_ap",
        AREA_AP(),
        "half",
        "DG-ARM-7",
        choices=(("half", HALF()), ("full", FULL())),
        group=ARMOUR(),
    )
    hidden_vest_spot: bool = setting(
        "dg.hidden_vest_spot",
        HIDDEN_VEST_SPOT(),
        True,
        "DG-ARM-8",
        kind="bool",
        choices=NO_YES_FIRST,
        group=ARMOUR(),
    )
    hit_locations: bool = setting(
        "dg.hit_locations",
        HIT_LOCATIONS(),
        True,
        "DG-ARM-6",
        kind="bool",
        choices=NO_YES_FIRST,
        group=ARMOUR(),
    )
    general_damage_locations: str = setting(
        "dg.general_damage_locations",
        GENERAL_DAMAGE(),
        "none",
        "DG-HP-4",
        choices=(("none", NONE()),),
        group=ARMOUR(),
    )
    hit_location_table: Mapping[str, str] = _entry_field(
        Entry(
            "dg.hit_location_table",
            HIT_LOCATION_TABLE_LABEL(),
            "record",
            rule="DG-LOC-1",
            default={str(face): loc for face, loc in HIT_LOCATION_TABLE.items()},
            item=LOCATION_TABLE_SCHEMA,
            group=ARMOUR(),
        )
    )
    suppression_targets: str = setting(
        "dg.suppression_targets",
        SUPPRESSION_TARGETS(),
        "per_use",
        "DG-SUPP-7",
        choices=(("per_use", PER_USE()),),
        group=FIREARMS(),
    )
    location_from_units_digit: bool = setting(
        "dg.location_from_units_digit",
        UNITS_DIGIT(),
        False,
        "DG-LOC-2",
        kind="bool",
        choices=YES_NO,
        group=ARMOUR(),
    )
    location_hp_rounding: str = setting(
        "dg.location_hp_rounding",
        LOCATION_ROUNDING(),
        "half_up",
        "DG-LOC-3",
        choices=(("half_up", HALF_UP()), ("up", UP())),
        group=ARMOUR(),
    )
    wound_threshold: str = setting(
        "dg.wound_threshold",
        WOUND_THRESHOLD(),
        "cumulative",
        "DG-WOUND-1",
        choices=(("cumulative", CUMULATIVE()), ("per_hit", PER_HIT())),
        group=WOUNDS(),
    )
    crawl_m_per_action: int = setting(
        "dg.crawl_m_per_action", CRAWL_M(), 1, "DG-WOUND-2", min=0, max=20, group=MOVEMENT()
    )
    # DG-WOUND-6/-7 (AMB-DG-27): the weapon flags whose hits sever (combat.severs)
    decapitation_tags: tuple[str, ...] = _entry_field(
        Entry(
            "dg.decapitation_tags",
            DECAPITATION_TAGS(),
            "list",
            default=("can_sever",),
            rule="DG-WOUND-7",
            group=WOUNDS(),
            max_items=20,
            choices=tuple(Choice(key, name()) for key, name in TAG_WORDS.items()),
        )
    )
    bleed_first_check: str = setting(
        "dg.bleed_first_check",
        BLEED_FIRST(),
        "end_of_next_round",
        "DG-WOUND-9",
        choices=(
            ("end_of_next_round", END_OF_NEXT_ROUND()),
            ("end_of_this_round", END_OF_THIS_ROUND()),
        ),
        group=WOUNDS(),
    )
    prone_penalty: int = setting(
        "dg.prone_penalty", PRONE_PENALTY(), 20, "DG-WOUND-10", min=0, max=100, group=WOUNDS()
    )
    surgery_for: str = setting(
        "dg.surgery_for",
        SURGERY_FOR(),
        "2x",
        "DG-HEAL-1",
        choices=(("2x", TWICE()), ("1x", ONCE()), ("none", NONE())),
        group=WOUNDS(),
    )
    weekly_heal: str = setting("dg.weekly_heal", WEEKLY_HEAL(), "1d3", "DG-HEAL-3", group=WOUNDS())
    maim_max_hp_loss: str = setting(
        "dg.maim_max_hp_loss",
        MAIM_LOSS(),
        "L",
        "DG-HEAL-5",
        choices=(("L", L_OF_LIMB()), ("none", NONE())),
        group=WOUNDS(),
    )
    attack_and_parry: str = setting(
        "dg.attack_and_parry",
        ATTACK_AND_PARRY(),
        "swords_only",
        "DG-GEN-4",
        choices=(("swords_only", SWORDS_ONLY()), ("any", ANY())),
        group=ACTIONS(),
    )
    edge_purchase: str = setting(
        "dg.edge_purchase",
        EDGE_PURCHASE(),
        "creation",
        "DG-EDGE-0",
        choices=(("creation", CREATION()), ("any_time", ANY_TIME())),
        group=EDGES(),
    )
    double_tap_penalty: int = setting(
        "dg.double_tap_penalty", DOUBLE_TAP(), 20, "DG-EDGE-1", min=0, max=100, group=EDGES()
    )
    improved_double_tap: str = setting(
        "dg.improved_double_tap",
        IMPROVED_DOUBLE_TAP(),
        "any_range",
        "DG-EDGE-2",
        choices=(("any_range", ANY_RANGE()),),
        group=EDGES(),
    )
    pistol_in_melee_requires_quick_draw: bool = setting(
        "dg.pistol_in_melee_requires_quick_draw",
        QUICK_DRAW_IN_MELEE(),
        True,
        "DG-EDGE-3",
        kind="bool",
        choices=NO_YES_FIRST,
        group=EDGES(),
    )
    training_cap: int = setting(
        "dg.training_cap", TRAINING_CAP(), 75, "DG-TRAIN-5", min=0, max=99, group=EDGES()
    )
    training_hours_per_week: int = setting(
        "dg.training_hours_per_week",
        TRAINING_HOURS(),
        20,
        "DG-TRAIN-3",
        min=1,
        max=168,
        group=EDGES(),
    )
    pow_gain_timing: str = setting(
        "dg.pow_gain_timing",
        POW_GAIN(),
        "end_of_session",
        "DG-POW-1",
        choices=(("end_of_session", END_OF_SESSION()), ("immediate", IMMEDIATE())),
        group=EDGES(),
    )
    characteristic_training: bool = setting(
        "dg.characteristic_training",
        CHARACTERISTIC_TRAINING(),
        True,
        "DG-CTRAIN-1",
        kind="bool",
        choices=NO_YES_FIRST,
        group=EDGES(),
    )
    instructor_cap: str = setting(
        "dg.instructor_cap",
        INSTRUCTOR_CAP(),
        "cumulative",
        "DG-CTRAIN-3",
        choices=(("cumulative", CUMULATIVE()), ("per_course", PER_COURSE())),
        group=EDGES(),
    )
    experience_bonus: int = setting(
        "dg.experience_bonus",
        EXPERIENCE_BONUS(),
        0,
        "DG-RSCH-3",
        min=0,
        max=100,
        group=EDGES(),
    )

    def __post_init__(self) -> None:
        # Lists arrive from JSON: kept as tuples, so settings built from a dump equal the first.
        for name in ("walking_modes", "decapitation_tags"):
            object.__setattr__(self, name, tuple(getattr(self, name)))

    def cost_of(self, name: str) -> int:
        """DG-ACT-6: the cards an action of this kind costs (one if the campaign does not say)."""
        return int(self.action_costs.get(name, 1))


SCHEMA = settings_schema(Settings)
DEFAULTS: dict[str, Any] = {entry.key: entry.default for entry in SCHEMA.entries}


def build(chosen: Mapping[str, Any] | None) -> Settings:
    """The settings object from a campaign's chosen values; SheetError names a bad one."""
    given = {k: list(v) if isinstance(v, tuple) else v for k, v in (chosen or {}).items()}
    return build_settings(Settings, given)


def values(settings: Settings) -> Json:
    """The settings as stored JSON (lists, not tuples), as states have always kept them."""
    return {
        key: list(value) if isinstance(value, tuple) else value
        for key, value in settings_values(settings).items()
    }


def settings_of(state: Mapping[str, Any]) -> Settings:
    """The encounter's settings, built once when it started or loaded."""
    settings: Settings = state["settings"]
    return settings
