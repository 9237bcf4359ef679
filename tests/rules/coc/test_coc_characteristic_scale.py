"""COC-GEN-2: an investigator's characteristics are on the 3–18 scale (EDU up to 21) and a value
above it is refused with the bound named; a creature's may go beyond; an encounter's setup keeps
the numbers the Keeper wrote (issue 36)."""

from __future__ import annotations

import pytest

from rules.coc import SYSTEM
from rules.coc.sheet import DEFAULT_SHEET, validate_sheet
from rules.core.errors import SheetError


def test_str_60_of_an_investigator_is_refused_naming_18() -> None:
    with pytest.raises(SheetError) as refused:
        SYSTEM.validate_sheet({**DEFAULT_SHEET, "str": 60})
    assert refused.value.field == "str"
    assert refused.value.rule == "COC-GEN-2"
    assert "at most 18" in str(refused.value.problem.english())


def test_edu_goes_to_21_and_a_creature_beyond_the_scale() -> None:
    assert SYSTEM.validate_sheet({**DEFAULT_SHEET, "edu": 21})["edu"] == 21
    with pytest.raises(SheetError):
        SYSTEM.validate_sheet({**DEFAULT_SHEET, "edu": 22})
    ghoul = SYSTEM.validate_sheet({**DEFAULT_SHEET, "kind": "creature", "str": 30})
    assert ghoul["str"] == 30
    assert validate_sheet({**DEFAULT_SHEET, "con": 30})["con"] == 30  # a setup's numbers
