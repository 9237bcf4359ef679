"""Dice notation (`2d6+3`, `4d6kh3`, `6d10>=8`, `d%`): parsed with Lark, rolled by given dice."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from rules.core.dice import MAX_SIDES, Dice, RollRecord
from rules.core.errors import DiceError
from rules.core.messages import Message, Msg
from rules.core.probability import Distribution, keep_dice, success_pool, sum_of_dice

MAX_DICE = 100  # dice in one expression: `/roll 10000d6` is refused
MAX_TERMS = 20
MAX_CONSTANT = 1_000_000
MAX_LENGTH = 200

# What a roller is told about notation that cannot be rolled (every word a message).
ENDS_EARLY = Message(
    "core.dice.ends_early", "{text} ends too early: a number or die is missing at the end"
)
UNEXPECTED = Message("core.dice.unexpected", "unexpected {what} at position {where}")
OVER_LIMIT = Message(
    "core.dice.over_limit", "{what} {value} at position {where} is over the limit of {limit}"
)
NUMBER = Message("core.dice.number", "number")
DIE_SIZE = Message("core.dice.die_size", "die size")
SUCCESS_TARGET = Message("core.dice.success_target", "success target")
TOO_MANY = Message("core.dice.too_many", "{count} dice is too many: at most {most} in one roll")
TWO_SIDES = Message(
    "core.dice.two_sides", "a die needs at least 2 sides, not {sides} (position {where})"
)
CANNOT_KEEP = Message("core.dice.cannot_keep", "cannot keep {n} of {count} dice (position {where})")
EMPTY = Message("core.dice.empty", "the dice expression is empty")
TOO_LONG = Message("core.dice.too_long", "a dice expression may be at most {most} characters long")
TOO_MANY_TERMS = Message(
    "core.dice.too_many_terms", "a dice expression may have at most {most} terms"
)
# A roll as the log says it ("4d10>=8 [9, 2, 8, 1] (2 successes) = 2"): its words are messages.
POOL_TERM = Message(
    "core.roll.pool_term",
    "{term} ({n} success)",
    plural="{term} ({n} successes)",
    count="n",
)
NEXT_TERM = Message("core.roll.next_term", "{before} {after}")
NEGATIVE = Message("core.roll.negative", "-{term}")
ROLL_TOTAL = Message("core.roll.total", "{terms} = {total}")
AT_LEAST = Message("core.roll.at_least", "{roll}, at least {floor}: {total}")

# Positions in error messages count characters from 1, spaces included.
GRAMMAR = r"""
start: first_term (ADDOP term)*
first_term: [ADDOP] term
?term: dice | constant
constant: INT
dice: [INT] "d" sides [keep] [pool]
sides: INT | PERCENT
keep: KEEP INT
pool: COMPARE INT
ADDOP: "+" | "-"
KEEP: "kh" | "kl" | "k"
COMPARE: ">=" | "<=" | ">" | "<"
PERCENT: "%"
INT: /[0-9]+/
%ignore /[ \t]+/
"""

_PARSER = Lark(GRAMMAR, parser="lalr", maybe_placeholders=True)

_COMPARE: dict[str, Callable[[int, int], bool]] = {
    ">=": lambda face, n: face >= n,
    "<=": lambda face, n: face <= n,
    ">": lambda face, n: face > n,
    "<": lambda face, n: face < n,
}


@dataclass(frozen=True)
class DiceTerm:
    """`count` dice of `sides` sides, maybe keeping the highest/lowest or counting successes."""

    count: int
    sides: int
    sign: int = 1
    keep: tuple[str, int] | None = None  # ("h" | "l", how many)
    pool: tuple[str, int] | None = None  # (">=" | "<=" | ">" | "<", target): value = successes
    percent: bool = False  # written d%

    @cached_property
    def notation(self) -> str:
        """The term as written, without its sign: `4d6kh3`, `6d10>=8`, `1d%`."""
        text = f"{self.count}d{'%' if self.percent else self.sides}"
        if self.keep:
            text += f"k{self.keep[0]}{self.keep[1]}"
        if self.pool:
            text += f"{self.pool[0]}{self.pool[1]}"
        return text

    def succeeds(self, face: int) -> bool:
        """Whether one face counts as a success of this pool (ACE-DICE-2: 8, 9 or 10 on a d10)."""
        assert self.pool is not None
        compare, target = self.pool
        return _COMPARE[compare](face, target)

    def kept(self, faces: list[int]) -> list[bool]:
        """Which faces count: all, or the kept highest/lowest (the earliest of equal faces)."""
        if self.keep is None:
            return [True] * len(faces)
        which, n = self.keep
        rank = (lambda i: (-faces[i], i)) if which == "h" else (lambda i: (faces[i], i))
        order = sorted(range(len(faces)), key=rank)
        chosen = set(order[:n])
        return [i in chosen for i in range(len(faces))]

    def value(self, faces: list[int]) -> int:
        """The unsigned value of this term for these faces."""
        kept = self.kept(faces)
        if self.pool is not None:
            return sum(1 for face, k in zip(faces, kept, strict=True) if k and self.succeeds(face))
        return sum(face for face, k in zip(faces, kept, strict=True) if k)

    def _kept_successes(self) -> Distribution:
        """Successes among the kept dice (`4d10kh2>=8`), exactly, from the whole pool's count.

        A pool's successes are its highest faces (`>=`, `>`) or its lowest (`<=`, `<`), so the
        k kept dice hold min(k, S) successes when they are kept from the successful end, and
        max(0, k - (count - S)) when kept from the other end; S is binomial (`success_pool`).
        """
        assert self.pool is not None
        assert self.keep is not None
        which, k = self.keep
        high_succeeds = self.pool[0] in (">=", ">")
        successes = success_pool(self.count, self.sides, self.succeeds)
        if (which == "h") == high_succeeds:
            return successes.map(lambda s: min(k, s))
        return successes.map(lambda s: max(0, k - (self.count - s)))

    def distribution(self) -> Distribution:
        """The exact distribution of the unsigned value."""
        if self.pool is not None and self.keep is None:
            return success_pool(self.count, self.sides, self.succeeds)
        if self.pool is not None and self.keep is not None:
            return self._kept_successes()
        if self.keep is not None:
            which, n = self.keep
            return keep_dice(self.count, self.sides, n, highest=which == "h")
        return sum_of_dice(self.count, self.sides)


@dataclass(frozen=True)
class ConstantTerm:
    """A whole number added or subtracted."""

    value: int
    sign: int = 1

    @property
    def notation(self) -> str:
        return str(self.value)


Term = DiceTerm | ConstantTerm


@dataclass(frozen=True)
class TermRoll:
    """One term rolled: its faces in order, which of them were kept, and its signed value."""

    term: Term
    faces: tuple[int, ...]
    kept: tuple[bool, ...]
    value: int

    @property
    def text(self) -> str:
        """`2d6 [3, 5]`, `4d6kh3 [6, 5, (2), 4]` `2d10>=8 [9, 2] (1 success)`."""
        term = self.term
        if isinstance(term, ConstantTerm):
            return term.notation
        pairs = zip(self.faces, self.kept, strict=True)
        shown = ", ".join(str(face) if kept else f"({face})" for face, kept in pairs)
        text = f"{term.notation} [{shown}]"
        if term.pool is not None:
            successes = abs(self.value)
            text += f" ({successes} success{'' if successes == 1 else 'es'})"
        return text

    @property
    def said(self) -> Msg | str:
        """`text` as words to translate: a pool's count of successes is a message."""
        if getattr(self.term, "pool", None) is None:
            return self.text
        return POOL_TERM(term=self.text.rsplit(" (", 1)[0], n=abs(self.value))

    def to_json(self) -> dict[str, Any]:
        return {
            "term": ("-" if self.term.sign < 0 else "+") + self.term.notation,
            "faces": list(self.faces),
            "kept": list(self.kept),
            "value": self.value,
        }


