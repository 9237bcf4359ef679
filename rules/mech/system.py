"""The mech system's view, legal actions, exact previews, settings and demo."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rules.core.errors import IllegalAction, RulesError
from rules.core.params import bool_param, str_param
from rules.core.system import Action, Audience, Setting
from rules.geometry.square import footprint
from rules.mech import actions as act
from rules.mech import state as st
from rules.mech.damage import distribution, max_of_two, parse_expr, reduce_damage
from rules.mech.data import MARA, SPARRING
from rules.mech.engine import (
    DEFAULT_SETTINGS,
    GM_ACTOR,
    TOTAL_20_HITS,
    VERSION,
    Ctx,
    next_picks,
    target_of,
    trauma_options,
)
from rules.mech.state import Json, Unit, alive, has, hostile

# Every "Proposed default (GM-configurable)" of the digest, plus the swappable tables.
SETTINGS: tuple[Setting, ...] = (
    Setting(
        "mech.check_adds_attribute",
        "Checks add the named pilot attribute",
        True,
        "MECH-AMB-01",
        (True, False),
    ),
    Setting(
        "mech.contest_ties",
        "Contested check ties go to",
        "non_initiator",
        "MECH-AMB-02",
        ("non_initiator", "initiator"),
    ),
    Setting(
        "mech.accuracy_cancel_first",
        "Accuracy and difficulty cancel before the ±3 cap",
        True,
        "MECH-AMB-03",
        (True, False),
    ),
    Setting("mech.save_target", "Save target when the source gives none", 10, "MECH-AMB-04"),
    Setting(
        "mech.weapon_skill",
        "Attack rolls add the pilot's weapon skill",
        True,
        "MECH-AMB-05",
        (True, False),
    ),
    Setting("mech.attribute_max", "Highest pilot attribute", 6, "MECH-AMB-06"),
    Setting(
        "mech.turn_order",
        "Turn order after the always-first unit",
        "alternate",
        "MECH-AMB-08",
        ("alternate", "listed"),
    ),
    Setting("mech.support_accuracy", "Accuracy points Support gives", 2, "MECH-AMB-11", (2, 1)),
    Setting(
        "mech.support_limit",
        "Support may be received",
        "one_unused",
        "MECH-AMB-12",
        ("one_unused", "once"),
    ),
    Setting(
        "mech.improvised_type",
        "Improvised attack damage type",
        "kinetic",
        "MECH-AMB-14",
        ("kinetic", "explosive", "energy"),
    ),
    Setting(
        "mech.stabilize_ally_range", "Stabilize reaches allies within (squares)", 1, "MECH-AMB-15"
    ),
    Setting(
        "mech.bootup_while_stunned",
        "A Shut Down mech may Boot Up",
        True,
        "MECH-AMB-17",
        (True, False),
    ),
    Setting("mech.oa_weapons", "Opportunity attacks use", "melee", "MECH-AMB-18", ("melee", "any")),
    Setting(
        "mech.engage_stop",
        "Engagement stops movement against",
        "same_or_larger",
        "MECH-AMB-20",
        ("same_or_larger", "any"),
    ),
    Setting("mech.vertical_jump_cost", "Vertical jump costs (squares of speed)", 2, "MECH-AMB-21"),
    Setting("mech.fall_cap", "Fall damage cap (0: none)", 0, "MECH-AMB-22", (0, 9)),
    Setting(
        "mech.area_friendly_fire",
        "Area attacks hit allies too",
        False,
        "MECH-AMB-24",
        (False, True),
    ),
    Setting(
        "mech.check_dice",
        "Structure / stress checks roll",
        "marked",
        "MECH-AMB-31",
        ("marked", "one"),
    ),
    Setting("mech.meltdown_die", "Meltdown countdown die (sides)", 6, "MECH-AMB-37", (6, 3)),
    Setting("mech.meltdown_damage", "Reactor meltdown damage", "4d6", "MECH-AMB-39"),
    Setting("mech.meltdown_radius", "Reactor meltdown burst", 2, "MECH-AMB-39"),
    Setting(
        "mech.repairs_per_interval", "Repair actions per mech between matches", 2, "MECH-AMB-40"
    ),
    Setting(
        "mech.exposed_locks_weapons",
        "Exposed mechs cannot attack with weapons",
        False,
        "MECH-AMB-43",
        (False, True),
    ),
    Setting(
        "mech.jammed_improvised",
        "Jammed mechs may make improvised attacks",
        True,
        "MECH-AMB-46",
        (True, False),
    ),
    Setting(
        "mech.wrecks",
        "Destroyed mechs leave heavy-cover wrecks",
        True,
        "MECH-AMB-49",
        (True, False),
    ),
    Setting(
        "mech.structure_table",
        "Structure damage table",
        "seed",
        "MECH-STRUCT-TABLE",
        ("seed", "lancer"),
    ),
    Setting("mech.stress_table", "Stress table", "seed", "MECH-STRESS-TABLE", ("seed", "lancer")),
    # Proposed defaults with one reading only: listed so the GM sees every choice made.
    Setting(
        "mech.frame_baseline",
        "Mech base numbers",
        "lancer_baseline_frame",
        "MECH-AMB-07",
        ("lancer_baseline_frame",),
    ),
    Setting(
        "mech.repeat_actions",
        "Repeating actions in a turn",
        "allowed_except_weapon_and_overcharge",
        "MECH-AMB-09",
        ("allowed_except_weapon_and_overcharge",),
    ),
    Setting(
        "mech.grapple_winner",
        "Equal-size grapple winner counts as larger",
        "until_next_contest",
        "MECH-AMB-10",
        ("until_next_contest",),
    ),
    Setting(
        "mech.ram_knockback",
        "Ram knockback",
        "straight_away_1",
        "MECH-AMB-13",
        ("straight_away_1",),
    ),
    Setting(
        "mech.prepare_timing",
        "Prepared action",
        "reaction_until_next_turn",
        "MECH-AMB-16",
        ("reaction_until_next_turn",),
    ),
    Setting(
        "mech.grid",
        "Grid",
        "square_diagonal_1_edge_to_edge",
        "MECH-AMB-19",
        ("square_diagonal_1_edge_to_edge",),
    ),
    Setting(
        "mech.critical",
        "Criticals",
        "hits_only_whole_roll_twice",
        "MECH-AMB-23",
        ("hits_only_whole_roll_twice", TOTAL_20_HITS),
    ),
    Setting(
        "mech.area_critical",
        "Criticals with one area damage roll",
        "second_roll_for_critted",
        "MECH-AMB-25",
        ("second_roll_for_critted", "second_roll_per_critted_target"),
    ),
    Setting(
        "mech.cone_shape", "Cone shape", "1_wide_to_x_wide", "MECH-AMB-26", ("1_wide_to_x_wide",)
    ),
    Setting(
        "mech.armour_rule",
        "Armour applies",
        "once_per_hit_largest_first",
        "MECH-AMB-27",
        ("once_per_hit_largest_first", "once_per_damage_type"),
    ),
    Setting(
        "mech.burn_timing",
        "Burn",
        "own_turn_end_additive_one_check",
        "MECH-AMB-28",
        ("own_turn_end_additive_one_check", "every_turn_end"),
    ),
    Setting(
        "mech.bonus_type",
        "Untyped bonus damage",
        "weapon_type_else_kinetic",
        "MECH-AMB-29",
        ("weapon_type_else_kinetic", "kinetic"),
    ),
    Setting(
        "mech.hp_zero",
        "At 0 HP",
        "structure_check_reset_carry",
        "MECH-AMB-30",
        ("structure_check_reset_carry", "structure_check_reset_no_carry"),
    ),
    Setting(
        "mech.remaining_three",
        "'Remaining 3' on the tables",
        "three_or_more",
        "MECH-AMB-32",
        ("three_or_more",),
    ),
    Setting(
        "mech.trauma_durations",
        "Direct hit / glancing blow last",
        "until_end_of_next_turn",
        "MECH-AMB-33",
        ("until_end_of_next_turn", "first_turn_next_round"),
    ),
    Setting(
        "mech.trauma_choice",
        "System trauma",
        "parity_owner_chooses",
        "MECH-AMB-34",
        ("parity_owner_chooses", "second_d6"),
    ),
    Setting(
        "mech.heat_over_cap",
        "Heat over the cap",
        "stress_clear_carry",
        "MECH-AMB-35",
        ("stress_clear_carry", "stress_clear_no_carry"),
    ),
    Setting(
        "mech.zero_stress",
        "At 0 stress",
        "meltdown_end_of_next_turn",
        "MECH-AMB-38",
        ("meltdown_end_of_next_turn", "meltdown_now"),
    ),
    Setting(
        "mech.core_power",
        "CP",
        "core_power_1_per_frame",
        "MECH-AMB-41",
        ("core_power_1_per_frame",),
    ),
    Setting(
        "mech.stress_repair",
        "加压伤害 (repairs)",
        "stress_damage",
        "MECH-AMB-42",
        ("stress_damage",),
    ),
    Setting(
        "mech.hidden_saves",
        "Saves that remove Hidden",
        "forcing_a_save",
        "MECH-AMB-44",
        ("forcing_a_save", "making_a_save"),
    ),
    Setting(
        "mech.invisible",
        "Invisible",
        "may_always_hide_50_percent_miss",
        "MECH-AMB-45",
        ("may_always_hide_50_percent_miss", "always_hidden"),
    ),
    Setting(
        "mech.lock_on_use",
        "Lock On",
        "spent_on_an_attack_on_it",
        "MECH-AMB-47",
        ("spent_on_an_attack_on_it", "spent_on_next_attack"),
    ),
    Setting(
        "mech.next_turn",
        "'Until the end of its next turn'",
        "next_turn_starting_after",
        "MECH-AMB-48",
        ("next_turn_starting_after", "this_turn_if_own"),
    ),
)
assert {s.key.removeprefix("mech.") for s in SETTINGS} == set(DEFAULT_SETTINGS)


# ---------------------------------------------------------------------------------------------
# View


def _viewer_sides(state: Mapping[str, Any], audience: Audience) -> set[str]:
    sides = {state["units"][a]["side"] for a in audience.actors if a in state["units"]}
    if audience.side:
        sides.add(audience.side)
    return sides


def view(state: Json, audience: Audience) -> Json:
    """What this audience may see: the GM all; others no meltdown count, no hidden squares."""
    out: Json = st.copy_json(state)
    gm = audience.role == "gm"
    sides = _viewer_sides(state, audience)
    for uid, u in out["units"].items():
        raw = state["units"][uid]
        u["engaged"] = st.engaged(state, raw)
        u["danger_zone"] = st.danger_zone(raw)
        u["evasion_now"] = st.evasion(raw)
        u["resists"] = sorted(st.resistances(raw))
        badges = sorted(u["conditions"])
        if u["engaged"]:
            badges.append("engaged")
        if u["danger_zone"]:
            badges.append("danger_zone")
        if int(raw["burn"]):
            badges.append("burning")
        if st.in_grapple(state, uid):
            badges.append("grappled")
        u["badges"] = [{"name": b, "help": st.CONDITION_TEXT.get(b, b)} for b in badges]
        if not gm and raw["side"] not in sides:
            # MECH-TECH-SCAN: another side's information, hidden or public, is learnt by
            # scanning (the side's scans list what it learnt), not by looking.
            u["notes"] = {}
        if not gm and u["meltdown"] is not None:
            u["meltdown"] = {"pending": True}  # MECH-AMB-37: the count is the GM's secret
        if not gm and has(raw, "hidden") and raw["side"] not in sides:
            # MECH-ACT-HIDE: enemies know only a rough 4×4 area.
            x0, y0 = raw["x"] // 4 * 4, raw["y"] // 4 * 4
            u["x"], u["y"] = None, None
            u["approximate"] = {"x0": x0, "y0": y0, "x1": x0 + 3, "y1": y0 + 3}
    if not gm:
        out["scans"] = [s for s in state["scans"] if s["side"] in sides]
    out["picks"] = next_picks(state)
    out["gm"] = gm
    return out


# ---------------------------------------------------------------------------------------------
# Legal actions


def _field(name: str, label: str, choices: list[Any] | None = None, default: Any = "") -> Json:
    spec: Json = {"name": name, "label": label, "default": default}
    if choices is not None:
        spec["choices"] = choices
    return spec


def _names(state: Json, units: list[Unit]) -> list[Any]:
    return [[o["id"], o["name"]] for o in units]


def legal_actions(state: Json, actor: str) -> list[Json]:
    """Action templates for the UI: what this mech (or "gm") may try now, with choices."""
    if actor == GM_ACTOR:
        return _gm_templates(state)
    u = state["units"].get(actor)
    if u is None or not alive(u):
        return []
    out: list[Json] = []

    def add(
        kind: str, label: str, rule: str, params: list[Json] | None = None, **fixed: Any
    ) -> None:
        out.append(
            {"kind": kind, "label": label, "rule": rule, "params": params or [], "fixed": fixed}
        )

    if state["phase"] == "interval":
        if int(u["repairs_left"]) > 0:
            options = [[k, f"{k} ({v} repair)"] for k, v in act.REPAIR_COSTS.items()]
            add(
                "repair",
                "Repair (between matches)",
                "MECH-REPAIR-TABLE",
                [
                    _field("option", "Repair", options),
                    _field("item", "Item (weapon:n / system:n)"),
                    _field("weapon", "Weapon # (swap)"),
                    _field("mount", "Mount # (swap)"),
                ],
            )
        return out
    if u["pending_trauma"]:
        kind = str(u["pending_trauma"])
        choices = trauma_options(u)[kind]
        add(
            "choose_trauma",
            f"Choose the {kind} the trauma destroys",
            "MECH-AMB-34",
            [_field("item", kind.capitalize(), [[i, _item_name(u, kind, i)] for i in choices])],
        )
        return out
    if u["prepared"] and state["active"] != actor and not u["reaction_used"]:
        add(
            "trigger_prepared",
            f"Trigger: {u['prepared']['trigger']}",
            "MECH-ACT-PREPARE",
            [_field("target", "Target (if it changed)")],
        )
    add(
        "set_reactions",
        "Opportunity attacks automatic",
        "MECH-OA-1",
        [_field("on", "On", default=bool(u["auto_reactions"]))],
    )
    if actor in next_picks(state):
        add("begin_turn", "Start turn", "MECH-AP-1")
    turn = u["turn"]
    if state["active"] != actor or turn is None:
        return out
    ap = int(turn["ap"])
    stunned = has(u, "stunned")
    add("end_turn", "End turn", "MECH-AP-1")
    if has(u, "shut_down"):
        if ap >= 2:
            add("boot_up", "Boot up (2 AP)", "MECH-ACT-BOOTUP")
        return out
    if stunned:
        return out
    enemies = [o for o in st.living(state) if hostile(u, o) and not has(o, "hidden")]
    allies = [o for o in st.living(state) if not hostile(u, o) and o["id"] != actor]
    adjacent = [o for o in enemies if st.dist(u, o) == 1]
    if not turn["overcharged"]:
        add(
            "overcharge",
            f"Overcharge (+1 AP, heat {act.overcharge_expr(int(u['overcharge_count']) + 1)})",
            "MECH-OVERCHARGE-1",
        )
    if int(turn["move"]) > 0 and not has(u, "immobilized"):
        add(
            "move",
            f"Move (up to {turn['move']})",
            "MECH-MOVE-1",
            [_field("x", "x"), _field("y", "y")],
        )
        add(
            "jump",
            "Jump",
            "MECH-JUMP-1",
            [
                _field(
                    "mode",
                    "Jump",
                    [["horizontal", "horizontal (2 per square)"], ["vertical", "vertical"]],
                ),
                _field("x", "x"),
                _field("y", "y"),
            ],
        )
        add(
            "climb",
            "Climb",
            "MECH-CLIMB-1",
            [
                _field("x", "x"),
                _field("y", "y"),
                _field("attribute", "Check", [["hull", "HULL"], ["agility", "AGILITY"]]),
            ],
        )
    if has(u, "prone") and not turn["moved"]:
        add("stand", "Stand up (move action)", "MECH-COND-PRONE")
    grapple = st.in_grapple(state, actor)
    if grapple is not None:
        if actor in grapple["attackers"]:
            add("end_grapple", "Let go (free)", "MECH-ACT-GRAPPLE-2")
        if not turn["acted"] and not turn["contest"]:
            add("grapple_contest", "Grapple contest (HULL)", "MECH-ACT-GRAPPLE-1")
    if u["meltdown"] and u["meltdown"]["avertable"] and ap >= 2:
        add("meltdown_check", "Avert the meltdown (2 AP, ENGINEERING)", "MECH-STRESS-TABLE")
    if ap < 1:
        return out
    if not has(u, "slowed") and not has(u, "prone") and grapple is None:
        add("boost", "Boost (1 AP)", "MECH-ACT-BOOST", [_field("x", "x"), _field("y", "y")])
    locked: list[Any] = []
    if state["settings"]["lock_on_use"] == "spent_on_next_attack":
        locked = [["", "—"], *_names(state, [o for o in enemies if has(o, "lock_on")])]
        locked = locked if len(locked) > 1 else []
    for i, w in enumerate(u["weapons"]):
        if w["destroyed"] or i in turn["attacked"] or (w["loading"] and not w["loaded"]):
            continue
        if w.get("uses") is not None and int(w["uses"]) <= 0:
            continue
        if has(u, "jammed") and not w.get("integrated"):
            continue
        followup = turn["followup"] == w["mount"] and w["size"] == "auxiliary"
        cost = 0 if followup else (2 if w["size"] == "superheavy" else 1)
        if cost > ap:
            continue
        label = f"{'Follow-up: ' if followup else ''}{w['name']} ({cost} AP)"
        fields = [
            _field("lock_on", "Spend Lock On", default=False),
            _field("accuracy", "Extra accuracy", default=0),
            _field("difficulty", "Extra difficulty", default=0),
        ]
        if locked:  # MECH-AMB-47, other reading: spend any hostile's Lock On
            fields.append(_field("lock_on_from", "Spend the Lock On of", locked, default=""))
        if w.get("area"):
            shape = w["area"]["shape"]
            if shape != "burst":
                fields = [_field("x", "Aim x"), _field("y", "Aim y"), *fields]
            add(
                "attack",
                label,
                "MECH-AOE-1",
                fields,
                weapon=i,
                **({"followup": "1"} if followup else {}),
            )
        else:
            reach = int(w["threat"]) if w["kind"] == "melee" else int(w["range"])
            targets = [o for o in enemies if st.dist(u, o) <= reach]
            if targets:
                add(
                    "attack",
                    label,
                    "MECH-ACT-ATTACK",
                    [_field("target", "Target", _names(state, targets)), *fields],
                    weapon=i,
                    **({"followup": "1"} if followup else {}),
                )
    if adjacent:
        add(
            "grapple",
            "Grapple (1 AP)",
            "MECH-ACT-GRAPPLE-1",
            [_field("target", "Target", _names(state, adjacent))],
        )
        small = [o for o in adjacent if st.size(o) <= st.size(u)]
        if small:
            add(
                "ram",
                "Ram (1 AP)",
                "MECH-ACT-RAM",
                [
                    _field("target", "Target", _names(state, small)),
                    _field("knockback", "Knock back", default=True),
                ],
            )
        if ap >= 2:
            add(
                "improvised_attack",
                "Improvised attack (2 AP)",
                "MECH-ACT-IMPROV",
                [_field("target", "Target", _names(state, adjacent))],
            )
    if grapple is not None and actor in grapple["defenders"]:
        add("break_grapple", "Break free (1 AP, HULL contest)", "MECH-ACT-GRAPPLE-2")
    if not st.engaged(state, u) and not has(u, "hidden"):
        add("hide", "Hide (1 AP)", "MECH-ACT-HIDE")
    hidden = [o for o in st.living(state) if hostile(u, o) and has(o, "hidden")]
    if hidden:
        add(
            "search",
            "Search (1 AP)",
            "MECH-ACT-SEARCH",
            [_field("target", "Hidden enemy", _names(state, hidden))],
        )
    if not has(u, "jammed"):
        sensed = [
            o
            for o in st.living(state)
            if o["id"] != actor
            and not (hostile(u, o) and has(o, "hidden"))
            and o.get("x") is not None
            and st.dist(u, o) <= int(u["stats"]["sensors"])
        ]
        options = [
            ["invade", "Invade (Fragment Signal)"],
            ["lock_on", "Lock On"],
            ["scan", "Scan"],
            ["support", "Support"],
        ]
        add(
            "tech",
            "Tech action (1 AP)",
            "MECH-ACT-TECH",
            [
                _field("option", "Tech", options),
                _field("target", "Target", _names(state, sensed)),
                _field(
                    "info",
                    "Scan for",
                    [
                        ["stats", "statistics"],
                        ["weapons", "weapons"],
                        ["systems", "systems"],
                        ["hidden", "hidden info"],
                        ["public", "public info"],
                    ],
                ),
            ],
        )
    for i, s in enumerate(u["systems"]):
        if s.get("action") and not s["destroyed"] and (s.get("uses") is None or int(s["uses"]) > 0):
            fields = (
                [_field("target", "Enemy (saves)", _names(state, enemies))] if s.get("save") else []
            )
            add("use_system", f"{s['name']} (1 AP)", "MECH-STAT-1", fields, system=i)
    core = u["frame"].get("core")
    if core and int(u["cp"]) > 0:
        add("core_power", f"{core['name']} (1 AP, CP)", "MECH-AMB-41")
    add(
        "prepare",
        "Prepare (1 AP)",
        "MECH-ACT-PREPARE",
        [
            _field(
                "action",
                "Action",
                [
                    [k, k]
                    for k in (
                        "attack",
                        "ram",
                        "grapple",
                        "boost",
                        "hide",
                        "tech",
                        "search",
                        "shut_down",
                    )
                ],
            ),
            _field("trigger", "When… (trigger)"),
            _field("target", "Target"),
            _field("weapon", "Weapon #"),
        ],
    )
    add("shut_down", "Shut down (1 AP)", "MECH-ACT-SHUTDOWN")
    if ap >= 2:
        add("disengage", "Disengage (2 AP)", "MECH-ACT-DISENGAGE")
        removable = [[n, n] for n in st.REMOVABLE]
        add(
            "stabilize",
            "Stabilize (2 AP)",
            "MECH-ACT-STABILIZE",
            [
                _field(
                    "primary",
                    "First",
                    [["cool", "clear heat and Exposed"], ["repair", "1 repair: all HP"]],
                ),
                _field(
                    "secondary",
                    "Then",
                    [
                        ["reload", "reload"],
                        ["burn", "clear burn"],
                        ["condition", "remove a condition"],
                        ["ally_condition", "remove an ally's condition"],
                    ],
                ),
                _field("condition", "Condition", removable),
                _field("ally", "Ally", _names(state, allies)),
            ],
        )
    return out


def _item_name(u: Unit, kind: str, i: int) -> str:
    if kind == "mount":
        names = [u["weapons"][w]["name"] for w in u["mounts"][i]["weapons"]]
        return f"mount {i + 1}: {', '.join(names)}"
    return str(u["systems"][i]["name"])


def _gm_templates(state: Json) -> list[Json]:
    units = [[o["id"], o["name"]] for o in st.living(state)]
    out: list[Json] = []
    if state["phase"] == "combat":
        out.append(
            {"kind": "end_match", "label": "End the match", "rule": "MECH-REPAIR-1", "params": []}
        )
    else:
        out.append(
            {
                "kind": "start_match",
                "label": "Start the next match",
                "rule": "MECH-ROUND-1",
                "params": [],
            }
        )
        out.append(
            {
                "kind": "full_repair",
                "label": "Full repair (refill repair caps)",
                "rule": "MECH-AMB-40",
                "params": [],
            }
        )
    types = [[t, t] for t in ("kinetic", "explosive", "energy", "burn")]
    out.append(
        {
            "kind": "gm_damage",
            "label": "Deal damage",
            "rule": "MECH-DMG-PIPE",
            "params": [
                _field("target", "Mech", units),
                _field("amount", "Amount", default=1),
                _field("type", "Type", types),
                _field("ap", "Armour piercing", default=False),
            ],
        }
    )
    out.append(
        {
            "kind": "gm_heat",
            "label": "Deal heat",
            "rule": "MECH-HEAT-2",
            "params": [_field("target", "Mech", units), _field("amount", "Heat", default=1)],
        }
    )
    out.append(
        {
            "kind": "gm_fall",
            "label": "Fall",
            "rule": "MECH-FALL-1",
            "params": [_field("target", "Mech", units), _field("height", "Squares", default=3)],
        }
    )
    attrs = [[a, a.upper()] for a in ("hull", "agility", "systems", "engineering")]
    out.append(
        {
            "kind": "gm_save",
            "label": "Force a save",
            "rule": "MECH-SAVE-1",
            "params": [
                _field("target", "Mech", units),
                _field("attribute", "Save", attrs),
                _field("by", "Forced by (a hidden enemy is revealed)", [["", "—"], *units]),
                _field("save_target", "Save target (0: the setting)", default=0),
            ],
        }
    )
    conds = [[c, c] for c in act.CONDITIONS_GM]
    out.append(
        {
            "kind": "gm_condition",
            "label": "Condition",
            "rule": "MECH-COND-DURATION",
            "params": [
                _field("target", "Mech", units),
                _field("condition", "Condition", conds),
                _field("until_next_turn", "Until the end of its next turn", default=False),
                _field("remove", "Remove it", default=False),
            ],
        }
    )
    return out


# ---------------------------------------------------------------------------------------------
# Reach (for the board)


def reach(view: Json, uid: str) -> dict[str, dict[tuple[int, int], int]]:
    """MECH-MOVE-1 / MECH-ACT-BOOST: squares a mech can end a move or boost on, with their cost."""
    # Works on a `view` too: units whose square the viewer does not know are left out.
    u = view["units"].get(uid)
    out: dict[str, dict[tuple[int, int], int]] = {"move": {}, "boost": {}}
    if u is None or not alive(u) or u["turn"] is None or view["active"] != uid:
        return out
    if has(u, "stunned") or has(u, "immobilized") or u["pending_trauma"]:
        return out
    known = [o for o in st.living(view) if o.get("x") is not None and o["id"] != uid]
    hostiles = {c for o in known if hostile(u, o) for c in st.cells(o)}
    taken = {c for o in known for c in st.cells(o)}
    g = st.grid(view)
    elevation = int(u["elevation"])

    def enter(cell: tuple[int, int]) -> float | None:
        if cell in hostiles:
            return None
        feature = st.terrain(view, cell)
        if st.blocks_movement(feature) and st.height_of(feature) > elevation:
            return None
        return 1

    def ends(found: dict[tuple[int, int], float]) -> dict[tuple[int, int], int]:
        return {
            cell: int(cost)
            for cell, cost in found.items()
            if cost > 0 and not (footprint(cell, st.size(u)) & taken)
        }

    move = int(u["turn"]["move"])
    if move > 0:
        out["move"] = ends(g.reachable(st.pos(u), move, enter, st.size(u)))
    can_boost = not (has(u, "slowed") or has(u, "prone") or st.in_grapple(view, uid))
    if can_boost and int(u["turn"]["ap"]) >= 1:
        out["boost"] = ends(g.reachable(st.pos(u), int(u["stats"]["speed"]), enter, st.size(u)))
    return out


# ---------------------------------------------------------------------------------------------
# Previews


def _frac(p: Fraction) -> Json:
    return {"probability": float(p), "exact": f"{p.numerator}/{p.denominator}"}


def hit_chances(
    terms: act.Terms, mode: str, total_20_hits: bool = False
) -> tuple[Fraction, Fraction]:
    """MECH-ATK-*, MECH-CRIT-1: exact P(hit) and P(critical) over the twenty d20 faces;
    `total_20_hits`: MECH-AMB-23's other reading (a total of 20 crits, so hits, at any defence)."""
    hits = crits = 0
    for face in range(1, 21):
        total = face + terms.bonus + terms.modifier
        if total >= terms.defence or (total_20_hits and mode != "tech" and total >= 20):
            hits += 1
            if mode != "tech" and total >= 20:
                crits += 1
    scale = Fraction(1, 2) if terms.invisible else Fraction(1)  # MECH-COND-INVISIBLE
    return Fraction(hits, 20) * scale, Fraction(crits, 20) * scale


