"""The Delta Green GameSystem: dispatch, legal actions, views and exact previews."""

from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from rules.brp.core import impale_threshold, scaled, succeeds
from rules.brp.hazards import POISONS
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.params import bool_param, int_param, list_param, str_param
from rules.core.system import Action, Audience, Event, Json
from rules.delta_green import engine, gm
from rules.delta_green.combat import (
    HIDDEN_CLOSE,
    HIDDEN_OPEN,
    HIDDEN_SEP,
    Chance,
    attack_chance,
    own_penalties,
    skill,
)
from rules.delta_green.settings import settings_of, values
from rules.delta_green.sheet import EDGES
from rules.delta_green.state import (
    able,
    cards_left,
    conditions,
    current_actor,
    half_dex_rank,
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
    SPRAY,
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
    "chamber_fire": engine.chamber_fire,
    "put_out": engine.put_out,
    "pull_out": engine.pull_out,
    "throw": engine.throw,
    "first_aid": engine.first_aid,
    "skill": engine.skill_use,
    "pass": engine.pass_turn,
    "delay": engine.delay,
    "hold_half_dex": engine.hold_half_dex,
}
FREE_ACTIONS: dict[str, Resolver] = {
    "walk": engine.walk,
    "quick_draw": engine.quick_draw,
    "declare_aimed_shot": engine.declare_aimed_shot,
    "declare_parry": engine.declare_parry,
    "buy_edge": engine.buy_edge,
    "locate": engine.locate,
    "set_brave": engine.set_flag("brave", "choice.changed", "DG-SUPP-5"),
    "brave_after": engine.brave_after,
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
    "spot_vest": gm.spot_vest,
    "hazard": gm.hazard,
    "revolver_accident": gm.revolver_accident,
    "grant_edge": gm.grant_edge,
    "gm_note": gm.gm_note,
    "fit_silencer": gm.fit_silencer,
    "conceal": gm.conceal,
    "set_light": gm.set_light,
    "poison_onset": gm.poison_onset,
}


def resolve(state: Json, action: Action, dice: Dice) -> list[Event]:
    """Events for one action; raises RulesError (state untouched) when it is not allowed."""
    return [_hide_vests(event) for event in _resolve(state, action, dice)]


_HIDDEN = re.compile(
    f"{HIDDEN_OPEN}([^{HIDDEN_SEP}]*){HIDDEN_SEP}([^{HIDDEN_CLOSE}]*){HIDDEN_CLOSE}"
)


def _hide_vests(event: Event) -> Event:
    """DG-ARM-8: a line that reveals a hidden vest goes to the GM and the wearer; others get it
    without the vest."""
    if HIDDEN_OPEN not in event.text:
        return event
    wearers = {match.group(1) for match in _HIDDEN.finditer(event.text)}
    if not wearers:
        return event
    full = _HIDDEN.sub(lambda m: m.group(2), event.text)
    redacted = _HIDDEN.sub(
        lambda m: "armour" if "AP" in m.group(2) or "stab" in m.group(2) else "other modifiers",
        event.text,
    )
    audience = f"actor:{next(iter(wearers))}" if len(wearers) == 1 else "gm"
    return dataclasses.replace(event, text=full, audience=audience, redacted_text=redacted)


def _resolve(state: Json, action: Action, dice: Dice) -> list[Event]:
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
    if kind in TURN_ACTIONS:
        # able() is false for the dead too, so the common case (able) asks once
        if not able(c):
            if is_dead(c):
                raise IllegalAction(f"{c['name']} is dead")
            if action.actor not in state["tie_grace"]:
                raise IllegalAction(f"{c['name']} cannot act ({status(c)})")
        if c["untreated"] and kind not in INCAPACITATED_ACTIONS:  # is_incapacitated
            raise IllegalAction(
                f"{c['name']} can only give First Aid to itself or crawl", "DG-WOUND-6"
            )
    elif is_dead(c):
        raise IllegalAction(f"{c['name']} is dead")
    return resolver(state, action, dice)


# ---------------------------------------------------------------- legal actions


def _targets(state: Mapping[str, Any], cid: str) -> list[list[str]]:
    """Target choices [id, name], enemies first."""
    me = state["combatants"][cid]
    others = [
        (o["side"] == me["side"], oid, o["name"])
        for oid, o in state["combatants"].items()
        if oid != cid and not is_dead(o)
    ]
    return [[oid, name] for _, oid, name in sorted(others, key=lambda t: t[0])]


