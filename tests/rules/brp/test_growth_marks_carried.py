"""Issue 38, COC-GROW-1 / DG-GROW-1: the skills marked in play go to the sheet through the
write-back and come back at the next encounter, until the growth roll clears them; a hidden
check's mark stays the holder's and the GM's on the way (the sheet is theirs alone)."""

from __future__ import annotations

from typing import Any

from rules.coc import SYSTEM as COC
from rules.core.system import Audience
from rules.delta_green import SYSTEM as DG
from tests.rules.coc.coc_helpers import act, person, scene
from tests.rules.delta_green.dg_helpers import agent, encounter, play

BO = Audience("player", actors=frozenset({"bo"}))


def again(system: Any, sheet: dict[str, Any], other: dict[str, Any]) -> dict[str, Any]:
    """The next encounter, started from the campaign's sheet after the write-back."""
    return system.start(
        {
            "title": "next",
            "settings": {},
            "combatants": [{"id": "ann", "sheet": sheet}, {"id": "bo", "sheet": other}],
        }
    )


def test_call_of_cthulhu_marks_go_to_the_sheet_and_back_until_the_growth_roll() -> None:
    ann, bo = person("Ann", controller="p1"), person("Bo")
    state, _ = act(scene(("ann", ann), ("bo", bo)), "check", "ann", [8], skill="侦查")
    state, _ = act(state, "check", "ann", [10], skill="jump", hidden=True)
    sheet = COC.write_back(state, "ann", COC.validate_sheet(ann))  # type: ignore[misc]
    assert sheet["growth_marks"] == [
        {"key": "spot_hidden", "hidden": False},
        {"key": "jump", "hidden": True},
    ]
    assert COC.validate_sheet(sheet)["growth_marks"] == sheet["growth_marks"]  # the form keeps it
    state = again(COC, COC.validate_sheet(sheet), bo)
    ann_now = state["combatants"]["ann"]
    assert ann_now["marks"] == ["spot_hidden", "jump"]
    assert ann_now["hidden_marks"] == ["jump"]
    assert "growth_marks" not in ann_now["sheet"]  # the marks are the combatant's, as seen
    seen = next(c for c in COC.view(state, BO)["combatants"] if c["id"] == "ann")
    assert seen["marks"] == ["spot_hidden"]  # Bo's player reads no hidden check's mark
    assert "jump" not in str(seen.get("marks"))
    state, _ = act(
        state, "growth", "ann", [99, 4, 1]
    )  # Spot Hidden: 99 > 40 grows by 4; Jump: 1, no gain
    after = COC.write_back(state, "ann", sheet)  # type: ignore[misc]
    assert after["growth_marks"] == []


def test_delta_green_marks_go_to_the_sheet_and_back_until_the_growth_roll() -> None:
    state = encounter(agent("ann"), agent("bo"))
    state, _ = play(state, "check", "ann", [95], skill="dodge")
    state, _ = play(state, "check", "ann", [96], skill="急救", hidden=True)
    sheet = DG.write_back(state, "ann", DG.validate_sheet(agent("ann")["sheet"]))  # type: ignore[misc]
    assert sheet["growth_marks"] == [
        {"key": "dodge", "hidden": False},
        {"key": "first_aid", "hidden": True},
    ]
    state = again(DG, DG.validate_sheet(sheet), agent("bo")["sheet"])
    assert state["combatants"]["ann"]["marks"] == ["dodge", "first_aid"]
    assert "growth_marks" not in state["combatants"]["ann"]["sheet"]
    assert "first_aid" not in str(DG.view(state, BO)["combatants"]["ann"].get("marks"))
    state, _ = play(state, "growth", "ann", [2, 3])
    assert DG.write_back(state, "ann", sheet)["growth_marks"] == []  # type: ignore[misc]


def test_the_sheet_shows_its_marks_until_the_growth_roll() -> None:
    """COC-GROW-1 / DG-GROW-1: the sheet's worked-out values name the marked skills."""
    coc = dict(COC.default_sheet, growth_marks=[{"key": "spot_hidden", "hidden": False}])
    line = COC.derive(coc)[-1]  # type: ignore[misc]
    assert (line.label.id, line.value) == ("coc.sheet.marked", 1)
    assert line.explanation.english() == "Spot Hidden, until the growth roll"
    assert COC.derive(dict(COC.default_sheet))[-1].label.id != "coc.sheet.marked"  # type: ignore[misc]
    dg = dict(DG.default_sheet, growth_marks=[{"key": "dodge", "hidden": True}])
    assert DG.derive(dg)[-1].value == 1  # type: ignore[misc]
