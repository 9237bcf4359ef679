"""The mech skirmish engine: setup, turns, every action, damage, heat, structure and stress."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from rules.core.dice import Dice, RollRecord
from rules.core.errors import IllegalAction, RulesError
from rules.core.params import str_param
from rules.core.sheets import int_field, mapping_field, object_list_field
from rules.core.system import Action, Event
from rules.mech import state as st
from rules.mech.checks import ATTRIBUTE_NAMES, Check, accuracy_mod, contest_winner, roll_check
from rules.mech.damage import Target, half_up, parse_expr, reduce_damage, roll_expr
from rules.mech.data import validate_sheet
from rules.mech.state import Json, Unit, alive, has
from rules.mech.tables import look_up, table_for

VERSION = 1

DEFAULT_SETTINGS: Json = {
    "check_adds_attribute": True,  # MECH-AMB-01
    "contest_ties": "non_initiator",  # MECH-AMB-02
    "accuracy_cancel_first": True,  # MECH-AMB-03
    "save_target": 10,  # MECH-AMB-04
    "weapon_skill": True,  # MECH-AMB-05
    "attribute_max": 6,  # MECH-AMB-06
    "turn_order": "alternate",  # MECH-AMB-08
    "support_accuracy": 2,  # MECH-AMB-11
    "support_limit": "one_unused",  # MECH-AMB-12
    "improvised_type": "kinetic",  # MECH-AMB-14
    "stabilize_ally_range": 1,  # MECH-AMB-15
    "bootup_while_stunned": True,  # MECH-AMB-17
    "oa_weapons": "melee",  # MECH-AMB-18
    "engage_stop": "same_or_larger",  # MECH-AMB-20
    "vertical_jump_cost": 2,  # MECH-AMB-21
    "fall_cap": 0,  # MECH-AMB-22 (0: no cap)
    "area_friendly_fire": False,  # MECH-AMB-24
    "check_dice": "marked",  # MECH-AMB-31
    "meltdown_die": 6,  # MECH-AMB-37
    "meltdown_damage": "4d6",  # MECH-AMB-39
    "meltdown_radius": 2,  # MECH-AMB-39
    "repairs_per_interval": 2,  # MECH-AMB-40
    "exposed_locks_weapons": False,  # MECH-AMB-43
    "jammed_improvised": True,  # MECH-AMB-46
    "wrecks": True,  # MECH-AMB-49
    "structure_table": "seed",  # MECH-STRUCT-TABLE
    "stress_table": "seed",  # MECH-STRESS-TABLE
    # One reading only (listed as settings so the GM sees each choice made):
    "frame_baseline": "lancer_baseline_frame",  # MECH-AMB-07
    "repeat_actions": "allowed_except_weapon_and_overcharge",  # MECH-AMB-09
    "grapple_winner": "until_next_contest",  # MECH-AMB-10
    "ram_knockback": "straight_away_1",  # MECH-AMB-13
    "prepare_timing": "reaction_until_next_turn",  # MECH-AMB-16
    "grid": "square_diagonal_1_edge_to_edge",  # MECH-AMB-19
    "critical": "hits_only_whole_roll_twice",  # MECH-AMB-23
    "area_critical": "second_roll_for_critted",  # MECH-AMB-25
    "cone_shape": "1_wide_to_x_wide",  # MECH-AMB-26
    "armour_rule": "once_per_hit_largest_first",  # MECH-AMB-27
    "burn_timing": "own_turn_end_additive_one_check",  # MECH-AMB-28
    "bonus_type": "weapon_type_else_kinetic",  # MECH-AMB-29
    "hp_zero": "structure_check_reset_carry",  # MECH-AMB-30
    "remaining_three": "three_or_more",  # MECH-AMB-32
    "trauma_durations": "until_end_of_next_turn",  # MECH-AMB-33
    "trauma_choice": "parity_owner_chooses",  # MECH-AMB-34
    "heat_over_cap": "stress_clear_carry",  # MECH-AMB-35
    "zero_stress": "meltdown_end_of_next_turn",  # MECH-AMB-38
    "core_power": "core_power_1_per_frame",  # MECH-AMB-41
    "stress_repair": "stress_damage",  # MECH-AMB-42
    "hidden_saves": "forcing_a_save",  # MECH-AMB-44
    "invisible": "may_always_hide_50_percent_miss",  # MECH-AMB-45
    "lock_on_use": "spent_on_an_attack_on_it",  # MECH-AMB-47
    "next_turn": "next_turn_starting_after",  # MECH-AMB-48
}

# MECH-AMB-23, other reading: a total of 20 or more is a critical (and so a hit) at any defence.
TOTAL_20_HITS = "total_20_crits_without_hit"

GM_ACTOR = "gm"
GM_KINDS = frozenset(
    (
        "end_match",
        "start_match",
        "full_repair",
        "gm_damage",
        "gm_heat",
        "gm_fall",
        "gm_condition",
        "gm_save",
    )
)
ONE_AP_ACTIONS = ("boost", "grapple", "hide", "tech", "ram", "search", "attack", "shut_down")


# ---------------------------------------------------------------------------------------------
# Setup


def new_unit(combatant: Mapping[str, Any], settings: Mapping[str, Any]) -> Unit:
    """A unit at full strength from a combatant entry of the setup."""
    uid = str(combatant.get("id") or "")
    if not uid or uid == "gm":
        raise RulesError("every combatant needs an id (and not 'gm')", "MECH-STAT-1")
    sheet = validate_sheet(combatant.get("sheet") or {}, int(settings["attribute_max"]))
    stats = sheet["stats"]
    weapons: list[Json] = []
    mounts: list[Json] = []
    frame_mounts = sheet["frame"]["mounts"]
    for m, items in enumerate(sheet["mounts"]):
        fm = frame_mounts[m]
        mtype = fm["type"] if isinstance(fm, Mapping) else fm
        indexes = []
        for w in items:
            limited = w.get("limited")
            w = {**w, "mount": m, "destroyed": False, "loaded": True}
            # MECH-PILOT-ENG: +1 use per 2 ENGINEERING for every limited weapon.
            w["uses"] = None if limited is None else int(limited) + stats["limited_bonus"]
            w["max_uses"] = w["uses"]
            indexes.append(len(weapons))
            weapons.append(w)
        mounts.append({"type": mtype, "weapons": indexes})
    for w in weapons:
        if "extra_mount" in w:
            mounts[w["extra_mount"]]["weapons"] = [weapons.index(w)]
            mounts[w["extra_mount"]]["superheavy_of"] = w["mount"]
    systems = []
    for s in sheet["systems"]:
        limited = s.get("limited")
        uses = None if limited is None else int(limited) + stats["limited_bonus"]
        systems.append({**s, "destroyed": False, "uses": uses, "max_uses": uses})
    x, y = combatant.get("x", 0), combatant.get("y", 0)
    if "position" in combatant:
        x, y = combatant["position"]
    return {
        "id": uid,
        "name": str(combatant.get("name") or sheet["name"]),
        "side": str(combatant.get("side") or "a"),
        "controller": str(combatant.get("controller") or "gm"),
        "always_first": bool(combatant.get("always_first", sheet["always_first"])),
        "pilot": sheet["pilot"],
        "frame": sheet["frame"],
        "stats": stats,
        "sp_used": sheet["sp_used"],
        "notes": sheet["notes"],
        "resist": sheet["resist"],
        "immune": sheet["immune"],
        "weapons": weapons,
        "mounts": mounts,
        "systems": systems,
        "x": int(x),
        "y": int(y),
        "elevation": 0,
        "hp": stats["hp_max"],
        "heat": 0,
        "structure": stats["structure_max"],
        "stress": stats["stress_max"],
        "repair": stats["repair_cap"],
        "cp": stats["cp_max"],
        "burn": 0,
        "overcharge_count": 0,
        "conditions": {},
        "turn": None,
        "turns_started": 0,
        "reaction_used": False,
        "oa_used": False,
        "prepared": None,
        "meltdown": None,
        "pending_trauma": None,
        "support_received": False,
        "repairs_left": 0,
        "auto_reactions": True,
        "destroyed": False,
        "annihilated": False,
    }


def start(setup: Mapping[str, Any]) -> Json:
    """A new encounter from the setup JSON (docs/architecture.md), every sheet validated."""
    chosen_in = mapping_field(setup, "settings", default={})
    chosen = {str(k).removeprefix("mech."): v for k, v in chosen_in.items()}
    settings = {**DEFAULT_SETTINGS, **{k: v for k, v in chosen.items() if k in DEFAULT_SETTINGS}}
    table_for("structure", settings["structure_table"])
    table_for("stress", settings["stress_table"])
    grid_in = mapping_field(setup, "map", default={})
    width = int_field(setup, "map.width", minimum=1, default=20)
    height = int_field(setup, "map.height", minimum=1, default=14)
    terrain_in = grid_in.get("terrain") or {}
    terrain: Json = {}
    items = terrain_in.items() if isinstance(terrain_in, Mapping) else terrain_in
    for entry in items:
        key, feature = (entry[0], entry[1]) if isinstance(entry, tuple) else (None, entry)
        if key is None:
            key = f"{int(feature['x'])},{int(feature['y'])}"
        kind = feature["kind"] if isinstance(feature, Mapping) else str(feature)
        if kind not in ("light", "heavy", "building", "difficult"):
            raise RulesError(f"terrain {key}: unknown kind {kind!r}", "MECH-COVER-TABLE")
        data = dict(feature) if isinstance(feature, Mapping) else {"kind": kind}
        data.pop("x", None)
        data.pop("y", None)
        data.setdefault("height", {"heavy": 1, "building": 2}.get(kind, 0))
        terrain[key] = data
    units: Json = {}
    order: list[str] = []
    for combatant in object_list_field(setup, "combatants", max_items=500, default=[]):
        u = new_unit(combatant, settings)
        if u["id"] in units:
            raise RulesError(f"two combatants share the id {u['id']!r}", "MECH-STAT-1")
        units[u["id"]] = u
        order.append(u["id"])
    state: Json = {
        "version": VERSION,
        "title": str(setup.get("title", "")),
        "settings": settings,
        "map": {"width": width, "height": height, "terrain": terrain},
        "units": units,
        "order": order,
        "round": 1,
        "active": None,
        "acted": [],
        "last_side": None,
        "first_side": setup.get("first_side"),
        "phase": "combat",
        "match": 1,
        "grapples": [],
        "wrecks": [],
        "scans": [],
    }
    g = st.grid(state)
    taken: dict[tuple[int, int], str] = {}
    for u in units.values():
        if not g.fits(st.pos(u), st.size(u)):
            raise RulesError(f"{u['name']} does not fit on the map at {st.pos(u)}", "MECH-AMB-19")
        for cell in st.cells(u):
            if cell in taken:
                raise RulesError(f"{u['name']} and {taken[cell]} share a square", "MECH-AMB-19")
            if st.blocks_movement(st.terrain(state, cell)):
                raise RulesError(f"{u['name']} stands inside a wall at {cell}", "MECH-AMB-19")
            taken[cell] = u["name"]
    return state


# ---------------------------------------------------------------------------------------------
# The resolution context: every event is applied to the working state as it is emitted


_new_object = object.__new__
EMPTY: Mapping[str, Any] = MappingProxyType({})  # a default that nobody can change


def new_event(
    kind: str,
    payload: Mapping[str, Any],
    text: str,
    dice: tuple[RollRecord, ...],
    audience: str,
    redacted: str | None,
) -> Event:
    """`Event(...)`, built without the frozen dataclass's six `object.__setattr__` calls."""
    # Speed: a resolution emits several events, and the generated __init__ of a frozen
    # dataclass costs about twice this. The instance is the same (same fields, equal, frozen
    # afterwards); tests/rules/mech/test_bench_pinned.py checks it against Event(...).
    event: Event = _new_object(Event)
    event.__dict__.update(
        kind=kind, payload=payload, text=text, dice=dice, audience=audience, redacted_text=redacted
    )
    return event


