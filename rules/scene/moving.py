"""SCENE-MOVE-1: a token moves along the cheapest path the mover can see, within what its system
allows, and stops short of anything hidden in the way.

Each system says how far a combatant may go now and how it pays for it by a `Mover`
(rules/<system>/actions/scene.py); this module finds the path, checks who moves whose token,
and emits the system's movement events followed by `scene.moved`.

Hidden information (SCENE-HIDE-1): a player's move is planned on the map as players see it, so
GM-only tokens and squares neither block the path nor change its length, and a refusal never
depends on them; walking the path, the token stops on the last square before a GM-only token or
wall it meets ("something is in the way"). A GM-only token's move goes to the GM alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from rules.core.actions import GM_ACTOR
from rules.core.changes import Change, Emitter, apply_changes
from rules.core.dice import Dice
from rules.core.errors import IllegalAction, RulesError
from rules.core.messages import Message, Msg
from rules.core.params import bool_param, int_param, str_param
from rules.core.system import Action, Event, Json
from rules.geometry.square import Cell
from rules.scene import grid
from rules.scene import messages as m

MOVE_KIND = "scene_move"
Resolver = Callable[[Json, Action, Dice], list[Event]]
# (state, action as the moving combatant sends it) -> the distance it may still move now, in the
# scene's unit; raises IllegalAction (the system's own refusal) when it may not move now.
Allowance = Callable[[Json, Action], Fraction]
# (state, action as the combatant sends it, distance) -> the system's own movement events and
# the changes `scene.moved` adds (a system that tracks no movement records the distance there).
Spend = Callable[[Json, Action, Fraction, Dice], tuple[list[Event], list[Change]]]


@dataclass(frozen=True)
class Mover:
    """A system's movement on the map: its unit, its allowance, how it pays, its move's options
    (tick boxes such as Delta Green's run, Ace's shooting evasion: param name -> label)."""

    unit: str
    allowance: Allowance
    spend: Spend
    options: Mapping[str, Message] = field(default_factory=dict)
    # who may read a line naming a combatant's token (Ace's unnoticed: its side and the GM)
    audience: Callable[[Json, str], str] | None = None
    # the system's own words for a move not stopped short (Delta Green's run: its penalty), in
    # place of "moves 4 m on the map"; None: the map's words. A system whose `spend` folds its
    # movement into changes says the move in this one line (one line per move).
    line: Callable[[Json, Action, Fraction], Msg | None] | None = None

    def audience_of(self, state: Json, who: str, gm_only: bool) -> str:
        """SCENE-HIDE-1: the audience of an event about a token: the GM's for a GM-only one
        (and its player's, when a player plays it), else whoever the system lets read of this
        combatant (everyone by default)."""
        if gm_only:
            return "gm" if controller_of(state, who) == GM_ACTOR else f"actor:{who}"
        return "all" if self.audience is None else self.audience(state, who)


def moves_on_map(state: Mapping[str, Any], who: str) -> bool:
    """Whether a combatant moves by the map (SCENE-MOVE-1: `scene_move`, its distance measured):
    a map with its token on it. Its system's own move with the distance typed is then not
    offered; off the map, or with no token on it, that form stays."""
    return grid.has_map(state) and grid.token_at(state["scene"], who) is not None


def by_hand(resolve: Resolver) -> Resolver:
    """SCENE-MOVE-1: a system's own move with the distance typed (Delta Green's walk and run,
    Ace's move), refused while the mover moves by the map: it would spend the movement and
    leave the token where it stands. Off the map, or with no token on it, it plays as before."""

    def resolved(state: Json, action: Action, dice: Dice) -> list[Event]:
        if action.actor in state.get("combatants", {}) and moves_on_map(state, action.actor):
            raise IllegalAction.of(m.BY_THE_MAP(name=name_of(state, action.actor)), "SCENE-MOVE-1")
        return resolve(state, action, dice)

    return resolved


def sent_as_a_player(
    state: Mapping[str, Any], action: Action, events: Sequence[Event] | None = None
) -> None:
    """SCENE-MOVE-2 at the table server: the GM may send an action as any character (playing
    for a player who is away, a check called), but not one that moves that player's token:
    the map's move (refused before it is resolved), or any other whose events put the token
    elsewhere (Ace's charge, sneak or grapple move, given `events`, the action's). The GM
    re-places any token with `scene_place` (SCENE-MAP-3), which the log shows as the GM's. The
    table server calls this for the GM's actions sent as a combatant the GM does not sit at."""
    if action.actor == GM_ACTOR:
        return
    combatants = state.get("combatants")
    if not isinstance(combatants, Mapping) or action.actor not in combatants:
        return
    if controller_of(state, action.actor) == GM_ACTOR:
        return
    token = ["scene", "tokens", action.actor]
    moved = events is not None and any(
        list(change[1])[:3] == token
        for event in events
        for change in event.payload.get("changes", ())
        if len(change) > 1 and isinstance(change[1], Sequence)
    )
    if action.kind == MOVE_KIND or moved:
        raise IllegalAction.of(m.GM_AS_PLAYER(name=name_of(state, action.actor)), "SCENE-MOVE-2")


def scene_of(state: Mapping[str, Any]) -> Json:
    """The encounter's map; refused when it has none."""
    if not grid.has_map(state):
        raise IllegalAction.of(m.NO_MAP())
    scene: Json = state["scene"]
    return scene


def name_of(state: Mapping[str, Any], who: str) -> str:
    """A combatant's name, as its system's state holds it."""
    return str(state["combatants"][who]["name"])


def controller_of(state: Mapping[str, Any], who: str) -> str:
    """Who plays a combatant: "gm" or the player's seat."""
    return str(state["combatants"][who].get("controller") or GM_ACTOR)


def mover_of(state: Mapping[str, Any], actor: str, who: str) -> str:
    """SCENE-MOVE-2: whose move this is. A combatant moves its own token; the GM moves the GM's
    own characters, as them; nobody moves another's. A player naming anyone else is refused the
    same way whether that one is in the encounter or not (SCENE-HIDE-1: an Ace combatant it has
    not noticed is not told by the refusal)."""
    if actor not in (who, GM_ACTOR):
        raise IllegalAction.of(m.NOT_YOUR_TOKEN(), "SCENE-MOVE-2")
    if who not in state["combatants"]:
        raise IllegalAction.of(m.NOT_A_COMBATANT(who=who[:40]))
    if actor == who:
        return who
    if actor == GM_ACTOR:
        if controller_of(state, who) != GM_ACTOR:
            raise IllegalAction.of(m.NOT_AN_NPC(name=name_of(state, who)), "SCENE-MOVE-2")
        return who
    raise IllegalAction.of(m.NOT_YOUR_TOKEN(), "SCENE-MOVE-2")


def as_mover(action: Action, who: str, options: Mapping[str, Message]) -> Action:
    """The action as the moving combatant sends it: the square aimed at and the move's options."""
    names = ("x", "y", *options)
    params = {name: action.params[name] for name in names if name in action.params}
    return Action(action.kind, who, params)


def planned_on(scene: Mapping[str, Any], actor: str, hidden_mover: bool) -> Json:
    """SCENE-HIDE-1: the map a move is planned on: the whole map for the GM and for a GM-only
    token, the players' map otherwise."""
    return dict(scene) if actor == GM_ACTOR or hidden_mover else grid.visible_to(scene, False)


def walked(scene: Mapping[str, Any], cells: Sequence[Cell], who: str) -> list[Cell]:
    """The path up to the last square before a hidden token or wall on it (SCENE-HIDE-1)."""
    done = [cells[0]]
    for cell in cells[1:]:
        there = grid.occupant(scene, cell)
        if (there is not None and there != who) or grid.terrain(scene, cell) in grid.BLOCKS_MOVE:
            break
        done.append(cell)
    return done


def target_cell(scene: Mapping[str, Any], params: Mapping[str, Any]) -> Cell:
    """The square a form names, on the map."""
    x = int_param(params, "x")
    y = int_param(params, "y")
    if not grid.on_map(scene, (x, y)):
        raise IllegalAction.of(m.OFF_MAP(x=x, y=y))
    return (x, y)


def move(mover: Mover) -> Callable[[Json, Action, Dice], list[Event]]:
    """The resolver of `scene_move` for a system (SCENE-MOVE-1)."""

    def resolve(state: Json, action: Action, dice: Dice) -> list[Event]:
        scene = scene_of(state)
        who = mover_of(state, action.actor, str_param(action.params, "who"))
        start = grid.token_at(scene, who)
        if start is None:
            raise IllegalAction.of(m.NOT_PLACED(name=name_of(state, who)))
        hidden = bool(scene["tokens"][who].get("gm_only"))
        seen = planned_on(scene, action.actor, hidden)
        goal = target_cell(scene, action.params)
        if goal == start:
            raise IllegalAction.of(m.ALREADY_THERE(name=name_of(state, who)))
        if grid.terrain(seen, goal) in grid.BLOCKS_MOVE:
            raise IllegalAction.of(m.WALL(x=goal[0], y=goal[1]), "SCENE-GRID-2")
        there = grid.occupant(seen, goal)
        if there is not None:
            raise IllegalAction.of(m.TAKEN(x=goal[0], y=goal[1]), "SCENE-GRID-2")
        sent = as_mover(action, who, mover.options)
        left = mover.allowance(state, sent)
        blocked = [grid.token_at(seen, t) for t in seen["tokens"] if t != who]
        found = grid.path(seen, start, goal, [cell for cell in blocked if cell is not None])
        if found is None:
            raise IllegalAction.of(m.NO_PATH(x=goal[0], y=goal[1]), "SCENE-GRID-2")
        cells, length = found
        if length > left:
            raise IllegalAction.of(
                m.TOO_FAR(
                    x=goal[0],
                    y=goal[1],
                    distance=decimal_text(length),
                    unit=m.UNIT_NAMES[mover.unit](),
                    name=name_of(state, who),
                    left=decimal_text(left),
                ),
                "SCENE-MOVE-1",
            )
        steps = walked(scene, cells, who)
        distance = grid.path_length(seen, steps)
        events, recorded = mover.spend(state, sent, distance, dice) if distance > 0 else ([], [])
        audience = mover.audience_of(state, who, hidden)
        out = Emitter(_after(state, events), dice)
        stopped = len(steps) < len(cells)
        own = None
        if mover.line is not None and not stopped and distance > 0:
            own = mover.line(state, sent, distance)
        said = m.STOPPED if stopped else m.MOVED
        line = own or said(
            name=name_of(state, who),
            distance=decimal_text(distance),
            unit=m.UNIT_NAMES[mover.unit](),
        )
        extra: Json = {"stopped": True} if stopped else {}
        out.emit(
            "scene.moved",
            line,
            [["set", ["scene", "tokens", who, "at"], list(steps[-1])], *recorded],
            audience=audience,
            who=who,
            path=[list(cell) for cell in steps],
            distance=decimal_text(distance),
            unit=mover.unit,
            **extra,
        )
        return [*(_to(event, audience) for event in events), *out.events]

    return resolve


def _after(state: Json, events: Sequence[Event]) -> Json:
    """The state after the system's movement events (their changes, where they carry them)."""
    for event in events:
        state = apply_changes(state, event.payload.get("changes", ()))
    return state


def _to(event: Event, audience: str) -> Event:
    """A movement event addressed to the move's audience (a GM-only token's: the GM's)."""
    if audience == "all":
        return event
    return replace(event, audience=audience, redacted_text=None, redacted_msg=None)


def decimal_text(value: Fraction) -> str:
    """A distance as people read it: "4", "5.7"."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.1f}"


def allowance_or_none(mover: Mover, state: Json, action: Action) -> Fraction | None:
    """The distance the combatant may move now, or None when it may not move now."""
    try:
        return mover.allowance(state, action)
    except RulesError:
        return None


def flags(params: Mapping[str, Any], options: Mapping[str, Message]) -> dict[str, bool]:
    """The move's options as ticked."""
    return {name: bool_param(params, name) for name in options}
