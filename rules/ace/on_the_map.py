"""Ace Evolution read on the scene map: reach, the line of fire, cover, drags and stealth.

With both tokens on the map, ACE-AMB-39's "adjacent" is the squares' (SCENE-REACH-1), a blow
needs the next square and a shot a clear line (SCENE-RANGE-2). Cover taken (shooting evasion,
ACE-CMD-DEF-3, or the GM's ACE-COVER-1) counts at the level painted on the line from each
attacker (SCENE-GRID-4), so an attacker who flanks it finds none; with no cover painted beside the
one who took it, the level taken stands. A grapple's move (ACE-GRAPPLE-5/-8) walks the mover's
token toward the square it names, the other's following into the square it left; a sneak on the
map (ACE-STEALTH-1/2) walks the sneaker, and every observer whose SPI perception range it enters
in sight checks then. A charge on the map (ACE-CMD-ATK-2 / ACE-AMB-42) walks the charger to the
square its form names, or the nearest free one next to its target, and the metres charged are
that walk's. Without a map nothing here changes anything.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from typing import Any

from rules.ace import messages as m
from rules.ace.actions.common import named, refuse
from rules.ace.state import Op, State
from rules.core.actions import GM_ACTOR
from rules.core.changes import Emitter
from rules.core.errors import IllegalAction
from rules.core.kit import Field
from rules.core.params import int_param
from rules.core.system import EVERYONE, Event, Json
from rules.geometry.square import Cell
from rules.scene import grid
from rules.scene import messages as scene_words
from rules.scene import reading_messages as sm
from rules.scene.moving import controller_of, decimal_text, walked
from rules.scene.ranges import (
    adjacent,
    check_reach,
    off_own_map,
    out_of_true_reach,
    reach_note,
    shown,
    unseen,
    walled,
)

RANGED = ("firearm", "thrown")
COVER_OF = {  # the map's painted cover as Ace's cover levels (ACE-COVER-TABLE)
    "cover_light": "light",
    "cover_partial": "partial",
    "cover_heavy": "heavy",
    "cover_full": "full",
}


def is_adjacent(state: State, a: str, b: str, typed: bool) -> bool:
    """ACE-AMB-39: whether an attacker stands next to its target: the map's squares when both
    tokens are on it (SCENE-REACH-1), else what the attacker's form says."""
    found = adjacent(state, a, b)
    return typed if found is None else found


def check_on_map(state: State, c: Json, t: Json, w: Mapping[str, Any]) -> None:
    """SCENE-REACH-1 / SCENE-RANGE-2: a blow needs the next square, a shot a clear line."""
    kind = str(w.get("kind"))
    if kind == "melee":
        check_reach(state, c["id"], t["id"], "SCENE-REACH-1")
    elif kind in RANGED and _placed(state, c["id"], t["id"]) is not None:
        # SCENE-HIDE-1/2: both ends and the line on the attacker's map (a GM-only target's
        # square is not on it: no refusal tells where it stands)
        seen = grid.seen_by(state["scene"], c["id"])
        at = _placed({**state, "scene": seen}, c["id"], t["id"])
        if at is not None and not grid.line_clear(seen, at[0], at[1]):
            raise refuse(sm.BLOCKED(name=c["name"], target=t["name"]), "SCENE-RANGE-2")


def _placed(state: State, a: str, b: str) -> tuple[Cell, Cell] | None:
    scene = state.get("scene")
    if not isinstance(scene, Mapping):
        return None
    at_a, at_b = grid.token_at(scene, a), grid.token_at(scene, b)
    return None if at_a is None or at_b is None else (at_a, at_b)


def _cover_beside(scene: Mapping[str, Any], cell: Cell) -> bool:
    return any(
        grid.terrain(scene, (cell[0] + dx, cell[1] + dy)) in COVER_OF
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
    )


