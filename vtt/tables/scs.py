"""The SCS table: SVG geometry of the hex map, counters and reachable hexes."""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.core.system import Audience
from rules.geometry.hex import HexGrid
from rules.scs import messages as scs_words
from rules.scs.actions.common import phase_name
from vtt.tables.mapkey import fragment_key, map_key
from vtt.tables.numbers import mixed
from vtt.tables.scs_charts import WORDS, charts, terrain_tones
from vtt.words import own_side_name, say

R = 30.0  # hex circumradius in SVG units
MARGIN = 8.0
COUNTER = 30.0
PHASES = ("movement", "combat", "exploitation", "supply")
SYMBOLS = {
    "infantry": "infantry",
    "mech_infantry": "mech",
    "armor": "armor",
    "recon": "recon",
    "engineer": "engineer",
    "antitank": "antitank",
    "antiaircraft": "antiaircraft",
}


def _grid(view: Mapping[str, Any]) -> HexGrid:
    data = view["map"]
    return HexGrid(
        columns=int(data["columns"]),
        rows=int(data["rows"]),
        shifted_columns=str(data["shifted_columns"]),
        y_axis=str(data["y_axis"]),
    )


def _corners(x: float, y: float, r: float = R) -> list[tuple[float, float]]:
    return [
        (x + r * math.cos(math.radians(60 * i)), y + r * math.sin(math.radians(60 * i)))
        for i in range(6)
    ]


def _points(corners: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)


# The size mark over the unit symbol, read from the last word of the unit's name: the scenario
# files give no size of their own (a field the engine could carry one day).
SIZES = {"div": "XX", "bde": "X", "rgt": "III", "regt": "III", "bn": "II", "coy": "I", "co": "I"}
TYPE_LABELS = {
    "infantry": gettext_lazy("infantry"),
    "mech_infantry": gettext_lazy("mechanised infantry"),
    "armor": gettext_lazy("armour"),
    "recon": gettext_lazy("reconnaissance"),
    "engineer": gettext_lazy("engineers"),
    "antitank": gettext_lazy("anti-tank"),
    "antiaircraft": gettext_lazy("anti-aircraft"),
}


def _conditions(unit: Mapping[str, Any]) -> list[str]:
    """What marks a unit carries now, in words, for its card."""
    found = []
    if unit.get("frozen"):
        found.append(_("frozen in an enemy ZOC"))
    if unit.get("finished"):
        found.append(_("has finished moving"))
    if unit.get("attacked"):
        found.append(_("has attacked"))
    if unit.get("status") not in (None, "map"):
        found.append(str(unit["status"]))
    return found


def _unit(unit: Mapping[str, Any]) -> dict[str, Any]:
    own = "mp" in unit  # the view gives movement points only for the viewer's own units
    last_word = str(unit.get("name", "")).split()[-1:] or [""]
    return {
        **unit,
        "size": SIZES.get(last_word[0].lower().rstrip("."), ""),
        "type_label": TYPE_LABELS.get(str(unit.get("type")), str(unit.get("type", ""))),
        "steps_left": int(unit.get("steps", 1)) - int(unit.get("step", 0)),
        "conditions": _conditions(unit),
        "mp": unit.get("mp") if own else None,
        "mp_text": mixed(unit.get("mp", "0")),
        "ma_text": mixed(unit.get("ma_eff", unit.get("ma", ""))),
        "symbol": SYMBOLS.get(str(unit.get("type")), "infantry"),
        "strength": f"{unit['attack']}-{unit['defense']}-{unit['ma']}",
    }


def _reach_set(
    key: str,
    options: Mapping[str, Any],
    reasons: Mapping[str, str],
    centre: Mapping[str, tuple[float, float]],
) -> dict[str, Any]:
    """One highlight layer: the hexes a whole stack (key "") or one of its units can reach."""
    cells = []
    for label, option in options.items():
        cx, cy = centre[label]
        cells.append(
            {
                "hex": label,
                "points": _points(_corners(cx, cy, R * 0.9)),
                "x": round(cx, 1),
                "y": round(cy + R * 0.74, 1),
                "cost": mixed(option["cost"]),
                "minimum": option["minimum"],
                "mp": option["mp"],
                "path": " → ".join(option["path"]),
            }
        )
    blocked = [
        {"hex": label, "points": _points(_corners(*centre[label], R * 0.9)), "reason": reason}
        for label, reason in reasons.items()
    ]
    return {"key": key, "cells": cells, "blocked": blocked}


