"""The SCS charts on the board: the scenario's CRT, its terrain effects and every result code."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from rules.scs.crt import Result, SideResult
from rules.scs.scenario import Scenario, load_scenario, loaded
from vtt.tables.numbers import mixed

# The hex terrains the stylesheets colour by name (static/css/systems/scs.css: t-woods...);
# any other a scenario names itself gets a look of its own (issue 36): one of TONES fills,
# tone-0 to tone-23, then each fill again with one of MARKS border patterns, mark-1 to mark-3.
DRAWN_TERRAIN = frozenset({"clear", "woods", "rough", "marsh", "town"})
TONES = 24
MARKS = 3


def terrain_tones(names: Iterable[str]) -> dict[str, str]:
    """Each terrain a scenario names itself, by name, with its tone classes: the names in
    alphabetical order take tone-0, tone-1... tone-23, then "tone-0 mark-1"... (a fill and a
    border pattern), so no two of the first TONES x (MARKS + 1) look alike, and the map, the
    editor's paint tools and the terrain effects chart draw one terrain alike."""
    own = sorted({str(n) for n in names} - DRAWN_TERRAIN)
    out = {}
    for n, name in enumerate(own):
        mark = n // TONES % (MARKS + 1)
        out[name] = f"tone-{n % TONES}" + (f" mark-{mark}" if mark else "")
    return out


# Words of the scenario files that readers see in the charts.
WORDS = {
    "clear": gettext_lazy("clear"),
    "woods": gettext_lazy("woods"),
    "rough": gettext_lazy("rough"),
    "marsh": gettext_lazy("marsh"),
    "town": gettext_lazy("town"),
    "river": gettext_lazy("river"),
    "foot": gettext_lazy("foot"),
    "mech": gettext_lazy("mechanised"),
}
SCENARIOS = Path(__file__).resolve().parents[2] / "rules" / "scs" / "scenarios"


@cache
def _builtin_by_id() -> dict[str, str]:
    """Scenario id (what the view shows) -> built-in name (what load_scenario takes)."""
    return {load_scenario(path.stem).id: path.stem for path in sorted(SCENARIOS.glob("*.yaml"))}


def scenario_for(scenario_id: str) -> Scenario | None:
    """The built-in scenario with this id, as printed (a campaign's overrides are not in the view:
    a CRT changed in the settings is not shown here), or a campaign's own as this process last
    built it (its id names its version: vtt/lobby/scenario_views.py)."""
    name = _builtin_by_id().get(scenario_id)
    return load_scenario(name) if name else loaded(scenario_id)  # a campaign's own: as played


def _side(part: SideResult, who: str) -> str:
    """One side's part of a result in words (SCS-CRT-2)."""
    if part.eliminated:
        return _("the %(who)s is eliminated") % {"who": who}
    words = []
    if part.loss:
        words.append(
            ngettext(
                "the %(who)s loses %(n)s step",
                "the %(who)s loses %(n)s steps",
                part.loss,
            )
            % {"who": who, "n": part.loss}
        )
    if part.retreat:
        words.append(
            ngettext(
                "the %(who)s retreats %(n)s hex",
                "the %(who)s retreats %(n)s hexes",
                part.retreat,
            )
            % {"who": who, "n": part.retreat}
        )
    if part.option:
        words.append(
            ngettext(
                "the %(who)s retreats %(n)s hex or loses a step instead (option)",
                "the %(who)s retreats %(n)s hexes or loses a step for each hex not retreated "
                "(option)",
                part.option,
            )
            % {"who": who, "n": part.option}
        )
    return "; ".join(words)


def describe(result: Result) -> str:
    """A result code in words: "DL1o1" -> the defender loses 1 step; then retreats 1 hex or..."""
    parts = [
        text
        for text in (
            _side(result.attacker, _("attacker")),
            _side(result.defender, _("defender")),
        )
        if text
    ]
    return "; ".join(parts) or _("no effect")


def _combat_effects(effects: list[dict[str, Any]]) -> str:
    words = []
    for effect in effects:
        kind, value = effect.get("type"), effect.get("value")
        if kind == "column_shift":
            words.append(_("%(n)s column(s)") % {"n": value})
        elif kind == "defense_multiplier":
            words.append(_("defence ×%(n)s") % {"n": _mp(value)})
        elif kind == "attack_multiplier":
            words.append(_("attack ×%(n)s") % {"n": _mp(value)})
        else:
            words.append(f"{kind} {value}")
    return ", ".join(words) or "—"


def _mp(value: Any) -> str:
    return _("prohibited") if value == "P" else mixed(value)


def charts(scenario_id: str) -> dict[str, Any] | None:
    """The tables the board shows one click away; None for a scenario this process does not
    know. Worked out once per scenario and language (they are the scenario's, not the game's)."""
    if scenario_for(scenario_id) is None:
        return None  # not kept: the scenario may be built later in this process
    return _charts(scenario_id, translation.get_language() or "")


@functools.lru_cache(maxsize=64)
def _charts(scenario_id: str, language: str) -> dict[str, Any] | None:
    """`charts` in the active language, `language` (the cache's key)."""
    del language  # gettext reads the active language; it is here to key the cache
    scn = scenario_for(scenario_id)
    if scn is None:
        return None
    columns = [str(c) for c in scn.crt.columns]
    rows = [
        {"roll": roll, "cells": [r.code for r in results]}
        for roll, results in sorted(scn.crt.rows.items())
    ]
    codes: dict[str, Result] = {}
    for results in scn.crt.rows.values():
        for result in results:
            codes.setdefault(result.code, result)
    tec = scn.raw.get("tec") or {}
    classes = [str(c) for c in tec.get("movement_classes") or ()]
    tones = terrain_tones(tec.get("hex") or ())
    terrain = [
        {
            "name": name,
            "tone": tones.get(name, ""),
            "label": str(WORDS.get(name, name)),
            "mp": [_mp((data.get("mp") or {}).get(c, "")) for c in classes],
            "combat": _combat_effects(data.get("combat") or []),
        }
        for name, data in (tec.get("hex") or {}).items()
    ]
    hexsides = [
        {
            "name": name,
            "label": str(WORDS.get(name, name)),
            "mp": ["+" + _mp(v) for v in ((data.get("mp_add") or {}).get(c, "") for c in classes)],
            "combat": _combat_effects(data.get("combat") or []),
        }
        for name, data in (tec.get("hexside") or {}).items()
    ]
    road = tec.get("road") or {}
    return {
        "columns": columns,
        "rows": rows,
        "legend": [
            {"code": code, "text": describe(result)}
            for code, result in sorted(codes.items(), key=lambda kv: (kv[0][0], kv[0]))
        ],
        "classes": [str(WORDS.get(c, c)) for c in classes],
        "terrain": terrain,
        "hexsides": hexsides,
        "road_mp": _mp(road.get("mp", "")) if road else None,
        "ezoc": tec.get("ezoc_entry_cost"),
    }
