"""The scene map on a Delta Green, Call of Cthulhu or Ace Evolution table (templates/scene/).

Everything drawn comes from `grid.visible_to(scene, viewer is the GM)` of the viewer's own view
(SCENE-HIDE-1): a GM-only token or square is not in a player's context at all, so no template
can let it through. A token whose combatant the viewer's view does not hold (an Ace combatant
nobody on this side has noticed, ACE-STEALTH-1) is left off the map too.

The tokens read what each system's board already shows of a combatant (name, HP, state,
conditions); the squares a token may reach now come from `grid.reach` with the allowance the
system's `Mover` gives (rules/scene/moving.py), planned on the map this viewer sees.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from django.urls import reverse
from django.utils.translation import pgettext_lazy

from rules.core.actions import GM_ACTOR
from rules.core.system import Action, Audience
from rules.scene import grid
from rules.scene import messages as sm
from rules.scene.actions import GM_KINDS
from rules.scene.moving import MOVE_KIND
from vtt.words import say

CELL = 40  # SVG units per square
MARGIN = 18  # room for the coordinates around the map
SYSTEMS = ("delta_green", "coc", "ace")  # the systems played on a scene map
# A token's hit points as its system's seed words them (docs/glossary): 生命值 in Delta Green,
# 耐久 in Call of Cthulhu, HP as the Ace Evolution book prints it.
HP_WORDS = {key: pgettext_lazy(f"{key} hit points", "HP") for key in SYSTEMS}
UNITS = {"delta_green": "m", "coc": "yd", "ace": "m"}
SIDE_CLASSES = {
    "agents": "ours",
    "investigators": "ours",
    "reincarnators": "ours",
    "players": "ours",
}


def off_the_map(templates: Iterable[Any]) -> list[Any]:
    """The GM's action templates less the map's own (GM_KINDS): the map's folded tools
    draw the set-up, paint, place and reveal forms (templates/scene/_tools.html), and "Add a
    scene map" the set-up where no map is yet, so the GM's action forms do not draw them again."""
    return [t for t in templates if getattr(t, "kind", None) not in GM_KINDS]


def not_a_players_move(state: Mapping[str, Any], actor: str, templates: Iterable[Any]) -> list[Any]:
    """The forms the GM is offered as `actor`, less the map move of a player's character
    (SCENE-MOVE-2: the table server refuses the GM that move; the map's Place a token
    re-places any token). The GM's own characters' moves stay."""
    combatants = state.get("combatants")
    person = combatants.get(actor) if isinstance(combatants, Mapping) else None
    if not isinstance(person, Mapping) or str(person.get("controller") or GM_ACTOR) == GM_ACTOR:
        return list(templates)
    return [t for t in templates if getattr(t, "kind", None) != MOVE_KIND]


def _initials(name: str) -> str:
    words = [w for w in name.replace('"', " ").split() if w[:1].isalnum()]
    if len(words) == 1 and not words[0].isascii():
        return words[0][:2]  # 老王: the first two characters
    return "".join(w[0] for w in words[:2]).upper() or "?"


def labels(names: Mapping[str, str]) -> dict[str, str]:
    """A short label per token, different for every token ("Cultist 1", "Cultist 2": C1, C2)."""
    first = {who: _initials(name) for who, name in names.items()}
    out = {}
    for who, label in first.items():
        twins = [other for other, same in first.items() if same == label]
        if len(twins) == 1:
            out[who] = label
            continue
        last = names[who].split()[-1] if names[who].split() else ""
        out[who] = label[:1] + last[:2] if last.isdigit() else f"{label}{twins.index(who) + 1}"
    return out


def _person(
    who: str, name: Any, side: Any, hp: Any, hp_max: Any, state: str, conditions: list[str]
) -> dict[str, Any]:
    known = hp is not None and hp_max not in (None, 0)
    pct = max(0, min(100, round(100 * int(hp) / max(1, int(hp_max))))) if known else None
    return {
        "id": who,
        "name": str(name),
        "side": str(side or ""),
        "hp": hp if known else None,
        "hp_max": hp_max if known else None,
        "hp_pct": pct,
        "state": state,
        "conditions": conditions,
    }


