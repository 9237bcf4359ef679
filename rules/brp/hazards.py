"""BRP hazards shared by the percentile systems: blasts, falls, drowning, poison, acid, fire."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from rules.brp.core import Number, resistance_check, rhu
from rules.core.dice import Dice

# COC-ACID-TABLE: damage per round of massive contact.
ACID: dict[str, str] = {"weak": "1d3-1", "strong": "1d4", "very_strong": "1d6"}

# COC-FIRE-3/-4/-6/-7: damage per round of the preset fires ("on_fire": burning hair and clothes).
FIRES: dict[str, str] = {
    "torch": "1d6",
    "on_fire": "1d6",
    "bonfire": "1d6+2",
    "burning_room": "1d6+2",
}


def blast_dice(dice: int, radius: Number, distance: Number) -> int:
    """COC-EXPL-1: band k = max(1, ceil(d/r)); (N - k + 1)d6, nothing beyond N bands."""
    if radius <= 0:
        return dice if distance <= 0 else 0
    band = max(1, math.ceil(Fraction(distance) / Fraction(radius)))
    return max(0, dice - band + 1)


def blast_roll(
    dice: Dice, count: int, radius: Number, distance: Number, purpose: str
) -> tuple[int, int]:
    """COC-EXPL-1/-2: one target's blast: its band's d6 (0: out of the blast) and what they
    roll; every target in a blast rolls its own."""
    band = blast_dice(count, radius, distance)
    if band <= 0:
        return 0, 0
    return band, sum(dice.roll(6, purpose) for _ in range(band))


def changed_charge(dice: int, radius: Number, doublings: int) -> tuple[int, Fraction]:
    """COC-EXPL-3: doubling the charge multiplies dice and radius by 3/2, halving by 2/3."""
    factor = Fraction(3, 2) ** doublings if doublings >= 0 else Fraction(2, 3) ** -doublings
    return rhu(dice * factor), Fraction(radius) * factor


def fall_dice(height_ft: Number, jumped: bool = False) -> int:
    """COC-FALL-1/-2: floor(h/10) - 1 d6 (the first 10 ft free); a successful Jump takes 1d6 off."""
    dice = max(0, math.floor(Fraction(height_ft) / 10) - 1)
    return max(0, dice - 1) if jumped else dice


SUFFOCATION = "1d6"  # COC-DROWN-4: a round without air after the first failed breath roll

DROWN_START = 10  # COC-DROWN-2: CON x10 in the first round without air
DROWN_START_SURPRISED = 6  # COC-DROWN-3: a surprised victim starts at CON x6


def drown_start(surprised: bool) -> int:
    """COC-DROWN-2/-3: the first round's multiple, x10, or x6 for a victim taken by surprise."""
    return DROWN_START_SURPRISED if surprised else DROWN_START


def drown_multiplier(round_number: int, start: int = DROWN_START) -> int:
    """COC-DROWN-2/-3: CON x10 in the first round without air, then x9 ... never below x1."""
    return max(1, start - round_number + 1)


def breath_chance(con: int, round_number: int, start: int = DROWN_START) -> tuple[int, int]:
    """COC-DROWN-2/-3: (the multiple k, the chance CON x k) for the nth round without air."""
    multiple = drown_multiplier(round_number, start)
    return multiple, con * multiple


def breath_held(roll: int, chance: int, strict_less: bool = True) -> bool:
    """COC-DROWN-2 (AMB-COC-01): the breath holds on a d100 under CON x k, as the seed says;
    `strict_less=False` is the digest's "at or under". No 01/100 rule and no automatic success:
    the seed compares the roll with the chance and nothing else."""
    return roll < chance if strict_less else roll <= chance


def poison_damage(potency: int, poison_wins: bool, on_failure: str = "half") -> int:
    """COC-POISON-2/-3: HP = POT if the poison wins, else rhu(POT/2) (or nothing)."""
    if poison_wins:
        return potency
    return rhu(Fraction(potency, 2)) if on_failure == "half" else 0


