"""Delta Green on the system kit: typed settings and sheet refuse bad values naming the field."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.errors import SheetError
from rules.delta_green import SYSTEM
from rules.delta_green.settings import Settings, build, values


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("dg.walk_m", -2),
        ("dg.run_penalty", "lots"),
        ("dg.tie_rule", "coin_toss"),
        ("dg.hit_locations", "maybe"),
        ("dg.action_costs", {"melee": -1}),
    ],
)
def test_a_bad_setting_is_refused_naming_it(key: str, value: Any) -> None:
    with pytest.raises(SheetError, match=key.replace(".", r"\.")):
        SYSTEM.start({"settings": {key: value}, "combatants": []})


def test_settings_are_read_as_attributes_and_stored_as_before() -> None:
    settings = build({"dg.walk_m": 6, "dg.walking_modes": ["20"]})
    assert isinstance(settings, Settings)
    assert (settings.walk_m, settings.walking_modes, settings.cost_of("melee")) == (6, ("20",), 1)
    assert values(settings)["dg.walking_modes"] == ["20"]
    assert build(values(settings)) == settings


@pytest.mark.parametrize(
    ("sheet", "field"),
    [
        ({"dex": -3}, "dex"),
        ({"dex": "quick"}, "dex"),
        ({"pow": 120}, "pow"),
        ({"hp": 0}, "hp"),
        ({"human": "maybe"}, "human"),
        ({"name": 7}, "name"),
    ],
)
def test_a_bad_sheet_value_is_refused_naming_the_field(sheet: dict[str, Any], field: str) -> None:
    with pytest.raises(SheetError) as error:
        SYSTEM.validate_sheet(sheet)
    assert error.value.field == field


def test_the_sheet_schema_is_what_the_system_declares() -> None:
    assert SYSTEM.sheet_schema.entry("dex").min == 1
    assert SYSTEM.settings_schema.entry("dg.walk_m").min == 0


def test_declarations_say_their_lines_as_messages() -> None:
    from rules.core.dice import SeededDice
    from rules.core.system import Action

    state = SYSTEM.start(SYSTEM.demo())
    events = SYSTEM.resolve(state, Action("set_dodge", "serge", {"value": "on"}), SeededDice(1))
    assert events[0].text == "Serge: dodge on (DG-AUTO-1)"
    assert events[0].msg is not None
    assert events[0].msg.id == "dg.log.flag_set"
    assert SYSTEM.messages.render(events[0].msg) == events[0].text
