"""Attacks read the scene map: the distance between two tokens, the line between them, the dark.

With a map and both tokens on it, an attack's distance field is measured (SCENE-RANGE-1): a blank
field, or the map's own figure, is the map's; another figure needs a stated reason, which the log
shows. A wall or full cover on the line refuses the shot (SCENE-RANGE-2), and a `dark` square at
either end of it is darkness (SCENE-RANGE-3). Without a map, or with a token off it, nothing here
changes anything: the form's typed distance is played as before. A target whose token stands on
the map for the GM alone (SCENE-HIDE-2) is previewed without the map (the distance given, no
darkness, saying its square is unknown) and resolved on the true map, its reading to the GM alone.

`measured(resolve, field)` and `measured_preview(preview, field)` wrap a system's resolver and
preview, so each system keeps its own attack code and names only the field it reads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from rules.core.dice import Dice, SeededDice
from rules.core.errors import IllegalAction
from rules.core.messages import Msg
from rules.core.system import EVERYONE, Action, Event, Json, said
from rules.scene import grid
from rules.scene import reading_messages as m

REASON = "distance_reason"  # the form field carrying why a distance differs from the map's
# SCENE-HIDE-2/3: what the true map put in an unseen target's way ("wall": a wall or full cover
# on the true line, "reach": no square next to the attacker's); set here alone (a form's own is
# dropped), each system's chance reads it as nothing to hit with
UNMET = "unmet"
Resolve = Callable[[Any, Action, Dice], list[Event]]
Preview = Callable[[Any, Action], Json]


def shown(value: Fraction) -> str:
    """A distance as people read it: "7.5", "12"."""
    if value.denominator == 1:
        return str(value.numerator)
    return str(Decimal(value.numerator) / Decimal(value.denominator)).rstrip("0").rstrip(".")


@dataclass(frozen=True)
class Reading:
    """SCENE-RANGE-1: the distance an attack plays and where it came from."""

    value: Fraction  # the distance the rules use, in the scene's unit
    measured: Fraction  # the map's figure
    unit: str  # "m" or "yd"
    reason: str  # why another figure than the map's was given ("" when it is the map's)
    dark: str | None  # who stands on a dark square (SCENE-RANGE-3), by name, or None
    hidden: bool  # a GM-only token is one of the two: the line goes to the GM alone

    def note(self) -> Msg:
        """The line saying where the distance came from."""
        if self.reason:
            return m.OVERRIDDEN[self.unit](
                distance=shown(self.value), measured=shown(self.measured), reason=self.reason
            )
        return m.FROM_MAP[self.unit](distance=shown(self.value))

    def event(self) -> Event:
        """The log line of the reading, before the attack's own lines (scene.measured)."""
        return said(
            "scene.measured",
            self.note(),
            {
                "distance": shown(self.value),
                "measured": shown(self.measured),
                "unit": self.unit,
                "reason": self.reason,
                "dark": self.dark is not None,
            },
            audience="gm" if self.hidden else EVERYONE,
        )


def _typed(params: Mapping[str, Any], name: str) -> Fraction | None:
    raw = params.get(name)
    if raw is None or str(raw).strip() == "":
        return None
    try:
        return Fraction(Decimal(str(raw).strip()))
    except (InvalidOperation, ValueError):
        return None  # the system's own reading of the field refuses it in its words


def in_darkness(state: Mapping[str, Any], *who: str) -> str | None:
    """SCENE-RANGE-3: the first of these combatants standing on a `dark` square, or None."""
    scene = state.get("scene")
    if not isinstance(scene, Mapping):
        return None
    scene = grid.seen_by(scene, who[0]) if who else scene  # SCENE-HIDE-1
    for ident in who:
        at = grid.token_at(scene, ident)
        if at is not None and grid.terrain(scene, at) == "dark":
            return str(state["combatants"][ident]["name"])
    return None


def unseen(state: Mapping[str, Any], shooter: str, target: str) -> bool:
    """SCENE-HIDE-2: whether both tokens stand on the map but the shooter's map (SCENE-HIDE-1)
    does not show the target's: a GM-only token its player or GM does not play."""
    scene = state.get("scene")
    if not isinstance(scene, Mapping):
        return False
    if grid.token_at(scene, shooter) is None or grid.token_at(scene, target) is None:
        return False
    return grid.token_at(grid.seen_by(scene, shooter), target) is None


