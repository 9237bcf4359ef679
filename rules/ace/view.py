"""What each audience may see: GM-secret rolls and unnoticed enemies removed for players."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.ace.actions.attack import SHIELD, broken, durability_of, shield_of
from rules.ace.actions.common import off_players_map
from rules.ace.actions.mark import mark_view
from rules.ace.on_the_map import at_rest
from rules.ace.settings import AceSettings
from rules.ace.state import State, settings_of, statuses
from rules.ace.stats import (
    area_defence,
    attack_value,
    carry_kg,
    defence,
    dodge,
    evasion,
    grapple_hit_bonus,
    guard,
    hit_bonus,
    initiative_bonus,
    max_charge,
    perception_m,
    scan_unlocked,
    speed,
    weapon,
)
from rules.ace.tables import ATTACK_KIND_NAMES
from rules.core.system import Audience, Json
from rules.scene.view import with_scene


def shield_view(c: Mapping[str, Any], s: AceSettings) -> Json | None:
    """ACE-CALLED-SUNDER: the shield's name, hardness, damage taken and durability."""
    shield = shield_of(c)
    if shield is None:
        return None
    return {
        "name": shield["name"],
        "hardness": shield["hardness"],
        "damaged": int(c["item_damage"].get(SHIELD, 0)),
        "durability": durability_of(shield, s),
        "broken": broken(c, SHIELD, s),
    }


def derived(c: Mapping[str, Any], s: AceSettings) -> Json:
    """Every number the sheet shows, recomputed from the sheet and the state (section 10)."""
    weapons = [w for w in c["sheet"]["weapons"] if w["key"] not in c["dropped"]]
    weapons.append(weapon(c, "unarmed") or {})
    return {
        "carry_kg": carry_kg(c),
        "speed": speed(c, s),
        "initiative": initiative_bonus(c, s),
        "hit": hit_bonus(c, s),
        "evasion": evasion(c, s),
        "grapple_hit": grapple_hit_bonus(c, s, weapon(c, "unarmed") or {}),
        "defence": {
            "melee": defence(c, s, "melee"),
            "ranged": defence(c, s, "firearm"),
            "area": area_defence(c),
        },
        "attacks": [
            {
                "key": w["key"],
                "name": w["name"],
                "kind": w["kind"],
                "kind_name": ATTACK_KIND_NAMES[w["kind"]]().to_json()
                if w["kind"] in ATTACK_KIND_NAMES
                else w["kind"],
                "value": attack_value(c, s, w),
                "damaged": c["item_damage"].get(w["key"], 0),
            }
            for w in weapons
        ],
        "guard": guard(c),
        "dodge": dodge(c),
        "max_charge": max_charge(c, s),
        "perception_m": perception_m(c, s),
        "scan_unlocked": scan_unlocked(c, s),
        "statuses": statuses(c, s),
        "mark": mark_view(c, s),
        "shield": shield_view(c, s),
    }


def _seen(c: Mapping[str, Any], audience: Audience) -> bool:
    """ACE-STEALTH-1: an unnoticed combatant is hidden from everyone but its own side."""
    if not c["hidden"] or audience.role == "gm":
        return True
    if audience.role == "observer":
        return False
    return c["id"] in audience.actors or (bool(c["side"]) and c["side"] == audience.side)


def _kept(state: State, ident: str, audience: Audience) -> bool:
    """SCENE-HIDE-5: whether this audience (not the GM, not the combatant's own player) is on a
    map that does not show `ident`'s token (GM-only or off it): what it does is then the GM's,
    and it reads `at_rest` (a body shield, ACE-GRAPPLE-8, still shows)."""
    return audience.role != "gm" and ident not in audience.actors and off_players_map(state, ident)


def _view(state: State, audience: Audience) -> Json:
    """The state for one audience, in the state's own shape plus derived numbers.

    GM-secret rolls are stripped for everyone else (ACE-ACT-3) and unnoticed combatants are
    removed from other sides (ACE-STEALTH-1); on a scene map, a combatant whose token is GM-only
    or off the map reads as at rest, out of the turn order, to all but the GM and its player
    (SCENE-HIDE-5); the GM's view is the whole state.
    """
    s = settings_of(state)
    shown = {i: c for i, c in state["combatants"].items() if _seen(c, audience)}
    # SCENE-HIDE-5: one the players' map does not show reads as at rest (no cover, SCENE-HIDE-2)
    read = {i: at_rest(c) if _kept(state, i, audience) else c for i, c in shown.items()}
    listed = [i for i in shown if not _kept(state, i, audience)]
    mine = sorted(i for i in shown if i in audience.actors)
    secrets = state["secrets"]
    if audience.role != "gm":
        secrets = [e for e in secrets if e["revealed"]]
    pending = state.get("pending")
    if pending is not None and pending["attacker"] not in shown:
        pending = None  # ACE-STEALTH-1: an unnoticed asker's question to the GM is its side's
    if pending is not None and pending["kind"] == "approval" and pending["attacker"] not in listed:
        pending = None  # SCENE-HIDE-5: a GM-only token's check (no one else's to answer)
    last = state.get("last_damage")
    if last is not None and last.get("target") not in shown:
        last = None  # ACE-STEALTH-1: the GM's area blast on an unnoticed one is its side's
    return {
        **state,
        "pending": pending,
        "last_damage": last,
        # ACE-STEALTH-1, SCENE-HIDE-5: an unnoticed or GM-only combatant's tasks are not shown
        "tasks": [t for t in state["tasks"] if t["actor"] in listed],
        # ACE-STEALTH-1, SCENE-HIDE-5: no turn of an unnoticed or GM-only combatant is shown
        "current": state["current"] if state["current"] in listed else None,
        "order": [i for i in state["order"] if i in listed],
        "combatants": {i: {**c, "derived": derived(c, s)} for i, c in read.items()},
        "secrets": secrets,
        "mine": mine,
    }


def view(state: State, audience: Audience) -> Json:
    """The state for one audience, with the map it may see: no GM-only token or square, no
    unnoticed combatant's token (SCENE-HIDE-1, ACE-STEALTH-1)."""
    shown = _view(state, audience)
    return with_scene(shown, state, audience.role == "gm", shown["combatants"], audience.actors)