# MECH-COND-HIDDEN: what the other sides read about a Hidden unit caught by an area: that
# something was there and what happened to it, never its name, numbers or square.
UNSEEN_TEXT = {
    "damage.dealt": "An unseen unit takes damage",
    "burn.marked": "An unseen unit catches fire",
    "check.rolled": "An unseen unit makes a check",
    "save.rolled": "An unseen unit makes a save",
    "structure.checked": "An unseen unit takes structure damage",
    "stress.checked": "An unseen unit takes stress damage",
    "heat.taken": "An unseen unit heats up",
    "heat.overflowed": "An unseen unit overheats",
}
PUBLIC_KINDS = frozenset({"mech.destroyed"})  # a wreck (or its absence) is there for all to see


def unseen_text(ctx: Ctx, kind: str, payload: Mapping[str, Any]) -> str:
    """The line the other sides read about a Hidden unit (MECH-COND-HIDDEN)."""
    if kind == "attack.rolled":
        attacker = ctx.u(str(payload["unit"]))["name"]
        return f"{attacker}: attack on an unseen unit: {'hit' if payload['hit'] else 'miss'}"
    return UNSEEN_TEXT.get(kind, "Something happens to an unseen unit")


def hidden_scope(ctx: Ctx, ids: list[str]) -> dict[str, str]:
    """Put the Hidden units among `ids` in `ctx.unseen`; returns what to restore afterwards."""
    before = dict(ctx.unseen)
    for uid in ids:
        u = ctx.u(uid)
        if "hidden" in u["conditions"]:
            ctx.unseen[uid] = f"side:{u['side']}"
    return before