@dataclass(frozen=True)
class Geometry:
    """Where a map's hexes, rivers and roads are drawn: the same in every frame of every viewer."""

    centre: dict[str, tuple[float, float]]
    width: float
    height: float
    hexes: list[dict[str, Any]]
    rivers: list[dict[str, Any]]
    roads: list[dict[str, Any]]


_GEOMETRIES: OrderedDict[str, Geometry] = OrderedDict()
_GEOMETRIES_LOCK = threading.Lock()


def _geometry(key: str, game_map: Mapping[str, Any]) -> Geometry:
    """The map's drawing, worked out once per map (`key`, its digest) in this process (it was
    a fifth of an SCS board's context, for every viewer after every event)."""
    with _GEOMETRIES_LOCK:
        found = _GEOMETRIES.get(key)
    if found is None:
        found = _draw_map(game_map)
        with _GEOMETRIES_LOCK:
            _GEOMETRIES[key] = found
            while len(_GEOMETRIES) > 32:
                _GEOMETRIES.popitem(last=False)
    return found


def map_geometry(game_map: Mapping[str, Any]) -> Geometry:
    """The drawing of a map in the view's shape (rules/scs/view.py `map_data`): the table's, or
    the scenario editor's draft (vtt/lobby/scenario_map.py)."""
    return _geometry(map_key(game_map), game_map)


def _draw_map(game_map: Mapping[str, Any]) -> Geometry:
    grid = _grid({"map": game_map})
    raw = {
        hexdata["id"]: grid.centre((int(hexdata["x"]), int(hexdata["y"])), R)
        for hexdata in game_map["hexes"]
    }
    min_x = min(x for x, _ in raw.values()) - R - MARGIN
    min_y = min(y for _, y in raw.values()) - R - MARGIN
    centre = {k: (x - min_x, y - min_y) for k, (x, y) in raw.items()}
    width = max(x for x, _ in centre.values()) + R + MARGIN
    height = max(y for _, y in centre.values()) + R + MARGIN
    vp = game_map["vp_hexes"]
    tones = terrain_tones(
        [*(game_map.get("terrains") or ()), *(h["terrain"] for h in game_map["hexes"])]
    )
    hexes = []
    for hexdata in game_map["hexes"]:
        x, y = centre[hexdata["id"]]
        hexes.append(
            {
                "id": hexdata["id"],
                "terrain": hexdata["terrain"],
                "tone": tones.get(hexdata["terrain"], ""),
                "terrain_label": str(WORDS.get(hexdata["terrain"], hexdata["terrain"])),
                "place": hexdata["place"],
                "x": round(x, 1),
                "y": round(y, 1),
                "points": _points(_corners(x, y)),
                "label_y": round(y - R * 0.62, 1),
                "place_y": round(y + R * 0.8, 1),
                "vp_x": round(x - R * 0.72, 1),
                "vp_y": round(y + 3, 1),
                "vp": vp.get(hexdata["id"]),
            }
        )
    rivers, roads = [], []
    for side in game_map["hexsides"]:
        (ax, ay), (bx, by) = centre[side["a"]], centre[side["b"]]
        if "road" in side["features"]:
            roads.append({"x1": ax, "y1": ay, "x2": bx, "y2": by})
        if any(f != "road" for f in side["features"]):
            corners = sorted(_corners(ax, ay), key=lambda c: math.hypot(c[0] - bx, c[1] - by))
            (x1, y1), (x2, y2) = corners[0], corners[1]
            rivers.append(
                {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "bridge": "road" in side["features"]}
            )
    return Geometry(centre, width, height, hexes, rivers, roads)


# The table asks the rules for the legal actions (vtt/tables/presenter.py); the board draws them.
OWN_LEGAL = False


