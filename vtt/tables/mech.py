"""The mech table: SVG grid geometry, tokens, reachable squares, sheets and dashboard rows."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from rules.core.system import Audience
from rules.mech import SYSTEM
from rules.mech import log_messages as L
from rules.mech import messages as m
from rules.mech.actions.movement import opportunity_threats
from rules.mech.actions.tech import summarise
from rules.mech.messages import TERRAIN
from rules.mech.settings import settings_of
from rules.mech.tables import overcharge_expr
from rules.mech.view import reach
from vtt.tables.forms import action_forms
from vtt.tables.mapkey import fragment_key, map_key
from vtt.tables.mech_charts import charts
from vtt.tables.memo import Memo
from vtt.words import say

CELL = 34  # SVG units per square
MOVE_KINDS = ("move", "boost")


def _pips(left: int, total: int) -> list[bool]:
    return [i < left for i in range(total)]


def _initials(name: str) -> str:
    words = [w for w in name.replace('"', " ").split() if w[:1].isalnum()]
    return "".join(w[0] for w in words[:2]).upper() or "?"


def labels(names: Mapping[str, str]) -> dict[str, str]:
    """A short token label per unit, different for every unit ("Sparring Mule A" and "... B" are
    "SMA" and "SMB", not both "SM")."""
    first = {uid: _initials(name) for uid, name in names.items()}
    out = {}
    for uid, label in first.items():
        twins = [other for other, same in first.items() if same == label]
        if len(twins) == 1:
            out[uid] = label
            continue
        words = [w for w in names[uid].replace('"', " ").split() if w[:1].isalnum()]
        last = words[-1] if words else ""
        if len(words) > 2 and len(last) <= 2:
            out[uid] = label + last.upper()  # the name's own mark: A, B, II
        else:
            out[uid] = f"{label}{twins.index(uid) + 1}"
    return out


def _system_text(system: Mapping[str, Any]) -> str:
    """What a system does: the catalogue's own words in the reader's language, a custom one's as
    its sheet wrote them."""
    text = str(system.get("text", ""))
    known = m.SYSTEM_TEXTS.get(str(system.get("key", "")))
    return say(known()) if known and known.english == text else text


def _weapon_row(i: int, w: Mapping[str, Any]) -> dict[str, Any]:
    area = w.get("area")
    melee = w["kind"] == "melee"
    reach_text = m.W_THREAT(n=w["threat"]) if melee else m.W_RANGE(n=w["range"])
    tags = []
    if w.get("ap"):
        tags.append(say(m.W_AP()))
    if area:
        shape = m.AREA_SHAPES[area["shape"]]() if area["shape"] in m.AREA_SHAPES else area["shape"]
        tags.append(say(m.W_AREA(shape=shape, n=area["value"])))
    if w.get("burn"):
        tags.append(say(m.W_BURN(n=w["burn"])))
    if w.get("loading"):
        tags.append(say(m.W_LOADING()))
    size = m.WEAPON_SIZES[w["size"]]() if w["size"] in m.WEAPON_SIZES else w["size"]
    kind = m.DAMAGE_TYPES[w["type"]]() if w["type"] in m.DAMAGE_TYPES else w["type"]
    return {
        "index": i,
        "name": w["name"],
        "size": say(size),
        "kind": w["kind"],
        "reach": say(reach_text),
        "damage": say(m.W_DAMAGE(dice=w["damage"], type=kind)),
        "tags": tags,
        "uses": w.get("uses"),
        "max_uses": w.get("max_uses"),
        "loaded": w.get("loaded", True) or not w.get("loading"),
        "destroyed": w["destroyed"],
        "mount": w["mount"] + 1,
    }


# Dashboard rows by what they are drawn from: most mechs are the same from one frame to the next
# and for every viewer, so their rows and digests are made once.
_ROWS = Memo(256)


def _row_of(u: Mapping[str, Any], view: Mapping[str, Any], gm: bool) -> dict[str, Any]:
    """A mech's row with its digest (a card and a dashboard row are drawn from it alone)."""
    uid = u["id"]
    turn = (view["active"] == uid, uid in view["acted"], uid in view["picks"])

    def make() -> dict[str, Any]:
        row = _unit_row(u, view, gm)
        row["digest"] = fragment_key(row)
        return row

    return dict(_ROWS.get((u, turn, gm), make))