FLAME_SKILLS = ("luck", "first_aid")  # COC-FIRE-5: what puts burning clothes out


def may_fight_flames(skill: str, own: bool) -> bool:
    """COC-FIRE-5: a Luck roll puts out the victim's own flames; First Aid anyone's."""
    return skill == "first_aid" or (skill == "luck" and own)


def poison_check(potency: int, con: int, roll: int) -> tuple[int, bool]:
    """COC-POISON-1: (the chance, whether the poison wins): its potency against the victim's CON
    on the resistance table, the d100 read as it falls."""
    return resistance_check(potency, con, roll)


def severe_burn(burned_before: int, burned_now: int, max_hp: int) -> bool:
    """COC-FIRE-2: this burn takes one fire incident's total past half the maximum HP."""
    half = Fraction(max_hp, 2)
    return burned_before <= half < burned_before + burned_now


@dataclass(frozen=True)
class Poison:
    """COC-POISON-TABLE: one standard dose; onset from `low` to `high` in `unit` (COC-POISON-5)."""

    name: str
    potency: int
    low: int
    high: int
    unit: str  # "round", "minute" or "hour": the range's smaller unit
    effect: str  # "damaging" or "incapacitating" (COC-POISON-7)
    asleep: str = ""  # how long an incapacitating poison knocks out
    extra_hours: int = 0  # COC-POISON-6: more unconsciousness per extra dose
    extra_failure: int = 0  # COC-POISON-6: more % respiratory failure per extra dose


POISONS: dict[str, Poison] = {
    "amanita": Poison("Amanita", 15, 6, 24, "hour", "damaging"),
    "arsenic": Poison("Arsenic", 16, 30, 24 * 60, "minute", "damaging"),
    "belladonna": Poison("Belladonna", 16, 2, 48, "hour", "damaging"),
    "black_widow": Poison("Black widow spider", 7, 2, 8, "hour", "damaging"),
    "chloral_hydrate": Poison(
        "Chloral hydrate", 17, 1, 3, "minute", "incapacitating", "1 hour", 1, 10
    ),
    "chloroform": Poison("Chloroform", 15, 1, 1, "round", "incapacitating", "1d6 x 10 minutes"),
    "cobra": Poison("Cobra", 16, 15, 60, "minute", "damaging"),
    "curare": Poison("Curare", 25, 1, 1, "round", "damaging"),
    "cyanide": Poison("Cyanide", 20, 1, 15, "minute", "damaging"),
    "rattlesnake": Poison("Rattlesnake", 10, 15, 60, "minute", "damaging"),
    "rohypnol": Poison("Rohypnol", 18, 15, 30, "minute", "incapacitating", "4-8 hours"),
    "scorpion": Poison("Scorpion", 9, 24, 48, "hour", "damaging"),
    "sleeping_pills": Poison(
        "Sleeping pills", 6, 10, 30, "minute", "incapacitating", "normal sleep", 0, 5
    ),
    "strychnine": Poison("Strychnine", 20, 10, 20, "minute", "damaging"),
}


def onset_die(poison: Poison) -> int:
    """COC-POISON-5: the onset is low + (1dN - 1) units, N = high - low + 1 (0: a fixed onset)."""
    return poison.high - poison.low + 1 if poison.high > poison.low else 0


def onset(poison: Poison, dice: Dice, purpose: str) -> int:
    """COC-POISON-5: the onset, in the range's smaller unit: low + (1dN - 1), N = high - low + 1
    (no die for a fixed onset)."""
    die = onset_die(poison)
    return poison.low + (dice.roll(die, purpose) - 1 if die else 0)


def extra_dose_effects(poison: Poison, doses: int) -> tuple[int, int]:
    """COC-POISON-6: (extra hours of unconsciousness, % chance of respiratory failure)."""
    extra = max(0, doses - 1)
    return extra * poison.extra_hours, extra * poison.extra_failure