def rename_forms(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each side's rename form for the GM (SCS-ENG-4): its name now, its fields filled with
    the names it has, in English and in Chinese, as the scenario editor keeps them."""
    out = []
    labels = view["scenario"].get("side_labels") or {}
    for side in view["scenario"]["sides"]:
        own = labels.get(side) or {}
        name = own_side_name(own, side)
        out.append(
            {
                "side": side,
                "name": name,
                "title": say(scs_words.RENAME_SIDE(side=name)),
                "heading": say(scs_words.RENAME_HEADING()),
                "label_en": say(scs_words.F_SIDE_NAME()),
                "label_zh": say(scs_words.F_SIDE_NAME_ZH()),
                "en": own.get("en", ""),
                "zh": own.get("zh-Hans", ""),
            }
        )
    return out


def board_context(
    view: Mapping[str, Any], audience: Audience, request_params: Mapping[str, Any]
) -> dict[str, Any]:
    """SVG geometry for templates/systems/scs/_board.html (`frozen`: a replayed position)."""
    key = map_key(view["map"])
    geometry = _geometry(key, view["map"])
    centre = geometry.centre
    control = view["control"]
    stacks_source = view["stacks"]
    frozen = bool(request_params.get("frozen"))  # a replayed position: nothing to order

    viewer = view.get("viewer")
    movable = (
        set()
        if frozen
        else {o for d in (view.get("own") or {}).values() for o in d.get("moves") or {}}
    )
    stacks = []
    for stack in stacks_source:
        x, y = centre[stack["hex"]]
        units = [_unit(u) for u in stack["units"]]
        own = bool(stack.get("own")) or bool(view.get("everything"))
        pile = units if own else units[:1]
        stacks.append(
            {
                "hex": stack["hex"],
                # names the stack's element across moves (its top unit, which every viewer of
                # the stack sees), so a move re-sends that stack and its new place, not the layer
                "key": str(units[0]["id"]) if units else stack["hex"],
                "side": stack["side"],
                "own": stack.get("own", False),
                "movable": stack["hex"] in movable,
                "count": stack["count"],
                "hidden": stack.get("hidden", 0),
                "frozen": bool(units) and all(u.get("frozen") for u in units),
                "units": units,
                "pile": [
                    {
                        **u,
                        "x": round(x - COUNTER / 2 + 3 * i, 1),
                        "y": round(y - COUNTER / 2 + 3 * i - 2, 1),
                    }
                    for i, u in reversed(list(enumerate(pile[:4])))
                ],
                "x": round(x, 1),
                "y": round(y, 1),
                "badge_x": round(x + COUNTER / 2 + 2, 1),
                "badge_y": round(y - COUNTER / 2 - 1, 1),
            }
        )

    own_sides = view.get("own") or {}
    setup_areas = []
    ezoc_cells = []
    for side, data in own_sides.items():
        for uid, labels in (data.get("setup_areas") or {}).items():
            setup_areas.append(
                {
                    "unit": uid,
                    "cells": [
                        {"hex": h, "points": _points(_corners(*centre[h], R * 0.92))}
                        for h in labels
                    ],
                }
            )
        if side == viewer:
            ezoc_cells = [
                {"hex": h, "points": _points(_corners(*centre[h], R * 0.8))}
                for h in data.get("ezoc") or []
            ]
    reach = []
    supply_lines = []
    # A stack's reachable hexes are drawn only when asked for (`reach_from`, the stack the viewer
    # selected: GET .../reach/): every move changes them for every stack, and they were most of
    # every frame. The move forms still need to know which stacks can move.
    reach_from = str(request_params.get("reach_from") or "")
    if not frozen:
        for side, data in own_sides.items():
            for origin, move in (data.get("moves") or {}).items():
                sets = []
                if origin == reach_from:
                    sets.append(_reach_set("", move["reach"], move["blocked"], centre))
                    for uid, alone in (move.get("single") or {}).items():
                        sets.append(_reach_set(uid, alone["reach"], alone["blocked"], centre))
                reach.append(
                    {
                        "side": side,
                        "from": origin,
                        "units": move["units"],
                        "sets": sets,
                        "overrun": move["overrun"],
                    }
                )
            for uid, path in (data.get("supply") or {}).items():
                if path is None:
                    continue
                hexes_on = [data["supply_from"][uid], *path]
                supply_lines.append(
                    {
                        "unit": uid,
                        "points": " ".join(
                            f"{centre[h][0]:.1f},{centre[h][1]:.1f}" for h in hexes_on
                        ),
                    }
                )

    combat = view.get("combat")
    retreat_cells = []
    if combat and not frozen and combat.get("waiting_for") in own_sides:
        ends: dict[str, bool] = {}  # the end hex of each offered retreat -> whether it costs steps
        for choice in combat.get("retreat_choices") or ():
            for option in choice.get("paths") or ():
                if option.get("off_map") or not option.get("path"):
                    continue
                end = option["path"][-1]
                ends[end] = ends.get(end, True) and bool(option.get("losses"))
        retreat_cells = [
            {"hex": h, "loss": loss, "points": _points(_corners(*centre[h], R * 0.9))}
            for h, loss in sorted(ends.items())
            if h in centre
        ]
    combat_rows: dict[str, list[dict[str, Any]]] = {"attackers": [], "defenders": []}
    loss_cards: list[dict[str, Any]] = []
    if combat:
        # The figures were fixed when the dice were rolled; "now" is each unit after its losses.
        current = {u["id"]: _unit(u) for u in (*combat["attackers"], *combat["defenders"])}
        for part, value in (("attackers", "attack"), ("defenders", "defense")):
            for figure in (combat.get("figures") or {}).get(part) or ():
                unit = current.get(figure["unit"])
                gone = unit is None or unit.get("status") != "map"
                now = None if gone else unit[value]  # type: ignore[index]
                combat_rows[part].append(
                    {
                        **figure,
                        "strength": mixed(figure["strength"]),
                        "name": unit["name"] if unit else figure["unit"],
                        "now": now,
                        "eliminated": gone,
                        "changed": gone or str(now) != str(figure["printed"]),
                    }
                )
        loss_cards = [current[uid] for uid in combat.get("loss_units") or () if uid in current]
        combat = {
            **combat,
            "retreat_choices": [
                {**choice, "cards": [current[u] for u in choice["units"] if u in current]}
                for choice in combat.get("retreat_choices") or ()
            ],
        }
    turns = list(range(1, int(view["map"]["game_turns"]) + 1))
    sides = view["scenario"]["sides"]
    first = view["scenario"]["first_player"]
    order = [first] + [s for s in sides if s != first]
    phases = [
        {
            "player": side,
            "phase": phase,
            "current": view["player"] == side and view["phase"] == phase,
            "name": own_side_name((view["scenario"].get("side_labels") or {}).get(side), side),
            "label": say(phase_name(phase)),
        }
        for side in order
        for phase in PHASES
    ]
    # the turn track is drawn from these alone (templates/systems/scs/_track.html keeps it)
    track = (turns, phases, view["turn"], view["phase"], view["player"], view["vp"])
    drawn = [{**st, "digest": fragment_key(st)} for st in stacks]
    vp_hexes = [{**h, "control": control.get(h["id"])} for h in geometry.hexes if h["vp"]]
    # the whole map view (templates/systems/scs/_map.html) is drawn from these alone: kept
    # rendered under their digest, it is drawn once for the GM and the observers, who see the
    # same map, and for a position seen before
    seen = [h["control"] for h in vp_hexes], ezoc_cells, setup_areas, supply_lines, retreat_cells
    on_map = (key, view["scenario"]["title"], *seen, reach, [st["digest"] for st in drawn])
    return {
        "forms": [],  # the SCS board renders its own forms (templates/systems/scs/)
        # the GM's forms to rename a side in play (SCS-ENG-4, templates/systems/scs/_rename.html)
        "scs_rename": rename_forms(view) if audience.role == "gm" and not frozen else [],
        "scs": {
            "width": round(geometry.width, 1),
            "height": round(geometry.height, 1),
            "hexes": geometry.hexes,
            "vp_hexes": vp_hexes,  # their control changes; the rest is the map's
            "map_key": key,
            "map_digest": fragment_key(on_map),
            "rivers": geometry.rivers,
            "roads": geometry.roads,
            "stacks": drawn,
            "reach": reach,
            "supply_lines": supply_lines,
            "setup_areas": setup_areas,
            "ezoc": ezoc_cells,
            "retreat_cells": retreat_cells,
            "charts": charts(str(view["scenario"].get("id", ""))),
            "combat_rows": combat_rows,
            "loss_cards": loss_cards,
            "turns": turns,
            "phases": phases,
            "phase_label": say(phase_name(view["phase"])),
            "combat": combat,
            "viewer": viewer,
            "control": control,
            "counter": COUNTER,
            "track_digest": fragment_key(
                (*track, view.get("winner"), say(phase_name(view["phase"])))
            ),
        },
    }