@dataclass(frozen=True)
class RollResult:
    """A rolled expression: total (after any floor), each term's faces, each die and purpose."""

    expr: DiceExpr
    total: int
    raw_total: int  # before the floor
    floor: int | None
    terms: tuple[TermRoll, ...]
    dice: tuple[RollRecord, ...]

    @cached_property
    def breakdown(self) -> str:
        """A readable line such as `2d6 [3, 5] + 3 = 11`."""
        parts: list[str] = []
        for i, term_roll in enumerate(self.terms):
            sign = term_roll.term.sign
            if i == 0:
                parts.append(("-" if sign < 0 else "") + term_roll.text)
            else:
                parts.append(("- " if sign < 0 else "+ ") + term_roll.text)
        text = f"{' '.join(parts)} = {self.raw_total}"
        if self.floor is not None and self.raw_total < self.floor:
            text += f", at least {self.floor}: {self.total}"
        return text

    @cached_property
    def said(self) -> Msg:
        """`breakdown` as a message, so a reader reads its words ("successes") in their
        language; its English is `breakdown`."""
        terms: Msg | str = ""
        for i, term_roll in enumerate(self.terms):
            sign = term_roll.term.sign
            if i == 0:
                said = term_roll.said
                terms = (
                    said
                    if sign > 0
                    else f"-{said}"
                    if isinstance(said, str)
                    else NEGATIVE(term=said)
                )
            else:
                part = NEXT_TERM(before="-" if sign < 0 else "+", after=term_roll.said)
                terms = NEXT_TERM(before=terms, after=part)
        said = ROLL_TOTAL(terms=terms, total=self.raw_total)
        if self.floor is not None and self.raw_total < self.floor:
            said = AT_LEAST(roll=said, floor=self.floor, total=self.total)
        return said

    def to_json(self) -> dict[str, Any]:
        return {
            "expr": self.expr.text,
            "total": self.total,
            "raw_total": self.raw_total,
            "floor": self.floor,
            "breakdown": self.breakdown,
            "terms": [term.to_json() for term in self.terms],
            "dice": [record.to_json() for record in self.dice],
        }