def _cost_label(cost: int | str) -> str:
    return "all actions" if cost == ALL else f"{cost} action{'s' if cost != 1 else ''}"


def _t(
    kind: str,
    label: str,
    rule: str,
    cost: Any,
    params: list[Json] | None = None,
    fixed: Mapping[str, Any] | None = None,
    preview: bool = False,
    **extra: Any,
) -> Json:
    """An action template the table server turns into a form (docs/server.md)."""
    return {
        "kind": kind,
        "label": label,
        "rule": rule,
        "cost": cost,
        "params": params or [],
        "fixed": dict(fixed or {}),
        "preview": preview,
        **extra,
    }


def _field(
    name: str,
    label: str,
    choices: list[list[Any]] | None = None,
    default: Any = "",
    kind: str | None = None,
    help_text: str = "",
) -> Json:
    field: Json = {"name": name, "label": label, "default": default}
    if choices is not None:
        field["choices"] = choices
    if kind:
        field["type"] = kind
    if help_text:
        field["help"] = help_text
    return field


LOCATION_CHOICES = [[loc, LOCATION_NAMES[loc]] for loc in LOCATIONS]


def _fits_off_hand(c: Mapping[str, Any], weapon: Mapping[str, Any]) -> bool:
    """COC-TWOWEAP-1, COC-TWOGUN-1: a one-handed melee weapon or handgun beside a one-handed one."""
    if c.get("off_hand") or not c["in_hand"] or weapon["two_handed"]:
        return False
    if weapon_of(c, c["in_hand"])["two_handed"]:
        return False
    return weapon["kind"] in ("melee", "knife") or bool(weapon.get("handgun"))


def _buyable_edges(c: Mapping[str, Any]) -> list[list[str]]:
    """DG-EDGE-0: edges not yet owned whose prerequisite is owned, [key, "name (price)"]."""
    owned = c["sheet"]["edges"]
    return [
        [edge, f"{edge.replace('_', ' ')} ({price})"]
        for edge, (needs, price) in EDGES.items()
        if edge not in owned and (needs is None or needs in owned)
    ]