def _unit_row(u: Mapping[str, Any], view: Mapping[str, Any], gm: bool) -> dict[str, Any]:
    stats = u["stats"]
    cap = int(stats["heat_cap"])
    danger_from = (cap + 1) // 2  # MECH-HEAT-1: 2 × heat ≥ cap
    turn = u["turn"] or {}
    melt = u.get("meltdown")
    prepared = u.get("prepared")
    return {
        "id": u["id"],
        "name": u["name"],
        "pilot": u["pilot"]["name"],
        "side": u["side"],
        "size": stats["size"],
        "destroyed": u["destroyed"],
        "active": view["active"] == u["id"],
        "acted": u["id"] in view["acted"],
        "can_start": u["id"] in view["picks"],
        "hp": u["hp"],
        "hp_max": stats["hp_max"],
        "hp_pct": round(100 * int(u["hp"]) / max(1, int(stats["hp_max"]))),
        "heat": u["heat"],
        "heat_cap": cap,
        "danger_from": danger_from,
        "danger": bool(u.get("danger_zone")),
        "heat_cells": [
            {"n": n, "on": n <= int(u["heat"]), "danger": n >= danger_from}
            for n in range(1, cap + 1)
        ],
        "structure": u["structure"],
        "structure_pips": _pips(int(u["structure"]), int(stats["structure_max"])),
        "stress": u["stress"],
        "stress_pips": _pips(int(u["stress"]), int(stats["stress_max"])),
        "overcharge": u["overcharge_count"],
        "next_overcharge": overcharge_expr(int(u["overcharge_count"]) + 1),
        "ap": turn.get("ap"),
        "move": turn.get("move"),
        "reaction_used": u["reaction_used"],
        "oa_used": u["oa_used"],
        "badges": u.get("badges", []),
        "burn": u["burn"],
        "repair": u["repair"],
        "repair_cap": stats["repair_cap"],
        "cp": u["cp"],
        "evasion": u.get("evasion_now", stats["evasion"]),
        "edef": stats["edef"],
        "armour": stats["armour"],
        "speed": stats["speed"],
        "sensors": stats["sensors"],
        "weapons": [_weapon_row(i, w) for i, w in enumerate(u["weapons"])],
        "systems": [
            {
                "name": s["name"],
                "uses": s.get("uses"),
                "max_uses": s.get("max_uses"),
                "destroyed": s["destroyed"],
                "text": _system_text(s),
            }
            for s in u["systems"]
        ],
        "prepared": prepared,
        "meltdown": melt,
        "meltdown_turns": melt.get("turns") if (gm and melt) else None,
        "pending_trauma": u.get("pending_trauma"),
        "position": None if u.get("x") is None else f"{u['x']},{u['y']}",
        "frame": (u.get("frame") or {}).get("name", ""),
        "conditions": [  # by name, in the reader's language
            say(m.CONDITION_NAMES[c]()) if c in m.CONDITION_NAMES else c
            for c in sorted(u.get("conditions") or {})
        ],
    }


