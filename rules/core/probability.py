"""Exact outcome distributions and the preview JSON built from them: fractions, not floats."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.core.errors import DiceError
from rules.core.jsonstate import Json

# A keep-highest/lowest pool is enumerated by dyce over sorted rolls; beyond this many
# count × sides its cost grows past what a preview may spend.
MAX_KEEP_WORK = 2000
MAX_SPAN = 200_000  # outcomes a distribution may hold
MAX_ENUMERATION = 1_000_000  # combinations `enumerate_dice` may walk
# Previews answer web requests: these bound a sum's work to about half a second.
MAX_SUM_WORK = 1_000_000  # dice × outcomes for `sum_of_dice` (100d100 is exactly this)
MAX_PAIRS = 1_000_000  # outcome pairs when adding two distributions


@dataclass(frozen=True)
class Distribution:
    """An exact distribution over whole numbers: sorted (outcome, positive integer weight) pairs."""

    weights: tuple[tuple[int, int], ...]

    @classmethod
    def from_counts(cls, counts: Mapping[int, int]) -> Distribution:
        """A distribution from outcome -> count, zeros dropped and weights reduced by their gcd."""
        pairs = sorted((int(v), int(c)) for v, c in counts.items() if c)
        if not pairs:
            raise ValueError("a distribution needs at least one outcome")
        if any(c < 0 for _, c in pairs):
            raise ValueError("a distribution cannot have negative weights")
        if len(pairs) > MAX_SPAN:
            raise DiceError(f"too many outcomes to compute exactly (more than {MAX_SPAN})")
        divisor = math.gcd(*(c for _, c in pairs))
        return cls(tuple((v, c // divisor) for v, c in pairs))

    @classmethod
    def from_probabilities(cls, probabilities: Mapping[int, Fraction]) -> Distribution:
        """A distribution from outcome -> exact probability (they must add up to 1)."""
        total = sum(probabilities.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"probabilities add up to {total}, not 1")
        scale = math.lcm(*(Fraction(p).denominator for p in probabilities.values()))
        return cls.from_counts({v: int(Fraction(p) * scale) for v, p in probabilities.items()})

    @classmethod
    def constant(cls, value: int) -> Distribution:
        """Always `value`."""
        return cls(((value, 1),))

    @classmethod
    def die(cls, sides: int) -> Distribution:
        """One fair die numbered 1..sides."""
        return cls.uniform(1, sides)

    @classmethod
    def uniform(cls, low: int, high: int) -> Distribution:
        """Every whole number from low to high, equally likely."""
        if high < low:
            raise ValueError(f"empty range {low}..{high}")
        return cls.from_counts(dict.fromkeys(range(low, high + 1), 1))

    @property
    def total(self) -> int:
        """The sum of the weights (the denominator of every probability before reduction)."""
        return sum(c for _, c in self.weights)

    @property
    def outcomes(self) -> tuple[int, ...]:
        """Every possible outcome, ascending."""
        return tuple(v for v, _ in self.weights)

    def probabilities(self) -> list[tuple[int, Fraction]]:
        """Each outcome with its exact probability, ascending."""
        total = self.total
        return [(v, Fraction(c, total)) for v, c in self.weights]

    def probability(self, value: int) -> Fraction:
        """The exact chance of exactly `value`."""
        return self.chance(lambda v: v == value)

    def chance(self, predicate: Callable[[int], bool]) -> Fraction:
        """The exact chance that the outcome satisfies `predicate`."""
        return Fraction(sum(c for v, c in self.weights if predicate(v)), self.total)

    def at_least(self, value: int) -> Fraction:
        """The chance of `value` or more."""
        return self.chance(lambda v: v >= value)

    def at_most(self, value: int) -> Fraction:
        """The chance of `value` or less."""
        return self.chance(lambda v: v <= value)

    def expected(self) -> Fraction:
        """The exact mean."""
        return Fraction(sum(v * c for v, c in self.weights), self.total)

    def map(self, function: Callable[[int], int]) -> Distribution:
        """The distribution of `function(outcome)`, e.g. a floor at 0 or a damage multiplier."""
        counts: dict[int, int] = {}
        for v, c in self.weights:
            key = function(v)
            counts[key] = counts.get(key, 0) + c
        return Distribution.from_counts(counts)

    def __add__(self, other: Distribution | int) -> Distribution:
        """The distribution of the sum of two independent outcomes (or plus a constant)."""
        if isinstance(other, int):
            return Distribution(tuple((v + other, c) for v, c in self.weights))
        if len(self.weights) * len(other.weights) > MAX_PAIRS:
            raise DiceError("too many outcomes to compute exactly")
        counts: dict[int, int] = {}
        for v1, c1 in self.weights:
            for v2, c2 in other.weights:
                counts[v1 + v2] = counts.get(v1 + v2, 0) + c1 * c2
        return Distribution.from_counts(counts)

    def __radd__(self, other: int) -> Distribution:
        return self + other

    def __neg__(self) -> Distribution:
        return Distribution(tuple((-v, c) for v, c in reversed(self.weights)))

    def __sub__(self, other: Distribution | int) -> Distribution:
        return self + (-other)

    def to_json(self) -> list[Json]:
        """Each outcome with its exact and float probability, for a preview's details."""
        return [
            {"value": v, "probability": float(p), "exact": fraction_text(p)}
            for v, p in self.probabilities()
        ]


