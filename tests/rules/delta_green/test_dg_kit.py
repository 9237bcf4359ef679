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