class Ctx:
    """A resolution under way: the working state, the dice, and the events so far."""

    def __init__(self, state: Json, dice: Dice) -> None:
        self.state = state
        self.dice = dice
        # The GM's settings: fixed for the whole encounter (no event patches them).
        self.settings: Json = state["settings"]
        self.events: list[Event] = []
        self._mark = len(dice.records)
        self.pending: dict[str, Json] = {}
        self.finishing: set[str] = set()  # turns being ended now (a death inside does not re-end)
        # MECH-COND-HIDDEN: Hidden units caught by an area; events about them are addressed to
        # their own side (unit id -> "side:<name>"), everyone else reads a line without names.
        self.unseen: dict[str, str] = {}

    def stage(self, uid: str, **fields: Any) -> None:
        """Change a unit now; the change rides on the next event emitted (so the log holds it)."""
        self.stage_new(uid, st.copy_json(fields))

    def stage_new(self, uid: str, fields: Json) -> None:
        """`stage`, for fields built for this change alone, which nobody changes afterwards."""
        pending = self.pending.get(uid)
        if pending is None:
            self.pending[uid] = dict(fields)
        else:
            pending.update(fields)
        self.state = st.with_unit(self.state, uid, fields)

    def u(self, uid: str) -> Unit:
        found: Unit | None = self.state["units"].get(uid)  # st.unit, inlined: called very often
        if found is None:
            raise IllegalAction(f"there is no mech {uid!r} in this encounter")
        return found

    def emit(
        self,
        kind: str,
        text: str,
        units: Mapping[str, Mapping[str, Any]] | None = None,
        top: Mapping[str, Any] | None = None,
        audience: str = "all",
        redacted: str | None = None,
        **payload: Any,
    ) -> Event:
        if self.unseen and audience == "all":
            audience, redacted = self.unseen_audience(kind, payload, audience, redacted)
        records = self.dice.records
        mark = self._mark
        if len(records) > mark:
            dice = tuple(records[mark:])
            self._mark = len(records)
        else:
            dice = ()
        # The pending dicts are this context's own (stage copies), so they join the patch.
        merged = self.pending
        if merged:
            self.pending = {}
        if units:
            if not merged:
                merged = {}
            for k, v in units.items():
                merged[k] = {**merged[k], **v} if k in merged else dict(v)
        if merged or top:
            patch: Json = {}
            if merged:
                patch["units"] = merged
            if top:
                patch["state"] = dict(top)
            payload["patch"] = patch  # `payload` is this call's own dict (keyword arguments)
            # st.apply_patch(self.state, event), inlined.
            state = self.state
            new = dict(state)
            if merged:
                new_units = new["units"] = dict(state["units"])
                for k, v in merged.items():
                    after = dict(new_units[k])
                    after.update(v)
                    new_units[k] = after
            if top:
                new.update(patch["state"])
            self.state = new
        # new_event(...), inlined: this is the one place a resolution makes its events.
        event: Event = _new_object(Event)
        event.__dict__.update(
            kind=kind,
            payload=payload,
            text=text,
            dice=dice,
            audience=audience,
            redacted_text=redacted,
        )
        self.events.append(event)
        return event

    def unseen_audience(
        self, kind: str, payload: Mapping[str, Any], audience: str, redacted: str | None
    ) -> tuple[str, str | None]:
        """MECH-COND-HIDDEN: an event about a Hidden unit in an area goes to its side only."""
        if kind in PUBLIC_KINDS:
            return audience, redacted
        for key in ("target", "unit"):
            uid = payload.get(key)
            if uid in self.unseen:
                return self.unseen[uid], unseen_text(self, kind, payload)
        return audience, redacted

    def set(self, uid: str, **fields: Any) -> Json:
        return {uid: fields}

    def conditions(self, uid: str) -> Json:
        return dict(st.copy_json(self.u(uid)["conditions"]))

    def add_condition(
        self,
        uid: str,
        name: str,
        text: str,
        kind: str = "condition.added",
        expires: str | None = None,
        source: str = "",
        clock: str | None = None,
        rule: str = "",
        **extra: Any,
    ) -> None:
        """Give a condition; `expires` is "end_of_next_turn" or "end_of_turn" (MECH-AMB-48), or
        "first_turn_next_round": until the end of the next round's first turn (MECH-AMB-33)."""
        target = self.u(uid)
        conds = self.conditions(uid)
        entry: Json = {"source": source}
        if expires == "first_turn_next_round":
            entry["round"] = int(self.state["round"]) + 1
        elif expires is not None:
            owner = self.u(clock) if clock else target
            started = int(owner["turns_started"])
            if expires == "end_of_turn":
                entry["expires"] = started
            elif (
                self.settings["next_turn"] == "this_turn_if_own"
                and self.state["active"] == owner["id"]
            ):
                # MECH-AMB-48, other reading: given during its own turn, it ends with this turn.
                entry["expires"] = started
            else:
                # "Next turn" is the first turn that starts after now, on `clock`'s turns.
                entry["expires"] = started + 1
            entry["clock"] = owner["id"]
        old = conds.get(name)
        if old and "expires" in old and "expires" in entry:
            entry["expires"] = max(old["expires"], entry["expires"])
        elif old and "round" in old and "round" in entry:
            entry["round"] = max(old["round"], entry["round"])
        elif old and "expires" not in old and "round" not in old:
            entry = old
        conds[name] = entry
        self.emit(
            kind,
            text,
            units={uid: {"conditions": conds}},
            unit=uid,
            condition=name,
            rule=rule,
            **extra,
        )
        if name == "invisible" and always_hidden(self, self.u(uid)) and "hidden" not in conds:
            hidden = f"{target['name']} is Invisible, so always Hidden"
            self.add_condition(uid, "hidden", hidden, source="invisible", rule="MECH-AMB-45")

    def remove_condition(self, uid: str, name: str, text: str, rule: str = "") -> None:
        conds = self.conditions(uid)
        if name in conds:
            del conds[name]
            self.emit(
                "condition.removed",
                text,
                units={uid: {"conditions": conds}},
                unit=uid,
                condition=name,
                rule=rule,
            )


# ---------------------------------------------------------------------------------------------
# Checks


