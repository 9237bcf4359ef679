"""The scenario editor's map: a draft's hexes, terrain, rivers, roads, places and victory hexes,
drawn by the table's own map drawing (vtt/tables/scs.py) even while the rules still refuse the
draft (a unit without a set-up hex is no reason to hide the map being painted)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.geometry.hex import Hex, HexError, HexGrid, grid_from_mapping
from vtt.tables.scs import map_geometry


def _grid(data: Mapping[str, Any]) -> HexGrid:
    try:
        return grid_from_mapping(data.get("grid") or {})
    except (HexError, KeyError, TypeError, ValueError):
        return HexGrid(columns=10, rows=8)


def _cell(grid: HexGrid, label: object) -> Hex | None:
    try:
        found = grid.cell(str(label))
    except (HexError, KeyError, ValueError):
        return None
    return found if found in grid.cells else None


def game_map(data: Mapping[str, Any]) -> dict[str, Any]:
    """The draft's map in the shape of the view's (rules/scs/view.py `map_data`); what is not on
    the map (a hex id mistyped) is left out here and named by the rules' check."""
    grid = _grid(data)
    terrain: dict[Hex, str] = {}
    for kind, labels in (data.get("terrain") or {}).items():
        for label in labels if isinstance(labels, list) else ():
            cell = _cell(grid, label)
            if cell is not None:
                terrain[cell] = str(kind)
    places = {_cell(grid, k): str(v) for k, v in (data.get("places") or {}).items()}
    sides: dict[tuple[str, str], set[str]] = {}
    for feature, pairs in (data.get("hexsides") or {}).items():
        for pair in pairs if isinstance(pairs, list) else ():
            ends = [_cell(grid, p) for p in pair] if isinstance(pair, list) else []
            if len(ends) == 2 and None not in ends and grid.adjacent(ends[0], ends[1]):  # type: ignore[arg-type]
                key = tuple(sorted(grid.label(c) for c in ends if c is not None))
                sides.setdefault((key[0], key[1]), set()).add(str(feature))
    victory = data.get("victory") or {}
    vp = {}
    for label, spec in (victory.get("vp_hexes") or {}).items():
        if _cell(grid, label) is not None and isinstance(spec, Mapping):
            vp[str(label)] = spec.get("vp", 1)
    default = str(data.get("default_terrain") or "clear")
    return {
        "columns": grid.columns,
        "rows": grid.rows,
        "shifted_columns": grid.shifted_columns,
        "y_axis": grid.y_axis,
        "hexes": [
            {
                "id": grid.label(c),
                "x": c[0],
                "y": c[1],
                "terrain": terrain.get(c, default),
                "place": places.get(c, ""),
            }
            for c in sorted(grid.cells)
        ],
        "hexsides": [
            {"a": a, "b": b, "features": sorted(features)}
            for (a, b), features in sorted(sides.items())
        ],
        "vp_hexes": vp,
        "terrains": [str(k) for k in ((data.get("tec") or {}).get("hex") or {})],
    }


def drawing(data: Mapping[str, Any]) -> dict[str, Any]:
    """What templates/systems/scs/_hexes.html and _hex_labels.html draw, for the draft."""
    found = game_map(data)
    geometry = map_geometry(found)
    return {
        "width": round(geometry.width, 1),
        "height": round(geometry.height, 1),
        "hexes": geometry.hexes,
        "vp_hexes": [h for h in geometry.hexes if h["vp"]],
        "rivers": geometry.rivers,
        "roads": geometry.roads,
    }
