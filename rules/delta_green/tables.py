"""Delta Green tables: autofire modes, vests, the d10 hit-location table and location HP."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.brp.core import rhu

ALL = "all"  # an action cost of every card in hand (DG-ACT-4)


@dataclass(frozen=True)
class BurstMode:
    """DG-AUTO-3: one row of the autofire table."""

    key: str
    label: str
    rounds: int
    modifier: int  # flat accuracy modifier; the spray halves skill instead
    hits_die: int
    walk_die: int | None
    actions: int | str  # a number of cards or ALL


BURST_MODES: dict[str, BurstMode] = {
    mode.key: mode
    for mode in (
        BurstMode("3", "3-round burst", 3, 5, 3, None, 1),
        BurstMode("4", "4-round short burst", 4, 5, 4, None, 1),
        BurstMode("6", "6-round short burst", 6, 5, 6, None, 2),
        BurstMode("8", "8-round medium burst", 8, 0, 8, None, 2),
        BurstMode("10", "10-round medium burst", 10, -5, 10, None, 3),
        BurstMode("12", "12-round rock and roll", 12, -10, 12, None, 3),
        BurstMode("20", "20-round long burst", 20, -15, 20, 10, ALL),
        # AMB-DG-12: the seed's walking die "1d2" (L25) is a truncated 1d20
        BurstMode("100", "100-round sustained spray", 100, 0, 100, 20, ALL),
    )
}
SPRAY = "100"


def mode_for_rounds(rounds: int) -> BurstMode:
    """DG-AUTO-2 (`dg.short_burst_rule = "rounds_fired"`): the mode with the same or the next
    larger round count (AMB-DG-16's matching), whose modifier and hits die a short burst uses."""
    for mode in BURST_MODES.values():
        if mode.rounds >= rounds:
            return mode
    return BURST_MODES[SPRAY]


def suppression_cost(rounds: int) -> int | str:
    """DG-SUPP-1 (AMB-DG-16): cost of the burst with the same or next larger round count."""
    if rounds <= 4:
        return 1
    if rounds <= 8:
        return 2
    if rounds <= 12:
        return 3
    return ALL


@dataclass(frozen=True)
class Vest:
    """DG-ARM-1: a vest level with its armour points, skill penalty and concealability."""

    level: int
    name: str
    ap: int
    penalty: int
    concealable: bool


VESTS: dict[int, Vest] = {
    1: Vest(1, "Level I vest", 6, 0, True),
    2: Vest(2, "Level II vest", 8, 8, True),
    3: Vest(3, "Level III vest", 10, 10, False),
    4: Vest(4, "Level IV suit", 12, 15, False),
}

# DG-ARM-2: skills the vest penalty applies to (plus every attack and, by default, parries).
VEST_SKILLS = frozenset({"climb", "dodge", "jump", "swim", "throw"})

RIGHT_LEG, LEFT_LEG, CHEST, RIGHT_ARM, LEFT_ARM, HEAD = (
    "right_leg",
    "left_leg",
    "chest",
    "right_arm",
    "left_arm",
    "head",
)
LOCATIONS: tuple[str, ...] = (RIGHT_LEG, LEFT_LEG, CHEST, RIGHT_ARM, LEFT_ARM, HEAD)
LOCATION_NAMES = {
    RIGHT_LEG: "right leg",
    LEFT_LEG: "left leg",
    CHEST: "chest/abdomen",
    RIGHT_ARM: "right arm",
    LEFT_ARM: "left arm",
    HEAD: "head",
}
LEGS = frozenset({RIGHT_LEG, LEFT_LEG})
ARMS = frozenset({RIGHT_ARM, LEFT_ARM})
LIMBS = LEGS | ARMS

# DG-LOC-1 (AMB-DG-23): DG-LOC-TABLE, the d10 table, face -> location.
HIT_LOCATION_TABLE: dict[int, str] = {
    1: RIGHT_LEG,
    2: RIGHT_LEG,
    3: LEFT_LEG,
    4: LEFT_LEG,
    5: CHEST,
    6: CHEST,
    7: CHEST,
    8: RIGHT_ARM,
    9: LEFT_ARM,
    10: HEAD,
}

# DG-LOC-3: fraction of total HP per location.
LOCATION_FRACTIONS: dict[str, Fraction] = {
    RIGHT_LEG: Fraction(1, 3),
    LEFT_LEG: Fraction(1, 3),
    CHEST: Fraction(4, 10),
    RIGHT_ARM: Fraction(1, 4),
    LEFT_ARM: Fraction(1, 4),
    HEAD: Fraction(1, 3),
}


def location_hp(total_hp: int, location: str, rounding: str = "half_up") -> int:
    """DG-LOC-3 (AMB-DG-24): the location's share of total HP, rounded half up, at least 1."""
    exact = LOCATION_FRACTIONS[location] * total_hp
    value = -(-exact.numerator // exact.denominator) if rounding == "up" else rhu(exact)
    return max(1, value)


def location_table(total_hp: int, rounding: str = "half_up") -> dict[str, int]:
    """DG-LOC-3: every location's normal HP."""
    return {loc: location_hp(total_hp, loc, rounding) for loc in LOCATIONS}


def actions_for(dex: int, minimum: int = 1) -> int:
    """DG-ACT-1: rhu(DEX/4) actions a round, at least `minimum` (AMB-DG-01)."""
    return max(minimum, rhu(Fraction(dex, 4)))