@dataclass(frozen=True)
class DiceExpr:
    """A parsed dice expression; `parse` refuses syntax errors (naming where) and too many dice."""

    terms: tuple[Term, ...]

    @staticmethod
    def parse(text: str) -> DiceExpr:
        """Parse `text` such as `2d6+3`, `4d6kh3`, `2d20kl1`, `6d10>=8`, `d%`, `1d3-1`."""
        return _parse(text)

    @cached_property
    def text(self) -> str:
        """The canonical notation, e.g. `1d20+5` for `d20 + 5`."""
        out = ""
        for i, term in enumerate(self.terms):
            if term.sign < 0:
                out += "-"
            elif i:
                out += "+"
            out += term.notation
        return out

    def __str__(self) -> str:
        return self.text

    @cached_property
    def dice_count(self) -> int:
        """How many dice one roll of the expression throws."""
        return sum(t.count for t in self.terms if isinstance(t, DiceTerm))

    def roll(self, dice: Dice, floor: int | None = None, purpose: str = "") -> RollResult:
        """Roll every die (recorded as `purpose` plus its term), optionally flooring the total."""
        start = len(dice.records)
        rolls: list[TermRoll] = []
        for term in self.terms:
            if isinstance(term, ConstantTerm):
                rolls.append(TermRoll(term, (), (), term.sign * term.value))
                continue
            label = f"{purpose} {term.notation}" if purpose else term.notation
            faces = [dice.roll(term.sides, label) for _ in range(term.count)]
            kept = term.kept(faces)
            rolls.append(TermRoll(term, tuple(faces), tuple(kept), term.sign * term.value(faces)))
        raw = sum(r.value for r in rolls)
        total = raw if floor is None else max(raw, floor)
        return RollResult(self, total, raw, floor, tuple(rolls), tuple(dice.records[start:]))

    def distribution(self, floor: int | None = None) -> Distribution:
        """The exact distribution of the total (dyce for kept dice, exact convolution otherwise)."""
        result = Distribution.constant(0)
        for term in self.terms:
            if isinstance(term, ConstantTerm):
                result = result + term.sign * term.value
            else:
                part = term.distribution()
                result = result + part if term.sign > 0 else result - part
        if floor is not None:
            bound = floor
            result = result.map(lambda v: max(v, bound))
        return result


