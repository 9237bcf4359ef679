"""A long Delta Green line (a suppression with many parts) nests only log2(parts) deep, so the
campaign file that carries it stays within the depth an import accepts (vtt/lobby/transfer.py)."""

from __future__ import annotations

from typing import Any

from rules.core.kit import Message
from rules.delta_green.log_messages import semi, spaced

PART = Message("test.part", "part {n}")


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


def test_a_line_of_many_parts_reads_as_a_chain_but_nests_shallowly() -> None:
    parts = [PART(n=n) for n in range(40)]

    line = semi(parts)

    assert line.english() == "; ".join(f"part {n}" for n in range(40))
    assert _depth(line.to_json()) <= 3 * 7 + 3  # about log2(40) joins deep, not 40


def test_words_joined_with_spaces_read_in_order() -> None:
    words = [PART(n=n) for n in range(5)]

    assert spaced(words).english() == "part 0 part 1 part 2 part 3 part 4"
    assert semi([None, words[0], None]).english() == "part 0"