def legal_actions(state: Json, actor: str) -> list[Json]:
    """Action templates for the UI: only what this actor may do now, with costs and choices."""
    if actor == engine.GM_ACTOR:
        return _gm_templates(state)
    c = state["combatants"].get(actor)
    if c is None or is_dead(c):
        return []
    out: list[Json] = []
    in_round = state["phase"] == "in_round"
    targets = _targets(state, actor)
    if not in_round and able(c):
        held = c["in_hand"]
        if held and weapon_of(c, held)["kind"] == "firearm":
            out.append(
                _t(
                    "declare_aimed_shot",
                    "Declare an aimed shot",
                    "DG-CALLED-1",
                    "free",
                    [_field("location", "Location", LOCATION_CHOICES)],
                )
            )
    out.append(
        _t(
            "set_dodge",
            "Stop dodging" if c["dodge"] else "Dodge the next attack",
            "DG-AUTO-1",
            "free",
            fixed={"value": "" if c["dodge"] else "on"},
        )
    )
    out.append(
        _t(
            "set_brave",
            "Take cover" if c["brave"] else "Brave suppressive fire",
            "DG-SUPP-5",
            "free",
            fixed={"value": "" if c["brave"] else "on"},
        )
    )
    offers = c["round"].get("brave_offers") if c["round"] else None
    if offers:  # DG-SUPP-5 with `dg.brave_before_roll = false`: brave after seeing the roll
        out.append(
            _t(
                "brave_after",
                "Brave the fire after the roll",
                "DG-SUPP-5",
                "free",
                [
                    _field(
                        "shooter",
                        "Suppressive fire of",
                        [[sid, state["combatants"][sid]["name"]] for sid in offers],
                    )
                ],
            )
        )
    hidden = [
        [oid, o["name"]]
        for oid, o in state["combatants"].items()
        if actor in o.get("hidden_from", ()) and oid not in c["round"].get("located", ())
    ]
    if hidden:
        out.append(
            _t(
                "locate",
                "Look for a hard-to-see target",
                "COC-CONCEAL-1",
                "free",
                [
                    _field("target", "Who", hidden),
                    _field("skill", "Roll", [["spot_hidden", "Spot Hidden"], ["idea", "Idea"]]),
                ],
            )
        )
    buyable = _buyable_edges(c)
    if not in_round and buyable and settings_of(state).edge_purchase == "any_time":
        out.append(
            _t(
                "buy_edge",
                f"Buy an edge ({c['sheet'].get('skill_points')} skill points left)",
                "DG-EDGE-0",
                "free",
                [_field("edge", "Edge", buyable)],
            )
        )
    if "quick_draw" in c["sheet"]["edges"] and able(c):
        keys = [
            [w["key"], w["name"]]
            for w in c["sheet"]["weapons"]
            if w["key"] != c["in_hand"] and w["kind"] != "unarmed"
        ]
        if keys:
            out.append(
                _t(
                    "quick_draw",
                    "Quick Draw",
                    "DG-EDGE-3",
                    "free",
                    [_field("weapon", "Weapon", keys)],
                )
            )
    if in_round and able(c):
        out.append(
            _t(
                "walk",
                "Walk",
                "DG-MOVE-1",
                "free",
                [_field("metres", "Metres", default=1, kind="number")],
            )
        )
        out.append(
            _t(
                "declare_parry",
                "Parry an attacker",
                "COC-PARRY-3",
                "free",
                [
                    _field("attacker", "Attacker", targets),
                    _field("grapple", "By grappling (COC-PARRY-9)", default=False, kind="checkbox"),
                ],
            )
        )
    if current_actor(state) != actor:
        return out
    left = cards_left(c)
    full = not c["round"].get("spent")

    def affordable(cost: int | str) -> bool:
        if cost == ALL:
            return left > 0 and (full or not settings_of(state).all_actions_requires_full_hand)
        return int(cost) <= left

    target_field = _field("target", "Target", targets)
    distance = _field(
        "distance_m",
        "Distance (m)",
        default="",
        kind="number",
        help_text="optional: point-blank and range",
    )
    if is_incapacitated(c):  # DG-WOUND-6: First Aid on itself or crawl
        own = [
            [loc, LOCATION_NAMES[loc]]
            for loc in LOCATIONS
            if int(c["damage"][loc]) > 0 and loc not in c["first_aided"]
        ]
        out.append(_t("crawl", "Crawl 1 m", "DG-WOUND-2", 1))
        if own:
            out.append(
                _t(
                    "first_aid",
                    "First Aid on itself",
                    "DG-HEAL-4",
                    "all remaining",
                    [_field("location", "Location", own)],
                    {"target": actor},
                )
            )
        out.append(_t("pass", "Pass (turn a card down)", "DG-INIT-2", 1))
        return out
    called = c["round"].get("called")
    can_attack = not (called and c["round"].get("attacks", 0)) and not is_immobile(c)
    for weapon in c["sheet"]["weapons"]:
        key = weapon["key"]
        name = weapon["name"]
        slot = c["weapons"][key]
        fixed = {"weapon": key}
        in_hand = weapon["kind"] == "unarmed" or key in (c["in_hand"], c.get("off_hand"))
        if not in_hand:
            if affordable(1):
                out.append(_t("draw", f"Draw {name}", "DG-ACT-6", 1, fixed=fixed))
                if _fits_off_hand(c, weapon):
                    off = {**fixed, "hand": "off"}
                    label = f"Draw {name} into the other hand"
                    out.append(_t("draw", label, "COC-TWOWEAP-1", 1, fixed=off))
            continue
        if slot.get("jammed"):
            if affordable(ALL):
                out.append(
                    _t(
                        "clear_jam",
                        f"Clear the jam ({name})",
                        "COC-MAL-4",
                        "all actions",
                        fixed=fixed,
                    )
                )
            continue
        if weapon["kind"] == "firearm":
            loaded = int(slot["loaded"])
            fired = int(c["round"].get("shots", {}).get(key, 0))
            if loaded and can_attack and called:
                out.append(
                    _t(
                        "aimed_shot",
                        f"Aimed shot at the {LOCATION_NAMES[called]} ({name})",
                        "DG-CALLED-2",
                        1,
                        [target_field, distance],
                        fixed,
                        True,
                    )
                )
            elif loaded and can_attack and fired < int(weapon["rof"]):
                fields = [target_field, distance]
                if (
                    "double_tap" in c["sheet"]["edges"]
                    and loaded >= 2
                    and fired + 2 <= int(weapon["rof"])
                ):
                    fields.append(
                        _field(
                            "double_tap", "Double Tap (-20 each)", default=False, kind="checkbox"
                        )
                    )
                out.append(
                    _t(
                        "fire",
                        f"Single shot ({name}, {fired}/{weapon['rof']} this round)",
                        "DG-ACT-3",
                        1,
                        fields,
                        fixed,
                        True,
                    )
                )
            if loaded and can_attack and not called:
                modes = []
                walk_modes = [str(m) for m in settings_of(state).walking_modes]
                for mode_key in engine.burst_modes(c, weapon):
                    mode = BURST_MODES[mode_key]
                    if affordable(mode.actions):
                        modes.append(
                            {
                                "mode": mode_key,
                                "label": mode.label,
                                "cost": _cost_label(mode.actions),
                                "rounds": min(mode.rounds, loaded),
                                "walking": mode_key in walk_modes and bool(mode.walk_die),
                            }
                        )
                if modes:
                    choices = [
                        [m["mode"], f"{m['label']}: {m['cost']}, {m['rounds']} rounds"]
                        for m in modes
                    ]
                    fields = [_field("mode", "Fire mode", choices), target_field]
                    if any(m["walking"] for m in modes):
                        fields.append(
                            _field(
                                "walking",
                                "Walking fire",
                                default=False,
                                kind="checkbox",
                                help_text="long burst or spray",
                            )
                        )
                    if settings_of(state).burst_targets == "split":  # COC-AUTO-6
                        fields.append(
                            _field(
                                "split",
                                "Split among targets",
                                help_text="target:rounds, ... adding up to the rounds fired; "
                                "empty: the one target above",
                            )
                        )
                    fields.append(distance)
                    out.append(
                        _t(
                            "burst",
                            f"Burst ({name}, {loaded} loaded)",
                            "DG-AUTO-3",
                            "by mode",
                            fields,
                            fixed,
                            True,
                            modes=modes,
                        )
                    )
                rounds = int(settings_of(state).suppression_default_rounds)
                if weapon.get("auto") and affordable(suppression_cost(rounds)):
                    s_eff = skill(c, str(weapon["skill"])) + sum(
                        v for _, v in own_penalties(state, c)
                    )
                    out.append(
                        _t(
                            "suppress",
                            f"Suppressive fire ({name})",
                            "DG-SUPP-1",
                            _cost_label(suppression_cost(rounds)),
                            [
                                _field(
                                    "targets",
                                    "Targets (ids, comma-separated)",
                                    default=",".join(
                                        t[0]
                                        for t in targets
                                        if state["combatants"][t[0]]["side"] != c["side"]
                                    ),
                                ),
                                _field(
                                    "x",
                                    f"X (1-{s_eff})",
                                    default=min(10, max(1, s_eff)),
                                    kind="number",
                                ),
                                _field("rounds", "Rounds", default=rounds, kind="number"),
                            ],
                            fixed,
                            True,
                            x_max=s_eff,
                        )
                    )
            reload_room = {
                "magazine": c["round"].get("mags", 0) < 1,
                "loose": c["round"].get("loose", 0) < 2,
            }.get(weapon["reload"], True)
            if loaded < int(weapon["capacity"]) and int(slot["spare"]) > 0 and reload_room:
                cost = ALL if weapon["reload"] == "belt" else 1
                if affordable(cost):
                    out.append(
                        _t(
                            "reload",
                            f"Reload {name} ({slot['spare']} spare)",
                            "DG-ACT-6",
                            _cost_label(cost),
                            fixed=fixed,
                        )
                    )
            if (
                weapon["reload"] == "loose"
                and loaded < int(weapon["capacity"])
                and int(slot["spare"]) > 0
                and can_attack
                and not called
                and affordable(2)
            ):
                out.append(
                    _t(
                        "chamber_fire",
                        f"Chamber and fire ({name})",
                        "COC-RELOAD-3",
                        2,
                        [target_field, distance],
                        fixed,
                        True,
                    )
                )
        elif weapon["kind"] == "thrown":
            if can_attack and not called:
                out.append(
                    _t(
                        "throw",
                        f"Throw {name}",
                        "COC-THROW-1",
                        1,
                        [target_field, distance],
                        fixed,
                        True,
                    )
                )
        elif can_attack and not called:
            out.append(
                _t("melee", f"Attack with {name}", "DG-ACT-6", 1, [target_field], fixed, True)
            )
    if c.get("off_hand"):
        out.append(
            _t("holster", "Put away the other hand's weapon", "DG-ACT-6", 1, fixed={"hand": "off"})
        )
    if c["in_hand"]:
        out.append(_t("holster", "Holster", "DG-ACT-6", 1))
        held = weapon_of(c, c["in_hand"])
        if held["kind"] == "firearm" and full:
            out.append(
                _t(
                    "precision_aim",
                    "Precision aim (whole round)",
                    "DG-AIM-1",
                    "all actions",
                    [target_field],
                )
            )
    if not c["round"].get("ran") and not c["prone"] and not is_immobile(c):
        out.append(
            _t(
                "run",
                "Run (8 m, -10% this round)",
                "DG-MOVE-2",
                1,
                [_field("metres", "Metres", default=8, kind="number")],
            )
        )
    if c["prone"] and not is_immobile(c):
        out.append(_t("stand", "Stand up", "DG-WOUND-10", 1))
        out.append(_t("crawl", "Crawl 1 m", "DG-WOUND-2", 1))
    wounded = [
        [f"{oid}:{loc}", f"{o['name']}: {LOCATION_NAMES[loc]}"]
        for oid, o in state["combatants"].items()
        for loc in LOCATIONS
        if int(o["damage"][loc]) > 0
        and loc not in o["first_aided"]
        and not is_dead(o)
        and (oid == actor or not is_immobile(c))
    ]
    if wounded:
        out.append(
            _t(
                "first_aid",
                "First Aid (rest of the round)",
                "DG-HEAL-4",
                "all remaining",
                [
                    _field("wound", "Wound", wounded),
                    _field(
                        "skill", "Skill", [["first_aid", "First Aid"], ["medicine", "Medicine"]]
                    ),
                ],
            )
        )
    stuck = c.get("stuck")
    if stuck:
        if int(stuck["round"]) < int(state["round"]) and not c["round"].get("attacks"):
            out.append(_t("pull_out", "Pull the stuck weapon out", "COC-IMPALE-5", 1))
        out.append(
            _t("pull_out", "Let go of the stuck weapon", "COC-IMPALE-5", 1, fixed={"let_go": "on"})
        )
    burning = [
        [oid, o["name"]]
        for oid, o in state["combatants"].items()
        if o.get("on_fire") and not is_dead(o)
    ]
    if burning:
        out.append(
            _t(
                "put_out",
                "Put out the flames",
                "COC-FIRE-5",
                1,
                [
                    _field("target", "Who", burning),
                    _field("skill", "Roll", [["first_aid", "First Aid"], ["luck", "Luck (self)"]]),
                ],
            )
        )
    out.append(
        _t(
            "skill",
            "Use a skill",
            "DG-ACT-6",
            1,
            [_field("skill", "Skill", [[k, k] for k in sorted(c["sheet"]["skills"])])],
        )
    )
    out.append(_t("pass", "Pass (turn a card down)", "DG-INIT-2", 1))
    if settings_of(state).allow_delay and actor not in state["delayed"]:
        out.append(_t("delay", "Delay (act later this pass)", "DG-INIT-2", 0))
    half = half_dex_rank(c)
    if actor not in state.get("held", ()) and engine._still_ahead(state, c, half):
        label = f"Hold to half DEX (rank {half}) for chamber-and-fire or a second shotgun shot"
        out.append(_t("hold_half_dex", label, "DG-INIT-4", 0))
    return out