def check(
    ctx: Ctx,
    uid: str,
    attribute: str,
    why: str,
    accuracy: int = 0,
    difficulty: int = 0,
    save: bool = False,
    target: int | None = None,
) -> Check:
    """MECH-CHECK-1 / MECH-SAVE-1: a check or save by a unit, with Impaired, Support and Stunned."""
    u = ctx.u(uid)
    if has(u, "impaired"):  # MECH-COND-IMPAIRED
        difficulty += 1
    if has(u, "supported"):  # MECH-TECH-SUPPORT: the next check or save, then it is spent
        accuracy += int(ctx.settings["support_accuracy"])
        conds = ctx.conditions(uid)
        del conds["supported"]
        ctx.emit(
            "support.used",
            f"{u['name']} uses Support on this roll",
            units={uid: {"conditions": conds}},
            unit=uid,
        )
    bonus = int(u["pilot"][attribute]) if ctx.settings["check_adds_attribute"] else 0
    modifier = accuracy_mod(
        accuracy, difficulty, cancel_first=bool(ctx.settings["accuracy_cancel_first"])
    )
    kind = "save" if save else "check"
    label = f"{u['name']} {ATTRIBUTE_NAMES[attribute]} {kind} ({why})"
    goal = target if target is not None else (int(ctx.settings["save_target"]) if save else 10)
    auto_fail = has(u, "stunned") and attribute in ("hull", "agility")
    return roll_check(label, bonus, modifier, ctx.dice, goal, auto_fail)


def contest(ctx: Ctx, a: str, a_attr: str, b: str, b_attr: str, why: str) -> tuple[bool, str]:
    """MECH-CHECK-1 / MECH-AMB-02: a contested check; True when the initiator `a` wins."""
    first = check(ctx, a, a_attr, why)
    second = check(ctx, b, b_attr, why)
    if ctx.settings["contest_ties"] == "initiator" and first.total == second.total:
        won = first.natural is not None
    else:
        won = contest_winner(first, second)
    return won, f"{first.text}; {second.text}"


# ---------------------------------------------------------------------------------------------
# Heat, damage, structure, stress


def take_heat(ctx: Ctx, uid: str, amount: int, why: str) -> None:
    """MECH-HEAT-1/2 (MECH-AMB-35): heat to the cap; beyond it stress, clear, carry the excess."""
    u = ctx.u(uid)
    if amount <= 0 or not alive(u):
        return
    if has(u, "shut_down"):
        return  # MECH-COND-SHUTDOWN holds no heat
    heat, cap = int(u["heat"]), int(u["stats"]["heat_cap"])
    if heat + amount <= cap:
        after = heat + amount
        zone = " — danger zone" if 2 * after >= cap else ""
        ctx.emit(
            "heat.taken",
            f"{u['name']} takes {amount} heat ({why}): heat {after}/{cap}{zone}",
            units={uid: {"heat": after}},
            unit=uid,
            amount=amount,
            heat=after,
        )
        return
    excess = heat + amount - cap
    if ctx.settings["heat_over_cap"] == "stress_clear_no_carry":
        excess = 0  # MECH-AMB-35, other reading: heat past the cap is vented with the stress
    if int(u["stress"]) <= 0:
        # Nothing left to mark: the reactor is already melting down (MECH-AMB-38).
        ctx.emit(
            "heat.overflowed",
            f"{u['name']} takes {amount} heat ({why}) with no stress left: heat cleared, "
            f"{excess} carries over; the meltdown stands",
            units={uid: {"heat": 0}},
            unit=uid,
            amount=amount,
            excess=excess,
            rule="MECH-AMB-38",
        )
        stress_check(ctx, uid)
        take_heat(ctx, uid, min(excess, cap), "carried over")
        return
    ctx.emit(
        "heat.overflowed",
        f"{u['name']} takes {amount} heat ({why}): {heat} + {amount} exceeds the cap {cap}; "
        f"1 stress, heat cleared, {excess} heat carries over (MECH-HEAT-2)",
        units={uid: {"heat": 0, "stress": int(u["stress"]) - 1}},
        unit=uid,
        amount=amount,
        excess=excess,
        rule="MECH-HEAT-2",
    )
    stress_check(ctx, uid)
    take_heat(ctx, uid, excess, "carried over")


def target_of(u: Unit) -> Target:
    conditions = u["conditions"]
    return Target(  # armour, exposed, shredded, resist, immune
        int(u["stats"]["armour"]),
        "exposed" in conditions,
        "shredded" in conditions,
        st.resistances(u),
        frozenset(u["immune"]),
    )


def deal_damage(
    ctx: Ctx,
    uid: str,
    components: list[tuple[str, int]],
    why: str,
    armour_piercing: bool = False,
    rule: str = "MECH-DMG-PIPE",
) -> int:
    """MECH-DMG-PIPE: reduce a hit's damage, subtract from HP and overflow into structure."""
    u = ctx.u(uid)
    if u["destroyed"]:
        return 0
    per_type = ctx.settings["armour_rule"] == "once_per_damage_type"  # MECH-AMB-27
    by_type, steps = reduce_damage(components, target_of(u), armour_piercing, per_type)
    amount = by_type[0][1] if len(by_type) == 1 else sum([v for _, v in by_type])
    raw = ", ".join([f"{v} {k}" for k, v in components if v])
    detail = f"{raw or '0'}; {'; '.join(steps)}" if steps else raw or "0"
    text = f"{u['name']} takes {amount} damage ({why}: {detail})"
    take_hp_damage(ctx, uid, amount, text, rule, {"raw": raw, "steps": list(steps)})
    return amount


def take_hp_damage(
    ctx: Ctx, uid: str, amount: int, text: str, rule: str, extra: Mapping[str, Any] = EMPTY
) -> None:
    """MECH-HP-1 (MECH-AMB-30): HP to 0 costs 1 structure, a check, HP reset, excess carried."""
    # `extra` (more payload) is a mapping, not **keywords: passing keywords on costs a dict
    # copy per call, and every hit comes through here. It is only read, never changed.
    u = ctx.u(uid)
    hp = int(u["hp"])
    if amount < hp:
        ctx.emit(
            "damage.dealt",
            f"{text}: HP {hp - amount}/{u['stats']['hp_max']}",
            units={uid: {"hp": hp - amount}},
            unit=uid,
            amount=amount,
            rule=rule,
            **extra,
        )
        return
    excess = amount - hp
    if ctx.settings["hp_zero"] == "structure_check_reset_no_carry":
        excess = 0  # MECH-AMB-30, other reading: damage past 0 HP is lost
    hp_max = int(u["stats"]["hp_max"])
    structure = int(u["structure"]) - 1
    ctx.emit(
        "damage.dealt",
        f"{text}: HP 0 — 1 structure damage (structure {structure}/{u['stats']['structure_max']})"
        + (f", {excess} damage carries over" if excess else ""),
        units={uid: {"hp": hp_max, "structure": structure}},
        unit=uid,
        amount=amount,
        structure=structure,
        rule="MECH-HP-1",
        **extra,
    )
    structure_check(ctx, uid)
    if excess > 0 and alive(ctx.u(uid)):
        take_hp_damage(
            ctx, uid, excess, f"{ctx.u(uid)['name']} takes the {excess} carried over", "MECH-HP-1"
        )


def _dice_count(ctx: Ctx, marked: int) -> int:
    return marked if ctx.settings["check_dice"] == "marked" else 1