def cover_against(state: State, holder: Json, other: Json) -> str:
    """ACE-COVER-1 / ACE-CMD-DEF-3 on the map: the cover `holder` has taken, at the level painted
    on the line from `other` next to it (none when `other` flanks it); a body shield
    (ACE-GRAPPLE-8) is a body, not a square, and keeps its level."""
    level = str(holder["cover"])
    at = _placed(state, other["id"], holder["id"])
    if level == "none" or holder.get("shield") or at is None:
        return level
    scene = state["scene"]
    if not _cover_beside(scene, at[1]):
        return level  # nothing painted beside it: the level taken stands
    painted = grid.cover_between(scene, at[0], at[1])
    return COVER_OF[painted] if painted else "none"


def at_rest(c: Mapping[str, Any]) -> Json:
    """SCENE-HIDE-5: a combatant whose token the players' map does not show (GM-only or off it)
    as a player reads it (a copy): nothing it did on its own, so its actions unspent, no command
    declared, no cover taken (SCENE-HIDE-2), standing, no scan and no initiative; a body shield
    (ACE-GRAPPLE-8) is a grapple everyone sees, and keeps its cover."""
    return {
        **c,
        "used": {key: False for key in c["used"]},
        "commands": {},
        "cover": c["cover"] if c.get("shield") else "none",
        "prone": False,
        "scan": {"on": False, "rounds": 0},
        "initiative": None,
    }


def seen_cover(state: State, attacker: Json, target: Json) -> tuple[Json, Json]:
    """The attacker and the target as this attack sees their cover on the map (copies), on the
    map as the attacker reads it (SCENE-HIDE-1: no GM-only square answers a player). A target
    whose token the attacker's map does not show is as the attacker knows it (SCENE-HIDE-5,
    `at_rest`): no cover (SCENE-HIDE-2: its own is read where it stands, which is the GM's; a
    body shield, ACE-GRAPPLE-8, stays), no command, standing, its reflex unspent."""
    if _placed(state, attacker["id"], target["id"]) is None:
        return attacker, target
    if unseen(state, attacker["id"], target["id"]):
        target = at_rest(target)
        if not target.get("shield"):
            return attacker, target
    state = {**state, "scene": grid.seen_by(state["scene"], attacker["id"])}
    return (
        {**attacker, "cover": cover_against(state, attacker, target)},
        {**target, "cover": cover_against(state, target, attacker)},
    )


def true_cover(state: State, attacker: Json, target: Json) -> tuple[Json, Json]:
    """SCENE-HIDE-2: the cover the dice meet: `seen_cover`, but on the whole map (its GM-only
    squares and tokens too) when the attacker's map does not show the target's token."""
    if not unseen(state, attacker["id"], target["id"]):
        return seen_cover(state, attacker, target)
    return (
        {**attacker, "cover": cover_against(state, attacker, target)},
        {**target, "cover": cover_against(state, target, attacker)},
    )


def true_adjacent(state: State, a: str, b: str, typed: bool) -> bool:
    """SCENE-HIDE-2: ACE-AMB-39's adjacency the dice meet: on the whole map when `a`'s map does
    not show `b`'s token (reach is still read on `a`'s map: nothing is refused for it)."""
    at = _placed(state, a, b)
    if at is None or not unseen(state, a, b):
        return typed
    return max(abs(at[0][0] - at[1][0]), abs(at[0][1] - at[1][1])) <= 1


def unmet(state: State, attacker: str, target: str, kind: str) -> str:
    """SCENE-HIDE-2/3: what the true map puts in the way of an attack at a target the attacker's
    map does not show: "wall" (a wall or full cover on the true line of a shot), "reach" (a blow
    at one on no square next to the attacker's), or "" (nothing)."""
    if kind in RANGED and walled(state, attacker, target):
        return "wall"
    if kind == "melee" and out_of_true_reach(state, attacker, target):
        return "reach"
    return ""


def unseen_note(state: State, attacker: Json, target: Json, kind: str = "") -> Json | None:
    """SCENE-HIDE-2/3: the preview's words when the attacker's map does not show the target: a
    blow's reach unknown, or a shot's cover."""
    if not off_own_map(state, attacker["id"], target["id"]):
        return None
    if kind == "melee":
        note = reach_note(state, attacker["id"], target["id"])
        assert note is not None
        return note.to_json()
    return sm.UNSEEN_COVER(target=target["name"]).to_json()