def _gm_templates(state: Mapping[str, Any]) -> list[Json]:
    ids = [[cid, o["name"]] for cid, o in state["combatants"].items()]
    in_round = state["phase"] == "in_round"
    locs = [["", "(total HP only)"], *LOCATION_CHOICES]
    reason = _field("reason", "Reason (logged)", default="")
    out: list[Json] = []
    if not in_round:
        fields = []
        if int(state["round"]) == 0:  # COC-SURPRISE-*: the first round of an ambush
            fields = [
                _field("surprised", "Surprised (ids, comma-separated)", default=""),
                _field("completely_surprised", "Completely surprised (ids)", default=""),
            ]
        out.append(_t("start_round", "Start round", "DG-INIT-1", "GM", fields))
    else:
        out.append(_t("next_pass", "Next pass", "DG-INIT-2", "GM"))
        out.append(_t("end_round", "End round", "DG-WOUND-9", "GM"))
    out += [
        _t(
            "gm_damage",
            "Apply damage",
            "DG-HP-1",
            "GM",
            [
                _field("target", "Target", ids),
                _field("location", "Location", locs),
                _field("amount", "Damage", default=1, kind="number"),
                _field("sever", "Severing weapon", default=False, kind="checkbox"),
                _field("area", "Area effect (vest at half AP)", default=False, kind="checkbox"),
                reason,
            ],
        ),
        _t(
            "gm_heal",
            "Apply healing",
            "DG-HEAL-3",
            "GM",
            [
                _field("target", "Target", ids),
                _field("location", "Location", locs),
                _field("amount", "Healing", default=1, kind="number"),
                reason,
            ],
        ),
        _t(
            "gm_condition",
            "Set a condition",
            "DG-WOUND-1",
            "GM",
            [
                _field("target", "Target", ids),
                _field("condition", "Condition", [[k, k] for k in gm.CONDITIONS]),
                _field("location", "Location (stabilise/treated)", locs),
                _field("on", "On", default=True, kind="checkbox"),
                reason,
            ],
        ),
        _t(
            "set_confined",
            "Open space" if state["confined"] else "Confined space",
            "DG-EDGE-4",
            "GM",
            fixed={"value": "" if state["confined"] else "on"},
        ),
    ]
    out.append(
        _t(
            "hazard",
            "Hazard (explosion, fall, acid, fire, poison, drowning)",
            "DG-GEN-4",
            "GM",
            [
                _field("type", "Hazard", [[h, h] for h in gm.HAZARDS]),
                _field("target", "Target", ids),
                _field("targets", "Explosion: targets (ids, comma-separated)", default=""),
                _field("distances", "Explosion: distances in m (comma-separated)", default=""),
                _field("dice", "Explosion: d6", default=5, kind="number"),
                _field("radius_m", "Explosion: radius (m)", default=2, kind="number"),
                _field("height_m", "Fall: height (m)", default=6, kind="number"),
                _field("jumped", "Fall: jumped on purpose", default=False, kind="checkbox"),
                _field(
                    "grade",
                    "Acid",
                    [["weak", "weak"], ["strong", "strong"], ["very_strong", "very strong"]],
                ),
                _field(
                    "fire",
                    "Fire",
                    [["torch", "torch"], ["bonfire", "bonfire"], ["burning_room", "burning room"]],
                ),
                _field(
                    "poison",
                    "Poison: from the table (onset later, COC-POISON-5)",
                    [["", "(by POT, acts now)"], *[[k, p.name] for k, p in POISONS.items()]],
                ),
                _field("doses", "Poison: doses", default=1, kind="number"),
                _field("potency", "Poison: POT (empty: the table's)", default="", kind="number"),
                _field(
                    "effect",
                    "Poison: effect",
                    [["damaging", "damaging"], ["incapacitating", "incapacitating"]],
                ),
                _field("surprised", "Drowning: taken by surprise", default=False, kind="checkbox"),
                _field("end", "Drowning: breathes again", default=False, kind="checkbox"),
            ],
        )
    )
    revolvers = [
        [f"{cid}", f"{o['name']}: {w['name']}"]
        for cid, o in state["combatants"].items()
        for w in o["sheet"]["weapons"]
        if w.get("action") == "revolver"
    ]
    if revolvers:
        out.append(
            _t(
                "revolver_accident",
                "A full revolver is jolted",
                "COC-REVOLVER-1",
                "GM",
                [
                    _field("target", "Holder", revolvers),
                    _field("weapon", "Weapon key", default="revolver"),
                ],
            )
        )
    poisoned = [[cid, o["name"]] for cid, o in state["combatants"].items() if o.get("poisons")]
    if poisoned:
        out.append(
            _t(
                "poison_onset",
                "The poison's onset time has passed",
                "COC-POISON-5",
                "GM",
                [_field("target", "Victim", poisoned)],
            )
        )
    silenced = [
        [cid, f"{o['name']}: {w['name']}"]
        for cid, o in state["combatants"].items()
        for w in o["sheet"]["weapons"]
        if w.get("silencer")
    ]
    if silenced:
        out.append(
            _t(
                "fit_silencer",
                "Fit a silencer (its life is rolled for the GM)",
                "COC-SILENCER-2",
                "GM",
                [_field("target", "Holder", silenced), _field("weapon", "Weapon key")],
            )
        )
    hidden = [
        [cid, o["name"]]
        for cid, o in state["combatants"].items()
        if (o["sheet"].get("vest") or {}).get("worn_hidden")
    ]
    if hidden and settings_of(state).hidden_vest_spot:
        out.append(
            _t(
                "spot_vest",
                "Spot a hidden vest",
                "DG-ARM-8",
                "GM",
                [_field("observer", "Observer", ids), _field("wearer", "Wearer", hidden)],
            )
        )
    out.append(
        _t(
            "set_light",
            "Light of the scene",
            "COC-DARK-1",
            "GM",
            [
                _field("light", "Light", [["normal", "normal"], ["dim", "dim"], ["dark", "dark"]]),
                _field("impossible", "Impossible in the dark (skills, comma-separated)"),
            ],
        )
    )
    out.append(
        _t(
            "conceal",
            "Hard to see (partial concealment)",
            "COC-CONCEAL-1",
            "GM",
            [
                _field("target", "Who", ids),
                _field("observers", "For (ids, comma-separated; empty: the other sides)"),
                _field("reveal", "Reveal (plain sight again)", default=False, kind="checkbox"),
            ],
        )
    )
    out.append(
        _t(
            "gm_note",
            "Note (resources, safe houses, equipment: no rules)",
            "DG-RES-1",
            "GM",
            [_field("target", "About", [["", "(the operation)"], *ids]), _field("text", "Note")],
        )
    )
    out.append(
        _t(
            "grant_edge",
            "Grant an edge",
            "DG-EDGE-0",
            "GM",
            [
                _field("target", "Agent", ids),
                _field("edge", "Edge", [[e, e.replace("_", " ")] for e in EDGES]),
                _field("pay", "Pay from the skill-point pool", default=True, kind="checkbox"),
            ],
        )
    )
    if not in_round:
        out += [
            _t(
                "gm_treat",
                "First Aid / surgery",
                "DG-HEAL-4",
                "GM",
                [
                    _field("healer", "Healer", ids),
                    _field("target", "Patient", ids),
                    _field("location", "Location", LOCATION_CHOICES),
                    _field(
                        "skill", "Skill", [["first_aid", "First Aid"], ["medicine", "Medicine"]]
                    ),
                ],
            ),
            _t("week_passes", "A week of healing", "DG-HEAL-3", "GM"),
            _t(
                "train_skill",
                "Skill training",
                "DG-TRAIN-4",
                "GM",
                [
                    _field("student", "Student", ids),
                    _field("skill", "Skill", default="hide"),
                    _field("instructor_skill", "Instructor's skill %", default=60, kind="number"),
                    _field("fee", "Fee paid (noted in the log)", default=""),
                ],
            ),
            _t(
                "train_characteristic",
                "Characteristic training",
                "DG-CTRAIN-6",
                "GM",
                [
                    _field("student", "Student", ids),
                    _field(
                        "characteristic", "Characteristic", [[k, k.upper()] for k in gm.TRAINABLE]
                    ),
                    _field("instructor", "Instructor", [["npc", "an NPC"], *ids]),
                    _field("fee", "Fee paid (noted in the log)", default=""),
                ],
            ),
            _t(
                "research",
                "Research",
                "DG-RSCH-3",
                "GM",
                [_field("student", "Student", ids), _field("skill", "Skill", default="library")],
            ),
            _t(
                "pow_gain",
                "POW gain roll",
                "DG-POW-2",
                "GM",
                [
                    _field(
                        "target",
                        "Agent",
                        [i for i in ids if state["combatants"][i[0]]["pow_check"]] or ids,
                    ),
                    _field("force", "Without a mark", default=False, kind="checkbox"),
                ],
            ),
            _t(
                "magic_contest",
                "Magic points contest",
                "DG-POW-1",
                "GM",
                [
                    _field("caster", "Caster", ids),
                    _field("active", "Caster MP", default=10, kind="number"),
                    _field("passive", "Target MP", default=10, kind="number"),
                ],
            ),
        ]
    return out


