"""The Delta Green GameSystem: dispatch, legal actions, views and exact previews."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from rules.brp.core import impale_threshold, scaled, succeeds
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.params import bool_param, int_param, list_param, str_param
from rules.core.system import Action, Audience, Event, Json
from rules.delta_green import engine, gm
from rules.delta_green.combat import Chance, attack_chance, own_penalties, settings_of, skill
from rules.delta_green.state import (
    able,
    cards_left,
    conditions,
    current_actor,
    is_dead,
    is_immobile,
    is_incapacitated,
    location_badges,
    status,
    weapon_of,
)
from rules.delta_green.tables import (
    ALL,
    BURST_MODES,
    LOCATION_NAMES,
    LOCATIONS,
    VESTS,
    suppression_cost,
)

Resolver = Callable[[Json, Action, Dice], list[Event]]

TURN_ACTIONS: dict[str, Resolver] = {
    "fire": engine.single_fire,
    "aimed_shot": engine.aimed_shot,
    "burst": engine.burst,
    "suppress": engine.suppress,
    "melee": engine.melee,
    "precision_aim": engine.precision_aim,
    "run": engine.run,
    "crawl": engine.crawl,
    "stand": engine.stand,
    "draw": engine.draw,
    "holster": engine.holster,
    "reload": engine.reload,
    "clear_jam": engine.clear_jam,
    "first_aid": engine.first_aid,
    "skill": engine.skill_use,
    "pass": engine.pass_turn,
    "delay": engine.delay,
}
FREE_ACTIONS: dict[str, Resolver] = {
    "walk": engine.walk,
    "quick_draw": engine.quick_draw,
    "declare_aimed_shot": engine.declare_aimed_shot,
    "declare_parry": engine.declare_parry,
    "set_brave": engine.set_flag("brave", "choice.changed", "DG-SUPP-5"),
    "set_dodge": engine.set_flag("dodge", "choice.changed", "DG-AUTO-1"),
}
INCAPACITATED_ACTIONS = frozenset({"first_aid", "crawl", "pass", "delay"})
GM_ACTIONS: dict[str, Resolver] = {
    "start_round": engine.start_round,
    "next_pass": engine.next_pass,
    "end_round": engine.end_round,
    "gm_damage": gm.gm_damage,
    "gm_heal": gm.gm_heal,
    "gm_condition": gm.gm_condition,
    "gm_treat": gm.gm_treat,
    "week_passes": gm.week_passes,
    "train_skill": gm.train_skill,
    "train_characteristic": gm.train_characteristic,
    "research": gm.research,
    "pow_gain": gm.pow_gain,
    "magic_contest": gm.magic_contest,
    "set_confined": gm.set_confined,
}


def resolve(state: Json, action: Action, dice: Dice) -> list[Event]:
    """Events for one action; raises RulesError (state untouched) when it is not allowed."""
    kind = action.kind
    if action.actor == engine.GM_ACTOR:
        resolver = GM_ACTIONS.get(kind)
        if resolver is None:
            raise IllegalAction(f"the GM has no action {kind!r}")
        return resolver(state, action, dice)
    if kind in GM_ACTIONS:
        raise IllegalAction(f"{kind} is a GM action (send it as actor 'gm')")
    resolver = TURN_ACTIONS.get(kind) or FREE_ACTIONS.get(kind)
    if resolver is None:
        raise IllegalAction(f"unknown action {kind!r}")
    c = engine._c(state, action.actor)
    if is_dead(c):
        raise IllegalAction(f"{c['name']} is dead")
    if kind in TURN_ACTIONS and not able(c) and action.actor not in state["tie_grace"]:
        raise IllegalAction(f"{c['name']} cannot act ({status(c)})")
    if is_incapacitated(c) and kind in TURN_ACTIONS and kind not in INCAPACITATED_ACTIONS:
        raise IllegalAction(f"{c['name']} can only give First Aid to itself or crawl", "DG-WOUND-6")
    return resolver(state, action, dice)


# ---------------------------------------------------------------- legal actions


def _targets(state: Mapping[str, Any], cid: str) -> list[dict[str, str]]:
    return [
        {"id": oid, "name": o["name"], "side": o["side"]}
        for oid, o in state["combatants"].items()
        if oid != cid and not is_dead(o)
    ]


def _cost_label(cost: int | str) -> str:
    return "all actions" if cost == ALL else f"{cost} action{'s' if cost != 1 else ''}"


def legal_actions(state: Json, actor: str) -> list[Json]:
    """Action templates for the UI: only what this actor may do now, with costs and choices."""
    if actor == engine.GM_ACTOR:
        return _gm_templates(state)
    c = state["combatants"].get(actor)
    if c is None or is_dead(c):
        return []
    out: list[Json] = []
    in_round = state["phase"] == "in_round"
    if not in_round and able(c):
        held = c["in_hand"]
        if held and weapon_of(c, held)["kind"] == "firearm":
            out.append(
                {
                    "kind": "declare_aimed_shot",
                    "label": "Declare an aimed shot",
                    "cost": "free",
                    "params": {"location": list(LOCATIONS)},
                }
            )
    out.append(
        {
            "kind": "set_brave",
            "label": "Brave suppressive fire",
            "cost": "free",
            "params": {"value": not c["brave"]},
        }
    )
    out.append(
        {
            "kind": "set_dodge",
            "label": "Dodge the next attack",
            "cost": "free",
            "params": {"value": not c["dodge"]},
        }
    )
    if "quick_draw" in c["sheet"]["edges"] and able(c):
        keys = [w["key"] for w in c["sheet"]["weapons"] if w["key"] != c["in_hand"]]
        out.append(
            {
                "kind": "quick_draw",
                "label": "Quick Draw",
                "cost": "free",
                "params": {"weapon": keys},
            }
        )
    if in_round and able(c):
        out.append({"kind": "walk", "label": "Walk", "cost": "free", "params": {"metres": 0}})
        out.append(
            {
                "kind": "declare_parry",
                "label": "Parry an attacker",
                "cost": "free",
                "params": {"attacker": [t["id"] for t in _targets(state, actor)]},
            }
        )
    if current_actor(state) != actor:
        return out
    left = cards_left(c)
    full = not c["round"].get("spent")
    targets = _targets(state, actor)
    target_ids = [t["id"] for t in targets]

    def affordable(cost: int | str) -> bool:
        if cost == ALL:
            return left > 0 and (
                full or not settings_of(state)["dg.all_actions_requires_full_hand"]
            )
        return int(cost) <= left

    if is_incapacitated(c):  # DG-WOUND-6: First Aid on itself or crawl
        own = [
            {"target": actor, "location": loc}
            for loc in LOCATIONS
            if int(c["damage"][loc]) > 0 and loc not in c["first_aided"]
        ]
        out.append({"kind": "crawl", "label": "Crawl 1 m", "cost": 1, "params": {}})
        if own:
            out.append(
                {
                    "kind": "first_aid",
                    "label": "First Aid on itself",
                    "cost": "all remaining",
                    "params": {"wounds": own},
                }
            )
        out.append({"kind": "pass", "label": "Pass (turn one card down)", "cost": 1, "params": {}})
        return out
    called = c["round"].get("called")
    can_attack = not (called and c["round"].get("attacks", 0)) and not is_immobile(c)
    for weapon in c["sheet"]["weapons"]:
        key = weapon["key"]
        slot = c["weapons"][key]
        in_hand = weapon["kind"] == "unarmed" or c["in_hand"] == key
        if not in_hand:
            out.append(
                {
                    "kind": "draw",
                    "label": f"Draw {weapon['name']}",
                    "cost": 1,
                    "params": {"weapon": key},
                }
            )
            continue
        if slot.get("jammed"):
            out.append(
                {
                    "kind": "clear_jam",
                    "label": f"Clear the jam ({weapon['name']})",
                    "cost": ALL,
                    "params": {"weapon": key},
                }
            )
            continue
        if weapon["kind"] == "firearm":
            loaded = int(slot["loaded"])
            fired = int(c["round"].get("shots", {}).get(key, 0))
            if loaded and can_attack and called:
                out.append(
                    {
                        "kind": "aimed_shot",
                        "label": f"Aimed shot at the {LOCATION_NAMES[called]}",
                        "cost": 1,
                        "params": {"weapon": key, "target": target_ids},
                    }
                )
            elif loaded and can_attack and fired < int(weapon["rof"]):
                out.append(
                    {
                        "kind": "fire",
                        "label": f"Single shot ({weapon['name']})",
                        "cost": 1,
                        "params": {
                            "weapon": key,
                            "target": target_ids,
                            "double_tap": "double_tap" in c["sheet"]["edges"],
                        },
                    }
                )
            if loaded and can_attack and not called:
                modes = []
                for mode_key in engine.burst_modes(c, weapon):
                    mode = BURST_MODES[mode_key]
                    if affordable(mode.actions):
                        walking = mode_key in [
                            str(m) for m in settings_of(state)["dg.walking_modes"]
                        ]
                        modes.append(
                            {
                                "mode": mode_key,
                                "label": mode.label,
                                "cost": _cost_label(mode.actions),
                                "rounds": min(mode.rounds, loaded),
                                "walking": walking,
                            }
                        )
                if modes:
                    out.append(
                        {
                            "kind": "burst",
                            "label": f"Burst ({weapon['name']})",
                            "cost": "by mode",
                            "params": {"weapon": key, "target": target_ids, "modes": modes},
                        }
                    )
                rounds = int(settings_of(state)["dg.suppression_default_rounds"])
                if weapon.get("auto") and affordable(suppression_cost(rounds)):
                    s_eff = skill(c, str(weapon["skill"])) + sum(
                        v for _, v in own_penalties(state, c)
                    )
                    out.append(
                        {
                            "kind": "suppress",
                            "label": f"Suppressive fire ({weapon['name']})",
                            "cost": _cost_label(suppression_cost(rounds)),
                            "params": {
                                "weapon": key,
                                "targets": target_ids,
                                "rounds": rounds,
                                "x_max": s_eff,
                            },
                        }
                    )
            reload_room = {
                "magazine": c["round"].get("mags", 0) < 1,
                "loose": c["round"].get("loose", 0) < 2,
            }.get(weapon["reload"], True)
            if loaded < int(weapon["capacity"]) and int(slot["spare"]) > 0 and reload_room:
                cost = ALL if weapon["reload"] == "belt" else 1
                if affordable(cost):
                    out.append(
                        {
                            "kind": "reload",
                            "label": f"Reload {weapon['name']}",
                            "cost": _cost_label(cost),
                            "params": {"weapon": key},
                        }
                    )
        elif can_attack and not called:
            out.append(
                {
                    "kind": "melee",
                    "label": f"Attack with {weapon['name']}",
                    "cost": 1,
                    "params": {"weapon": key, "target": target_ids},
                }
            )
    if c["in_hand"]:
        out.append({"kind": "holster", "label": "Holster", "cost": 1, "params": {}})
        held = weapon_of(c, c["in_hand"])
        if held["kind"] == "firearm" and full:
            out.append(
                {
                    "kind": "precision_aim",
                    "label": "Precision aim (whole round)",
                    "cost": "all actions",
                    "params": {"target": target_ids},
                }
            )
    if not c["round"].get("ran"):
        out.append(
            {
                "kind": "run",
                "label": "Run (8 m, -10% this round)",
                "cost": 1,
                "params": {"metres": 8},
            }
        )
    if c["prone"]:
        out.append({"kind": "stand", "label": "Stand up", "cost": 1, "params": {}})
        out.append({"kind": "crawl", "label": "Crawl 1 m", "cost": 1, "params": {}})
    wounded = [
        {"target": oid, "location": loc}
        for oid, o in state["combatants"].items()
        for loc in LOCATIONS
        if int(o["damage"][loc]) > 0 and loc not in o["first_aided"] and not is_dead(o)
    ]
    if wounded:
        out.append(
            {
                "kind": "first_aid",
                "label": "First Aid (rest of the round)",
                "cost": "all remaining",
                "params": {"wounds": wounded},
            }
        )
    out.append(
        {
            "kind": "skill",
            "label": "Use a skill",
            "cost": 1,
            "params": {"skill": sorted(c["sheet"]["skills"])},
        }
    )
    out.append({"kind": "pass", "label": "Pass (turn one card down)", "cost": 1, "params": {}})
    if settings_of(state)["dg.allow_delay"] and actor not in state["delayed"]:
        out.append(
            {"kind": "delay", "label": "Delay (act later this pass)", "cost": 0, "params": {}}
        )
    return out


def _gm_templates(state: Mapping[str, Any]) -> list[Json]:
    ids = list(state["combatants"])
    in_round = state["phase"] == "in_round"
    out: list[Json] = []
    if not in_round:
        out.append({"kind": "start_round", "label": "Start round", "params": {}})
    else:
        out.append({"kind": "next_pass", "label": "Next pass", "params": {}})
        out.append({"kind": "end_round", "label": "End round", "params": {}})
    out += [
        {
            "kind": "gm_damage",
            "label": "Apply damage",
            "params": {"target": ids, "location": list(LOCATIONS)},
        },
        {
            "kind": "gm_heal",
            "label": "Apply healing",
            "params": {"target": ids, "location": list(LOCATIONS)},
        },
        {
            "kind": "gm_condition",
            "label": "Set a condition",
            "params": {"target": ids, "condition": list(gm.CONDITIONS)},
        },
        {
            "kind": "set_confined",
            "label": "Confined space",
            "params": {"value": not state["confined"]},
        },
    ]
    if not in_round:
        out += [
            {
                "kind": "gm_treat",
                "label": "First Aid / surgery",
                "params": {"healer": ids, "target": ids},
            },
            {"kind": "week_passes", "label": "A week of healing", "params": {}},
            {"kind": "train_skill", "label": "Skill training", "params": {"student": ids}},
            {
                "kind": "train_characteristic",
                "label": "Characteristic training",
                "params": {"student": ids, "characteristic": list(gm.TRAINABLE)},
            },
            {"kind": "research", "label": "Research", "params": {"student": ids}},
            {
                "kind": "pow_gain",
                "label": "POW gain roll",
                "params": {"target": [i for i in ids if state["combatants"][i]["pow_check"]]},
            },
            {"kind": "magic_contest", "label": "Magic points contest", "params": {"caster": ids}},
        ]
    return out


# ---------------------------------------------------------------- view


def view(state: Json, audience: Audience) -> Json:
    """What this audience may see: hidden vests only for the GM and the wearer (DG-ARM-8)."""
    out = copy.deepcopy(state)
    now = current_actor(state)
    out["current"] = now
    out["combatant_list"] = []
    for cid in list(state["combatants"]):
        c = out["combatants"][cid]
        vest = c["sheet"].get("vest")
        hidden = bool(vest and vest.get("worn_hidden"))
        if hidden and audience.role != "gm" and cid not in audience.actors:
            c["sheet"]["vest"] = None
        vest = c["sheet"].get("vest")
        table = VESTS[int(vest["level"])] if vest else None
        c["derived"] = {
            "status": status(c),
            "conditions": conditions(c),
            "cards_left": cards_left(c),
            "cards_total": int(c["round"].get("cards", 0)),
            "vest": None
            if table is None
            else {
                "level": table.level,
                "name": table.name,
                "ap": table.ap,
                "penalty": table.penalty,
                "covers": ["chest"],
                "hidden": bool(vest and vest.get("worn_hidden")),
            },
            "locations": [
                {
                    "key": loc,
                    "name": LOCATION_NAMES[loc],
                    "max": int(c["loc_max"][loc]),
                    "hp": int(c["loc_max"][loc]) - int(c["damage"][loc]),
                    "badges": location_badges(c, loc),
                }
                for loc in LOCATIONS
            ],
            "in_hand": weapon_of(c, c["in_hand"])["name"] if c["in_hand"] else None,
            "suppression": sum(
                int(p["value"]) for p in c["penalties"] if int(p["round"]) == int(state["round"])
            ),
            "is_current": cid == now,
        }
        out["combatant_list"].append(c)
    out["order_view"] = [
        {
            "id": cid,
            "name": state["combatants"][cid]["name"],
            "rank": state["combatants"][cid]["round"].get("rank"),
            "acted": cid in state["acted"],
            "current": cid == now,
        }
        for cid in state["order"]
    ]
    return out


# ---------------------------------------------------------------- previews


def _face_outcome(
    face: int, chance: int, mal: int | None, impale_ok: bool, auto: tuple[bool, bool]
) -> str:
    if mal is not None and face >= mal:
        return "malfunction"
    if not succeeds(chance, face, *auto):
        return "miss"
    if impale_ok and face <= impale_threshold(chance):
        return "impale"
    return "hit"


def _prob(count: Fraction | int) -> dict[str, Any]:
    value = Fraction(count)
    return {"probability": float(value), "exact": f"{value.numerator}/{value.denominator}"}


def preview(state: Json, action: Action) -> Json:
    """DG-GEN-3 and the attack rules: the exact chance of each outcome, by enumerating the d100."""
    c = engine._c(state, action.actor)
    params = action.params
    kind = action.kind
    auto = (
        bool(settings_of(state)["dg.auto_fail_00"]),
        bool(settings_of(state)["dg.auto_success_01"]),
    )
    if kind not in ("fire", "aimed_shot", "burst", "melee", "suppress"):
        raise IllegalAction(f"no preview for {kind!r}")
    weapon = weapon_of(c, str_param(params, "weapon"))
    mal = weapon.get("mal") if weapon["kind"] == "firearm" else None
    if kind == "suppress":
        return _preview_suppress(state, c, weapon, params, auto)
    target = engine._c(state, str_param(params, "target"))
    mode = None
    rounds = 1
    walking = False
    if kind == "burst":
        key = str_param(params, "mode")
        if key not in BURST_MODES or key not in engine.burst_modes(c, weapon):
            raise IllegalAction(f"{weapon['name']} cannot fire mode {key!r}", "DG-AUTO-6")
        mode = BURST_MODES[key]
        rounds = min(mode.rounds, max(1, int(c["weapons"][weapon["key"]]["loaded"])))
        walking = bool_param(params, "walking")
    extra: list[tuple[str, int]] = []
    if kind == "fire" and bool_param(params, "double_tap"):
        extra.append(("Double Tap", -int(settings_of(state)["dg.double_tap_penalty"])))
    chance: Chance = attack_chance(
        state, c, weapon, target, params, mode, rounds if walking else 0, extra
    )
    value = chance.value
    counts: dict[str, int] = {}
    for face in range(1, 101):
        outcome = _face_outcome(face, value, mal, bool(weapon.get("can_impale")), auto)
        if kind == "aimed_shot" and outcome in ("hit", "impale"):
            half = scaled(value, Fraction(1, 2))
            outcome = (
                "chosen location" if face <= half or outcome == "impale" else "random location"
            )
        counts[outcome] = counts.get(outcome, 0) + 1
    outcomes = [{"label": label, **_prob(Fraction(n, 100))} for label, n in counts.items()]
    details: Json = {
        "chance": value,
        "breakdown": chance.explain(),
        "impale_threshold": impale_threshold(value) if weapon.get("can_impale") else 0,
    }
    if mode is not None:
        die = mode.walk_die if walking and mode.walk_die else mode.hits_die
        hit_p = Fraction(counts.get("hit", 0) + counts.get("impale", 0), 100)
        dist = {k: Fraction(1, die) for k in range(1, min(die, rounds) + 1)}
        if die > rounds:
            dist[rounds] = Fraction(die - rounds + 1, die)
        details["hits_die"] = f"1d{die}"
        details["rounds"] = rounds
        details["cost"] = _cost_label(mode.actions)
        details["hits"] = [{"hits": k, **_prob(hit_p * p)} for k, p in dist.items()]
        details["expected_hits"] = float(hit_p * sum(k * p for k, p in dist.items()))
    if kind == "aimed_shot":
        details["bands"] = {"chosen": scaled(value, Fraction(1, 2)), "random": value}
    hitting = sum(n for o, n in counts.items() if o not in ("miss", "malfunction"))
    summary = f"{chance.explain()}: {_prob(Fraction(hitting, 100))['exact']} to hit"
    return {"summary": summary, "outcomes": outcomes, "details": details}


def _preview_suppress(
    state: Json, c: Json, weapon: Json, params: Mapping[str, Any], auto: tuple[bool, bool]
) -> Json:
    """DG-SUPP-2: per target, the chance S-X (or S+X if it braves) on the single roll."""
    s_eff = skill(c, str(weapon["skill"])) + sum(v for _, v in own_penalties(state, c))
    x = int_param(params, "x")
    mal = weapon.get("mal")
    brave_override = set(list_param(params, "brave"))
    outcomes = []
    per_target = {}
    for tid in list_param(params, "targets"):
        t = engine._c(state, tid)
        brave = bool(t["brave"]) or tid in brave_override
        chance = s_eff + x if brave else s_eff - x
        hits = sum(
            1
            for face in range(1, 101)
            if _face_outcome(face, chance, mal, True, auto) in ("hit", "impale")
        )
        outcomes.append({"label": f"{t['name']} hit", **_prob(Fraction(hits, 100))})
        per_target[tid] = {"chance": chance, "brave": brave, "penalty": 0 if brave else -x}
    if mal is not None:
        outcomes.append({"label": "malfunction", **_prob(Fraction(101 - int(mal), 100))})
    return {
        "summary": f"suppressive fire, skill {s_eff}, X = {x}",
        "outcomes": outcomes,
        "details": {"targets": per_target, "x": x},
    }
