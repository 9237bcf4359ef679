"""How the GM's round controls resolve: deal cards and rank (DG-INIT-1), passes, round end."""

from __future__ import annotations

from fractions import Fraction

from rules.brp.core import (
    rhu,
    succeeds,
)
from rules.brp.hazards import drown_multiplier
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.messages import Msg
from rules.core.params import list_param
from rules.core.system import Action, Event, Json, said
from rules.delta_green import messages as m
from rules.delta_green.care import poison_effects
from rules.delta_green.combat import (
    auto_rules,
    burn_ops,
)
from rules.delta_green.engine import combatant_at, make_event
from rules.delta_green.settings import settings_of
from rules.delta_green.state import (
    cards_left,
    is_dead,
    is_unconscious,
    weapon_of,
)
from rules.delta_green.tables import (
    LOCATION_NAMES,
    actions_for,
)


def start_round(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-ACT-1/-2, DG-INIT-1/-3/-4, DG-CALLED-1: deal cards and roll initiative for everyone."""
    if state["phase"] == "in_round":
        raise IllegalAction("end the current round first", "DG-INIT-2")
    settings = settings_of(state)
    number = int(state["round"]) + 1
    entries: dict[str, Json] = {}
    surprised_ids = set(list_param(action.params, "surprised"))
    complete_ids = set(list_param(action.params, "completely_surprised"))
    for cid in surprised_ids | complete_ids:
        combatant_at(state, cid)
    lines: list[Msg] = [m.LOG_ROUND(round=number)]
    for cid, c in state["combatants"].items():
        if is_dead(c) or is_unconscious(c):
            continue
        dex = int(c["sheet"]["dex"])
        cards = actions_for(dex, int(settings.min_actions))
        carried = cards_left(c) if settings.cards_carry_over and c["round"] else 0
        cards += carried  # DG-ACT-2 (`dg.cards_carry_over`): unused cards kept
        held = c["in_hand"]
        firearm = bool(held) and weapon_of(c, held)["kind"] == "firearm"
        sides = 10 if firearm else 6
        die = dice.roll(sides, m.PURPOSE_INITIATIVE(name=c["name"], sides=sides).english())
        called = c.get("called")
        surprised = cid in surprised_ids or cid in complete_ids  # COC-SURPRISE-1/-2
        base = rhu(Fraction(dex, 2)) if called or surprised else dex
        rank = base + die
        why = m.LOG_DEX(dex=dex)
        if called or surprised:
            reason = m.LOG_SURPRISED() if surprised else m.LOG_AIMED()
            why = m.LOG_HALF_DEX(base=base, reason=reason)
        said_as = m.LOG_INITIATIVE_KEPT if carried else m.LOG_INITIATIVE
        words = {"name": c["name"], "sides": sides, "die": die, "why": why, "rank": rank}
        lines.append(said_as(**words, cards=cards, **({"carried": carried} if carried else {})))
        entries[cid] = {
            "cards": cards,
            "rank": rank,
            "die": die,
            "sides": sides,
            "dex": dex,
            "called": called,
            "no_attack": cid in complete_ids,
            "one_shot": surprised and not firearm,
        }
    ids = list(state["combatants"])
    order = sorted(entries, key=lambda i: (-entries[i]["rank"], -entries[i]["dex"], ids.index(i)))
    ties: dict[str, int] = {}
    group = 0
    tie_rule = settings.tie_rule  # DG-INIT-3 (AMB-DG-08)
    for index, cid in enumerate(order):
        prev = order[index - 1] if index else None
        if prev is None or tie_rule == "dex_then_order":
            same = False  # the round's order decides: nobody acts simultaneously
        elif tie_rule == "simultaneous":
            same = entries[prev]["rank"] == entries[cid]["rank"]  # DEX only orders the display
        else:
            same = (entries[prev]["rank"], entries[prev]["dex"]) == (
                entries[cid]["rank"],
                entries[cid]["dex"],
            )
        if same and prev is not None:
            ties[prev] = ties.get(prev, group)
            ties[cid] = ties[prev]
        else:
            group += 1
    if ties:
        lines.append(m.LOG_TIED() if tie_rule == "simultaneous" else m.LOG_TIED_DEX())
    op = {"op": "round_start", "round": number, "entries": entries, "order": order, "ties": ties}
    line = lines[-1]
    for head in reversed(lines[:-1]):
        line = m.LOG_JOINED(head=head, tail=line)
    payload = {"ops": [op], "round": number, "order": order}
    records = tuple(dice.records)
    dice.records.clear()
    return [said("round.started", line, payload, records)]


def next_pass(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-INIT-2: the GM moves the table on to the next pass."""
    if state["phase"] != "in_round":
        raise IllegalAction("no round is under way")
    return [make_event("pass.advanced", [{"op": "next_pass"}], [f"Pass {state['pass'] + 1}"], dice)]


def end_round(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-WOUND-3/-5/-7/-8/-9, DG-ACT-6: bleeding rolls, automatic losses, belt changes."""
    if state["phase"] != "in_round":
        raise IllegalAction("no round is under way")
    settings = settings_of(state)
    number = int(state["round"])
    ops: list[Json] = [{"op": "round_end"}]
    lines = [f"End of round {number}"]
    for cid, c in state["combatants"].items():
        if is_dead(c):
            continue
        con5 = int(c["sheet"]["con"]) * 5
        for loc, bleed in c["bleeding"].items():
            since = int(bleed["since"])
            first = since + 1 if settings.bleed_first_check == "end_of_next_round" else since
            if number < first:
                lines.append(
                    f"{c['name']}: {LOCATION_NAMES[loc]} wound is new, first check next round"
                )
                continue
            if bleed["kind"] == "auto":
                ops.append({"op": "damage", "id": cid, "location": None, "amount": 1})
                lines.append(f"{c['name']}: {LOCATION_NAMES[loc]} at 2x loses 1 HP (automatic)")
                continue
            roll = dice.roll(100, f"{c['name']} CON x5 ({LOCATION_NAMES[loc]} bleeding)")
            if succeeds(con5, roll, *auto_rules(state)):
                lines.append(f"{c['name']}: CON x5 d100 = {roll} vs {con5}: holds on")
            else:
                ops.append({"op": "damage", "id": cid, "location": None, "amount": 1})
                lines.append(f"{c['name']}: CON x5 d100 = {roll} vs {con5}: bleeds, -1 HP")
        if c.get("on_fire"):  # COC-FIRE-4
            burn = dice.roll(6, f"{c['name']} burning 1d6")
            ops.append({"op": "damage", "id": cid, "location": None, "amount": burn})
            lines.append(f"{c['name']}: on fire, 1d6 = {burn}")
            more_ops, more = burn_ops(state, c, burn, dice)
            ops += more_ops
            lines += [f"{c['name']}: {line}" for line in more]
        drowning = c.get("drowning")
        if drowning:  # COC-DROWN-2/-4
            number = int(drowning["round"]) + 1
            if drowning["failed"]:
                loss = dice.roll(6, f"{c['name']} suffocation 1d6")
                lines.append(f"{c['name']}: still without air, 1d6 = {loss}")
                ops.append({"op": "damage", "id": cid, "location": None, "amount": loss})
                failed = True
            else:
                mult = drown_multiplier(number, int(drowning["start"]))
                target = int(c["sheet"]["con"]) * mult
                roll = dice.roll(100, f"{c['name']} CON x{mult} (holding breath)")
                failed = not succeeds(target, roll, *auto_rules(state))
                text = f"{c['name']}: holding breath, d100 = {roll} vs CON x{mult} = {target}"
                if failed:
                    loss = dice.roll(6, f"{c['name']} suffocation 1d6")
                    ops.append({"op": "damage", "id": cid, "location": None, "amount": loss})
                    text += f": breathes in, 1d6 = {loss}"
                lines.append(text)
            value = {**drowning, "round": number, "failed": failed}
            ops.append({"op": "set", "id": cid, "key": "drowning", "value": value})
        due = [d for d in c.get("poisons") or () if d.get("due_round") and d["due_round"] <= number]
        if due:  # COC-POISON-5: "1 round" onsets act at the end of the next round
            more_ops, more = poison_effects(state, c, due, dice)
            ops += more_ops
            lines += more
            rest = [d for d in c["poisons"] if d not in due]
            ops.append({"op": "set", "id": cid, "key": "poisons", "value": rest})
        if c["round"].get("spent_while_down"):
            ops.append({"op": "damage", "id": cid, "location": None, "amount": 1})
            lines.append(f"{c['name']}: acted while down with a chest wound, -1 HP (DG-WOUND-3)")
        belt = c.get("belt")
        if belt and belt.get("stage") == 2:
            slot = c["weapons"][belt["weapon"]]
            capacity = int(weapon_of(c, belt["weapon"])["capacity"])
            ops += [
                {
                    "op": "weapon",
                    "id": cid,
                    "weapon": belt["weapon"],
                    "key": "loaded",
                    "value": capacity,
                },
                {
                    "op": "weapon",
                    "id": cid,
                    "weapon": belt["weapon"],
                    "key": "spare",
                    "value": int(slot["spare"]) - 1,
                },
                {"op": "set", "id": cid, "key": "belt", "value": None},
            ]
            lines.append(f"{c['name']}: the new belt is in ({capacity} rounds)")
    return [make_event("round.ended", ops, lines, dice, round=number)]
