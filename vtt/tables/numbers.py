"""Numbers as a reader writes them on a board: fractions as mixed numbers."""

from __future__ import annotations

from typing import Any

VULGAR = {(1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾"}


def mixed(value: Any) -> str:
    """A fraction as a reader writes it: "7/2" -> "3½", "1/3" -> "⅓", "4" -> "4"."""
    text = str(value)
    numerator, slash, denominator = text.partition("/")
    if not slash or not numerator.removeprefix("-").isdecimal() or not denominator.isdecimal():
        return text
    whole, part = divmod(int(numerator), int(denominator))
    if part == 0:
        return str(whole)
    glyph = VULGAR.get((part, int(denominator)), f" {part}/{denominator}")
    return f"{whole or ''}{glyph}".strip()