# --- moving tokens as part of a rule's own action ------------------------------------------


def destination(state: State, params: Mapping[str, Any]) -> Cell:
    """The square a form names by `x` and `y` (on the map, refused otherwise)."""
    scene = state["scene"]
    cell = (int_param(params, "x"), int_param(params, "y"))
    if not grid.on_map(scene, cell):
        raise refuse(sm.BAD_SQUARE(text=grid.key(cell)), "SCENE-GRID-2")
    return cell


def to_fields(state: State) -> tuple[Field, ...]:
    """On a scene map, a grapple's move or a sneak names the square it heads for."""
    if not grid.has_map(state):
        return ()
    return (
        Field("x", sm.F_TO_X(), "number", min=0, rule="SCENE-GRID-2"),
        Field("y", sm.F_TO_Y(), "number", min=0, rule="SCENE-GRID-2"),
    )


def route(state: State, who: str, to: Cell, also: Sequence[str] = ()) -> list[Cell]:
    """The cheapest path of `who`'s token to a square; the other tokens block but those of
    `also` (a dragged partner). Refused when there is none. Planned on the map `who` sees
    (SCENE-HIDE-1: no GM-only token or square refuses it); `stop_short` walks it."""
    scene = grid.seen_by(state["scene"], who)
    start = grid.token_at(scene, who)
    assert start is not None
    blocked = [
        at
        for other in scene.get("tokens", {})
        if other != who and other not in also and (at := grid.token_at(scene, other)) is not None
    ]
    found = grid.path(scene, start, to, blocked)
    if found is None:
        raise refuse(sm.NO_WAY(x=to[0], y=to[1]), "SCENE-GRID-2")
    return found[0]


def stop_short(state: State, who: str, cells: list[Cell], also: Sequence[str] = ()) -> list[Cell]:
    """SCENE-HIDE-1: a planned path walked up to the last square before a token (not `who`'s
    nor one of `also`) or a wall the planner's map did not show."""
    scene = state["scene"]
    done = [cells[0]]
    for cell in cells[1:]:
        there = grid.occupant(scene, cell)
        if there not in (None, who, *also) or grid.terrain(scene, cell) in grid.BLOCKS_MOVE:
            break
        done.append(cell)
    return done


def _step(scene: Mapping[str, Any], a: Cell, b: Cell) -> Fraction:
    found = grid.path(scene, a, b)
    assert found is not None
    return found[1]


def walk(scene: Mapping[str, Any], cells: Sequence[Cell], budget: Fraction) -> list[Cell]:
    """SCENE-GRID-2: the squares of a path walked as far as `budget` allows, step by step."""
    walked = [cells[0]]
    spent = Fraction(0)
    for a, b in pairwise(cells):
        cost = _step(scene, a, b)
        if spent + cost > budget:
            break
        spent += cost
        walked.append(b)
    return walked


def length(scene: Mapping[str, Any], cells: Sequence[Cell]) -> Fraction:
    """The length of a walked path in the scene's unit."""
    return sum((_step(scene, a, b) for a, b in pairwise(cells)), Fraction(0))


def _hidden(state: State, *who: str) -> bool:
    tokens = state["scene"].get("tokens", {})
    return any(bool(tokens.get(ident, {}).get("gm_only")) for ident in who)