def _position_error(text: str, error: UnexpectedInput) -> DiceError:
    if isinstance(error, UnexpectedEOF) or (
        isinstance(error, UnexpectedToken) and error.token.type == "$END"
    ):
        return DiceError.of(ENDS_EARLY(text=repr(text.strip())))
    if isinstance(error, UnexpectedToken):
        token = error.token
        return DiceError.of(UNEXPECTED(what=repr(token.value), where=_where(token)))
    assert isinstance(error, UnexpectedCharacters)
    return DiceError.of(UNEXPECTED(what=repr(error.char), where=(error.pos_in_stream or 0) + 1))


def _where(token: Token) -> int:
    """The 1-based position of a token in the text."""
    return (token.start_pos or 0) + 1


def _int(token: Token, what: Message, limit: int) -> int:
    value = int(token)
    if value > limit:
        where = _where(token)
        raise DiceError.of(OVER_LIMIT(what=what(), value=value, where=where, limit=limit))
    return value


def _term(node: Tree[Token], sign: int) -> Term:
    if node.data == "constant":
        (token,) = node.children
        assert isinstance(token, Token)
        return ConstantTerm(_int(token, NUMBER, MAX_CONSTANT), sign)
    count_token, sides_node, keep_node, pool_node = node.children
    count = 1 if count_token is None else int(_token(count_token))
    if count > MAX_DICE:
        raise DiceError.of(TOO_MANY(count=count, most=MAX_DICE))
    assert isinstance(sides_node, Tree)
    sides_token = _token(sides_node.children[0])
    percent = sides_token.type == "PERCENT"
    sides = 100 if percent else _int(sides_token, DIE_SIZE, MAX_SIDES)
    if sides < 2:
        where = _where(sides_token)
        raise DiceError.of(TWO_SIDES(sides=sides, where=where))
    keep = None
    if isinstance(keep_node, Tree):
        keep_kind, keep_count = (_token(c) for c in keep_node.children)
        n = int(keep_count)
        if not 1 <= n <= count:
            raise DiceError.of(CANNOT_KEEP(n=n, count=count, where=_where(keep_kind)))
        keep = ("l" if keep_kind == "kl" else "h", n)
    pool = None
    if isinstance(pool_node, Tree):
        compare, target = (_token(c) for c in pool_node.children)
        pool = (str(compare), _int(target, SUCCESS_TARGET, MAX_SIDES))
    return DiceTerm(count, sides, sign, keep, pool, percent)


def _token(child: Tree[Token] | Token | None) -> Token:
    assert isinstance(child, Token)
    return child


@lru_cache(maxsize=512)
def _parse(text: str) -> DiceExpr:
    if not text.strip():
        raise DiceError.of(EMPTY())
    if len(text) > MAX_LENGTH:
        raise DiceError.of(TOO_LONG(most=MAX_LENGTH))
    try:
        tree = _PARSER.parse(text.lower())
    except UnexpectedInput as error:
        raise _position_error(text, error) from None
    terms: list[Term] = []
    sign = 1
    for child in tree.children:
        if isinstance(child, Token):  # ADDOP between terms
            sign = -1 if child == "-" else 1
            continue
        assert isinstance(child, Tree)
        if child.data == "first_term":
            first_sign, node = child.children
            sign = -1 if first_sign == "-" else 1
            assert isinstance(node, Tree)
            child = node
        terms.append(_term(child, sign))
    if len(terms) > MAX_TERMS:
        raise DiceError.of(TOO_MANY_TERMS(most=MAX_TERMS))
    expr = DiceExpr(tuple(terms))
    if expr.dice_count > MAX_DICE:
        raise DiceError.of(TOO_MANY(count=expr.dice_count, most=MAX_DICE))
    return expr