# ---------------------------------------------------------------- view


def view(state: Json, audience: Audience) -> Json:
    """What this audience may see: hidden vests only for the GM and the wearer (DG-ARM-8)."""
    out = copy.deepcopy({**state, "settings": values(settings_of(state))})
    now = current_actor(state)
    out["current"] = now
    out["combatant_list"] = []
    for cid in list(state["combatants"]):
        c = out["combatants"][cid]
        vest = c["sheet"].get("vest")
        hidden = bool(vest and vest.get("worn_hidden"))
        seen = set(c.get("vest_seen_by") or ()) & set(audience.actors)
        if hidden and audience.role != "gm" and cid not in audience.actors and not seen:
            c["sheet"]["vest"] = None
        vest = c["sheet"].get("vest")
        table = VESTS[int(vest["level"])] if vest else None
        c["derived"] = {
            "status": status(c),
            "conditions": conditions(c),
            "cards_left": cards_left(c) if able(c) else 0,
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
            "off_hand": weapon_of(c, c["off_hand"])["name"] if c.get("off_hand") else None,
            "suppression_next": sum(
                int(p["value"])
                for p in c["penalties"]
                if int(p["round"]) == int(state["round"]) + 1
            ),
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
        bool(settings_of(state).auto_fail_00),
        bool(settings_of(state).auto_success_01),
    )
    if kind not in ("fire", "aimed_shot", "burst", "melee", "suppress", "chamber_fire", "throw"):
        raise IllegalAction(f"no preview for {kind!r}")
    weapon = weapon_of(c, str_param(params, "weapon"))
    mal = weapon.get("mal") if weapon["kind"] == "firearm" else None
    if kind == "suppress":
        return _preview_suppress(state, c, weapon, params, auto)
    if kind == "burst" and params.get("split") not in (None, "", []):
        return _preview_split(state, c, weapon, params, auto)
    target = engine._c(state, str_param(params, "target"))
    mode = None
    rounds = 1
    walking = False
    die = 1
    if kind == "burst":
        key = str_param(params, "mode")
        if key not in BURST_MODES or key not in engine.burst_modes(c, weapon):
            raise IllegalAction(f"{weapon['name']} cannot fire mode {key!r}", "DG-AUTO-6")
        mode = BURST_MODES[key]
        rounds = min(mode.rounds, max(1, int(c["weapons"][weapon["key"]]["loaded"])))
        walking = bool_param(params, "walking")
        mode, die, _ = engine.burst_profile(state, mode, rounds, walking)
    extra: list[tuple[str, int]] = []
    if kind == "fire" and bool_param(params, "double_tap"):
        extra.append(("Double Tap", -int(settings_of(state).double_tap_penalty)))
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
        hit_p = Fraction(counts.get("hit", 0) + counts.get("impale", 0), 100)
        dist = {k: Fraction(1, die) for k in range(1, min(die, rounds) + 1)}
        if die > rounds:
            dist[rounds] = Fraction(die - rounds + 1, die)
        details["hits_die"] = f"1d{die}"
        details["rounds"] = rounds
        details["cost"] = _cost_label(BURST_MODES[str_param(params, "mode")].actions)
        details["hits"] = [{"hits": k, **_prob(hit_p * p)} for k, p in dist.items()]
        details["expected_hits"] = float(hit_p * sum(k * p for k, p in dist.items()))
    if kind == "aimed_shot":
        details["bands"] = {"chosen": scaled(value, Fraction(1, 2)), "random": value}
    hitting = sum(n for o, n in counts.items() if o not in ("miss", "malfunction"))
    summary = f"{chance.explain()}: {_prob(Fraction(hitting, 100))['exact']} to hit"
    return {"summary": summary, "outcomes": outcomes, "details": details}