def off_own_map(state: Mapping[str, Any], shooter: str, target: str) -> bool:
    """SCENE-HIDE-2: whether the shooter stands on the map and its map shows no token of the
    target: off the map or GM-only, which the shooter cannot tell apart (SCENE-HIDE-1)."""
    scene = state.get("scene")
    if not isinstance(scene, Mapping) or grid.token_at(scene, shooter) is None:
        return False
    return grid.token_at(grid.seen_by(scene, shooter), target) is None


def unseen_note(state: Mapping[str, Any], shooter: str, target: str) -> Msg | None:
    """SCENE-HIDE-2: the preview's words for a target the shooter's map does not show."""
    if target not in state.get("combatants", {}) or not off_own_map(state, shooter, target):
        return None
    unit = str(state["scene"].get("unit", "m"))
    return m.UNSEEN[unit](target=state["combatants"][target]["name"])


def true_reading(state: Mapping[str, Any], shooter: str, target: str) -> Reading:
    """SCENE-HIDE-2: an attack at an unseen target as the dice meet it: the distance measured on
    the whole map (its GM-only squares too), the darkness under either token; no figure given
    and no line read (the shooter aims where it believes the target is), for the GM alone."""
    scene = state["scene"]
    at_shooter, at_target = grid.token_at(scene, shooter), grid.token_at(scene, target)
    assert at_shooter is not None
    assert at_target is not None
    measured = grid.distance(scene, at_shooter, at_target)
    dark = next(
        (
            str(state["combatants"][who]["name"])
            for who, at in ((shooter, at_shooter), (target, at_target))
            if grid.terrain(scene, at) == "dark"
        ),
        None,
    )
    return Reading(measured, measured, str(scene.get("unit", "m")), "", dark, True)


def read(
    state: Mapping[str, Any], shooter: str, target: str, params: Mapping[str, Any], name: str
) -> Reading | None:
    """SCENE-RANGE-1/2/3: the attack's distance from the map, or None without a map or with a
    token off it. IllegalAction when the line is blocked or another figure has no reason."""
    scene = state.get("scene")
    if not isinstance(scene, Mapping) or target not in state.get("combatants", {}):
        return None
    scene = grid.seen_by(scene, shooter)  # SCENE-HIDE-1: no GM-only token or wall answers
    at_shooter, at_target = grid.token_at(scene, shooter), grid.token_at(scene, target)
    if at_shooter is None or at_target is None:
        return None
    names = state["combatants"]
    if not grid.line_clear(scene, at_shooter, at_target):
        refusal = m.BLOCKED(name=names[shooter]["name"], target=names[target]["name"])
        raise IllegalAction.of(refusal, "SCENE-RANGE-2")
    unit = str(scene.get("unit", "m"))
    measured = grid.distance(scene, at_shooter, at_target)
    typed = _typed(params, name)
    reason = str(params.get(REASON) or "").strip()
    value = measured
    if typed is not None and typed != measured:
        if not reason:
            refusal = m.NEEDS_REASON[unit](
                target=names[target]["name"], measured=shown(measured), distance=shown(typed)
            )
            raise IllegalAction.of(refusal, "SCENE-RANGE-1")
        value = typed
    else:
        reason = ""
    tokens = scene.get("tokens", {})
    hidden = any(bool(tokens[who].get("gm_only")) for who in (shooter, target))
    dark = in_darkness(state, shooter, target)
    return Reading(value, measured, unit, reason[:200], dark, hidden)


def with_reading(action: Action, reading: Reading, name: str, dark: str | None) -> Action:
    """The action as the system's own code reads it: the distance written in, and the darkness
    (`dark`: the system's own darkness field, when it has one) ticked."""
    params = {**action.params, name: shown(reading.value)}
    if dark and reading.dark is not None:
        params[dark] = True
    return replace(action, params=params)


Target = Callable[[Mapping[str, Any]], str]  # the attack's (first) target, from its params


def _by_field(params: Mapping[str, Any]) -> str:
    return str(params.get("target") or "")


def measured(
    resolve: Resolve, name: str, dark: str | None = None, target: Target = _by_field
) -> Resolve:
    """A ranged attack's resolver reading its distance (`name`) from the map."""

    def resolve_on_map(state: Any, action: Action, dice: Dice) -> list[Event]:
        action = _unmet_dropped(action)
        who = target(action.params)
        if who in state.get("combatants", {}) and unseen(state, action.actor, who):
            return _on_true_map(resolve, state, action, dice, name, dark, who)
        reading = read(state, action.actor, who, action.params, name)
        if reading is None:
            return resolve(state, action, dice)
        events = resolve(state, with_reading(action, reading, name, dark), dice)
        return [reading.event(), *events]

    return resolve_on_map


