"""An attack from its declaration to HP (ACE-PIPE-1): the one struck in a grapple, the defence,
cover and the hit roll, then a called shot's contest or the damage."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.ace import messages as m
from rules.ace.actions.called_shots import disarm, sunder
from rules.ace.actions.common import spend
from rules.ace.actions.cover import cover_penalty
from rules.ace.actions.damage import deal
from rules.ace.actions.unseen_misses import unseen_miss
from rules.ace.on_the_map import true_adjacent, true_cover
from rules.ace.rolls import HitRoll, hit_roll
from rules.ace.settings import AceSettings
from rules.ace.state import Op, State, settings_of
from rules.ace.stats import defence, dodge, evasion, guard, hit_bonus, size, weapon
from rules.ace.tables import LOCATIONS
from rules.core.changes import Emitter
from rules.core.dice import Dice
from rules.core.system import Event, Json


def struck_in_grapple(
    state: State, attacker: Json, t: Json, records: Emitter, dice: Dice, s: AceSettings
) -> tuple[Json, Json | None]:
    """ACE-GRAPPLE-4 / ACE-AMB-27: a blow at a grappling pair strikes one, by size ratio."""
    g = t.get("grapple")
    if not g or g["with"] == attacker["id"]:
        return t, None
    partner = state["combatants"][g["with"]]
    a, b = (size(t), size(partner)) if s.third_party == "size_ratio" else (1, 1)
    roll = dice.roll(a + b, m.PURPOSE_STRUCK.english)
    return (t if roll <= a else partner), partner


def resolve_attack(
    state: State,
    plan: Mapping[str, Any],
    answer: str,
    dice: Dice,
    counter: bool = False,
    records: Emitter | None = None,
) -> list[Event]:
    """An attack from declaration to HP: third parties, hit, contest or damage (ACE-PIPE-1); on
    the resolution's emitter when it has one, `state` being its working state."""
    s = settings_of(state)
    records = records if records is not None else Emitter(state, dice)
    c = state["combatants"][plan["attacker"]]
    t = state["combatants"][plan["target"]]
    w = weapon(c, plan["weapon"]) or {}
    loc = LOCATIONS.get(plan.get("location") or "")
    events: list[Event] = []
    ops: list[Op] = [["set", ["pending"], None]]
    if answer in ("guard", "dodge"):
        ops += spend(t, "reflex", s)  # ACE-CALLED-2 / ACE-AMB-19
    kind = str(w["kind"])
    struck, partner = struck_in_grapple(state, c, t, records, dice, s)
    def_value = defence(struck, s, kind)
    if partner is not None:
        # ACE-GRAPPLE-4: the lower defence of the two counts.
        def_value = min(defence(t, s, kind), defence(partner, s, kind))
    coup = bool(plan.get("coup"))
    if coup and not s.cdg_hit_roll:
        events.append(
            records.emit("attack.declared", m.COUP(attacker=c["name"], target=t["name"]), ops)
        )
        events.append(
            deal(
                state,
                c,
                struck,
                w,
                records,
                dice,
                critical=False,
                defence_value=def_value,
                automatic=True,
                rule="ACE-CDG-1",
            )
        )
        return events
    # SCENE-HIDE-2: against a token the attacker's map does not show, the true squares
    adjacent = true_adjacent(state, c["id"], struck["id"], bool(plan.get("adjacent")))
    met = true_cover(state, c, struck)
    cover = cover_penalty(*met, kind, s, adjacent)
    bonus = hit_bonus(c, s) + cover + (loc.hit if loc else 0)
    missed = unseen_miss(
        state, c, struck, met, kind, s, adjacent, records, ops, bonus=bonus, called=loc is not None
    )
    if missed is not None:
        events.append(missed)
        return events
    if answer == "dodge":
        bonus -= dodge(t)  # ACE-CALLED-2 (ACE-EX-28)
    ev = evasion(struck, s, kind)
    g = c.get("grapple")
    if (
        g
        and g["role"] == "holder"
        and g["pinned"]
        and g["with"] == struck["id"]
        and not (s.pinner_hit_roll)
    ):
        # ACE-GRAPPLE-9 / ACE-AMB-31, the other reading: the pinner's blow needs no hit roll.
        roll = HitRoll(0, bonus, True, False, 10 if loc else 20)
    else:
        # ACE-GRAPPLE-9 / ACE-AMB-31: a pinner's standard-action attack is a normal attack.
        roll = hit_roll(bonus, ev, dice, s, called=loc is not None)
    hit_info = {
        "natural": roll.natural,
        "total": roll.total,
        "evasion": ev,
        "hit": roll.hit,
        "critical": roll.critical,
        "sides": roll.sides,
        "bonus": bonus,
    }
    where = loc.label if loc else m.LOC_NONE()
    if not roll.hit:
        line = m.FUMBLE if roll.natural == 1 else m.MISS
        events.append(
            records.emit(
                "attack.missed",
                line(
                    attacker=c["name"],
                    target=struck["name"],
                    total=roll.total,
                    evasion=ev,
                    where=where,
                ),
                ops,
                hit=hit_info,
            )
        )
        return events
    line = m.CRIT if roll.critical else m.HIT
    events.append(
        records.emit(
            "attack.hit",
            line(
                attacker=c["name"], target=struck["name"], total=roll.total, evasion=ev, where=where
            ),
            ops,
            hit=hit_info,
        )
    )
    if loc is not None and loc.special == "disarm":
        return events + disarm(state, c, struck, w, records, dice, counter and answer == "none")
    if loc is not None and loc.special == "sunder":
        item = str(plan.get("item") or "weapon")
        return events + sunder(state, c, struck, w, records, dice, item)
    extra = loc.dice if loc else 0
    covered = {entry["location"] for entry in struck["sheet"]["covered"]}
    flat = loc.extra if loc and (loc.key not in covered or s.extra_when_covered) else 0
    guard_dice = guard(t) if answer == "guard" else 0
    events.append(
        deal(
            state,
            c,
            struck,
            w,
            records,
            dice,
            critical=roll.critical,
            defence_value=def_value,
            extra_dice=extra,
            guard_dice=guard_dice,
            flat_extra=flat,
        )
    )
    return events