def mixture(parts: Sequence[tuple[Fraction, Distribution]]) -> Distribution:
    """A two-stage roll: with chance p_i the outcome follows d_i (the chances add up to 1)."""
    total = sum((Fraction(p) for p, _ in parts), Fraction(0))
    if total != 1:
        raise ValueError(f"mixture chances add up to {total}, not 1")
    probabilities: dict[int, Fraction] = {}
    for p, dist in parts:
        for v, q in dist.probabilities():
            probabilities[v] = probabilities.get(v, Fraction(0)) + Fraction(p) * q
    return Distribution.from_probabilities({v: q for v, q in probabilities.items() if q})


def sum_of_dice(count: int, sides: int) -> Distribution:
    """The sum of `count` fair d`sides`, by running-sum convolution (fast for large pools)."""
    if count < 0 or sides < 1:
        raise ValueError(f"cannot roll {count}d{sides}")
    if count * sides > MAX_SPAN or count * count * sides > MAX_SUM_WORK:
        raise DiceError(f"{count}d{sides} has too many outcomes to compute exactly")
    counts = [1]  # counts[i] = ways to make (current minimum + i)
    for _ in range(count):
        running = [0, *itertools.accumulate(counts)]
        width = len(counts) + sides - 1
        counts = [
            running[min(i + 1, len(counts))] - running[max(i + 1 - sides, 0)] for i in range(width)
        ]
    return Distribution.from_counts({count + i: c for i, c in enumerate(counts)})


def success_pool(count: int, sides: int, succeeds: Callable[[int], bool]) -> Distribution:
    """How many of `count` d`sides` show a face that `succeeds` (ACE-DICE-2: d10, 8+)."""
    if count < 0:
        raise ValueError(f"cannot roll {count} dice")
    hits = sum(1 for face in range(1, sides + 1) if succeeds(face))
    misses = sides - hits
    return Distribution.from_counts(
        {k: math.comb(count, k) * hits**k * misses ** (count - k) for k in range(count + 1)}
    )


def keep_dice(count: int, sides: int, keep: int, highest: bool) -> Distribution:
    """The sum of the `keep` highest (or lowest) of `count` d`sides` (4d6kh3), using dyce."""
    if not 1 <= keep <= count:
        raise ValueError(f"cannot keep {keep} of {count} dice")
    if count * sides > MAX_KEEP_WORK:
        raise DiceError(f"{count}d{sides} keeping {keep} is too large to compute exactly")
    from dyce import P  # imported here: dyce is slow to import and only previews need it

    pool = count @ P(sides)  # dyce sorts each roll ascending
    selected = slice(count - keep, None) if highest else slice(0, keep)
    return Distribution.from_counts({int(v): int(c) for v, c in pool.at(selected).items()})


def enumerate_dice(sides: Sequence[int], outcome: Callable[[tuple[int, ...]], int]) -> Distribution:
    """Exact distribution of `outcome(faces)` over every combination of the dice (brute force)."""
    combinations = math.prod(sides)
    if combinations > MAX_ENUMERATION:
        raise DiceError(f"{combinations} combinations are too many to enumerate")
    counts: dict[int, int] = {}
    for faces in itertools.product(*(range(1, s + 1) for s in sides)):
        value = outcome(faces)
        counts[value] = counts.get(value, 0) + 1
    return Distribution.from_counts(counts)


def percentile_chance(target: int) -> Fraction:
    """The chance that d100 (1-100) rolls `target` or less: a BRP percentile check."""
    return Fraction(min(max(target, 0), 100), 100)


def d20_chance(
    bonus: int,
    target: int,
    *,
    strictly_greater: bool = False,
    natural_1_fails: bool = False,
    natural_20_succeeds: bool = False,
) -> Fraction:
    """The chance that d20 + bonus meets (or beats) `target`, natural 1/20 rules optional."""

    def succeeds(face: int) -> bool:
        if natural_20_succeeds and face == 20:
            return True
        if natural_1_fails and face == 1:
            return False
        total = face + bonus
        return total > target if strictly_greater else total >= target

    return Fraction(sum(1 for face in range(1, 21) if succeeds(face)), 20)


def fraction_text(value: Fraction) -> str:
    """An exact probability as "p/q" in lowest terms ("0/1" and "1/1" included)."""
    value = Fraction(value)
    return f"{value.numerator}/{value.denominator}"


def outcome(label: str, probability: Fraction) -> Json:
    """One preview outcome: `{"label", "probability", "exact"}` (docs/architecture.md, Previews)."""
    probability = Fraction(probability)
    if not 0 <= probability <= 1:
        raise ValueError(f"{label}: probability {probability} is outside 0..1")
    return {"label": label, "probability": float(probability), "exact": fraction_text(probability)}


def distribution_outcomes(
    distribution: Distribution, label: Callable[[int], str] = str
) -> list[Json]:
    """One preview outcome per value of a distribution, ascending."""
    return [outcome(label(v), p) for v, p in distribution.probabilities()]


def preview(
    summary: str,
    outcomes: Iterable[tuple[str, Fraction]] | Iterable[Json],
    details: Json | None = None,
) -> Json:
    """The preview JSON of docs/architecture.md from a summary, (label, chance) pairs, details."""
    rows: list[Json] = []
    for item in outcomes:
        if isinstance(item, dict):
            rows.append(outcome(str(item["label"]), Fraction(item["exact"])))
        else:
            label, probability = item
            rows.append(outcome(label, probability))
    return {"summary": summary, "outcomes": rows, "details": dict(details or {})}