def _terrain(game_map: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The map's terrain squares as drawn; read only when the map's fragment is not kept
    rendered already (templates/systems/mech/_map.html caches it by the map's key)."""
    terrain = []
    for key, feature in sorted(game_map["terrain"].items()):  # the same order however stored
        x, y = (int(v) for v in key.split(","))
        terrain.append(
            {
                "x": x,
                "y": y,
                "px": x * CELL,
                "py": y * CELL,
                "kind": feature["kind"],
                "height": feature.get("height", 0),
                "title": say(TERRAIN[feature["kind"]]())
                if feature["kind"] in TERRAIN
                else feature["kind"],
            }
        )
    return terrain


def _gm_tool_forms(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The GM's tool forms (damage, heat, conditions) offered now."""
    return action_forms({"gm": SYSTEM.legal_actions(dict(view), "gm")})


# The board asks the rules for its actors' actions itself (from the view), so the table
# does not ask them too (vtt/encounters/fragments.py).
OWN_LEGAL = True


def _scans(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The side's scans as its sheet lists them: the target by name, what was scanned and what
    was learnt in the reader's words (as the log says them), never ids or keys."""
    names = {str(uid): str(u.get("name") or uid) for uid, u in view["units"].items()}
    return [
        {
            "target": names.get(str(s["target"]), str(s["target"])),
            "info": say(L.SCAN_KIND_WORDS[s["info"]]())
            if s["info"] in L.SCAN_KIND_WORDS
            else str(s["info"]),
            "round": s.get("round"),
            "found": say(summarise(s.get("data") or {})),
        }
        for s in view.get("scans", [])
    ]


def board_context(
    view: Mapping[str, Any], audience: Audience, request_params: Mapping[str, Any]
) -> dict[str, Any]:
    """Context for templates/systems/mech: the SVG map, my mechs' reach and forms, every track."""
    gm = audience.role == "gm"
    frozen = bool(request_params.get("frozen"))  # a replayed position: nothing to act on
    width, height = int(view["map"]["width"]), int(view["map"]["height"])
    wrecks = [
        {"px": w["x"] * CELL, "py": w["y"] * CELL, "w": w["size"] * CELL} for w in view["wrecks"]
    ]
    mine = [uid for uid in view["order"] if gm or uid in audience.actors]
    short = labels({uid: str(view["units"][uid]["name"]) for uid in view["order"]})
    tokens, approx = [], []
    for uid in view["order"]:
        u = view["units"][uid]
        if u["destroyed"]:
            continue
        if u.get("x") is None:
            area = u.get("approximate") or {}
            if area:
                approx.append(
                    {
                        "px": area["x0"] * CELL,
                        "py": area["y0"] * CELL,
                        "w": (area["x1"] - area["x0"] + 1) * CELL,
                        "h": (area["y1"] - area["y0"] + 1) * CELL,
                        "name": u["name"],
                    }
                )
            continue
        size = int(u["stats"]["size"])
        tokens.append(
            {
                "id": uid,
                "name": u["name"],
                "initials": short[uid],
                "side": u["side"],
                "px": int(u["x"]) * CELL,
                "py": int(u["y"]) * CELL,
                "w": size * CELL,
                "cx": int(u["x"]) * CELL + size * CELL // 2,
                "cy": int(u["y"]) * CELL + size * CELL // 2,
                "own": uid in mine,
                "active": view["active"] == uid,
                "hidden": "hidden" in u["conditions"],
                "hp": u["hp"],
                "hp_max": u["stats"]["hp_max"],
                "hp_w": round((size * CELL - 6) * int(u["hp"]) / max(1, int(u["stats"]["hp_max"]))),
                "heat": u["heat"],
                "heat_cap": u["stats"]["heat_cap"],
                "danger": bool(u.get("danger_zone")),
            }
        )
    reach_sets = []
    # A mech's reachable squares are drawn only when asked for (`reach_from`, the mech the viewer
    # selected: GET .../reach/), not into every frame: each move changes them.
    reach_from = str(request_params.get("reach_from") or "")
    for uid in [] if frozen else [uid for uid in mine if uid == reach_from]:
        found = reach(dict(view), uid)
        # Where a boost after the move could end (MECH-ACT-BOOST): shown before the move is spent.
        u = view["units"][uid]
        turn = u.get("turn") or {}
        if found["move"] and int(turn.get("ap", 0)) >= 1:
            longer = {**u, "turn": {**turn, "move": int(turn["move"]) + int(u["stats"]["speed"])}}
            wider = reach({**view, "units": {**view["units"], uid: longer}}, uid)["move"]
            found["far"] = {c: cost for c, cost in wider.items() if c not in found["move"]}
            found["far"] = {c: v for c, v in found["far"].items() if c not in found["boost"]}
        cells = []
        for mode in ("far", "boost", "move"):
            for (x, y), cost in sorted(found.get(mode, {}).items()):
                if mode == "boost" and (x, y) in found["move"]:
                    continue
                size = int(view["units"][uid]["stats"]["size"])
                cells.append(
                    {
                        "x": x,
                        "y": y,
                        "px": x * CELL,
                        "py": y * CELL,
                        "w": size * CELL,
                        "cost": cost,
                        "mode": mode,
                        "left": (int(view["units"][uid]["turn"]["move"]) - cost)
                        if mode == "move"
                        else max(0, int(view["units"][uid]["stats"]["speed"]) - cost),
                    }
                )
        if cells:
            # MECH-OA-1: who would strike as it moves off (issue 34: the map asks first)
            threats = opportunity_threats(dict(view), u, settings_of(view).oa_weapons)
            oa = ", ".join(str(o["name"]) for o in threats)
            reach_sets.append({"from": uid, "cells": cells, "oa": oa})
    forms_by_actor = []
    for uid in [] if frozen else mine:
        u = view["units"][uid]
        busy = (
            view["active"] == uid
            or uid in view["picks"]
            or u["prepared"]
            or u["pending_trauma"]
            or view["phase"] == "interval"
        )
        if gm and not busy:
            continue  # the GM sees the forms of the mech that acts (or may start, or react)
        order = {"begin_turn": 0, "end_turn": 1, "choose_trauma": 0, "set_reactions": 99}
        legal = SYSTEM.legal_actions(dict(view), uid)  # asked only for the forms shown
        templates = sorted(legal, key=lambda t: order.get(t.kind, 50))
        forms = action_forms({uid: templates}, {uid: str(u["name"])})
        for form in forms:
            fixed = form["fixed"]
            if form["kind"] == "attack" and "weapon" in fixed:
                weapon = view["units"][uid]["weapons"][int(fixed["weapon"])]
                form["area"] = (weapon.get("area") or {}).get("shape")
            form["map"] = form["kind"] in MOVE_KINDS
        forms_by_actor.append({"id": uid, "name": view["units"][uid]["name"], "forms": forms})
    rows = [_row_of(view["units"][uid], view, gm) for uid in view["order"]]
    standing = sorted({r["side"] for r in rows if not r["destroyed"]})
    grapples = []
    for g in view["grapples"]:  # MECH-ACT-GRAPPLE-1/3: sizes on a side add up

        def side(ids: list[str]) -> dict[str, Any]:
            units = [view["units"][i] for i in ids if not view["units"][i]["destroyed"]]
            return {
                "names": ", ".join(u["name"] for u in units),
                "size": sum(int(u["stats"]["size"]) for u in units),
            }

        grapples.append(
            {
                "attackers": side(g["attackers"]),
                "defenders": side(g["defenders"]),
                "winner": g["winner"],
            }
        )
    by_id = {row["id"]: row for row in rows}
    game_map = map_key(view["map"])
    # the whole map view (templates/systems/mech/_map.html, its cards too) is drawn from these
    # alone: kept rendered under their digest, it is drawn once for the viewers who see the
    # same map (the observers and the players without a mech), and for a position seen before
    on_map = (game_map, wrecks, approx, tokens, reach_sets, [row["digest"] for row in rows])
    context: dict[str, Any] = {
        "forms": [],  # the mech board renders its own forms (templates/systems/mech/)
        "mech": {
            "cell": CELL,
            "width": width * CELL,
            "height": height * CELL,
            "cols": [{"n": x, "px": x * CELL + CELL // 2} for x in range(width)],
            "rows_y": [{"n": y, "py": y * CELL + CELL // 2} for y in range(height)],
            "grid_x": [x * CELL for x in range(width + 1)],
            "grid_y": [y * CELL for y in range(height + 1)],
            "terrain": partial(_terrain, view["map"]),  # called by the template on a miss
            "map_key": game_map,
            "map_digest": fragment_key(on_map),
            "wrecks": wrecks,
            "tokens": tokens,
            "approx": approx,
            "reach": reach_sets,
            "units": rows,
            "mine": [by_id[uid] for uid in mine if uid in by_id],
            "my_forms": forms_by_actor,
            # the GM's tools load when opened (parts/gm-tools.html); a frame neither builds
            # them nor asks the rules for them (the holder's revision is the log's seq)
            "gm_forms": partial(_gm_tool_forms, view),
            "has_gm_tools": gm and not frozen,
            "round": view["round"],
            "phase": view["phase"],
            "active": by_id.get(view["active"]) if view["active"] else None,
            "picks": [by_id[p] for p in view["picks"] if p in by_id],
            "order": [by_id[uid] for uid in view["order"]],
            "scans": _scans(view),
            "winner": standing[0] if len(standing) == 1 else None,
            "grapples": grapples,
            "charts": charts(view.get("settings") or {}),
        },
    }
    return context
