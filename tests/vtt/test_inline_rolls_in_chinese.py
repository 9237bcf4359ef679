"""Issue 33: the dice of an inline chat roll ([[4d10>=8]]), shown when the pointer rests on its
total, read in the reader's language; a line stored before rolls kept their message reads as it
was stored."""

from __future__ import annotations

from django.utils import translation

from rules.core.dice import LoadedDice
from rules.core.system import Action
from rules.core.table import resolve_table_action
from vtt.encounters.fragments import inline_line
from vtt.eventlog.models import Event


def _row() -> Event:
    [event] = resolve_table_action(
        Action("table.say", "Pip", {"text": "出手 [[4d10>=8]]"}), LoadedDice([9, 2, 8, 3])
    )
    return Event(kind=event.kind, payload=dict(event.payload), msg=event.msg.to_json())


def _tooltip(row: Event) -> str:
    line = inline_line(row)
    assert line is not None
    [roll] = [part for part in line["parts"] if "expr" in part]
    return str(roll["breakdown"])


def test_an_inline_rolls_dice_read_in_chinese() -> None:
    row = _row()
    with translation.override("zh-hans"):
        shown = _tooltip(row)
    assert "个成功数" in shown, shown
    assert "success" not in shown, shown
    with translation.override("en"):
        assert _tooltip(row) == row.payload["rolls"][0]["breakdown"]
    assert "successes" in row.payload["rolls"][0]["breakdown"]


def test_a_line_stored_before_its_rolls_kept_their_message_reads_as_stored() -> None:
    row = _row()
    for roll in row.payload["rolls"]:
        del roll["said"]
    with translation.override("zh-hans"):
        assert _tooltip(row) == row.payload["rolls"][0]["breakdown"]


def test_the_lines_text_reads_the_inline_rolls_in_chinese_too() -> None:
    """The line's plain text (mine.txt, the log's text) holds the same dice in words."""
    from django.utils import timezone

    from rules.core.system import GM
    from vtt.encounters.fragments import visible_rows

    row = _row()
    row.seq, row.entry, row.audience, row.created = 1, 1, "all", timezone.now()
    with translation.override("zh-hans"):
        [line] = visible_rows([row], GM)
    assert "个成功数" in line["text"], line["text"]
    assert "success" not in line["text"], line["text"]
    assert line["text"].count("[4d10>=8: ") == 1, line["text"]
