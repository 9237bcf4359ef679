"""Scenarios are data: loading validates them and errors name the place (SCS-RULES-1, SCS-MAP-3)."""

from __future__ import annotations

import copy
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml

from rules.scs.crt import ScenarioError
from rules.scs.scenario import SCENARIO_DIR, build, load_scenario, read_file

RAW = read_file(SCENARIO_DIR / "halden_crossing.yaml")


def variant(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(RAW)
    change(data["scenario"])
    return data


def test_demo_scenario_loads_with_its_data_scs_tec_1_crt_1() -> None:
    """SCS-TEC-1 / SCS-CRT-1 / SCS-1.0b: the demo's data loads (first player Blue, terrain,
    hexside features, units, arrivals, supply sources)."""
    scn = load_scenario("halden_crossing")
    assert scn.title.startswith("Halden Crossing")
    assert scn.first_player == "blue"
    assert scn.setup_order == ("red", "blue")
    assert scn.game_turns == 6
    assert len(scn.units) == 15
    assert scn.terrain[(7, 5)] == "town"
    assert scn.terrain[(1, 1)] == "clear"
    assert scn.features((6, 5), (7, 5)) == frozenset({"river", "road"})
    assert scn.units["B5"].steps[0].attack == 6
    assert scn.units["B5"].exploit
    assert scn.arrivals["B6"].turn == 2
    assert scn.sources["red"] == frozenset((12, y) for y in range(1, 11))


def test_unknown_scenario_names_the_known_ones() -> None:
    with pytest.raises(ScenarioError, match=r"known: halden_crossing"):
        load_scenario("nowhere")


def _setup_off_map(s: dict[str, Any]) -> None:
    s["units"][-1]["setup"] = {"hex": "31.02"}


def _unquoted_hex(s: dict[str, Any]) -> None:
    s["terrain"]["town"][0] = 7.05


def _bad_crt_row(s: dict[str, Any]) -> None:
    s["crt"]["rows"][7] = ["NE"]


def _bad_code(s: dict[str, Any]) -> None:
    s["crt"]["rows"][7][0] = "XX"


def _bad_terrain(s: dict[str, Any]) -> None:
    s["terrain"]["lava"] = ["03.03"]


def _bad_side(s: dict[str, Any]) -> None:
    s["units"][0]["side"] = "Green"


def _no_steps(s: dict[str, Any]) -> None:
    s["units"][0]["steps"] = []


def _river_not_adjacent(s: dict[str, Any]) -> None:
    s["hexsides"]["river"][0] = ["01.01", "05.05"]


def _default_outside(s: dict[str, Any]) -> None:
    s["units"][0]["setup"]["default"] = "09.09"


def _no_first_player(s: dict[str, Any]) -> None:
    del s["first_player"]


def _bad_fraction(s: dict[str, Any]) -> None:
    s["tec"]["road"]["mp"] = "half"


def _unknown_reinforcement(s: dict[str, Any]) -> None:
    s["reinforcements"]["arrivals"][0]["unit"] = "B99"


def _offmap_not_bool(s: dict[str, Any]) -> None:
    s["allow_offmap_movement"] = "yes"


def _offmap_bad_mp(s: dict[str, Any]) -> None:
    s["allow_offmap_movement"] = True
    s["offmap_mp"] = {"foot": "lots"}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_offmap_not_bool, "allow_offmap_movement must be true or false"),
        (_offmap_bad_mp, "offmap_mp.foot: 'lots' is not a number"),
        (_setup_off_map, "unit R7: set-up hex: hex 31.02 is off the map"),
        (_unquoted_hex, "hex ids must be quoted strings"),
        (_bad_crt_row, "crt row 7: needs 10 results"),
        (_bad_code, "not a result code"),
        (_bad_terrain, "terrain 'lava' is not in the TEC"),
        (_bad_side, "unit B1: side 'Green' is not one of blue, red"),
        (_no_steps, "unit B1: steps must list at least one step level"),
        (_river_not_adjacent, r"hexsides.river\[0\]: 01.01 and 05.05 are not adjacent"),
        (_default_outside, "unit B1: set-up default 09.09 is outside its area"),
        (_no_first_player, "first_player is required"),
        (_bad_fraction, "tec.road.mp"),
        (_unknown_reinforcement, "unit B99 is not in the order of battle"),
    ],
)
def test_malformed_scenario_errors_name_the_place(change: Any, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        build(variant(change))


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("tec.ezoc_entry_cost", -2),
        ("tec.road.mp", "-1/2"),
        ("tec.hex.woods.mp.foot", -1),
        ("overrun.mp_cost", -3),
        ("overrun.enter_vacated_hex_cost", -1),
    ],
)
def test_a_negative_movement_cost_is_refused_and_names_the_setting(key: str, value: Any) -> None:
    """SCS-RULES-1: a cost below zero would let a path search gain MP without end."""
    with pytest.raises(ScenarioError, match=f"^{re.escape(key)}: a cost cannot be negative"):
        load_scenario("halden_crossing", {key: value})