def structure_check(ctx: Ctx, uid: str) -> None:
    """MECH-STRUCT-1 / MECH-STRUCT-TABLE: roll 1d6 per structure damage marked, take the lowest."""
    u = ctx.u(uid)
    remaining = int(u["structure"])
    if remaining <= 0:
        destroy(ctx, uid, f"{u['name']} has no structure left: destroyed (MECH-HP-1)")
        return
    marked = int(u["stats"]["structure_max"]) - remaining
    faces = [
        ctx.dice.roll(6, f"structure check d6 ({u['name']})")
        for _ in range(_dice_count(ctx, marked))
    ]
    table = table_for("structure", ctx.settings["structure_table"])
    lowest, name, effect = look_up(table, faces)
    roll_text = (
        f"structure check {len(faces)}d6 = {', '.join(map(str, faces))}: lowest {lowest} → {name}"
    )
    structure_effect(ctx, uid, effect, lowest, roll_text, remaining)


def structure_effect(
    ctx: Ctx, uid: str, effect: str, lowest: int, roll_text: str, remaining: int
) -> None:
    """Apply one row of the structure table."""
    u = ctx.u(uid)
    name = u["name"]
    base: Json = {"unit": uid, "effect": effect, "lowest": lowest, "rule": "MECH-STRUCT-TABLE"}
    # MECH-AMB-33: the seed gives "the end of the next round's first turn / the end of your next
    # turn" for a direct hit and "the next round's first turn" for a glancing blow.
    if ctx.settings["trauma_durations"] == "first_turn_next_round":
        expires, until = "first_turn_next_round", "until the end of the next round's first turn"
    else:
        expires, until = "end_of_next_turn", "until the end of its next turn"
    if effect == "destroyed":
        ctx.emit("structure.checked", f"{name}: {roll_text}", **base)
        destroy(ctx, uid, f"{name} is destroyed (MECH-STRUCT-TABLE)")
    elif effect == "direct_hit":
        if remaining >= 3:  # MECH-AMB-32: "3 or more"
            ctx.emit(
                "structure.checked",
                f"{name}: {roll_text}; {remaining} structure left: Stunned {until}",
                **base,
            )
            ctx.add_condition(
                uid,
                "stunned",
                f"{name} is Stunned (direct hit)",
                expires=expires,
                source="structure",
                rule="MECH-AMB-33",
            )
        elif remaining == 2:
            ctx.emit(
                "structure.checked", f"{name}: {roll_text}; 2 structure left: HULL check", **base
            )
            result = check(ctx, uid, "hull", "direct hit")
            if result.success:
                ctx.emit(
                    "check.rolled",
                    f"{result.text}: Stunned {until}",
                    unit=uid,
                    rule="MECH-STRUCT-TABLE",
                )
                ctx.add_condition(
                    uid,
                    "stunned",
                    f"{name} is Stunned (direct hit)",
                    expires=expires,
                    source="structure",
                    rule="MECH-AMB-33",
                )
            else:
                ctx.emit(
                    "check.rolled",
                    f"{result.text}: the mech is destroyed",
                    unit=uid,
                    rule="MECH-STRUCT-TABLE",
                )
                destroy(ctx, uid, f"{name} is destroyed by a direct hit")
        else:
            ctx.emit(
                "structure.checked", f"{name}: {roll_text}; 1 structure left: destroyed", **base
            )
            destroy(ctx, uid, f"{name} is destroyed by a direct hit")
    elif effect in ("system_trauma", "system_trauma_d6"):
        # MECH-AMB-34: the seed's parity decides, or (other reading) a second d6 as in LANCER.
        if effect == "system_trauma" and ctx.settings["trauma_choice"] != "second_d6":
            kind = "mount" if lowest % 2 == 0 else "system"
            how = f"{'even' if kind == 'mount' else 'odd'}: "
        else:
            second = ctx.dice.roll(6, f"system trauma d6 ({name})")
            kind = "mount" if second <= 3 else "system"
            how = f"second d6 = {second}: "
        options = trauma_options(u)
        if not options[kind]:
            kind = "system" if kind == "mount" else "mount"  # MECH-AMB-34: the other kind
            how += "nothing of that kind left, so "
        if not options[kind]:
            ctx.emit(
                "structure.checked",
                f"{name}: {roll_text}; nothing left to lose: treated as a direct hit (MECH-AMB-34)",
                **base,
            )
            structure_effect(ctx, uid, "direct_hit", 1, "direct hit", remaining)
            return
        what = "all weapons on one mount" if kind == "mount" else "one system"
        ctx.emit(
            "structure.checked",
            f"{name}: {roll_text}; {how}{what} destroyed — its controller chooses",
            units={uid: {"pending_trauma": kind}},
            **base,
        )
        if len(options[kind]) == 1:
            choose_trauma(ctx, uid, options[kind][0])
    elif effect == "glancing_blow":
        ctx.emit("structure.checked", f"{name}: {roll_text}; Impaired {until}", **base)
        ctx.add_condition(
            uid,
            "impaired",
            f"{name} is Impaired (glancing blow)",
            expires=expires,
            source="structure",
            rule="MECH-AMB-33",
        )
    else:
        ctx.emit("structure.checked", f"{name}: {roll_text}; no effect", **base)


def trauma_options(u: Unit) -> dict[str, list[int]]:
    """MECH-STRUCT-TABLE: mounts with intact weapons, intact systems; spent limited items out."""

    def usable(item: Json) -> bool:
        return not item["destroyed"] and (item.get("uses") is None or int(item["uses"]) > 0)

    mounts = [
        m
        for m, mount in enumerate(u["mounts"])
        if "superheavy_of" not in mount and any(usable(u["weapons"][w]) for w in mount["weapons"])
    ]
    systems = [i for i, s in enumerate(u["systems"]) if usable(s)]
    return {"mount": mounts, "system": systems}


def choose_trauma(ctx: Ctx, uid: str, index: int) -> None:
    """MECH-AMB-34: the controller's choice of mount or system to lose."""
    u = ctx.u(uid)
    kind = u["pending_trauma"]
    if kind is None:
        raise IllegalAction(f"{u['name']} has no system trauma to resolve", "MECH-STRUCT-TABLE")
    options = trauma_options(u)[kind]
    if index not in options:
        raise IllegalAction(f"choose one of {options} ({kind})", "MECH-STRUCT-TABLE")
    if kind == "mount":
        weapons = st.copy_json(u["weapons"])
        names = []
        for w in u["mounts"][index]["weapons"]:
            weapons[w]["destroyed"] = True
            names.append(weapons[w]["name"])
        text = f"{u['name']} loses mount {index + 1}: {', '.join(names)} destroyed"
        ctx.emit(
            "trauma.resolved",
            text,
            units={uid: {"weapons": weapons, "pending_trauma": None}},
            unit=uid,
            mount=index,
            rule="MECH-STRUCT-TABLE",
        )
    else:
        systems = st.copy_json(u["systems"])
        systems[index]["destroyed"] = True
        text = f"{u['name']} loses a system: {systems[index]['name']} destroyed"
        ctx.emit(
            "trauma.resolved",
            text,
            units={uid: {"systems": systems, "pending_trauma": None}},
            unit=uid,
            system=index,
            rule="MECH-STRUCT-TABLE",
        )


