"""How the GM's round controls resolve: deal cards and rank (DG-INIT-1), passes, round end."""

from __future__ import annotations

from rules.brp.core import (
    DamageDice,
    half_dex,
    may_attack,
    succeeds,
    surprised_dex,
)
from rules.brp.firearms import BELT_ROUNDS
from rules.brp.hazards import FIRES, SUFFOCATION, breath_chance, breath_held
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.messages import Msg
from rules.core.params import list_param
from rules.core.system import Action, Event, Json
from rules.delta_green import log_messages as L
from rules.delta_green import log_turns as T
from rules.delta_green import messages as m
from rules.delta_green import refusals as R
from rules.delta_green.care import poison_effects
from rules.delta_green.combat import (
    auto_rules,
    burn,
)
from rules.delta_green.engine import combatant_at
from rules.delta_green.settings import settings_of
from rules.delta_green.state import (
    cards_left,
    is_dead,
    is_unconscious,
    weapon_of,
)
from rules.delta_green.tables import actions_for
from rules.delta_green.working import Working
from rules.scene.view import off_players_map


def start_round(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-ACT-1/-2, DG-INIT-1/-3/-4, DG-CALLED-1: deal cards and roll initiative for everyone."""
    if state["phase"] == "in_round":
        raise IllegalAction.of(R.END_ROUND_FIRST(), "DG-INIT-2")
    settings = settings_of(state)
    number = int(state["round"]) + 1
    entries: dict[str, Json] = {}
    surprised_ids = set(list_param(action.params, "surprised"))
    complete_ids = set(list_param(action.params, "completely_surprised"))
    for cid in surprised_ids | complete_ids:
        combatant_at(state, cid)
    w = Working(state, dice)
    lines: list[Msg] = [m.LOG_ROUND(round=number)]
    for cid, c in state["combatants"].items():
        if is_dead(c) or is_unconscious(c):
            continue
        dex = int(c["sheet"]["dex"])
        cards = actions_for(dex, int(settings.min_actions))
        carried = cards_left(c) if settings.cards_carry_over and c["round"] else 0
        # DG-ACT-2 (`dg.cards_carry_over`): unused cards kept; by default (AMB-DG-02) the cards
        # are plain tokens, counted only, and last round's unused ones are lost
        cards += carried
        held = c["in_hand"]
        firearm = bool(held) and weapon_of(c, held)["kind"] == "firearm"
        sides = 10 if firearm else 6
        die = dice.roll(sides, m.PURPOSE_INITIATIVE(name=c["name"], sides=sides).english())
        called = c.get("called")
        surprise = (
            "complete" if cid in complete_ids else "surprised" if cid in surprised_ids else ""
        )
        surprised = bool(surprise)  # COC-SURPRISE-1/-2
        base = half_dex(dex) if called else surprised_dex(dex, surprise)  # DG-CALLED-1: half DEX
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
            "no_attack": not may_attack(surprise),
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
    w.round_start(number, order, ties, entries)
    # SCENE-HIDE-4: the initiative, cards and place of one off the players' map are the GM's
    unseen = {cid for cid in entries if off_players_map(state, cid)}
    if not unseen:
        w.emit("round.started", L.semi(lines), round=number, order=order)
        return w.events
    rolled = lines[1 : 1 + len(entries)]  # one line a combatant dealt in, then the ties' line
    shown = [line for cid, line in zip(entries, rolled, strict=True) if cid not in unseen]
    redacted = L.semi([lines[0], *shown, *lines[1 + len(entries) :]])
    w.emit(
        "round.started", L.semi(lines), audience="gm", redacted=redacted, round=number, order=order
    )
    return w.events


def next_pass(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-INIT-2: the GM moves the table on to the next pass."""
    if state["phase"] != "in_round":
        raise IllegalAction.of(R.NO_ROUND_SHORT())
    w = Working(state, dice)
    w.next_pass()
    w.emit("pass.advanced", T.PASS(n=state["pass"] + 1))
    return w.events


def end_round(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-WOUND-3/-5/-7/-8/-9, DG-ACT-6: bleeding rolls, automatic losses, belt changes."""
    if state["phase"] != "in_round":
        raise IllegalAction.of(R.NO_ROUND_SHORT())
    settings = settings_of(state)
    number = int(state["round"])
    w = Working(state, dice)
    w.round_end()
    lines: list[Msg | None] = [T.ROUND_END(round=number)]
    for cid, c in state["combatants"].items():
        if is_dead(c):
            continue
        con5 = int(c["sheet"]["con"]) * 5
        for loc, bleed in c["bleeding"].items():
            since = int(bleed["since"])
            first = since + 1 if settings.bleed_first_check == "end_of_next_round" else since
            if number < first:
                lines.append(T.WOUND_NEW(name=c["name"], location=L.location(loc)))
                continue
            if bleed["kind"] == "auto":
                w.damage(cid, 1)
                lines.append(T.BLEEDS_AUTO(name=c["name"], location=L.location(loc)))
                continue
            where = L.location(loc).english()  # the die's purpose stays English
            roll = dice.roll(100, f"{c['name']} CON x5 ({where} bleeding)")
            if succeeds(con5, roll, *auto_rules(state)):
                lines.append(T.HOLDS_ON(name=c["name"], roll=roll, con=con5))
            else:
                w.damage(cid, 1)
                lines.append(T.BLEEDS(name=c["name"], roll=roll, con=con5))
        if c.get("on_fire"):  # COC-FIRE-4
            burned, _ = DamageDice.parse(FIRES["on_fire"]).roll(dice, f"{c['name']} burning 1d6")
            w.damage(cid, burned)
            lines.append(T.ON_FIRE(name=c["name"], burn=burned))
            more = burn(w, c, burned, dice)
            lines += [L.NAMED(name=c["name"], line=line) for line in more]
        drowning = c.get("drowning")
        if drowning:  # COC-DROWN-2/-4
            held = int(drowning["round"]) + 1  # rounds without air so far
            if drowning["failed"]:
                loss, _ = DamageDice.parse(SUFFOCATION).roll(dice, f"{c['name']} suffocation 1d6")
                lines.append(T.STILL_NO_AIR(name=c["name"], loss=loss))
                w.damage(cid, loss)
                failed = True
            else:
                con = int(c["sheet"]["con"])
                mult, target = breath_chance(con, held, int(drowning["start"]))
                roll = dice.roll(100, f"{c['name']} CON x{mult} (holding breath)")
                # COC-DROWN-2 (AMB-COC-01): under CON x k, as the seed says; no setting here
                failed = not breath_held(roll, target)
                words = {"name": c["name"], "roll": roll, "mult": mult, "target": target}
                text = T.HOLDING_BREATH(**words)
                if failed:
                    loss, _ = DamageDice.parse(SUFFOCATION).roll(
                        dice, f"{c['name']} suffocation 1d6"
                    )
                    w.damage(cid, loss)
                    text = T.BREATHES_IN(**words, loss=loss)
                lines.append(text)
            value = {**drowning, "round": held, "failed": failed}
            w.set(cid, "drowning", value)
        due = [d for d in c.get("poisons") or () if d.get("due_round") and d["due_round"] <= number]
        if due:  # COC-POISON-5: "1 round" onsets act at the end of the next round
            lines += poison_effects(w, c, due, dice)
            w.set(cid, "poisons", [d for d in c["poisons"] if d not in due])
        if c["round"].get("spent_while_down"):
            w.damage(cid, 1)
            lines.append(T.ACTED_DOWN(name=c["name"]))
        belt = c.get("belt")
        if belt and belt.get("stage") == BELT_ROUNDS:  # COC-RELOAD-2: its second round is over
            slot = c["weapons"][belt["weapon"]]
            capacity = int(weapon_of(c, belt["weapon"])["capacity"])
            w.weapon(cid, belt["weapon"], "loaded", capacity)
            w.weapon(cid, belt["weapon"], "spare", int(slot["spare"]) - 1)
            w.set(cid, "belt", None)
            lines.append(T.NEW_BELT(name=c["name"], capacity=capacity))
    w.emit("round.ended", L.semi(lines), round=number)
    return w.events