def test_a_negative_stacking_limit_is_refused_pd_13() -> None:
    with pytest.raises(ScenarioError, match=r"stacking\.limit_points cannot be negative"):
        load_scenario("halden_crossing", {"stacking.limit_points": -1})


def test_malformed_yaml_file_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text("scenario: [unclosed\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"broken.yaml"):
        read_file(bad)


def test_json_scenario_inline_and_overrides_scs_rules_1() -> None:
    """SCS-RULES-1 / SCS-4.0: inline data with overrides: the stacking limit is the game's (6)."""
    data = yaml.safe_load(yaml.safe_dump(RAW))
    scn = load_scenario(data, {"stacking.limit_points": 6, "tec.road.mp": "1"})
    assert scn.stacking_limit == 6
    assert scn.road_mp == 1
    assert load_scenario("halden_crossing").stacking_limit == 4


def test_inclusive_setup_area_includes_its_boundary_scs_setup_4() -> None:
    """SCS-SETUP-4: an inclusive area (columns 1-3, rows 3-6) holds its boundary hexes (12);
    without `inclusive` only the inside (02.04, 02.05) remains."""

    def area(inclusive: bool) -> Any:
        def change(s: dict[str, Any]) -> None:
            s["units"][0]["setup"] = {
                "area": {"columns": [1, 3], "rows": [3, 6], "inclusive": inclusive},
                "default": "02.04",
            }

        return change

    inclusive = build(variant(area(True))).units["B1"].setup_area
    exclusive = build(variant(area(False))).units["B1"].setup_area
    assert (1, 3) in inclusive
    assert (3, 6) in inclusive
    assert len(inclusive) == 12
    assert (1, 3) not in exclusive
    assert exclusive == {(2, 4), (2, 5)}


def test_offmap_movement_opens_the_ring_of_hexes_just_beyond_the_edge_scs_map_5() -> None:
    assert load_scenario("halden_crossing").offmap_cells == frozenset()  # off by default
    scn = load_scenario("halden_crossing", {"allow_offmap_movement": True})
    # 12 x 10 map: one hex beyond each edge, hex ids stay whole numbers (no column -1).
    assert (0, 5) in scn.offmap_cells
    assert (13, 5) in scn.offmap_cells
    assert (5, 11) in scn.offmap_cells
    assert not scn.offmap_cells & scn.grid.cells
    assert all(min(c) >= 0 for c in scn.offmap_cells)
    assert scn.offmap_mp == {"foot": 1, "mech": 1}  # the default terrain's (clear) MP
    priced = load_scenario("halden_crossing", {"allow_offmap_movement": True, "offmap_mp": "3/2"})
    assert priced.offmap_mp == {"foot": Fraction(3, 2), "mech": Fraction(3, 2)}


@pytest.mark.parametrize(
    ("settings", "error"),
    [
        ({"tec.ezoc_entry_cost": -2}, r"^tec\.ezoc_entry_cost: must be at least 0 \(SCS-2\.1a\)"),
        ({"stacking.limit_points": -1}, r"^stacking\.limit_points: must be at least 0 \(PD-13\)"),
        ({"supply.oos_ma": "half"}, r"^supply\.oos_ma: must be a number or a fraction"),
        ({"crt.below_min": "reroll"}, r"^crt\.below_min: must be one of use the lowest column"),
    ],
)
def test_campaign_settings_out_of_bounds_are_refused_naming_the_field(
    settings: dict[str, Any], error: str
) -> None:
    from rules.core.errors import SheetError
    from rules.scs import SYSTEM

    with pytest.raises(SheetError, match=error):
        SYSTEM.start({"scenario": "halden_crossing", "settings": settings})


def test_the_settings_schema_is_what_the_campaign_pages_read() -> None:
    from rules.scs import SYSTEM
    from rules.scs.settings import KEYS, ScsSettings, campaign_settings

    keys = [entry.key for entry in SYSTEM.settings_schema.entries]
    assert set(keys) == KEYS
    assert campaign_settings({"tec.road.mp": "1/3", "crt.rows": {}}) == ScsSettings(road_mp="1/3")
    assert SYSTEM.sheet_schema.entry("steps").item.entry("ma").min == 0
