"""`"²".isdigit()` is true but `int("²")` raises, and `"--5".lstrip("-")` hides a second sign:
a typed number the engine cannot read is refused by name, never a ValueError (issue 30)."""

from __future__ import annotations

import copy

import pytest

from rules.core.errors import SheetError
from rules.core.registry import get_system
from rules.core.schema import Entry
from rules.mech.data import MARA

WHOLE = Entry("hp", "HP", "int", min=0, max=99)


@pytest.mark.parametrize("typed", ["²", "1²", "--5", "-²"])
def test_a_whole_number_field_refuses_what_int_cannot_read(typed: str) -> None:
    with pytest.raises(SheetError) as refused:
        WHOLE.validate(typed, "hp")
    assert refused.value.field == "hp"


@pytest.mark.parametrize(("typed", "read"), [("7", 7), (" 12 ", 12), ("-0", 0), ("٣", 3)])
def test_a_whole_number_field_reads_decimal_digits(typed: str, read: int) -> None:
    assert WHOLE.validate(typed, "hp") == read


def test_a_mech_loadout_mount_in_superscript_is_refused_by_name() -> None:
    mech = get_system("mech")
    sheet = mech.validate_sheet(copy.deepcopy(MARA))  # as the sheet form keeps it: loadout rows
    sheet["loadout"][0]["mount"] = "²"
    with pytest.raises(SheetError) as refused:
        mech.validate_sheet(sheet)
    assert refused.value.field == "loadout[0].mount"
