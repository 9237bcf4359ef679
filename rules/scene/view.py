"""The scene map as one viewer may see it (SCENE-HIDE-1): each system's `view` puts it there."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from typing import Any

from rules.core.system import EVERYONE, Event, Json
from rules.scene import grid


def with_scene(
    view: Json,
    state: Mapping[str, Any],
    is_gm: bool,
    shown: Collection[str] | None = None,
    mine: Collection[str] = (),
) -> Json:
    """`view` with the map this viewer may see under "scene": GM-only tokens and squares only
    for the GM (and a GM-only token to its own combatant's player, `mine`), and only the tokens
    of the combatants the view shows (`shown`, when the system hides some: Ace's unnoticed
    combatants, ACE-STEALTH-1). Without a map, `view` as it was (no "scene" key)."""
    if not grid.has_map(state):
        view.pop("scene", None)
        return view
    scene = grid.visible_to(state["scene"], is_gm)
    tokens = state["scene"].get("tokens", {})
    own = {who: tokens[who] for who in mine if who in tokens and who not in scene["tokens"]}
    if own:
        scene["tokens"] = {**scene["tokens"], **own}
    if shown is not None:
        scene["tokens"] = {k: v for k, v in scene.get("tokens", {}).items() if k in shown}
    view["scene"] = scene
    return view


def token_gm_only(state: Mapping[str, Any], who: str) -> bool:
    """SCENE-HIDE-1: whether a combatant's token is on the map for the GM alone (what its moves
    leave on its sheet, the metres or yards of the round, is then the GM's too)."""
    scene = state.get("scene")
    token = scene.get("tokens", {}).get(who) if isinstance(scene, Mapping) else None
    return bool(isinstance(token, Mapping) and token.get("gm_only"))


def off_players_map(state: Mapping[str, Any], who: str) -> bool:
    """SCENE-HIDE-4: whether, on a scene map, the players' map shows no token of this combatant:
    GM-only, or not placed (the two read the same to a player, SCENE-HIDE-2)."""
    scene = state.get("scene")
    if not isinstance(scene, Mapping):
        return False
    token = scene.get("tokens", {}).get(who)
    return not isinstance(token, Mapping) or bool(token.get("gm_only"))


def unseen_actor(event: Event, actor: str) -> Event:
    """SCENE-HIDE-4: a line of what a combatant off the players' map (GM-only, or not placed on
    a scene map) declares or does besides attacking (an aimed shot declared, a dodge, a parry, a
    pass, a delay, a reload, its turn's end...) goes to the GM and its own player alone: players
    do not learn that it acts. Its attacks stay everyone's (the combatants they land on answer
    them)."""
    if event.audience != EVERYONE:
        return event  # already narrower (a hidden vest's wearer, the GM)
    return dataclasses.replace(event, audience=f"actor:{actor}")
