"""Ace Evolution dice: success pools, checks, the hit roll, contests and the damage pipeline.

ACE-DICE-1: the rules roll d10 pools and d20s here, and the d6 and d100 of skill effects in a
skill's own damage (`skill_damage_expr`, ACE-ATK-4). ACE-AMB-01: "DP" is kept apart as a pool
of d10 (`roll_pool`), a flat modifier to a hit or contest total (`hit_roll`, `contest`) and the
check procedure (`skill_check`, `substitute_check`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from rules.ace import messages as m
from rules.ace.settings import AceSettings
from rules.core.dice import Dice
from rules.core.errors import DiceError
from rules.core.notation import DiceExpr, DiceTerm

GAME_DICE = (6, 10, 20, 100)  # ACE-DICE-1: d10 and d20, and d6 and d100 in skill effects
SUCCESS_FACE = 8  # ACE-DICE-2: a d10 showing 8, 9 or 10 is a success
MAX_POOL = 200  # a pool larger than this is a typo, not a roll


def roll_pool(count: int, dice: Dice, purpose: str) -> list[int]:
    """ACE-DICE-2: roll `count` d10 (none for a pool of 0 or less)."""
    return [dice.roll(10, purpose) for _ in range(max(0, min(count, MAX_POOL)))]


def successes(faces: list[int]) -> int:
    """ACE-DICE-2: how many faces show 8, 9 or 10."""
    return sum(1 for face in faces if face >= SUCCESS_FACE)


@lru_cache(maxsize=256)
def skill_damage_expr(text: str) -> DiceExpr | None:
    """ACE-ATK-4 / ACE-DICE-1: a skill's damage as written (`3d6+2`, `1d100`, `15`), or None
    when it is not one: dice of the game's sizes only, at most 100 of them."""
    try:
        expr = DiceExpr.parse(text)
    except DiceError:
        return None
    terms = [t for t in expr.terms if isinstance(t, DiceTerm)]
    if any(t.sides not in GAME_DICE or t.keep or t.pool for t in terms):
        return None
    return expr


@dataclass(frozen=True)
class Check:
    """A check's result: the faces rolled, successes, and the 1s (for the mishap rule)."""

    faces: tuple[int, ...]
    successes: int
    ones: int
    substitute: bool = False
    automatic: int = 0  # ACE-CHECK-2: of the successes, the specialty's automatic one


def skill_check(level: int, specialty: bool, dice: Dice, purpose: str = "check") -> Check:
    """ACE-CHECK-2: roll the skill level as a pool; a specialty adds one automatic success."""
    faces = roll_pool(level, dice, purpose)
    bonus = 1 if specialty else 0
    return Check(tuple(faces), successes(faces) + bonus, faces.count(1), automatic=bonus)


