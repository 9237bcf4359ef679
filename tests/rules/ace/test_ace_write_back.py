"""What an encounter leaves on a reincarnator's sheet and the next one starts from (issue 32):
HP and death (ACE-ATTR-3), conditions (ACE-CDG-1), current attributes (ACE-AMB-05), the Mark's
points and potential points (ACE-MARK-4), its items (ACE-MARK-1) and weapons lost."""

from __future__ import annotations

from typing import Any

import pytest
from ace_helpers import c, play, table

from rules.ace import SYSTEM
from rules.ace.write_back import write_back
from rules.core.errors import IllegalAction


def written(state: dict[str, Any], ident: str) -> dict[str, Any]:
    sheet: dict[str, Any] = SYSTEM.validate_sheet(
        write_back(state, ident, c(state, ident)["sheet"])
    )
    return sheet


def again(sheet: dict[str, Any], ident: str = "lin") -> dict[str, Any]:
    state = SYSTEM.start({"combatants": [{"id": ident, "side": "a", "sheet": sheet}]})
    return c(state, ident)


def test_hp_conditions_lowered_attributes_and_the_marks_points_carry_on() -> None:
    """Lin Yue (60 HP) loses 45: 15/60; the GM puts her to sleep and sets STR 7 -> 3; a hint
    costs 12 of 30 points and 2 of 5 potential points; the katana goes into the Mark."""
    state = table()
    lin = c(state, "lin")["sheet"]
    lin["mark"] = {**lin["mark"], "points": 30, "potential": 5}
    state, _ = play(state, "mark_store", "lin", item="1")
    state, _ = play(state, "hp", "gm", target="lin", amount=-45)
    state, _ = play(state, "set_condition", "gm", target="lin", condition="asleep")
    state, _ = play(state, "set_attribute", "gm", target="lin", attribute="str", value=3)
    state, _ = play(state, "mark_hint", "gm", target="lin", points=12, potential=2)
    sheet = written(state, "lin")
    assert sheet["condition"]["hp"] == 15
    assert sheet["condition"]["asleep"] is True
    assert sheet["condition"]["dead"] is False
    assert sheet["condition"]["current"] == {"str": 3}
    assert sheet["str"] == 7  # the maximum stays
    assert (sheet["mark"]["points"], sheet["mark"]["potential"]) == (18, 3)
    assert sheet["items"][1]["stored"] is True
    nxt = again(sheet)
    assert (nxt["hp"], nxt["hp_max"]) == (15, 60)
    assert nxt["conditions"] == ["asleep"]
    assert nxt["current"]["str"] == 3
    assert nxt["current"]["dex"] == 7
    assert nxt["sheet"]["mark"]["points"] == 18


def test_a_dead_reincarnator_stays_dead_and_an_unhurt_one_keeps_no_condition() -> None:
    """ACE-ATTR-3: at 0 HP a combatant dies at once."""
    state = table()
    state, _ = play(state, "hp", "gm", target="su", amount=-50)
    sheet = written(state, "su")
    assert sheet["condition"]["dead"] is True
    assert sheet["condition"]["hp"] == 0
    assert again(sheet, "su")["dead"] is True
    assert written(state, "lin")["condition"] is None


def test_a_weapon_dropped_and_left_lying_is_gone_from_the_sheet() -> None:
    """ACE-CALLED-DISARM: a weapon knocked away and not picked up again is not carried on (the GM
    leaves the line out to keep it)."""
    state = table()
    c(state, "su")["dropped"] = ["dagger"]
    assert [w["key"] for w in written(state, "su")["weapons"]] == ["talisman"]


def test_items_used_up_or_dropped_are_gone_from_the_sheet() -> None:
    """ACE-MARK-1: Lin eats one of her three recovery rations, then drops the katana and leaves
    it: the sheet carries two rations and no katana; using more than she holds is refused."""
    state = table()
    state, events = play(state, "item_used", "gm", item="lin:0", used=1)
    assert events[0].payload["left"] == 2
    state, _ = play(state, "item_used", "gm", item="lin:1", lost="on")
    sheet = written(state, "lin")
    assert [(i["name"], i["count"]) for i in sheet["items"]] == [
        ("Recovery ration (30 HP)", 2),
        ("Phone from home", 1),
    ]
    assert again(sheet)["items"][0]["count"] == 2
    with pytest.raises(IllegalAction, match="holds only 2"):
        play(state, "item_used", "gm", item="lin:0", used=3)