def drag(
    state: State, records: Emitter, mover: Json, other: Json, cells: Sequence[Cell], metres: int
) -> Event | None:
    """ACE-GRAPPLE-5 / -8 on the map: the mover walks its path up to the metres won (or half
    speed), the other's token following into the square the mover left (scene.shifted)."""
    scene = state["scene"]
    walked = walk(scene, cells, Fraction(metres))
    if len(walked) < 2:
        return None
    follows = walked[-2]
    changes: list[Op] = [
        ["set", ["scene", "tokens", mover["id"], "at"], list(walked[-1])],
        ["set", ["scene", "tokens", other["id"], "at"], list(follows)],
    ]
    distance = length(scene, walked)
    line = sm.DRAGGED(name=mover["name"], other=other["name"], distance=shown(distance))
    audience = "gm" if _hidden(state, mover["id"], other["id"]) else EVERYONE
    return records.emit(
        "scene.shifted",
        line,
        changes,
        audience=audience,
        moves=[
            {"who": mover["id"], "path": [list(c) for c in walked]},
            {
                "who": other["id"],
                "path": [list(grid.token_at(scene, other["id"]) or follows), list(follows)],
            },
        ],
        distance=shown(distance),
        unit=str(scene.get("unit", "m")),
    )


def entered(
    state: State,
    sneaker: str,
    walked: Sequence[Cell],
    observers: Sequence[Json],
    fresh: bool = False,
) -> list[str]:
    """ACE-STEALTH-1 on the map: the observers whose SPI perception range (`reach` metres, in
    their "perception" key) the walk enters in sight, in the order it enters them; one already
    seeing the sneaker's starting square is not entered again, unless the sneaker is `fresh`
    (not hidden yet: everyone who sees it on its way checks)."""
    scene = state["scene"]
    found: list[str] = []
    for o in observers:
        at = grid.token_at(scene, o["id"])
        if at is None:
            continue
        reach = Fraction(o["perception"])

        def sees(cell: Cell, at: Cell = at, reach: Fraction = reach) -> bool:
            return grid.distance(scene, at, cell) <= reach and grid.line_clear(scene, at, cell)

        if sees(walked[0]) and not fresh:
            continue
        first = next((n for n, cell in enumerate(walked) if sees(cell)), None)
        if first is not None:
            found.append(f"{first:06d}:{o['id']}")
    return [entry.split(":", 1)[1] for entry in sorted(found)]


def sneak_event(
    state: State, records: Emitter, c: Json, walked: Sequence[Cell], ops: Sequence[Op]
) -> Event:
    """The sneaker's token walking (scene.shifted, with `ops`: the move action spent): to the
    sneaker's side and the GM only while it is unnoticed."""
    scene = state["scene"]
    distance = length(scene, walked)
    side = f"side:{c['side']}" if c["side"] else f"actor:{c['id']}"
    audience = "gm" if _hidden(state, c["id"]) else (side if c["hidden"] else EVERYONE)
    return records.emit(
        "scene.shifted",
        sm.SNEAKS(name=c["name"], distance=shown(distance)),
        [*ops, ["set", ["scene", "tokens", c["id"], "at"], list(walked[-1])]],
        audience=audience,
        moves=[{"who": c["id"], "path": [list(cell) for cell in walked]}],
        distance=shown(distance),
        unit=str(scene.get("unit", "m")),
    )


# --- a charge on the map (ACE-CMD-ATK-2 / ACE-AMB-42) ------------------------------------------