def _preview_split(
    state: Json, c: Json, weapon: Json, params: Mapping[str, Any], auto: tuple[bool, bool]
) -> Json:
    """DG-AUTO-4 with `dg.burst_targets = "split"` (COC-AUTO-6): per target its own roll at the
    normal chance and 1d(rounds at it) hits."""
    key = str_param(params, "mode")
    if key not in BURST_MODES or key not in engine.burst_modes(c, weapon):
        raise IllegalAction(f"{weapon['name']} cannot fire mode {key!r}", "DG-AUTO-6")
    if settings_of(state).burst_targets != "split":
        raise IllegalAction(
            "a burst has a single target in this campaign (dg.burst_targets)", "DG-AUTO-4"
        )
    mode = BURST_MODES[key]
    rounds = min(mode.rounds, max(1, int(c["weapons"][weapon["key"]]["loaded"])))
    mal = weapon.get("mal")
    outcomes = []
    per_target = {}
    for t, n in engine._split_shares(state, c, params, rounds):
        chance = attack_chance(state, c, weapon, t, params, mode if key == SPRAY else None)
        hits = sum(
            1
            for face in range(1, 101)
            if _face_outcome(face, chance.value, mal, bool(weapon.get("can_impale")), auto)
            in ("hit", "impale")
        )
        outcomes.append({"label": f"{t['name']} hit", **_prob(Fraction(hits, 100))})
        per_target[t["id"]] = {"chance": chance.value, "rounds": n, "hits_die": f"1d{n}"}
    return {
        "summary": f"{mode.label} split among {len(per_target)} targets (COC-AUTO-6)",
        "outcomes": outcomes,
        "details": {
            "targets": per_target,
            "rounds": rounds,
            "cost": _cost_label(mode.actions),
        },
    }


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