def _on_true_map(
    resolve: Resolve, state: Any, action: Action, dice: Dice, name: str, dark: str | None, who: str
) -> list[Event]:
    """SCENE-HIDE-2: an attack at an unseen target, refused only as the form sent it is (tried
    on throwaway dice), then played at the true distance and darkness; a choice the true figure
    refuses (a double tap past point-blank) is played as sent, never refused."""
    resolve(state, action, SeededDice(0))  # the refusals the shooter can know of, nothing else
    reading = true_reading(state, action.actor, who)
    met: list[Event] = []
    if walled(state, action.actor, who):  # SCENE-HIDE-2: the dice meet it
        action = replace(action, params={**action.params, UNMET: "wall"})
        met = [_unmet_event(state, action.actor, who, "wall")]
    try:
        events = resolve(state, with_reading(action, reading, name, dark), dice)
    except IllegalAction:
        return [*met, *resolve(state, action, dice)]
    return [reading.event(), *met, *events]


def _unmet_dropped(action: Action) -> Action:
    """The action without an `UNMET` its form sent: only the true map says what it meets."""
    if UNMET not in action.params:
        return action
    return replace(action, params={k: v for k, v in action.params.items() if k != UNMET})


def walled(state: Mapping[str, Any], attacker: str, target: str) -> bool:
    """SCENE-HIDE-2: whether the attacker's map does not show the target's token and, on the
    whole map (its GM-only squares too), a wall or full cover stands on the line between them."""
    if not unseen(state, attacker, target):
        return False
    scene = state["scene"]
    at_a, at_b = grid.token_at(scene, attacker), grid.token_at(scene, target)
    assert at_a is not None
    assert at_b is not None
    return not grid.line_clear(scene, at_a, at_b)


def unmet_words(state: Mapping[str, Any], attacker: str, target: str, what: str) -> Msg:
    """SCENE-HIDE-2/3: the words everyone reads when an attack at an unseen target meets a wall
    on the true line (`what`: "wall") or finds it out of reach ("reach"; "grip" for a grapple,
    "touch" for a treatment or flames put out, "ambush" for an assassination, SCENE-REACH-2):
    it misses, and no square or distance is named."""
    names = state["combatants"]
    words = {
        "wall": m.WALL_MET,
        "grip": m.GRIP_OUT_OF_REACH,
        "touch": m.TOUCH_OUT_OF_REACH,
        "ambush": m.AMBUSH_OUT_OF_REACH,
    }.get(what, m.OUT_OF_REACH)
    return words(name=names[attacker]["name"], target=names[target]["name"])


def _unmet_event(state: Mapping[str, Any], attacker: str, target: str, what: str) -> Event:
    """SCENE-HIDE-2/3: `unmet_words` as the line before the attack's own (scene.unmet)."""
    line = unmet_words(state, attacker, target, what)
    return said("scene.unmet", line, {"attacker": attacker, "target": target, "unmet": what})


def measured_preview(
    preview: Preview, name: str, dark: str | None = None, target: Target = _by_field
) -> Preview:
    """A ranged attack's odds with the distance from the map, saying so (`distance_msg`)."""

    def preview_on_map(state: Any, action: Action) -> Json:
        who = target(action.params)
        note = unseen_note(state, action.actor, who)
        if note is not None:
            found = preview(state, action)  # SCENE-HIDE-2: as typed, its square unknown
            details = {**found.get("details", {}), "distance_msg": note.to_json()}
            return {**found, "details": details}
        reading = read(state, action.actor, who, action.params, name)
        if reading is None:
            return preview(state, action)
        found = preview(state, with_reading(action, reading, name, dark))
        details = {**found.get("details", {}), "distance_msg": reading.note().to_json()}
        return {**found, "details": details}

    return preview_on_map


def reached_preview(preview: Preview, target: Target = _by_field) -> Preview:
    """A melee blow's odds saying, against a target the attacker's map does not show, that
    whether it stands within reach is unknown (SCENE-HIDE-3: the odds are the same wherever)."""

    def preview_in_reach(state: Any, action: Action) -> Json:
        found = preview(state, action)
        note = reach_note(state, action.actor, target(action.params))
        if note is None:
            return found
        details = {**found.get("details", {}), "distance_msg": note.to_json()}
        return {**found, "details": details}

    return preview_in_reach