def _delta_green(view: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    from rules.delta_green.messages import CONDITION_NAMES, STATUS_NAMES

    people = {}
    for c in view.get("combatant_list", ()):
        d = c["derived"]
        status = str(d["status"])
        conditions = [
            say(CONDITION_NAMES[k]()) if k in CONDITION_NAMES else k
            for k in d["conditions"]
            if ":" not in k
        ]
        state = say(STATUS_NAMES[status]()) if status in STATUS_NAMES else status
        people[str(c["id"])] = _person(
            str(c["id"]), c["name"], c["side"], c["hp"], c["hp_max"], state, conditions
        )
        people[str(c["id"])]["controller"] = str(c.get("controller") or GM_ACTOR)
        people[str(c["id"])]["down"] = status in ("dead", "unconscious")
    return people


def _coc(view: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    effects = {str(e["id"]): say(e["name"]) for e in view.get("effects", ())}
    people = {}
    for c in view.get("combatants", ()):
        sheet = c.get("sheet") or {}
        who = str(c["id"])
        people[who] = _person(
            who,
            c["name"],
            c["side"],
            c.get("hp"),
            sheet.get("hp_max"),
            say(c.get("status_name")),
            [effects[e] for e in c.get("effects", ()) if e in effects],
        )
        people[who]["controller"] = str(c.get("controller") or GM_ACTOR)
        people[who]["down"] = str(c.get("status")) in ("dead", "unconscious", "dying")
    return people


def _ace(view: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    from rules.ace.tables import CONDITION_NAMES

    people = {}
    for who, c in view.get("combatants", {}).items():
        statuses = list(c["derived"]["statuses"])
        names = [say(CONDITION_NAMES[k]()) for k in statuses if k in CONDITION_NAMES]
        people[str(who)] = _person(
            str(who), c["name"], c["side"], c["hp"], c["hp_max"], ", ".join(names), names
        )
        people[str(who)]["controller"] = str(c.get("controller") or GM_ACTOR)
        people[str(who)]["down"] = int(c["hp"]) <= 0
    return people


PEOPLE = {"delta_green": _delta_green, "coc": _coc, "ace": _ace}


def _mover(system_key: str) -> Any:
    """The system's movement on the map (rules/<system>/actions/scene.py `MOVER`), or None."""
    try:
        module = importlib.import_module(f"rules.{system_key}.actions.scene")
    except ImportError:
        return None
    return getattr(module, "MOVER", None)


def _allowance(
    mover: Any, state: Mapping[str, Any], who: str, options: Mapping[str, bool]
) -> Fraction | None:
    """How far the combatant may move now with these options ticked, or None (not now). Read
    from the rules state, for the viewer's own tokens only (their own numbers)."""
    from rules.scene.moving import allowance_or_none

    found: Fraction | None = allowance_or_none(
        mover, dict(state), Action("scene_move", who, dict(options))
    )
    return found


def _decimal(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.1f}"


def _reach(
    seen: Mapping[str, Any], who: str, budget: Fraction, option: str
) -> dict[str, Any] | None:
    """SCENE-GRID-2: the squares a token reaches within `budget`, on the map the mover sees."""
    start = grid.token_at(seen, who)
    if start is None or budget <= 0:
        return None
    blocked = [
        cell
        for other in seen.get("tokens", {})
        if other != who and (cell := grid.token_at(seen, other)) is not None
    ]
    found = grid.reach(seen, start, budget, blocked)
    cells = [
        {
            "x": x,
            "y": y,
            "px": x * CELL,
            "py": y * CELL,
            "cost": _decimal(cost),
            "left": _decimal(budget - cost),
        }
        for (x, y), cost in sorted(found.items())
        if (x, y) != start
    ]
    return {"from": who, "option": option, "budget": _decimal(budget), "cells": cells}


def _image(scene: Mapping[str, Any]) -> dict[str, Any] | None:
    image = scene.get("image")
    if not isinstance(image, Mapping) or not image.get("id"):
        return None
    cols = int(image.get("cols") or scene["cols"])
    rows = int(image.get("rows") or scene["rows"])
    return {
        "id": int(image["id"]),
        "url": reverse("scenes:image", args=[int(image["id"])]),
        "px": int(image.get("x") or 0) * CELL,
        "py": int(image.get("y") or 0) * CELL,
        "w": cols * CELL,
        "h": rows * CELL,
    }


def _legend(kinds: set[str]) -> list[dict[str, str]]:
    return [
        {"kind": kind, "name": say(sm.TERRAIN_NAMES[kind]())}
        for kind in grid.TERRAINS
        if kind in kinds
    ]


def _setup(scene: Any, system_key: str) -> dict[str, Any]:
    """The GM's set-up form's values: the map's own, or a new map's."""
    scene = scene if isinstance(scene, Mapping) else {}
    unit = str(scene.get("unit") or UNITS[system_key])
    image = scene.get("image") if isinstance(scene.get("image"), Mapping) else {}
    return {
        "cols": int(scene.get("cols") or 20),
        "rows": int(scene.get("rows") or 14),
        "size": str(scene.get("cell") or "1"),
        "unit_name": say(sm.UNIT_NAMES[unit]()) if unit in sm.UNIT_NAMES else unit,
        "image": str(image.get("id") or ""),
        "image_x": int(image.get("x") or 0),
        "image_y": int(image.get("y") or 0),
        "image_cols": str(image.get("cols") or ""),
        "image_rows": str(image.get("rows") or ""),
    }


def scene_context(
    view: Mapping[str, Any],
    audience: Audience,
    system_key: str,
    request_params: Mapping[str, Any],
    state: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The `scene` and `scene_setup` context of the board templates for this viewer: `scene`
    None without a map, `scene_setup` the GM's set-up form (None for everyone else and on an
    ended or replayed table); {} for a system not played on maps. `state`, the rules state,
    gives the allowance of the viewer's own tokens; without it (a replay) no reach is drawn."""
    if system_key not in SYSTEMS:
        return {}
    gm = audience.role == "gm"
    frozen = bool(request_params.get("frozen"))
    scene = view.get("scene")
    setup = _setup(scene, system_key) if gm and not frozen else None
    if not grid.has_map(view) or not isinstance(scene, Mapping):
        return {"scene": None, "scene_setup": setup}
    shown = grid.visible_to(scene, gm)  # SCENE-HIDE-1: the viewer's own map, nothing more
    people = PEOPLE[system_key](view)
    current = str(view.get("current") or "")
    unit = str(shown.get("unit") or UNITS[system_key])
    cols, rows = int(shown["cols"]), int(shown["rows"])

    on_map = {
        str(who): token
        for who, token in sorted(shown.get("tokens", {}).items())
        if str(who) in people  # a combatant this viewer's view does not hold stays off the map
    }
    short = labels({who: people[who]["name"] for who in on_map})
    mover = None if frozen or state is None else _mover(system_key)
    options = dict(getattr(mover, "options", {}) or {})
    movable = [
        who
        for who in on_map
        if mover is not None
        and (who in audience.actors or (gm and people[who].get("controller") == GM_ACTOR))
    ]
    tokens = []
    for who, token in on_map.items():
        x, y = int(token["at"][0]), int(token["at"][1])
        person = people[who]
        tokens.append(
            {
                **person,
                "x": x,
                "y": y,
                "px": x * CELL,
                "py": y * CELL,
                "cx": x * CELL + CELL // 2,
                "cy": y * CELL + CELL // 2,
                "label": short[who],
                "side_class": SIDE_CLASSES.get(person["side"], "theirs"),
                "own": who in audience.actors,
                "movable": who in movable,
                "current": who == current,
                "gm_only": bool(token.get("gm_only")),
                "hp_w": None
                if person["hp_pct"] is None
                else round((CELL - 8) * person["hp_pct"] / 100),
            }
        )
    painted = []
    for key, cell in sorted(shown.get("cells", {}).items()):
        x, y = grid.parse_key(key)
        painted.append(
            {
                "x": x,
                "y": y,
                "px": x * CELL,
                "py": y * CELL,
                "kind": str(cell["terrain"]),
                "name": say(sm.TERRAIN_NAMES[str(cell["terrain"])]())
                if str(cell["terrain"]) in sm.TERRAIN_NAMES
                else str(cell["terrain"]),
                "gm_only": bool(cell.get("gm_only")),
            }
        )
    reach = []
    for who in movable:
        seen = grid.visible_to(scene, gm or bool(on_map[who].get("gm_only")))
        for option in ("", *options):
            budget = _allowance(mover, state or {}, who, {option: True} if option else {})
            found = None if budget is None else _reach(seen, who, budget, option)
            if found:
                reach.append(found)
    width, height = cols * CELL, rows * CELL
    unplaced = [
        {"id": who, "name": person["name"]}
        for who, person in people.items()
        if who not in on_map and gm
    ]
    return {
        "scene_setup": setup,
        "scene": {
            "cols": cols,
            "rows": rows,
            "cell": CELL,
            "size": str(shown.get("cell", "1")),
            "unit": unit,
            "unit_name": say(sm.UNIT_NAMES[unit]()) if unit in sm.UNIT_NAMES else unit,
            "hp_word": str(HP_WORDS[system_key]),
            "width": width,
            "height": height,
            "full": f"{-MARGIN} {-MARGIN} {width + 2 * MARGIN} {height + 2 * MARGIN}",
            "ratio": f"{width + 2 * MARGIN} / {height + 2 * MARGIN}",
            "grid_x": [x * CELL for x in range(cols + 1)],
            "grid_y": [y * CELL for y in range(rows + 1)],
            "col_marks": [{"n": x, "px": x * CELL + CELL // 2} for x in range(cols)],
            "row_marks": [{"n": y, "py": y * CELL + CELL // 2} for y in range(rows)],
            "image": _image(shown),
            "cells": painted,
            "legend": _legend({str(c["kind"]) for c in painted}),
            "has_gm_only": any(c["gm_only"] for c in painted) or any(t["gm_only"] for t in tokens),
            "tokens": tokens,
            "reach": reach,
            "options": [{"name": name, "label": say(label())} for name, label in options.items()],
            "tools": gm and not frozen,
            "frozen": frozen,
            "terrains": [
                {"kind": kind, "name": say(sm.TERRAIN_NAMES[kind]())}
                for kind in (*grid.TERRAINS, "clear")
            ],
            "unplaced": unplaced,
            "placeable": [{"id": who, "name": p["name"]} for who, p in people.items()]
            if gm
            else [],
        },
    }