def _damage_after(
    dist: Mapping[int, Fraction],
    t: Unit,
    wtype: str,
    bonus: int,
    btype: str,
    ap: bool,
    burn: int,
    per_type: bool = False,
) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    target = target_of(t)
    for value, p in dist.items():
        parts = [(wtype, value)] + ([(btype, bonus)] if bonus else [])
        total = reduce_damage(parts, target, ap, per_type).total
        if burn:
            total += reduce_damage([("burn", burn)], target).total
        out[total] = out.get(total, Fraction(0)) + p
    return out


def preview(state: Json, action: Action) -> Json:
    """The exact chances of an attack (hit, critical, damage) or an overcharge, before rolling."""
    u = st.unit(state, action.actor)
    params = dict(action.params)
    if action.kind == "overcharge":
        count = int(u["overcharge_count"]) + 1
        expr = parse_expr(act.overcharge_expr(count))
        dist = distribution(expr)
        room = int(u["stats"]["heat_cap"]) - int(u["heat"])
        stress = sum((p for v, p in dist.items() if v > room), Fraction(0))
        heat_outcomes = [
            {"label": "heat stays within the cap", **_frac(1 - stress)},
            {"label": "overheats: stress damage", **_frac(stress)},
        ]
        return {
            "summary": f"Overcharge number {count}: heat {expr} ({expr.low}–{expr.high}); "
            f"{u['heat']}/{u['stats']['heat_cap']} now",
            "outcomes": heat_outcomes,
            "details": {"heat": {str(k): _frac(v) for k, v in dist.items()}},
        }
    if action.kind == "tech" and str_param(params, "option", "") == "invade":
        t = st.unit(state, str_param(params, "target"))
        if has(t, "hidden") and hostile(u, t):  # MECH-COND-HIDDEN: refused as resolve refuses it
            raise IllegalAction(f"{t['name']} is Hidden and cannot be targeted", "MECH-COND-HIDDEN")
        terms = act.attack_terms(state, u, t, "tech", params)
        hit, _ = hit_chances(terms, "tech")
        return {
            "summary": f"Invade {t['name']}: d20 {terms.bonus + terms.modifier:+d} vs e-defense "
            f"{terms.defence}",
            "outcomes": [
                {"label": "hit: 2 heat, Impaired and Slowed", **_frac(hit)},
                {"label": "miss", **_frac(1 - hit)},
            ],
            "details": {"why": terms.why},
        }
    if action.kind not in ("attack", "improvised_attack", "grapple", "ram"):
        raise IllegalAction(f"no preview for {action.kind}")
    weapon: Json | None = None
    origin = None
    if action.kind == "attack":
        weapon = u["weapons"][act.weapon_index(u, params)]
    if weapon is not None and weapon.get("area"):
        ctx = Ctx(state, _NoDice())
        targets, origin, cells = act.area_targets(ctx, u, weapon, params)
        # MECH-COND-HIDDEN: the odds come from what the attacker's side sees; a Hidden enemy in
        # the area is left out, or sweeping free previews over the map would pin its square.
        targets = [
            i
            for i in targets
            if not (has(st.unit(state, i), "hidden") and hostile(u, st.unit(state, i)))
        ]
    else:
        targets = [str_param(params, "target")]
        t = st.unit(state, targets[0])
        if has(t, "hidden") and hostile(u, t):
            raise IllegalAction(f"{t['name']} is Hidden and cannot be targeted", "MECH-COND-HIDDEN")
        cells = []
    mode = weapon["kind"] if weapon else "melee"
    expr = parse_expr(str(weapon["damage"]) if weapon else "1d6")
    followup = bool_param(params, "followup")
    bonus = 0 if followup or weapon is None else int(weapon.get("bonus", 0))
    if bonus and len(targets) > 1:
        bonus = -(-bonus // 2)
    wtype = weapon["type"] if weapon else str(state["settings"]["improvised_type"])
    btype = wtype if wtype in ("explosive", "energy", "kinetic") else "kinetic"
    if state["settings"]["bonus_type"] == "kinetic":  # MECH-AMB-29, other reading
        btype = "kinetic"
    per_type = state["settings"]["armour_rule"] == "once_per_damage_type"  # MECH-AMB-27
    normal = distribution(expr)
    if bonus:
        normal = {k + bonus: v for k, v in normal.items()}
    critical = max_of_two(normal)
    outcomes: list[Json] = []
    per: list[Json] = []
    for tid in targets:
        t = st.unit(state, tid)
        terms = act.attack_terms(
            state, u, t, mode, params, origin, weapon.get("skill") if weapon else None
        )
        hit, crit = hit_chances(terms, mode, state["settings"]["critical"] == TOTAL_20_HITS)
        name = t["name"]
        outcomes += [
            {"label": f"{name}: critical", **_frac(crit)},
            {"label": f"{name}: hit", **_frac(hit - crit)},
            {"label": f"{name}: miss", **_frac(1 - hit)},
        ]
        if action.kind in ("grapple", "ram"):
            per.append({"target": tid, "name": name, "hit": float(hit), "why": terms.why})
            continue
        burn = int(weapon["burn"]) if weapon else 0
        ap = bool(weapon and weapon["ap"])
        after = _damage_after(normal, t, wtype, bonus, btype, ap, burn, per_type)
        after_crit = _damage_after(critical, t, wtype, bonus, btype, ap, burn, per_type)
        expected = (hit - crit) * sum(k * p for k, p in after.items()) + crit * sum(
            k * p for k, p in after_crit.items()
        )
        per.append(
            {
                "target": tid,
                "name": name,
                "hit": float(hit),
                "crit": float(crit),
                "damage_min": min(after),
                "damage_max": max(after_crit),
                "expected": float(expected),
                "expected_exact": f"{expected.numerator}/{expected.denominator}",
                "why": terms.why,
                "modifier": terms.modifier,
                "bonus": terms.bonus,
                "defence": terms.defence,
            }
        )
    label = weapon["name"] if weapon else action.kind.replace("_", " ")
    plus = f"+{bonus}" if bonus else ""
    span = f"{expr.low + bonus}–{expr.high + bonus}"
    summary = f"{label}: {len(targets)} target(s); damage {expr}{plus} ({span})"
    return {
        "summary": summary,
        "outcomes": outcomes,
        "details": {"targets": per, "area": [list(c) for c in cells]},
    }


class _NoDice:
    """Dice for previews: never rolled (areas are found without dice)."""

    def __init__(self) -> None:
        self.records: list[Any] = []

    def roll(self, sides: int, purpose: str) -> int:
        raise RulesError("a preview rolls no dice")


# ---------------------------------------------------------------------------------------------
# Demo


def _sheet(base: Json, **changes: Any) -> Json:
    sheet: Json = st.copy_json(base)
    pilot = changes.pop("pilot", None)
    if pilot:
        sheet["pilot"].update(pilot)
    sheet.update(changes)
    return sheet


DEMO_TERRAIN: list[Json] = (
    [{"x": 9, "y": y, "kind": "heavy"} for y in (3, 4, 5)]
    + [{"x": 10, "y": y, "kind": "heavy"} for y in (9, 10)]
    + [{"x": x, "y": 7, "kind": "light"} for x in (5, 6, 7)]
    + [{"x": x, "y": 6, "kind": "light"} for x in (13, 14)]
    + [{"x": 4, "y": 2, "kind": "light"}, {"x": 15, "y": 11, "kind": "light"}]
    + [{"x": x, "y": y, "kind": "building", "height": 2} for x in (17, 18) for y in (2, 3)]
)


def demo() -> Json:
    """Two lances of two Mules on a 20×14 grid with light and heavy cover (§13 pilots and gear)."""
    latch = _sheet(MARA)
    brick = _sheet(
        MARA,
        name="Brick",
        pilot={
            "name": 'Tomas "Brick" Hale',
            "hull": 3,
            "agility": 0,
            "systems": 0,
            "engineering": 3,
            "weapon_skill": 1,
        },
        systems=["ablative_skirts"],
    )
    spar1 = _sheet(
        SPARRING,
        name="Sparring Mule A",
        mounts=[["k12_carbine"], ["holdout_pistol"], ["breaker_maul"]],
    )
    spar2 = _sheet(
        SPARRING,
        name="Sparring Mule B",
        mounts=[["k12_carbine"], ["holdout_pistol", "cinder_pod"], []],
        systems=["coolant_purge"],
    )
    return {
        "title": "Mech skirmish: Latch's lance against the sparring lance",
        "map": {"width": 20, "height": 14, "terrain": DEMO_TERRAIN},
        "first_side": "blue",
        "combatants": [
            {
                "id": "latch",
                "name": "Latch",
                "side": "blue",
                "controller": "player1",
                "x": 2,
                "y": 5,
                "sheet": latch,
            },
            {
                "id": "brick",
                "name": "Brick",
                "side": "blue",
                "controller": "player2",
                "x": 3,
                "y": 9,
                "sheet": brick,
            },
            {
                "id": "spar_a",
                "name": "Sparring Mule A",
                "side": "red",
                "controller": "gm",
                "x": 12,
                "y": 5,
                "sheet": spar1,
            },
            {
                "id": "spar_b",
                "name": "Sparring Mule B",
                "side": "red",
                "controller": "gm",
                "x": 12,
                "y": 8,
                "sheet": spar2,
            },
        ],
    }


def version() -> int:
    return VERSION