def stress_check(ctx: Ctx, uid: str) -> None:
    """MECH-STRESS-1 / MECH-STRESS-TABLE: 1d6 per stress marked, lowest; 0 stress melts down."""
    u = ctx.u(uid)
    name = u["name"]
    remaining = int(u["stress"])
    if remaining <= 0 and ctx.settings["zero_stress"] == "meltdown_now":
        meltdown(ctx, uid)  # MECH-AMB-38, other reading: like 0 structure, at once
        return
    if remaining <= 0:  # MECH-AMB-38
        schedule_meltdown(
            ctx,
            uid,
            1,
            f"{name} has no stress left: reactor meltdown at the end of its next turn",
            "MECH-AMB-38",
        )
        return
    marked = int(u["stats"]["stress_max"]) - remaining
    faces = [ctx.dice.roll(6, f"stress check d6 ({name})") for _ in range(_dice_count(ctx, marked))]
    table = table_for("stress", ctx.settings["stress_table"])
    lowest, row, effect = look_up(table, faces)
    roll_text = (
        f"stress check {len(faces)}d6 = {', '.join(map(str, faces))}: lowest {lowest} → {row}"
    )
    base: Json = {"unit": uid, "effect": effect, "lowest": lowest, "rule": "MECH-STRESS-TABLE"}
    if effect == "meltdown_next_turn":
        ctx.emit(
            "stress.checked",
            f"{name}: {roll_text}; reactor meltdown at the end of its next turn",
            **base,
        )
        schedule_meltdown(
            ctx,
            uid,
            1,
            f"{name}'s reactor will melt down at the end of its next turn",
            "MECH-AMB-36",
        )
    elif effect == "meltdown":
        if remaining >= 3:
            ctx.emit(
                "stress.checked", f"{name}: {roll_text}; {remaining} stress left: Exposed", **base
            )
            ctx.add_condition(
                uid, "exposed", f"{name} is Exposed", source="stress", rule="MECH-STRESS-TABLE"
            )
        elif remaining == 2:
            ctx.emit(
                "stress.checked", f"{name}: {roll_text}; 2 stress left: ENGINEERING check", **base
            )
            result = check(ctx, uid, "engineering", "meltdown")
            if result.success:
                ctx.emit(
                    "check.rolled", f"{result.text}: Exposed", unit=uid, rule="MECH-STRESS-TABLE"
                )
                ctx.add_condition(
                    uid, "exposed", f"{name} is Exposed", source="stress", rule="MECH-STRESS-TABLE"
                )
            else:
                ctx.emit(
                    "check.rolled",
                    f"{result.text}: the reactor goes critical",
                    unit=uid,
                    rule="MECH-STRESS-TABLE",
                )
                turns = ctx.dice.roll(
                    int(ctx.settings["meltdown_die"]),
                    f"meltdown countdown d{ctx.settings['meltdown_die']} ({name})",
                )
                schedule_meltdown(
                    ctx,
                    uid,
                    turns,
                    f"{name}'s reactor will melt down at the end of its turn {turns} from now",
                    "MECH-AMB-37",
                    avertable=True,
                )
        else:
            ctx.emit(
                "stress.checked",
                f"{name}: {roll_text}; 1 stress left: reactor meltdown at the end of its next turn",
                **base,
            )
            schedule_meltdown(
                ctx,
                uid,
                1,
                f"{name}'s reactor will melt down at the end of its next turn",
                "MECH-STRESS-TABLE",
            )
    elif effect == "power_plant_unstable":
        ctx.emit("stress.checked", f"{name}: {roll_text}; Exposed", **base)
        ctx.add_condition(
            uid, "exposed", f"{name} is Exposed", source="stress", rule="MECH-STRESS-TABLE"
        )
    elif effect == "emergency_stop":
        ctx.emit(
            "stress.checked",
            f"{name}: {roll_text}; Impaired until the end of its next turn",
            **base,
        )
        ctx.add_condition(
            uid,
            "impaired",
            f"{name} is Impaired (emergency stop)",
            expires="end_of_next_turn",
            source="stress",
            rule="MECH-STRESS-TABLE",
        )
    else:
        ctx.emit("stress.checked", f"{name}: {roll_text}; no effect", **base)


def schedule_meltdown(
    ctx: Ctx, uid: str, turns: int, text: str, rule: str, avertable: bool = False
) -> None:
    """MECH-AMB-37: a countdown of the mech's own turns, secret from the players."""
    u = ctx.u(uid)
    current = u["meltdown"]
    if current is not None and int(current["turns"]) <= turns:
        return
    meltdown = {"turns": turns, "mark": int(u["turns_started"]), "avertable": avertable}
    if avertable:
        ctx.emit(
            "meltdown.scheduled",
            text,
            units={uid: {"meltdown": meltdown}},
            audience="gm",
            redacted=f"{u['name']}'s reactor is going critical: a meltdown is coming (the GM "
            "keeps the count)",
            unit=uid,
            rule=rule,
        )
    else:
        ctx.emit(
            "meltdown.scheduled", text, units={uid: {"meltdown": meltdown}}, unit=uid, rule=rule
        )


def destroy(ctx: Ctx, uid: str, text: str, annihilated: bool = False) -> None:
    """MECH-DESTROYED-1 / MECH-AMB-49: destroyed; a heavy-cover wreck stays unless annihilated."""
    u = ctx.u(uid)
    if not alive(u):
        return
    wrecks = list(ctx.state["wrecks"])
    if ctx.settings["wrecks"] and not annihilated:
        wrecks.append({"id": uid, "x": u["x"], "y": u["y"], "size": st.size(u)})
        text += "; its wreck is heavy cover"
    grapples = [g for g in ctx.state["grapples"] if uid not in g["attackers"] + g["defenders"]]
    top: Json = {"wrecks": wrecks, "grapples": grapples}
    fields: Json = {"destroyed": True, "annihilated": annihilated, "turn": None, "prepared": None}
    for grapple in ctx.state["grapples"]:
        if uid not in grapple["attackers"] + grapple["defenders"]:
            continue
        for oid in grapple["attackers"] + grapple["defenders"]:
            conds = st.copy_json(ctx.u(oid)["conditions"])
            if oid != uid and conds.get("immobilized", {}).get("source") == "grapple":
                del conds["immobilized"]
                ctx.stage(oid, conditions=conds)
    ctx.emit(
        "mech.destroyed", text, units={uid: fields}, top=top, unit=uid, rule="MECH-DESTROYED-1"
    )
    if ctx.state["active"] == uid and uid not in ctx.finishing:
        finish_turn(ctx, uid)