def substitute_check(
    attribute: int, specialty: bool, dice: Dice, s: AceSettings, purpose: str = "check"
) -> Check:
    """ACE-CHECK-3: 1d20 + attribute, divided by 10 and rounded down (ACE-EX-23)."""
    face = dice.roll(20, purpose)
    ones = 1 if face == 1 and s.ones_on_substitute == "natural_1" else 0  # ACE-AMB-02
    bonus = 1 if specialty else 0
    return Check((face,), (face + attribute) // 10 + bonus, ones, substitute=True, automatic=bonus)


@dataclass(frozen=True)
class HitRoll:
    """A hit roll: the natural face, the total, whether it hit and whether it is critical."""

    natural: int
    total: int
    hit: bool
    critical: bool
    sides: int = 20


def hit_roll(
    bonus: int, evasion: int, dice: Dice, s: AceSettings, *, called: bool = False
) -> HitRoll:
    """ACE-HIT-1..3 and ACE-CALLED-1: beat the evasion; natural 1 misses; 20 (or 10) is critical."""
    sides = 10 if called else 20
    natural = dice.roll(sides, (m.PURPOSE_CALLED_HIT if called else m.PURPOSE_HIT).english)
    return judge_hit(natural, bonus, evasion, s, called=called)


def judge_hit(natural: int, bonus: int, evasion: int, s: AceSettings, *, called: bool) -> HitRoll:
    """The verdict of one hit face (shared by the roll and the exact preview)."""
    total = natural + bonus
    sides = 10 if called else 20
    if natural == 1:
        return HitRoll(natural, total, False, False, sides)  # ACE-HIT-2 (ACE-EX-18)
    beats = total > evasion  # strictly greater (ACE-EX-19)
    if called:
        # ACE-CALLED-1: critical fixed at 10; ACE-AMB-18: it still has to hit unless set otherwise.
        if natural == 10:
            hit = beats or s.called_10_hits
            return HitRoll(natural, total, hit, hit, sides)
        return HitRoll(natural, total, beats, False, sides)
    if natural == 20:
        hit = beats or s.natural_20_hits  # ACE-AMB-10
        return HitRoll(natural, total, hit, hit, sides)  # ACE-HIT-3
    return HitRoll(natural, total, beats, False, sides)


@dataclass(frozen=True)
class Contest:
    """An opposed 1d20 roll: both totals, who won and by how much."""

    initiator: int
    defender: int
    initiator_wins: bool
    margin: int
    faces: tuple[int, int]


def contest(a_bonus: int, d_bonus: int, dice: Dice, s: AceSettings, purpose: str) -> Contest:
    """ACE-GRAPPLE-1 / ACE-AMB-25: 1d20 + bonus each; a tie goes to the defender by default."""
    a_face = dice.roll(20, f"{purpose}: initiator d20")
    d_face = dice.roll(20, f"{purpose}: defender d20")
    a, d = a_face + a_bonus, d_face + d_bonus
    wins = a > d or (a == d and s.ties == "initiator")
    return Contest(a, d, wins, a - d, (a_face, d_face))


@dataclass(frozen=True)
class Damage:
    """ACE-PIPE-1: every step of one damage resolution, for the log and the tests."""

    pool: int
    faces: tuple[int, ...]
    successes: int
    base: int
    flat: int
    resisted: int
    reduced: int
    total: int
    energy: str
    absorbed: int = 0


def damage_pool(attack: int, defence: int, bonus: int, penalty: int, s: AceSettings) -> int:
    """ACE-DMG-1 / ACE-AMB-13: attack - defence + location dice - guard, clamped at 0."""
    if s.pool_clamp == "clamp_base":
        return max(0, max(0, attack - defence) + bonus - penalty)
    return max(0, attack - defence + bonus - penalty)


def resolve_damage(
    pool: int,
    dice: Dice | None,
    *,
    critical: bool,
    flat: int,
    energy: str,
    resistance: int,
    con_reduction: int,
    s: AceSettings,
    automatic: bool = False,
    absorb: Mapping[str, int] | None = None,
) -> Damage:
    """ACE-PIPE-1 steps 3-9: roll the pool, x5 (x10 critical), extras, resistance, CON."""
    if automatic:
        faces: tuple[int, ...] = ()
        hits = pool  # ACE-CDG-1: every attack die counts as a success, nothing is rolled
    else:
        assert dice is not None
        faces = tuple(roll_pool(pool, dice, m.PURPOSE_DAMAGE.english))
        hits = successes(list(faces))
    return damage_from(
        pool, faces, hits, critical, flat, energy, resistance, con_reduction, s, absorb=absorb
    )


def damage_from(
    pool: int,
    faces: tuple[int, ...],
    hits: int,
    critical: bool,
    flat: int,
    energy: str,
    resistance: int,
    con_reduction: int,
    s: AceSettings,
    *,
    absorb: Mapping[str, int] | None = None,
    base: int | None = None,
) -> Damage:
    """ACE-PIPE-1 steps 4-9 from a number of successes (the preview enumerates these).

    `base` replaces step 4 for a skill whose own text gives its damage (ACE-ATK-4): the x5/x10
    multiplier is for successes, so a critical does not double it.
    """
    if base is None:
        base = hits * (10 if critical else 5)  # step 4, ACE-HIT-3
    extra = flat * (2 if critical and s.crit_doubles_flat else 1)  # step 5, ACE-AMB-11
    # Step 5's extras are physical; the weapon's own damage carries its energy type (ACE-AMB-17).
    physical = extra + (0 if energy else base)
    energetic = base if energy else 0
    physical, energetic, absorbed = absorbed_by(physical, energetic, energy, absorb or {})
    resisted = min(energetic, resistance) if energy else 0  # step 7, ACE-RES-1
    energetic -= resisted
    reduced = min(physical, con_reduction)  # step 8, ACE-ATTR-7
    physical -= reduced
    total = max(0, physical + energetic)  # step 9
    return Damage(
        pool, faces, hits, base, extra, resisted, reduced, total, energy, absorbed=absorbed
    )


ABSORB_ALL = "all"  # an absorption that takes damage of every type


def absorbed_by(
    physical: int, energetic: int, energy: str, absorb: Mapping[str, int]
) -> tuple[int, int, int]:
    """ACE-PIPE-1 step 6: skills and items absorb points of a hit before energy resistance.

    An absorption names the type it takes ("" physical, an energy, or every type); one of every
    type takes the physical part first. Returns the physical and energy parts left and the total
    absorbed.
    """
    taken_physical = min(physical, max(0, absorb.get("", 0)))
    taken_energy = min(energetic, max(0, absorb.get(energy, 0))) if energy else 0
    physical -= taken_physical
    energetic -= taken_energy
    spare = max(0, absorb.get(ABSORB_ALL, 0))
    more_physical = min(physical, spare)
    more_energy = min(energetic, spare - more_physical)
    physical -= more_physical
    energetic -= more_energy
    return physical, energetic, taken_physical + taken_energy + more_physical + more_energy