def reach_note(state: Mapping[str, Any], attacker: str, target: str) -> Msg | None:
    """SCENE-HIDE-3: a blow's odds' words for a target the attacker's map does not show (whether
    it stands within reach is unknown, taken as within), or None."""
    if target not in state.get("combatants", {}) or not off_own_map(state, attacker, target):
        return None
    return m.UNSEEN_REACH(target=state["combatants"][target]["name"])


def adjacent(state: Mapping[str, Any], a: str, b: str) -> bool | None:
    """SCENE-REACH-1: whether two tokens stand on neighbouring squares (the eight around), or
    None without a map or with a token off it."""
    scene = state.get("scene")
    if not isinstance(scene, Mapping):
        return None
    scene = grid.seen_by(scene, a)  # SCENE-HIDE-1
    at_a, at_b = grid.token_at(scene, a), grid.token_at(scene, b)
    if at_a is None or at_b is None:
        return None
    return max(abs(at_a[0] - at_b[0]), abs(at_a[1] - at_b[1])) <= 1


def out_of_true_reach(state: Mapping[str, Any], attacker: str, target: str) -> bool:
    """SCENE-HIDE-3: whether the attacker's map does not show the target's token and, on the
    whole map, it stands on no square next to the attacker's (the blow meets no one)."""
    if not unseen(state, attacker, target):
        return False
    scene = state["scene"]
    at_a, at_b = grid.token_at(scene, attacker), grid.token_at(scene, target)
    assert at_a is not None
    assert at_b is not None
    return max(abs(at_a[0] - at_b[0]), abs(at_a[1] - at_b[1])) > 1


def reached(resolve: Resolve, target: Target = _by_field) -> Resolve:
    """A melee blow's resolver meeting the true map (SCENE-HIDE-3): against a target the
    attacker's map does not show, reach is not refused (`check_reach` reads the attacker's map)
    but, when the target really stands farther than the next square, the blow is played with
    nothing to hit (`UNMET`: "reach"), after a line saying it finds no one within reach."""

    def resolve_in_reach(state: Any, action: Action, dice: Dice) -> list[Event]:
        action = _unmet_dropped(action)
        who = target(action.params)
        if who not in state.get("combatants", {}) or not out_of_true_reach(
            state, action.actor, who
        ):
            return resolve(state, action, dice)
        resolve(state, action, SeededDice(0))  # the refusals the attacker can know of
        missed = replace(action, params={**action.params, UNMET: "reach"})
        return [_unmet_event(state, action.actor, who, "reach"), *resolve(state, missed, dice)]

    return resolve_in_reach


Missed = Callable[[Any, Action, Dice, Msg], list[Event]]  # the system's: cost spent, this line


def touched(resolve: Resolve, missed: Missed, target: Target = _by_field) -> Resolve:
    """SCENE-REACH-2: a resolver of a touch on another combatant (first aid, medicine, flames
    put out) needing it on a square next to the actor's when both stand on the map, read on the
    actor's map (`check_reach`: refused, nothing stored). Against a target the actor's map does
    not show (SCENE-HIDE-3) it is not refused: when the target really stands farther, the
    system's `missed` spends the action with a line naming no square, and nothing is done."""

    def resolve_touch(state: Any, action: Action, dice: Dice) -> list[Event]:
        who = target(action.params)
        if who == action.actor or who not in state.get("combatants", {}):
            return resolve(state, action, dice)
        if out_of_true_reach(state, action.actor, who):
            resolve(state, action, SeededDice(0))  # the refusals the actor can know of
            return missed(state, action, dice, unmet_words(state, action.actor, who, "touch"))
        check_reach(state, action.actor, who, "SCENE-REACH-2")
        return resolve(state, action, dice)

    return resolve_touch


def check_reach(state: Mapping[str, Any], attacker: str, target: str, rule: str) -> None:
    """SCENE-REACH-1/2: a melee blow, a grapple or a touch needs the target on a square next to
    the attacker's when both stand on the map; IllegalAction otherwise."""
    if adjacent(state, attacker, target) is False:
        names = state["combatants"]
        refusal = m.NOT_ADJACENT(name=names[attacker]["name"], target=names[target]["name"])
        raise IllegalAction.of(refusal, rule)