def meltdown(ctx: Ctx, uid: str) -> None:
    """MECH-MELTDOWN-1 / MECH-AMB-39: destroyed; burst 2, 4d6 explosive, AGILITY check halves."""
    u = ctx.u(uid)
    radius = int(ctx.settings["meltdown_radius"])
    expr = parse_expr(str(ctx.settings["meltdown_damage"]))
    area = st.grid(ctx.state).burst(st.pos(u), radius, st.size(u))
    caught = [o["id"] for o in st.living(ctx.state) if o["id"] != uid and st.cells(o) & area]
    destroy(
        ctx,
        uid,
        f"{u['name']}'s reactor melts down: the mech is destroyed, nothing is left",
        annihilated=True,
    )
    total, faces = roll_expr(expr, ctx.dice, "reactor meltdown")
    ctx.emit(
        "meltdown.exploded",
        f"Reactor meltdown: {expr} = {' + '.join(map(str, faces))} = {total} explosive to every "
        f"unit within burst {radius}",
        unit=uid,
        damage=total,
        targets=caught,
        rule="MECH-MELTDOWN-1",
    )
    before = hidden_scope(ctx, caught)  # MECH-COND-HIDDEN: a Hidden unit in the blast stays unnamed
    for oid in caught:
        result = check(ctx, oid, "agility", "meltdown blast")
        amount = half_up(total) if result.success else total
        ctx.emit(
            "check.rolled",
            f"{result.text}: {'half damage' if result.success else 'full damage'}",
            unit=oid,
            rule="MECH-MELTDOWN-1",
        )
        deal_damage(ctx, oid, [("explosive", amount)], "reactor meltdown", rule="MECH-MELTDOWN-1")
    ctx.unseen = before


def take_burn(ctx: Ctx, uid: str, amount: int, why: str) -> None:
    """MECH-BURN-1: take that much burn now (ignores armour) and mark it; marks add up."""
    u = ctx.u(uid)
    if amount <= 0 or not alive(u):
        return
    marked = int(u["burn"]) + amount
    ctx.emit(
        "burn.marked",
        f"{u['name']} catches fire: {amount} burn ({why}), burn marked {marked}",
        units={uid: {"burn": marked}},
        unit=uid,
        amount=amount,
        burn=marked,
        rule="MECH-BURN-1",
    )
    deal_damage(ctx, uid, [("burn", amount)], "burn", rule="MECH-BURN-1")


# ---------------------------------------------------------------------------------------------
# Rounds and turns


def next_picks(state: Mapping[str, Any]) -> list[str]:
    """MECH-ROUND-2 / MECH-AMB-08: the units that may start their turn now."""
    if state["active"] is not None or state["phase"] != "combat":
        return []
    unacted = [u for u in st.living(state) if u["id"] not in state["acted"]]
    if not unacted:
        return []
    firsts = [u for u in unacted if u["always_first"]]
    if firsts and not state["acted"]:
        return [firsts[0]["id"]]
    if state["settings"]["turn_order"] == "listed":
        return [unacted[0]["id"]]
    sides = st.side_order(state)
    have = [s for s in sides if any(u["side"] == s for u in unacted)]
    last = state["last_side"]
    if last is None:
        first = state["first_side"]
        side = first if first in have else have[0]
    else:
        start = sides.index(last) if last in sides else -1
        rotated = sides[start + 1 :] + sides[: start + 1]
        side = next(s for s in rotated if s in have)
    return [u["id"] for u in unacted if u["side"] == side]


def begin_turn(ctx: Ctx, uid: str) -> None:
    """MECH-AP-1: the unit gains a move and 2 AP; reactions reset; a prepared action lapses."""
    picks = next_picks(ctx.state)
    u = ctx.u(uid)
    if uid not in picks:
        names = ", ".join(ctx.u(p)["name"] for p in picks) or "nobody"
        raise IllegalAction(f"it is not {u['name']}'s turn to start; now: {names}", "MECH-AMB-08")
    units: Json = {
        o["id"]: {"reaction_used": False} for o in st.living(ctx.state) if o["reaction_used"]
    }
    speed = int(u["stats"]["speed"])
    turn = {
        "ap": 2,
        "ap_gained": 2,
        "ap_spent": 0,
        "move": speed,
        "moved": False,
        "overcharged": False,
        "attacked": [],
        "followup": None,
        "acted": False,
        "contest": False,
    }
    units[uid] = {
        "turn": turn,
        "turns_started": int(u["turns_started"]) + 1,
        "reaction_used": False,
        "prepared": None,
    }
    lapsed = " (its prepared action lapses)" if u["prepared"] else ""
    ctx.emit(
        "turn.started",
        f"Round {ctx.state['round']}: {u['name']} starts its turn: 2 AP, move {speed}{lapsed}",
        units=units,
        top={"active": uid},
        unit=uid,
        round=ctx.state["round"],
        rule="MECH-AP-1",
    )


def burn_check(ctx: Ctx, uid: str) -> None:
    """MECH-BURN-1: an ENGINEERING check clears all burn; a failure deals the burn marked."""
    u = ctx.u(uid)
    result = check(ctx, uid, "engineering", "burn")
    if result.success:
        ctx.emit(
            "burn.cleared",
            f"{result.text}: burn cleared",
            units={uid: {"burn": 0}},
            unit=uid,
            rule="MECH-BURN-1",
        )
        return
    ctx.emit("check.rolled", f"{result.text}: takes {u['burn']} burn", unit=uid, rule="MECH-BURN-1")
    deal_damage(ctx, uid, [("burn", int(ctx.u(uid)["burn"]))], "burn", rule="MECH-BURN-1")


