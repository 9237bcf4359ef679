"""Ace Evolution campaign settings: the optional rules and every ambiguity's proposed default."""

from __future__ import annotations

from dataclasses import dataclass

from rules.ace import messages as m
from rules.core.kit import setting, settings_schema

OPTIONAL = m.GROUP_OPTIONAL()
CHECKS = m.GROUP_CHECKS()
COMBAT = m.GROUP_COMBAT()
CALLED = m.GROUP_CALLED()
GRAPPLE = m.GROUP_GRAPPLE()
STEALTH = m.GROUP_STEALTH()
COMMANDS = m.GROUP_COMMANDS()


@dataclass(frozen=True)
class AceSettings:
    """The table's choices; each default is the digest's proposed default (ACE-AMB-nn)."""

    # ACE-ATTR-5..8: the optional supernatural attribute rules, off unless the GM turns them on.
    supernatural_str: bool = setting(
        "ace.supernatural_str", m.SET_SUPER_STR(), False, "ACE-ATTR-5", group=OPTIONAL
    )
    supernatural_dex: bool = setting(
        "ace.supernatural_dex", m.SET_SUPER_DEX(), False, "ACE-ATTR-6", group=OPTIONAL
    )
    supernatural_con: bool = setting(
        "ace.supernatural_con", m.SET_SUPER_CON(), False, "ACE-ATTR-7", group=OPTIONAL
    )
    supernatural_spi: bool = setting(
        "ace.supernatural_spi", m.SET_SUPER_SPI(), False, "ACE-ATTR-8", group=OPTIONAL
    )
    # ACE-EXT-4: the mishap rule is off by default; players are told when it is on.
    mishap: bool = setting("ace.mishap", m.SET_MISHAP(), False, "ACE-EXT-4", group=OPTIONAL)
    substitute_approval: bool = setting(
        "ace.substitute_approval", m.SET_SUBSTITUTE_APPROVAL(), True, "ACE-CHECK-3", group=CHECKS
    )
    ones_on_substitute: str = setting(
        "ace.ones_on_substitute",
        m.SET_ONES_SUBSTITUTE(),
        "natural_1",
        "ACE-AMB-02",
        choices=[("natural_1", m.OPT_NATURAL_1()), ("none", m.OPT_NONE())],
        group=CHECKS,
    )
    reflex_refresh: str = setting(
        "ace.reflex_refresh",
        m.SET_REFLEX_REFRESH(),
        "own_turn",
        "ACE-AMB-03",
        choices=[("own_turn", m.OPT_OWN_TURN()), ("round_start", m.OPT_ROUND_START())],
        group=CHECKS,
    )
    stamina: str = setting(
        "ace.stamina_attribute",
        m.SET_STAMINA(),
        "con",
        "ACE-AMB-04",
        choices=[("con", m.ATTR_CON()), ("str", m.ATTR_STR())],
        group=CHECKS,
    )
    scan_unlock: str = setting(
        "ace.mental_scan_unlock",
        m.SET_SCAN_UNLOCK(),
        "all",
        "ACE-AMB-06",
        choices=[("all", m.OPT_ALL()), ("any", m.OPT_ANY())],
        group=CHECKS,
    )
    speed_base: int = setting(
        "ace.speed_base", m.SET_SPEED_BASE(), 5, "ACE-AMB-08", min=0, max=50, group=CHECKS
    )
    full_round: str = setting(
        "ace.full_round",
        m.SET_FULL_ROUND(),
        "standard_move",
        "ACE-AMB-41",
        choices=[("standard_move", m.OPT_STANDARD_MOVE()), ("everything", m.OPT_EVERYTHING())],
        group=CHECKS,
    )
    natural_20_hits: bool = setting(
        "ace.natural_20_auto_hit", m.SET_NAT20(), True, "ACE-AMB-10", group=COMBAT
    )
    crit_doubles_flat: bool = setting(
        "ace.crit_doubles_flat", m.SET_CRIT_FLAT(), False, "ACE-AMB-11", group=COMBAT
    )
    grapple_hit: str = setting(
        "ace.grapple_hit",
        m.SET_GRAPPLE_HIT(),
        "str_core",
        "ACE-AMB-12",
        choices=[("str_core", m.OPT_STR_CORE()), ("dex_footwork", m.OPT_DEX_FOOTWORK())],
        group=GRAPPLE,
    )
    pool_clamp: str = setting(
        "ace.pool_clamp",
        m.SET_POOL_CLAMP(),
        "sum_then_clamp",
        "ACE-AMB-13",
        choices=[("sum_then_clamp", m.OPT_SUM_CLAMP()), ("clamp_base", m.OPT_CLAMP_BASE())],
        group=COMBAT,
    )
    con_rounding: str = setting(
        "ace.con_rounding",
        m.SET_CON_ROUNDING(),
        "floor",
        "ACE-AMB-14",
        choices=[("floor", m.OPT_FLOOR()), ("nearest", m.OPT_NEAREST())],
        group=COMBAT,
    )
    mods_on_ranged: bool = setting(
        "ace.mods_on_ranged", m.SET_MODS_RANGED(), True, "ACE-AMB-15", group=COMBAT
    )
    called_10_hits: bool = setting(
        "ace.called_shot_natural_10_auto_hit", m.SET_CALLED_10(), False, "ACE-AMB-18", group=CALLED
    )
    reflex_timer: int = setting(
        "ace.reflex_timer_seconds", m.SET_TIMER(), 30, "ACE-AMB-19", min=5, max=600, group=CALLED
    )
    extra_when_covered: bool = setting(
        "ace.extra_when_covered", m.SET_EXTRA_COVERED(), False, "ACE-AMB-20", group=CALLED
    )
    disarm_counter: bool = setting(
        "ace.disarm_counter", m.SET_DISARM_COUNTER(), True, "ACE-AMB-21", group=CALLED
    )
    disarm_take: str = setting(
        "ace.disarm_take",
        m.SET_DISARM_TAKE(),
        "take",
        "ACE-CALLED-DISARM",
        choices=[("take", m.OPT_TAKE()), ("drop", m.OPT_DROP())],
        group=CALLED,
    )
    light_penalty: int = setting(
        "ace.sunder_light_penalty", m.SET_LIGHT(), 4, "ACE-AMB-22", min=0, max=20, group=CALLED
    )
    durability_one_hand: int = setting(
        "ace.durability_one_handed", m.SET_DUR1(), 5, "ACE-AMB-23", min=1, max=100, group=CALLED
    )
    durability_two_hands: int = setting(
        "ace.durability_two_handed", m.SET_DUR2(), 10, "ACE-AMB-23", min=1, max=100, group=CALLED
    )
    cdg_hit_roll: bool = setting(
        "ace.coup_de_grace_hit_roll", m.SET_CDG_ROLL(), False, "ACE-AMB-24", group=CALLED
    )
    ties: str = setting(
        "ace.ties",
        m.SET_TIES(),
        "defender",
        "ACE-AMB-25",
        choices=[("defender", m.OPT_DEFENDER()), ("initiator", m.OPT_INITIATOR())],
        group=GRAPPLE,
    )
    grapple_penalty_block: bool = setting(
        "ace.grapple_penalty_block", m.SET_PENALTY_BLOCK(), True, "ACE-AMB-26", group=GRAPPLE
    )
    third_party: str = setting(
        "ace.grapple_third_party",
        m.SET_THIRD_PARTY(),
        "size_ratio",
        "ACE-AMB-27",
        choices=[("size_ratio", m.OPT_SIZE_RATIO()), ("even", m.OPT_EVEN())],
        group=GRAPPLE,
    )
    grappled_may_attack: bool = setting(
        "ace.grappled_may_attack", m.SET_GRAPPLED_ATTACK(), True, "ACE-AMB-28", group=GRAPPLE
    )
    pinned_move_contest: bool = setting(
        "ace.pinned_move_contest", m.SET_PIN_MOVE(), False, "ACE-AMB-29", group=GRAPPLE
    )
    body_shield: str = setting(
        "ace.body_shield_cover",
        m.SET_BODY_SHIELD(),
        "partial",
        "ACE-AMB-30",
        choices=[
            ("light", m.COVER_LIGHT()),
            ("partial", m.COVER_PARTIAL()),
            ("heavy", m.COVER_HEAVY()),
        ],
        group=GRAPPLE,
    )
    pinner_hit_roll: bool = setting(
        "ace.pinner_hit_roll", m.SET_PINNER_ROLL(), True, "ACE-AMB-31", group=GRAPPLE
    )
    perception_per_spi: int = setting(
        "ace.perception_m_per_spi",
        m.SET_PERCEPTION(),
        5,
        "ACE-AMB-32",
        min=1,
        max=100,
        group=STEALTH,
    )
    ambushers_top: bool = setting(
        "ace.ambushers_top", m.SET_AMBUSHERS(), True, "ACE-AMB-33", group=STEALTH
    )
    command_duration: str = setting(
        "ace.command_duration",
        m.SET_DURATION(),
        "next_turn",
        "ACE-AMB-34",
        choices=[("next_turn", m.OPT_NEXT_TURN()), ("round_end", m.OPT_ROUND_END())],
        group=COMMANDS,
    )
    charge_bonus: str = setting(
        "ace.charge_bonus",
        m.SET_CHARGE(),
        "attack_value",
        "ACE-AMB-35",
        choices=[("attack_value", m.OPT_ATTACK_VALUE()), ("flat_damage", m.OPT_FLAT_DAMAGE())],
        group=COMMANDS,
    )
    full_defence_armour: bool = setting(
        "ace.full_defence_armour", m.SET_FD_ARMOUR(), True, "ACE-AMB-36", group=COMMANDS
    )
    block_skill: str = setting(
        "ace.block_skill",
        m.SET_BLOCK(),
        "melee",
        "ACE-AMB-37",
        choices=[("melee", m.OPT_MELEE_SKILL()), ("footwork", m.OPT_FOOTWORK())],
        group=COMMANDS,
    )
    prone_affects: str = setting(
        "ace.prone_affects",
        m.SET_PRONE(),
        "defence",
        "ACE-AMB-38",
        choices=[("defence", m.OPT_DEFENCE()), ("evasion", m.OPT_EVASION())],
        group=COMMANDS,
    )
    cover_against: str = setting(
        "ace.cover_against",
        m.SET_COVER(),
        "ranged",
        "ACE-AMB-39",
        choices=[("ranged", m.OPT_RANGED_ONLY()), ("all", m.OPT_ALL_ATTACKS())],
        group=COMMANDS,
    )
    mark_round_up: bool = setting(
        "ace.mark_round_up", m.SET_MARK_ROUND(), True, "ACE-AMB-40", group=OPTIONAL
    )


SCHEMA = settings_schema(AceSettings)
