"""Numbers as a reader writes them on a board: fractions as mixed numbers."""

from __future__ import annotations

from typing import Any

VULGAR = {(1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾"}


def mixed(value: Any) -> str:
    """A fraction as a reader writes it: "7/2" -> "3½", "-7/2" -> "-3½", "4" -> "4"."""
    text = str(value)
    numerator, slash, denominator = text.partition("/")
    if not slash or not numerator.removeprefix("-").isdecimal() or not denominator.isdecimal():
        return text
    if int(denominator) == 0:
        return text
    sign = "-" if numerator.startswith("-") else ""
    whole, part = divmod(int(numerator.removeprefix("-")), int(denominator))
    if part == 0:
        return f"{sign}{whole}" if whole else "0"
    glyph = VULGAR.get((part, int(denominator)), f" {part}/{denominator}")
    return sign + f"{whole or ''}{glyph}".strip()