def finish_turn(ctx: Ctx, uid: str) -> None:
    """End of turn: burn check, durations, meltdown count; AP and move are lost (MECH-AMB-09)."""
    if uid in ctx.finishing:
        return
    ctx.finishing.add(uid)
    # MECH-BURN-1 / MECH-AMB-28: the burning unit checks at the end of its own turn; the other
    # reading ("at the end of each turn") has every burning unit check, this one first.
    burning = [uid]
    if ctx.settings["burn_timing"] == "every_turn_end":
        burning += [o for o in ctx.state["order"] if o != uid]
    for bid in burning:
        b = ctx.u(bid)
        if alive(b) and int(b["burn"]) > 0:
            burn_check(ctx, bid)
    u = ctx.u(uid)
    # MECH-COND-DURATION / MECH-AMB-48: conditions timed on this unit's turns end here; those
    # lasting to the end of a round's first turn (MECH-AMB-33) end with the first turn of it.
    round_now = int(ctx.state["round"])
    for o in list(ctx.state["units"].values()):
        conds = st.copy_json(o["conditions"])
        gone = [
            n
            for n, c in conds.items()
            if (c.get("clock") == uid and int(c["expires"]) <= int(u["turns_started"]))
            or ("round" in c and int(c["round"]) <= round_now)
        ]
        if gone:
            for n in gone:
                del conds[n]
            ctx.emit(
                "condition.expired",
                f"{o['name']}: {', '.join(gone)} ended",
                units={o["id"]: {"conditions": conds}},
                unit=o["id"],
                conditions=gone,
                rule="MECH-COND-DURATION",
            )
    u = ctx.u(uid)
    melt = u["meltdown"]
    if alive(u) and melt is not None and int(u["turns_started"]) > int(melt["mark"]):
        left = int(melt["turns"]) - 1
        if left <= 0:
            ctx.emit(
                "meltdown.due",
                f"{u['name']}'s reactor countdown reaches 0",
                units={uid: {"meltdown": None}},
                unit=uid,
                rule="MECH-AMB-37",
            )
            meltdown(ctx, uid)
        else:
            ctx.emit(
                "meltdown.ticked",
                f"{u['name']}'s reactor countdown: {left} of its turns left",
                units={uid: {"meltdown": {**melt, "turns": left}}},
                audience="gm",
                redacted=f"{u['name']}'s reactor is still critical",
                unit=uid,
                rule="MECH-AMB-37",
            )
    acted = [*ctx.state["acted"], uid]
    ctx.emit(
        "turn.ended",
        f"{ctx.u(uid)['name']} ends its turn",
        units={uid: {"turn": None}},
        top={"active": None, "acted": acted, "last_side": ctx.u(uid)["side"]},
        unit=uid,
    )
    if not [o for o in st.living(ctx.state) if o["id"] not in ctx.state["acted"]]:
        new_round(ctx)


def new_round(ctx: Ctx) -> None:
    """MECH-ROUND-1: every unit acts once per round; opportunity attacks refresh (MECH-OA-1)."""
    number = int(ctx.state["round"]) + 1
    units = {o["id"]: {"oa_used": False} for o in st.living(ctx.state)}
    ctx.emit(
        "round.started",
        f"Round {number} begins",
        units=units,
        top={"round": number, "acted": [], "last_side": None},
        round=number,
        rule="MECH-ROUND-1",
    )


# ---------------------------------------------------------------------------------------------
# Action plumbing


def spend(ctx: Ctx, uid: str, ap: int, what: str, rule: str, reaction: bool = False) -> None:
    """MECH-AP-TABLE: take `ap` from the active unit's turn, refusing a third AP."""
    if not reaction:
        ctx.stage_new(uid, {"turn": spent_turn(ctx, uid, ap, what, rule)})


def spent_turn(ctx: Ctx, uid: str, ap: int, what: str, rule: str) -> Json:
    """The active unit's turn after paying `ap` (MECH-AP-TABLE), not yet staged; or refused."""
    u = ctx.u(uid)
    turn = u["turn"]
    if ctx.state["active"] != uid or turn is None:
        raise IllegalAction(f"{u['name']} can only {what} on its own turn", rule)
    if int(turn["ap"]) < ap:
        raise IllegalAction(f"{what} costs {ap} AP and {u['name']} has {turn['ap']} left", rule)
    # A new turn dict; the lists in it are the state's own, which nothing changes in place.
    return {
        **turn,
        "ap": int(turn["ap"]) - ap,
        "ap_spent": int(turn["ap_spent"]) + ap,
        "acted": True,
        "followup": None,
    }


def pending_turn_patch(ctx: Ctx, uid: str) -> Json:
    turn = ctx.u(uid)["turn"]
    return dict(turn) if turn else {}


def require_can_act(u: Unit, what: str, allow_stunned: bool = False) -> None:
    if u["destroyed"]:
        raise IllegalAction(f"{u['name']} is destroyed", "MECH-DESTROYED-1")
    if "stunned" in u["conditions"] and not allow_stunned:
        raise IllegalAction(f"{u['name']} is Stunned and cannot {what}", "MECH-COND-STUNNED")
    if u["pending_trauma"]:
        raise IllegalAction(
            f"{u['name']} must first choose what the system trauma destroys", "MECH-AMB-34"
        )


def always_hidden(ctx: Ctx, u: Unit) -> bool:
    """MECH-AMB-45, literal reading (`always_hidden`): an Invisible mech is Hidden all along."""
    return ctx.settings["invisible"] == "always_hidden" and "invisible" in u["conditions"]


def reveal(ctx: Ctx, uid: str, why: str) -> None:
    """MECH-COND-HIDDEN: attacking, reactions, boosting remove Hidden."""
    if "hidden" in ctx.u(uid)["conditions"] and not always_hidden(ctx, ctx.u(uid)):
        ctx.remove_condition(
            uid, "hidden", f"{ctx.u(uid)['name']} is no longer Hidden ({why})", "MECH-COND-HIDDEN"
        )


def visible_target(ctx: Ctx, actor: Unit, target: Unit, rule: str) -> None:
    if target["destroyed"]:
        raise IllegalAction(f"{target['name']} is destroyed", rule)
    if "hidden" in target["conditions"] and actor["side"] != target["side"]:
        raise IllegalAction(
            f"{target['name']} is Hidden and cannot be targeted", "MECH-COND-HIDDEN"
        )


def params_target(ctx: Ctx, action: Action, name: str = "target") -> Unit:
    return ctx.u(str_param(action.params, name))


Handler = Callable[[Ctx, Action, bool], None]
HANDLERS: dict[str, Handler] = {}


def handler(kind: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[kind] = fn
        return fn

    return register


def resolve(state: Json, action: Action, dice: Dice) -> list[Event]:
    """Resolve one action with server dice; raises RulesError (and changes nothing) when illegal."""
    fn = HANDLERS.get(action.kind)
    if fn is None:
        raise IllegalAction(f"unknown mech action {action.kind!r}")
    if (action.kind in GM_KINDS) != (action.actor == GM_ACTOR):
        if action.actor == GM_ACTOR:
            raise IllegalAction(f"the GM acts through a mech for {action.kind!r}")
        raise IllegalAction(f"only the GM (actor 'gm') may use {action.kind!r}")
    ctx = Ctx(state, dice)
    fn(ctx, action, False)
    if ctx.pending and ctx.events:
        # Staged changes made after the last event ride on it (the working state has them).
        last = ctx.events[-1]
        patch = dict(last.payload.get("patch") or {})
        units = {k: dict(v) for k, v in (patch.get("units") or {}).items()}
        for uid, fields in ctx.pending.items():
            units[uid] = {**units.get(uid, {}), **fields}
        patch["units"] = units
        ctx.events[-1] = replace(last, payload={**last.payload, "patch": patch})
    elif ctx.pending:
        ctx.emit("turn.updated", "")
    return ctx.events


# Fold one event into the state (st.apply_patch itself: one call fewer per event).
apply: Callable[[Json, Event], Json] = st.apply_patch
