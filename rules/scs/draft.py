"""What the SCS scenario editor builds on (issue 36): a new scenario on the series' standard
charts, the map edge a side draws supply from, and the first problem the rules find in a draft.

A draft is scenario data in the one format every scenario uses (scenario.py, SCS-RULES-1): the
editor changes the parts it shows and keeps every other part as it was, so an imported scenario
with rules the editor has no field for plays as it did."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from rules.core.errors import RulesError
from rules.scs.scenario import build, load_scenario
from rules.scs.scenario_errors import MALFORMED

STANDARD = "halden_crossing"  # its charts are the series' standard ones a new scenario starts on
CHARTS = ("tec", "crt", "stacking", "zoc", "overrun", "combat")
SIDES = ("Blue", "Red")  # the series' two colours; the table names and colours them
UNIT_TYPES = (
    "infantry",
    "mech_infantry",
    "armor",
    "recon",
    "engineer",
    "antitank",
    "antiaircraft",
)
EDGES = ("west", "east", "south", "north")
MIN_SIZE, MAX_SIZE = 3, 40  # columns and rows a map may have in the editor


def standard_charts() -> dict[str, Any]:
    """SCS-TEC-1, the CRT, stacking, ZOC, overrun and combat options of the standard scenario."""
    raw = load_scenario(STANDARD).raw
    return {key: copy.deepcopy(raw[key]) for key in CHARTS}


def blank(title: str, columns: int = 10, rows: int = 8) -> dict[str, Any]:
    """SCS-RULES-1: a new scenario, a clear map of `columns` x `rows`, Blue moving first, each
    side supplied from its own map edge (Blue the west, Red the east), no units yet."""
    raw = load_scenario(STANDARD).raw
    supply = copy.deepcopy(raw["supply"])
    supply["sources"] = {"Blue": edge_source("west", columns, rows)}
    supply["sources"]["Red"] = edge_source("east", columns, rows)
    return {
        "id": "",
        "title": title,
        "game_turns": 5,
        "sides": list(SIDES),
        "first_player": SIDES[0],
        "setup_order": [SIDES[1], SIDES[0]],  # SCS-SETUP-5: the second player sets up first
        "grid": {**copy.deepcopy(raw["grid"]), "columns": columns, "rows": rows},
        "default_terrain": "clear",
        "terrain": {},
        "places": {},
        "hexsides": {},
        **standard_charts(),
        "supply": supply,
        "units": [],
        "reinforcements": {"blocked": "delay", "arrivals": []},
        "victory": {
            "vp_hexes": {},
            "vp_per_enemy_step_eliminated": 1,
            "exit_vp": "none",
            "evaluate": "end_of_last_turn",
            "winner": "higher_vp",
        },
    }


def edge_source(edge: str, columns: int, rows: int) -> dict[str, int]:
    """A supply source along one map edge (SCS-MAP-1: columns count from the west, rows from
    the south)."""
    return {
        "west": {"column": 1},
        "east": {"column": columns},
        "south": {"row": 1},
        "north": {"row": rows},
    }[edge]


def edge_of(spec: object, columns: int, rows: int) -> str:
    """Which map edge a supply source is (the editor's choice), "" when it is something else."""
    for edge in EDGES:
        if spec == edge_source(edge, columns, rows):
            return edge
    return ""


def problem(data: Mapping[str, Any]) -> RulesError | None:
    """The first thing the rules refuse in a draft (their own error, naming the place), or None
    when it plays."""
    try:
        build(data)
    except RulesError as error:
        return error
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        return RulesError(MALFORMED(problem=f"{type(error).__name__}: {error}"))
    return None