@dataclass(frozen=True)
class Charge:
    """A charge's run on the map: the squares walked, whether something hidden stopped it
    short (SCENE-HIDE-1), and its length in metres."""

    cells: tuple[Cell, ...]
    stopped: bool
    distance: Fraction

    @property
    def metres(self) -> int:
        """The metres charged: the run's length, a part of a metre counting as one."""
        return -(-self.distance.numerator // self.distance.denominator)


def square_named(params: Mapping[str, Any]) -> bool:
    """Whether a charge's form names the square it runs to (else the nearest beside the target)."""
    return params.get("x") not in (None, "") or params.get("y") not in (None, "")


def charge_run(
    state: State, c: Json, t: Json, params: Mapping[str, Any], most: int
) -> Charge | None:
    """ACE-CMD-ATK-2 / ACE-AMB-42 on a scene map: the charger's cheapest run to the square its
    form names, or to the nearest free square next to its target, at most `most` metres
    (min(STR/2, speed)); None unless both tokens are on the map it sees. Planned on the map as the
    charger sees it (SCENE-HIDE-1), so a refusal never tells what a GM-only token or square is;
    walked, the run stops on the last square before one in its way."""
    if not grid.has_map(state):
        return None
    scene = state["scene"]
    seen = grid.seen_by(scene, c["id"])
    start, target = grid.token_at(seen, c["id"]), grid.token_at(seen, t["id"])
    if start is None or target is None:
        return None  # a target the charger's map does not show: the metres as typed
    blocked = [
        cell
        for other in seen.get("tokens", {})
        if other != c["id"] and (cell := grid.token_at(seen, other)) is not None
    ]
    if square_named(params):
        goals = [destination(state, params)]
    else:
        goals = [
            cell
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            if grid.on_map(seen, cell := (target[0] + dx, target[1] + dy))
            and cell not in blocked
            and grid.terrain(seen, cell) not in grid.BLOCKS_MOVE
        ]
    runs = [found for goal in goals if (found := grid.path(seen, start, goal, blocked))]
    if not runs:
        raise refuse(m.CHARGE_NO_WAY(name=c["name"], target=t["name"]), "ACE-CMD-ATK-2")
    cells, distance = min(runs, key=lambda run: (run[1], run[0][-1]))
    if distance == 0:
        raise refuse(scene_words.ALREADY_THERE(name=c["name"]), "ACE-CMD-ATK-2")
    if distance > most:
        too_far = m.CHARGE_TOO_FAR(name=c["name"], most=most, distance=decimal_text(distance))
        raise refuse(too_far, "ACE-CMD-ATK-2")
    steps = walked(scene, cells, c["id"])
    return Charge(tuple(steps), len(steps) < len(cells), grid.path_length(seen, steps))


def charge_moved(records: Emitter, c: Json, run: Charge) -> Event:
    """The charger's token on its run (scene.moved, as a move on the map reads): to the GM
    alone for a GM-only token, to its side and the GM while it is unnoticed (ACE-STEALTH-1)."""
    state = records.state
    hidden = bool(state["scene"]["tokens"][c["id"]].get("gm_only"))
    if hidden:
        audience = "gm" if controller_of(state, c["id"]) == GM_ACTOR else f"actor:{c['id']}"
    else:
        audience = named(state, c["id"])
    said = scene_words.STOPPED if run.stopped else scene_words.MOVED
    distance = decimal_text(run.distance)
    extra: Json = {"stopped": True} if run.stopped else {}
    return records.emit(
        "scene.moved",
        said(name=c["name"], distance=distance, unit=scene_words.UNIT_NAMES["m"]()),
        [["set", ["scene", "tokens", c["id"], "at"], list(run.cells[-1])]],
        audience=audience,
        who=c["id"],
        path=[list(cell) for cell in run.cells],
        distance=distance,
        unit="m",
        **extra,
    )


def charge_reaches(state: State, c: Json, most: int) -> set[str] | None:
    """ACE-CMD-ATK-2 on a scene map with the charger on it: the combatants its charge reaches
    within `most` metres on the map it sees, so its form offers only those (a charge that can
    only be refused is no card to show); None off the map."""
    if not grid.has_map(state) or grid.token_at(state["scene"], c["id"]) is None:
        return None
    found: set[str] = set()
    for key, t in state["combatants"].items():
        if key == c["id"]:
            continue
        try:
            if charge_run(state, c, t, {}, most) is not None:
                found.add(str(key))
        except IllegalAction:
            continue  # out of reach, no way there, or already beside it
    return found


def charge_fields(state: State, c: Json, most: int) -> tuple[Field, ...] | None:
    """A charge's form on a scene map with the charger on it: the square it runs to (empty:
    the nearest free one next to the target) instead of the metres; None off the map."""
    if not grid.has_map(state) or grid.token_at(state["scene"], c["id"]) is None:
        return None
    across, down = to_fields(state)
    said = m.CHARGE_SQUARE_HELP(metres=most)  # once, under the first of the two
    return (
        Field(
            across.name, across.label, "number", default="", min=0, help=said, rule="ACE-CMD-ATK-2"
        ),
        Field(down.name, down.label, "number", default="", min=0, rule="ACE-CMD-ATK-2"),
    )
