"""Delta Green resolution: rounds, passes and every action a combatant or the GM can take."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from rules.brp.core import (
    DamageDice,
    impale_threshold,
    malfunctions,
    point_blank_m,
    rhu,
    scaled,
    succeeds,
)
from rules.brp.hazards import POISONS, drown_multiplier, poison_damage
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.params import bool_param, int_param, list_param, str_param
from rules.core.system import Action, Event, Json
from rules.delta_green.combat import (
    _auto,
    armour_for,
    attack_chance,
    burn_ops,
    deal_hit,
    fire,
    own_penalties,
    roll_location,
    silencer_wear,
    skill,
    try_dodge,
    try_parry,
    vest_of,
)
from rules.delta_green.settings import settings_of
from rules.delta_green.sheet import EDGES
from rules.delta_green.state import (
    able,
    apply_op,
    cards_left,
    current_actor,
    eligible,
    fork,
    half_dex_rank,
    is_dead,
    is_immobile,
    is_incapacitated,
    is_unconscious,
    leg_disabled,
    loc_threshold,
    sheet_weapon,
    uses_locations,
    weapon_of,
)
from rules.delta_green.tables import (
    ALL,
    ARMS,
    BURST_MODES,
    LOCATION_NAMES,
    LOCATIONS,
    SPRAY,
    VEST_SKILLS,
    BurstMode,
    actions_for,
    mode_for_rounds,
    suppression_cost,
)

GM_ACTOR = "gm"


def _c(state: Mapping[str, Any], cid: str) -> Json:
    combatant = state["combatants"].get(cid)
    if combatant is None:
        raise IllegalAction(f"there is no combatant {cid!r}")
    result: Json = combatant
    return result


def _event(kind: str, ops: list[Json], lines: list[str], dice: Dice, **payload: Any) -> Event:
    records = tuple(dice.records)
    dice.records.clear()
    return Event(
        kind, {"ops": ops, **payload}, "; ".join([line for line in lines if line]), records
    )


def _cost(state: Mapping[str, Any], c: Mapping[str, Any], cost: int | str, what: str) -> int:
    """DG-ACT-4: the cards an activity flips; 'all' only as the first action of the round."""
    left = cards_left(c)
    if cost == ALL:
        if settings_of(state).all_actions_requires_full_hand and c["round"].get("spent"):
            raise IllegalAction(
                f"{what} takes all actions, so it must be the first action this round"
            )
        if left <= 0:
            raise IllegalAction(f"{c['name']} has no actions left this round")
        return left
    cards = int(cost)
    if cards > left:
        raise IllegalAction(
            f"{what} costs {cards} action(s) but {c['name']} has {left} left this round", "DG-ACT-4"
        )
    return cards


def action_cost(state: Mapping[str, Any], name: str) -> int:
    """DG-ACT-6 (AMB-DG-05): the campaign's price of an activity in actions."""
    return settings_of(state).cost_of(name)


def _turn_ops(cid: str, cards: int, voluntary: bool = True) -> list[Json]:
    ops: list[Json] = []
    if cards:
        ops.append({"op": "spend", "id": cid, "cards": cards, "voluntary": voluntary})
    ops.append({"op": "turn", "id": cid})
    return ops


def _require_turn(state: Mapping[str, Any], cid: str) -> Json:
    c: Json | None = state["combatants"].get(cid)
    if c is None:
        raise IllegalAction(f"there is no combatant {cid!r}")
    if state["phase"] != "in_round":
        raise IllegalAction("no round is under way; the GM starts the round", "DG-INIT-2")
    if current_actor(state) != cid:
        now = current_actor(state)
        who = state["combatants"][now]["name"] if now else "nobody"
        raise IllegalAction(f"it is not {c['name']}'s turn (it is {who}'s)", "DG-INIT-2")
    return c


def _ready_weapon(c: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    weapon = sheet_weapon(c, key)
    stuck = c.get("stuck")
    if stuck and stuck["weapon"] == key:
        raise IllegalAction(
            f"{weapon['name']} is stuck in its victim; pull it out or let go", "COC-IMPALE-5"
        )
    slot = c["weapons"][key]
    if weapon["kind"] != "unarmed" and c["in_hand"] != key and c.get("off_hand") != key:
        raise IllegalAction(
            f"{weapon['name']} is not in hand; draw it first (1 action)", "DG-ACT-6"
        )
    if slot.get("jammed"):
        raise IllegalAction(f"{weapon['name']} is jammed", "COC-MAL-3")
    if slot.get("broken"):
        raise IllegalAction(f"{weapon['name']} is broken", "COC-PARRY-4")
    if weapon["kind"] == "firearm":
        if slot.get("disabled"):
            raise IllegalAction(
                f"{weapon['name']} was damaged parrying: it no longer fires", "COC-PARRY-8"
            )
        if c["round"].get("parried_with") == key:
            raise IllegalAction(
                f"{weapon['name']} parried this round: no firing it too", "COC-PARRY-8"
            )
    return weapon


def _check_can_attack(
    state: Mapping[str, Any], c: Mapping[str, Any], target: Mapping[str, Any]
) -> None:
    if is_incapacitated(c):
        raise IllegalAction(f"{c['name']} can only give First Aid to itself or crawl", "DG-WOUND-6")
    if is_immobile(c):
        raise IllegalAction(
            f"{c['name']} is down with a chest wound and cannot attack", "DG-WOUND-3"
        )
    rnd = c["round"]
    if rnd.get("no_attack"):
        raise IllegalAction(
            f"{c['name']} is completely surprised: no attack this round", "COC-SURPRISE-2"
        )
    attacked = rnd.get("attacks", 0) >= 1
    if attacked and rnd.get("one_shot"):
        raise IllegalAction("surprised with no gun ready: one shot this round", "COC-SURPRISE-1")
    if attacked and rnd.get("called"):
        raise IllegalAction(
            "after an aimed shot no other attack is allowed this round", "DG-CALLED-1"
        )
    if target["id"] == c["id"]:
        raise IllegalAction("choose another target")
    if c["id"] in target.get("hidden_from", ()):
        raise IllegalAction(
            f"{c['name']} has not located {target['name']}: Spot Hidden or Idea first",
            "COC-CONCEAL-1",
        )
    if is_dead(target):
        raise IllegalAction(f"{target['name']} is already dead")


def _melee_guard(state: Mapping[str, Any], c: Mapping[str, Any], params: Mapping[str, Any]) -> None:
    """DG-EDGE-3: firing at someone you are in melee with needs Quick Draw."""
    if (
        bool_param(params, "in_melee")
        and settings_of(state).pistol_in_melee_requires_quick_draw
        and "quick_draw" not in c["sheet"]["edges"]
    ):
        raise IllegalAction("only an agent with Quick Draw may fire in melee", "DG-EDGE-3")


def still_ahead(state: Mapping[str, Any], c: Mapping[str, Any], rank: int) -> list[str]:
    """DG-INIT-3/-4: who still acts in this pass before a turn at `rank` (ties: higher DEX)."""
    me = (rank, int(c["round"].get("dex", c["sheet"]["dex"])))
    ahead = []
    for cid in state["order"]:
        other = state["combatants"][cid]
        if cid == c["id"] or cid in state["acted"] or not eligible(state, cid):
            continue
        rnd = other["round"]
        if (int(rnd.get("rank", 0)), int(rnd.get("dex", 0))) > me:
            ahead.append(str(other["name"]))
    return ahead


def _half_dex_check(state: Mapping[str, Any], c: Mapping[str, Any], what: str) -> None:
    """DG-INIT-4 (COC-RELOAD-3, COC-SHOTGUN-2/-3): a half-DEX action waits for its rank."""
    if c["id"] in state.get("held", ()):
        return  # it already stands at its half-DEX rank in this pass
    rank = half_dex_rank(c)
    ahead = still_ahead(state, c, rank)
    if ahead:
        raise IllegalAction(
            f"{what} is a half-DEX action at rank {rank} in this pass; "
            f"{', '.join(ahead)} act first: hold to half DEX (0 actions), then take it",
            "DG-INIT-4",
        )


def two_guns(c: Mapping[str, Any]) -> bool:
    """COC-TWOGUN-1: a handgun in each hand; every shot is unaimed, each gun twice its ROF."""
    main, off = c["in_hand"], c.get("off_hand")
    if not (main and off):
        return False
    return bool(sheet_weapon(c, main).get("handgun") and sheet_weapon(c, off).get("handgun"))


def is_shotgun_second_shot(c: Mapping[str, Any], weapon: Mapping[str, Any]) -> bool:
    """COC-SHOTGUN-2/-3: a shotgun's second shot in a round fires at half DEX (DG-INIT-4)."""
    return (
        bool(weapon.get("shotgun")) and int(c["round"].get("shots", {}).get(weapon["key"], 0)) >= 1
    )


def hold_half_dex(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-INIT-4: stand back in this pass to rhu(DEX/2) + the initiative die (half-DEX action)."""
    c = _require_turn(state, action.actor)
    if c["id"] in state.get("held", ()):
        raise IllegalAction(f"{c['name']} already stands at half DEX in this pass", "DG-INIT-4")
    rank = half_dex_rank(c)
    ahead = still_ahead(state, c, rank)
    if not ahead:
        raise IllegalAction(
            f"nobody acts between {c['name']}'s rank and its half-DEX rank {rank}: act now",
            "DG-INIT-4",
        )
    ops = [{"op": "hold", "id": c["id"], "rank": rank}]
    line = (
        f"{c['name']} holds for a half-DEX action: rank {rank} "
        f"(DEX {c['round'].get('dex', c['sheet']['dex'])} / 2 + die {c['round'].get('die', 0)}); "
        f"{', '.join(ahead)} act first (DG-INIT-4)"
    )
    return [_event("turn.held", ops, [line], dice, actor=c["id"], rank=rank)]


def _aim_ops(c: Mapping[str, Any], target_id: str) -> list[Json]:
    """DG-AIM-1: the aiming benefit is used by the first shot, or lost by changing target."""
    if c.get("aim"):
        return [{"op": "set", "id": c["id"], "key": "aim", "value": None}]
    return []


def _target_in_reach(
    state: Mapping[str, Any], c: Mapping[str, Any], params: Mapping[str, Any], firearm: bool = True
) -> Json:
    """The attack's target, checked (DG-WOUND-*, COC-SURPRISE-*, COC-CONCEAL-1, DG-CALLED-1);
    a firearm also needs Quick Draw in melee (DG-EDGE-3)."""
    target = _target(state, params)
    _check_can_attack(state, c, target)
    if firearm:
        _melee_guard(state, c, params)
    return target


def _no_other_attack(c: Mapping[str, Any]) -> None:
    """DG-CALLED-1: a round with a declared aimed shot has no other attack."""
    if c["round"].get("called"):
        raise IllegalAction(
            "after declaring an aimed shot no other attack is allowed", "DG-CALLED-1"
        )


def _attack_ops(
    c: Mapping[str, Any], cards: int, attacks: int = 1, weapon: str = "", shots: int = 0
) -> list[Json]:
    """The ops that close an attack: shots of the weapon this round (DG-ACT-3), attacks this
    round (DG-CALLED-1, COC-SURPRISE-1), then the cards turned down and the turn taken."""
    ops: list[Json] = []
    if shots:
        ops.append(
            {"op": "add_round", "id": c["id"], "key": "shots", "sub": weapon, "value": shots}
        )
    ops.append({"op": "add_round", "id": c["id"], "key": "attacks", "value": attacks})
    if cards:  # _turn_ops, inline
        ops.append({"op": "spend", "id": c["id"], "cards": cards, "voluntary": True})
    ops.append({"op": "turn", "id": c["id"]})
    return ops


def _attack_event(
    ops: list[Json],
    lines: list[str],
    dice: Dice,
    c: Mapping[str, Any],
    target: Mapping[str, Any],
    weapon: str,
    mode: str,
    chance: int,
    results: Any,
    hits: list[Json],
    cards: int,
    **extra: Any,
) -> list[Event]:
    """The `attack.resolved` event every attack ends with."""
    return [
        _event(
            "attack.resolved",
            ops,
            lines,
            dice,
            attacker=c["id"],
            target=target["id"],
            weapon=weapon,
            mode=mode,
            chance=chance,
            results=results,
            hits=hits,
            cards=cards,
            **extra,
        )
    ]


# ---------------------------------------------------------------- rounds (GM)


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
        _c(state, cid)
    lines = [f"Round {number}"]
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
        die = dice.roll(sides, f"{c['name']} initiative d{sides}")
        called = c.get("called")
        surprised = cid in surprised_ids or cid in complete_ids  # COC-SURPRISE-1/-2
        base = rhu(Fraction(dex, 2)) if called or surprised else dex
        rank = base + die
        why = f"DEX {dex}"
        if called or surprised:
            why = f"half DEX {base} ({'surprised' if surprised else 'aimed shot'})"
        kept = f" ({carried} carried over)" if carried else ""
        lines.append(
            f"{c['name']}: initiative d{sides} = {die} + {why} = {rank}; "
            f"{cards} action card(s){kept}"
        )
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
        which = "tied ranks" if tie_rule == "simultaneous" else "tied ranks with equal DEX"
        lines.append(f"{which} act simultaneously (DG-INIT-3)")
    op = {"op": "round_start", "round": number, "entries": entries, "order": order, "ties": ties}
    return [_event("round.started", [op], lines, dice, round=number, order=order)]


def next_pass(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-INIT-2: the GM moves the table on to the next pass."""
    if state["phase"] != "in_round":
        raise IllegalAction("no round is under way")
    return [_event("pass.advanced", [{"op": "next_pass"}], [f"Pass {state['pass'] + 1}"], dice)]


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
            if succeeds(con5, roll, *_auto(state)):
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
                failed = not succeeds(target, roll, *_auto(state))
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
    return [_event("round.ended", ops, lines, dice, round=number)]


# ---------------------------------------------------------------- attacks


def _target(state: Mapping[str, Any], params: Mapping[str, Any]) -> Json:
    return _c(state, str_param(params, "target"))


def _suppression_bullets(
    scratch: Json,
    shooter: Json,
    weapon: Mapping[str, Any],
    target: Json,
    dice: Dice,
    impale: bool,
    ops: list[Json],
    lines: list[str],
    hits: list[Json],
) -> None:
    """DG-SUPP-2: the bullets of one suppressive-fire hit (`dg.suppression_hits`, one by default),
    each with its location; only the first may impale."""
    for index in range(int(settings_of(scratch).suppression_hits)):
        loc, loc_text = roll_location(scratch, dice, None, False, target)
        op, hit_lines, record = deal_hit(
            scratch,
            shooter,
            weapon,
            target["id"],
            dice,
            impale and index == 0,
            loc,
            loc_text,
            "bullet",
        )
        ops.append(op)
        lines += hit_lines
        hits.append(record)


def single_fire(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-ACT-3, DG-EDGE-1/-2: a single shot per action, up to ROF a round; Double Tap: two."""
    c = _require_turn(state, action.actor)
    params = action.params
    weapon = _ready_weapon(c, str_param(params, "weapon"))
    if weapon["kind"] != "firearm":
        raise IllegalAction(f"{weapon['name']} is not a firearm; use a melee attack")
    target = _target_in_reach(state, c, params)
    double = bool_param(params, "double_tap")
    unaimed = bool_param(params, "unaimed")
    if not unaimed and c.get("off_hand") is not None and two_guns(c):
        unaimed = True  # COC-TWOGUN-1: with a handgun in each hand every shot is unaimed
        params = {**params, "unaimed": True}
    shots = 2 if double else 1
    fired = int(c["round"].get("shots", {}).get(weapon["key"], 0))
    rof = int(weapon["rof"]) * (2 if unaimed else 1)  # COC-UNAIMED-1
    if fired + shots > rof:
        raise IllegalAction(
            f"{weapon['name']} has ROF {weapon['rof']}"
            f"{' (doubled unaimed)' if rof > int(weapon['rof']) else ''}; "
            f"{fired} shot(s) already this round",
            "DG-ACT-3",
        )
    if c["round"].get("called"):
        raise IllegalAction("this round you declared an aimed shot; take it with 'aimed shot'")
    if weapon.get("shotgun") and (fired or double):
        _half_dex_check(state, c, f"a second {weapon['name']} shot this round")
    loaded = int(c["weapons"][weapon["key"]]["loaded"])
    if loaded < shots:
        raise IllegalAction(f"{weapon['name']} has {loaded} round(s) loaded; reload", "DG-AUTO-2")
    extra: list[tuple[str, int]] = []
    if double:
        edges = c["sheet"]["edges"]
        if "double_tap" not in edges:
            raise IllegalAction(f"{c['name']} lacks the Double Tap edge", "DG-EDGE-1")
        if "improved_double_tap" not in edges:
            distance = params.get("distance_m")
            pb = point_blank_m(int(c["sheet"]["dex"]), 2 if "eagle_eye" in edges else 1)
            if distance in (None, "") or Fraction(str(distance)) > pb:
                raise IllegalAction("Double Tap works only at point-blank range", "DG-EDGE-1")
        extra.append(("Double Tap", -int(settings_of(state).double_tap_penalty)))
    cards = _cost(state, c, 1, "a shot")
    lines: list[str] = []
    spread = [tid for tid in list_param(params, "targets") if tid != c["id"]] if unaimed else []
    if len(spread) > 1:  # COC-UNAIMED-2: a random target
        pool = [_c(state, tid) for tid in spread]
        face = dice.roll(len(pool), f"random target 1d{len(pool)}")
        target = pool[face - 1]
        _check_can_attack(state, c, target)
        lines.append(
            f"unaimed fire at {len(pool)} targets: 1d{len(pool)} = {face}: {target['name']}"
        )
    chance = attack_chance(state, c, weapon, target, params, extra=extra)
    ops: list[Json] = []
    lines.insert(0, f"{c['name']} fires {weapon['name']} at {target['name']}")
    hits: list[Json] = []
    scratch: Json = state  # forked only when a second shot must see the first one's effects
    results = []
    for shot in range(shots):
        out = fire(
            scratch,
            c["id"],
            weapon,
            target["id"],
            chance,
            dice,
            1,
            None,
            f"shot {shot + 1}" if double else "shot",
            distance=params.get("distance_m"),
        )
        ops += out.ops
        lines += out.lines
        hits += out.hits
        results.append(out.result)
        if out.result == "malfunction":
            break
        if shot + 1 < shots:
            if scratch is state:
                scratch = fork(state)
            for op in out.ops:
                apply_op(scratch, op)
    ops += _aim_ops(c, target["id"])
    ops += _attack_ops(c, cards, shots, weapon["key"], shots)
    mode = "double_tap" if double else "single"
    return _attack_event(
        ops, lines, dice, c, target, weapon["key"], mode, chance.value, results, hits, cards
    )


def aimed_shot(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-CALLED-1/-2: one single shot at the declared location, with the three result bands."""
    c = _require_turn(state, action.actor)
    params = action.params
    weapon: Mapping[str, Any] = sheet_weapon(c, str_param(params, "weapon"))
    if weapon["kind"] != "firearm":
        raise IllegalAction("an aimed shot needs a firearm", "DG-CALLED-1")
    weapon = _ready_weapon(c, weapon["key"])
    called = c["round"].get("called")
    if not called:
        raise IllegalAction(
            "declare the aimed shot and its location before initiative is rolled", "DG-CALLED-1"
        )
    target = _target_in_reach(state, c, params)
    if int(c["weapons"][weapon["key"]]["loaded"]) < 1:
        raise IllegalAction(f"{weapon['name']} is empty; reload", "DG-AUTO-2")
    cards = _cost(state, c, 1, "an aimed shot")
    chance = attack_chance(state, c, weapon, target, params)
    out = fire(
        state,
        c["id"],
        weapon,
        target["id"],
        chance,
        dice,
        1,
        None,
        f"aimed shot at the {LOCATION_NAMES[called]}",
        called=called,
        distance=params.get("distance_m"),
    )
    ops = out.ops + _aim_ops(c, target["id"]) + _attack_ops(c, cards, 1, weapon["key"], 1)
    lines = [f"{c['name']} takes an aimed shot at {target['name']}", *out.lines]
    return _attack_event(
        ops,
        lines,
        dice,
        c,
        target,
        weapon["key"],
        "aimed",
        chance.value,
        [out.result],
        out.hits,
        cards,
        location=called,
    )


def burst_modes(c: Mapping[str, Any], weapon: Mapping[str, Any]) -> list[str]:
    """DG-AUTO-5/-6: the modes this weapon may fire."""
    if not weapon.get("auto"):
        return []
    limit = int(weapon.get("max_burst") or 20)
    modes = [key for key, mode in BURST_MODES.items() if key != SPRAY and mode.rounds <= limit]
    if weapon.get("sustained_fire"):
        modes.append(SPRAY)
    return modes


def burst_profile(
    state: Mapping[str, Any], mode: BurstMode, rounds: int, walking: bool
) -> tuple[BurstMode, int, str]:
    """DG-AUTO-2/-3, DG-WALK-1: the mode whose modifier applies, the hits die and a log note.

    By default (`dg.short_burst_rule = "cap_hits"`) a short burst keeps the chosen mode's
    modifier and die. The other reading of AMB-DG-11 (`"rounds_fired"`): a short burst fires as
    the mode of the rounds it really fires (same or next larger count), with that mode's modifier
    and hits die; the cards stay as declared, and walking fire keeps the smaller of its own die
    and that one.
    """
    die = mode.walk_die if walking and mode.walk_die else mode.hits_die
    if rounds >= mode.rounds or settings_of(state).short_burst_rule != "rounds_fired":
        return mode, die, ""
    fired_as = mode_for_rounds(rounds)
    die = min(die, fired_as.hits_die) if walking else fired_as.hits_die
    return fired_as, die, f", fired as a {fired_as.label}"


def burst(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-AUTO-1..-6, DG-WALK-1: one d100 for the burst, the hits die, a location per bullet."""
    c = _require_turn(state, action.actor)
    params = action.params
    weapon: Mapping[str, Any] = sheet_weapon(c, str_param(params, "weapon"))
    key = str_param(params, "mode")
    if key not in BURST_MODES:
        raise IllegalAction(f"unknown autofire mode {key!r}", "DG-AUTO-3")
    mode = BURST_MODES[key]
    if not weapon.get("auto"):
        raise IllegalAction(f"{weapon['name']} cannot fire bursts", "DG-AUTO-6")
    if key not in burst_modes(c, weapon):
        rule = "DG-AUTO-5" if key == SPRAY else "DG-AUTO-6"
        raise IllegalAction(f"{weapon['name']} cannot fire a {mode.label}", rule)
    weapon = _ready_weapon(c, weapon["key"])
    if params.get("split") not in (None, "", []):
        return _split_burst(state, c, weapon, mode, params, dice)
    target = _target_in_reach(state, c, params)
    if c["round"].get("called"):
        raise IllegalAction("an aimed shot is never a burst", "DG-CALLED-1")
    if c["round"].get("one_shot"):
        raise IllegalAction("surprised with no gun ready: one shot this round", "COC-SURPRISE-1")
    walking = bool_param(params, "walking")
    if walking and key not in [str(m) for m in settings_of(state).walking_modes]:
        raise IllegalAction("walking fire needs a long burst or a spray", "DG-WALK-1")
    loaded = int(c["weapons"][weapon["key"]]["loaded"])
    if loaded < 1:
        raise IllegalAction(f"{weapon['name']} is empty; reload", "DG-AUTO-2")
    cards = _cost(state, c, mode.actions, f"a {mode.label}")
    rounds = min(mode.rounds, loaded)  # DG-AUTO-2
    die = mode.walk_die if walking and mode.walk_die else mode.hits_die
    aim_mode = mode
    short = ""
    if rounds < mode.rounds:  # DG-AUTO-2: a short burst (`dg.short_burst_rule`)
        aim_mode, die, note = burst_profile(state, mode, rounds, walking)
        short = f" ({rounds} left in the weapon{note})"
    chance = attack_chance(state, c, weapon, target, params, aim_mode, rounds if walking else 0)
    label = f"{mode.label}{' (walking fire)' if walking else ''}"
    out = fire(
        state,
        c["id"],
        weapon,
        target["id"],
        chance,
        dice,
        rounds,
        die,
        label,
        distance=params.get("distance_m"),
    )
    lines = [
        f"{c['name']} fires a {label} from {weapon['name']} at {target['name']}{short}",
        *out.lines,
    ]
    if out.result != "malfunction":
        lines.append(f"{rounds} rounds spent, {loaded - rounds} left")
    ops = out.ops + _aim_ops(c, target["id"]) + _attack_ops(c, cards)
    return _attack_event(
        ops,
        lines,
        dice,
        c,
        target,
        weapon["key"],
        key,
        chance.value,
        [out.result],
        out.hits,
        cards,
        walking=walking,
        rounds=rounds,
    )


def split_shares(
    state: Mapping[str, Any], c: Mapping[str, Any], params: Mapping[str, Any], rounds: int
) -> list[tuple[Json, int]]:
    """COC-AUTO-6: the `split` param, `target:rounds` pairs adding up to the rounds fired."""
    shares: list[tuple[Json, int]] = []
    for item in list_param(params, "split"):
        tid, sep, count = str(item).partition(":")
        tid, count = tid.strip(), count.strip()
        if not sep or not count.isdigit() or int(count) < 1:
            raise IllegalAction(
                f"split: {item!r} is not target:rounds with at least 1 round", "COC-AUTO-6"
            )
        if any(t["id"] == tid for t, _ in shares):
            raise IllegalAction(f"split: {tid} is named twice", "COC-AUTO-6")
        if tid == c["id"]:
            raise IllegalAction("a shooter cannot fire at itself", "COC-AUTO-6")
        shares.append((_target_in_reach(state, c, {**params, "target": tid}), int(count)))
    if len(shares) < 2:
        raise IllegalAction("split: name at least two targets", "COC-AUTO-6")
    total = sum(n for _, n in shares)
    if total != rounds:
        raise IllegalAction(
            f"split: the shares add up to {total} rounds, the burst fires {rounds}", "COC-AUTO-6"
        )
    return shares


def _split_burst(
    state: Json,
    c: Mapping[str, Any],
    weapon: Mapping[str, Any],
    mode: BurstMode,
    params: Mapping[str, Any],
    dice: Dice,
) -> list[Event]:
    """DG-AUTO-4 with `dg.burst_targets = "split"`: CoC's burst across spread-out targets
    (COC-AUTO-6). The shooter shares the rounds fired out among the targets; each target gets
    its own d100 at the normal chance (DG-GEN-3 without the mode's accuracy modifier; the
    spray still halves the skill) and `1d(rounds at it)` hits. The mode's cards are spent once;
    a jam stops the burst there (COC-MAL-3). Walking fire walks one stream onto one target and
    is refused."""
    if settings_of(state).burst_targets != "split":
        raise IllegalAction(
            "a burst has a single target in this campaign (dg.burst_targets)", "DG-AUTO-4"
        )
    if c["round"].get("called"):
        raise IllegalAction("an aimed shot is never a burst", "DG-CALLED-1")
    if c["round"].get("one_shot"):
        raise IllegalAction("surprised with no gun ready: one shot this round", "COC-SURPRISE-1")
    if bool_param(params, "walking"):
        raise IllegalAction(
            "walking fire walks onto one target; not with a split burst", "DG-WALK-1"
        )
    loaded = int(c["weapons"][weapon["key"]]["loaded"])
    if loaded < 1:
        raise IllegalAction(f"{weapon['name']} is empty; reload", "DG-AUTO-2")
    rounds = min(mode.rounds, loaded)  # DG-AUTO-2
    shares = split_shares(state, c, params, rounds)
    cards = _cost(state, c, mode.actions, f"a {mode.label}")
    lines = [
        f"{c['name']} splits a {mode.label} from {weapon['name']}: "
        + ", ".join(f"{n} at {t['name']}" for t, n in shares)
        + " (each target rolled at the normal chance, COC-AUTO-6)"
    ]
    chance_mode = mode if mode.key == SPRAY else None
    scratch: Json = state
    ops: list[Json] = []
    hits: list[Json] = []
    results: list[str] = []
    split: list[Json] = []
    fired = 0
    for index, (target, n) in enumerate(shares):
        chance = attack_chance(scratch, c, weapon, target, params, chance_mode)
        out = fire(
            scratch,
            c["id"],
            weapon,
            target["id"],
            chance,
            dice,
            n,
            n if n > 1 else None,
            f"{n} round(s) at {target['name']}",
            distance=params.get("distance_m"),
        )
        ops += out.ops
        lines += out.lines
        hits += out.hits
        results.append(out.result)
        split.append({"target": target["id"], "rounds": n, "chance": chance.value})
        if out.result == "malfunction":
            break
        fired += n
        if index + 1 < len(shares):
            if scratch is state:
                scratch = fork(state)
            for op in out.ops:
                apply_op(scratch, op)
    lines.append(f"{fired} rounds spent, {loaded - fired} left")
    first = shares[0][0]
    ops += _aim_ops(c, first["id"]) + _attack_ops(c, cards)
    return _attack_event(
        ops,
        lines,
        dice,
        c,
        first,
        weapon["key"],
        mode.key,
        split[0]["chance"],
        results,
        hits,
        cards,
        rounds=fired,
        split=split,
    )


def brave_after(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-SUPP-5 with `dg.brave_before_roll = false` (AMB-DG-18: the seed's example narrates the
    choice after the roll). A target that took cover may, having seen the roll and before it
    acts again, brave that shooter's fire: the shooter's -X on it is gone, and the same roll is
    judged against S+X (DG-SUPP-2): a target that was missed at S-X may now be hit (one bullet,
    `dg.suppression_hits`; impale on roll <= rhu((S+X)/5); a declared dodge still applies). A
    target already hit keeps that hit and gets no second bullet."""
    c = _c(state, action.actor)
    shooter_id = str_param(action.params, "shooter")
    offer = (c["round"].get("brave_offers") or {}).get(shooter_id)
    if offer is None:
        raise IllegalAction(
            f"{c['name']} has no suppressive fire from {shooter_id!r} to brave this round",
            "DG-SUPP-5",
        )
    if int(c["round"].get("spent", 0)) != int(offer["spent"]):
        raise IllegalAction(
            f"{c['name']} has acted since the roll: braving is chosen before acting again",
            "DG-SUPP-5",
        )
    shooter = _c(state, shooter_id)
    roll, chance, x = int(offer["roll"]), int(offer["chance"]), int(offer["x"])
    offers = {k: v for k, v in c["round"]["brave_offers"].items() if k != shooter_id}
    penalties = list(c["penalties"])
    for index, p in enumerate(penalties):
        if p.get("source") == shooter_id and int(p["value"]) == -x and p["round"] == offer["round"]:
            del penalties[index]
            break
    ops: list[Json] = [
        {"op": "set_round", "id": c["id"], "key": "brave_offers", "value": offers},
        {"op": "set", "id": c["id"], "key": "penalties", "value": penalties},
    ]
    lines = [
        f"{c['name']} braves {shooter['name']}'s suppressive fire after the roll: no -{x}; "
        f"d100 = {roll} vs {chance} (S+X)"
    ]
    hits: list[Json] = []
    result = "miss"
    if not offer["in_line"]:
        result = "out of line"
        lines.append("out of the line of fire, cannot be hit")
    elif offer["hit"]:
        result = "already hit"
        lines.append("already hit by that fire: no second bullet")
    elif not succeeds(chance, roll, *_auto(state)):
        lines.append("still a miss")
    else:
        threshold = impale_threshold(chance)
        weapon = weapon_of(shooter, str(offer["weapon"]))
        impale = roll <= threshold and bool(weapon.get("can_impale"))
        result = "impale" if impale else "hit"
        lines.append("hit" + (f", impale (<= {threshold})" if impale else ""))
        scratch = fork(state)
        for op in ops:
            apply_op(scratch, op)
        dodged, dlines, dops = try_dodge(scratch, c["id"], shooter, dice)
        lines += dlines
        ops += dops
        if dodged:
            result = "dodged"
        else:
            _suppression_bullets(scratch, shooter, weapon, c, dice, impale, ops, lines, hits)
    return [
        _event(
            "suppression.braved",
            ops,
            lines,
            dice,
            actor=c["id"],
            attacker=shooter_id,
            result=result,
            hits=hits,
        )
    ]


def suppress(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-SUPP-1..-7: one roll; S-X against those who take cover, S+X against those who brave it."""
    c = _require_turn(state, action.actor)
    params = action.params
    settings = settings_of(state)
    weapon: Mapping[str, Any] = sheet_weapon(c, str_param(params, "weapon"))
    if not weapon.get("auto"):
        raise IllegalAction("suppressive fire needs an automatic weapon", "DG-SUPP-1")
    weapon = _ready_weapon(c, weapon["key"])
    _no_other_attack(c)
    targets = [_c(state, tid) for tid in list_param(params, "targets")]
    if not targets:
        raise IllegalAction("choose the targets the GM allows", "DG-SUPP-1")
    if any(t["id"] == c["id"] for t in targets):
        raise IllegalAction("a shooter cannot suppress itself")
    no_hit = set(list_param(params, "out_of_line"))
    brave_override = set(list_param(params, "brave"))
    rounds = int_param(params, "rounds", settings.suppression_default_rounds)
    if rounds < 1:
        raise IllegalAction("suppressive fire needs at least 1 round", "DG-SUPP-1")
    base = skill(c, str(weapon["skill"]))
    s_eff = base + sum(v for _, v in own_penalties(state, c))  # DG-SUPP-6
    x = int_param(params, "x")
    if not 1 <= x <= s_eff:
        raise IllegalAction(f"X must be between 1 and {s_eff} (the shooter's skill)", "DG-SUPP-1")
    loaded = int(c["weapons"][weapon["key"]]["loaded"])
    if loaded < 1:
        raise IllegalAction(f"{weapon['name']} is empty; reload", "DG-AUTO-2")
    cards = _cost(state, c, suppression_cost(rounds), "suppressive fire")
    fired = min(rounds, loaded)
    roll = dice.roll(100, "suppressive fire d100")
    lines = [
        f"{c['name']} lays suppressive fire with {weapon['name']} ({fired} rounds), "
        f"skill {s_eff}, X = {x}"
    ]
    ops: list[Json] = []
    results: dict[str, str] = {}
    hits: list[Json] = []
    if malfunctions(roll, weapon.get("mal")):
        ops.append(
            {"op": "weapon", "id": c["id"], "weapon": weapon["key"], "key": "jammed", "value": True}
        )
        lines.append(f"d100 = {roll} >= malfunction {weapon['mal']}: the weapon jams")
        ops += _turn_ops(c["id"], cards)
        return [
            _event(
                "suppression.resolved",
                ops,
                lines,
                dice,
                attacker=c["id"],
                results={t["id"]: "malfunction" for t in targets},
                hits=[],
                x=x,
            )
        ]
    ops.append({"op": "ammo", "id": c["id"], "weapon": weapon["key"], "delta": -fired})
    wear_ops, wear_lines = silencer_wear(c, weapon, fired)  # COC-SILENCER-2
    ops += wear_ops
    lines += wear_lines
    scratch = fork(state)
    position = {cid: i for i, cid in enumerate(state["order"])}
    current = int(state["round"])
    lines.append(f"suppressive fire d100 = {roll}")
    after_roll = not settings.brave_before_roll
    for target in targets:
        brave = bool(target["brave"]) or target["id"] in brave_override
        chance = s_eff + x if brave else s_eff - x
        if not brave:
            faster = position.get(target["id"], 10**6) < position.get(c["id"], 10**6)
            timing = settings.suppression_timing
            applies = current + 1 if faster or timing == "next_round" else current
            ops.append(
                {
                    "op": "penalty",
                    "id": target["id"],
                    "value": -x,
                    "round": applies,
                    "source": c["id"],
                }
            )
            when = "next round" if applies > current else "for the rest of this round"
            lines.append(f"{target['name']} takes cover: -{x} to attacks {when}")
            if after_roll:  # DG-SUPP-5 (`dg.brave_before_roll = false`): it may still brave
                offers = dict(target["round"].get("brave_offers") or {})
                offers[c["id"]] = {
                    "roll": roll,
                    "chance": s_eff + x,
                    "x": x,
                    "round": applies,
                    "weapon": weapon["key"],
                    "spent": int(target["round"].get("spent", 0)),
                    "in_line": target["id"] not in no_hit,
                    "hit": target["id"] not in no_hit and succeeds(chance, roll, *_auto(state)),
                }
                ops.append(
                    {
                        "op": "set_round",
                        "id": target["id"],
                        "key": "brave_offers",
                        "value": offers,
                    }
                )
                lines.append(f"{target['name']} may still brave the fire after seeing the roll")
        else:
            lines.append(f"{target['name']} braves the fire: no penalty")
        if target["id"] in no_hit:
            results[target["id"]] = "out of line"
            lines.append(f"{target['name']}: out of the line of fire, cannot be hit")
            continue
        if not succeeds(chance, roll, *_auto(state)):
            results[target["id"]] = "miss"
            lines.append(f"{target['name']}: {roll} vs {chance}: miss")
            continue
        threshold = impale_threshold(chance)
        impale = roll <= threshold and bool(weapon.get("can_impale"))
        results[target["id"]] = "impale" if impale else "hit"
        note = f", impale (<= {threshold})" if impale else ""
        lines.append(f"{target['name']}: {roll} vs {chance}: hit{note}")
        dodged, dlines, dops = try_dodge(scratch, target["id"], c, dice)
        lines += dlines
        ops += dops
        if dodged:
            results[target["id"]] = "dodged"
            continue
        _suppression_bullets(scratch, c, weapon, target, dice, impale, ops, lines, hits)
    lines.append(f"{fired} rounds spent, {loaded - fired} left")
    ops.append({"op": "add_round", "id": c["id"], "key": "attacks", "value": 1})
    ops += _turn_ops(c["id"], cards)
    return [
        _event(
            "suppression.resolved",
            ops,
            lines,
            dice,
            attacker=c["id"],
            results=results,
            hits=hits,
            x=x,
            rounds=fired,
            cards=cards,
        )
    ]


def melee(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-ACT-6, DG-ARM-4/-5, DG-EDGE-5..-7, COC-PARRY-*: one melee or unarmed attack."""
    c = _require_turn(state, action.actor)
    params = action.params
    weapon = _ready_weapon(c, str_param(params, "weapon"))
    if weapon["kind"] == "firearm":
        raise IllegalAction("use fire, burst or aimed shot for a firearm")
    target = _target_in_reach(state, c, params, firearm=False)
    _no_other_attack(c)
    if (
        c["round"].get("parried_with") == weapon["key"]
        and weapon["kind"] != "unarmed"  # two bare hands count as two weapons
        and not weapon.get("sword")
        and settings_of(state).attack_and_parry == "swords_only"
    ):
        raise IllegalAction(
            f"{weapon['name']} parried this round; only swords attack and parry in one round",
            "COC-PARRY-7",
        )
    knockout = bool_param(params, "knockout")
    if knockout:
        blunt = weapon["kind"] == "unarmed" or (
            weapon["kind"] == "melee" and not weapon["can_impale"]
        )
        if not blunt:
            raise IllegalAction("only fists, kicks and blunt weapons knock out", "COC-KO-1")
        if not target["sheet"].get("human", True):
            raise IllegalAction(f"{target['name']} cannot be knocked out", "COC-KO-5")
    cards = _cost(state, c, action_cost(state, "melee"), "a melee attack")
    chance = attack_chance(state, c, weapon, target, params)
    roll = dice.roll(100, "to hit d100")
    lines = [f"{c['name']} attacks {target['name']} with {weapon['name']}"]
    ops: list[Json] = []
    hits: list[Json] = []
    result = "miss"
    scratch = fork(state)
    if succeeds(chance.value, roll, *_auto(state)):
        threshold = impale_threshold(chance.value)
        impale = roll <= threshold and bool(weapon.get("can_impale"))
        result = "impale" if impale else "hit"
        lines.append(
            f"to hit d100 = {roll} vs {chance.explain()}: hit"
            + (f", impale (<= {threshold})" if impale else "")
        )
        parried, plines, pops = try_parry(scratch, target["id"], c, dice, weapon)
        lines += plines
        ops += pops
        dodged = False
        if not parried:
            dodged, dlines, dops = try_dodge(scratch, target["id"], c, dice)
            lines += dlines
            ops += dops
        if parried:
            result = "parried"
            more_ops, more = _parry_absorbs(scratch, c, weapon, target["id"], dice, roll)
            ops += more_ops
            lines += more
        elif dodged:
            result = "dodged"
        else:
            loc, loc_text = roll_location(scratch, dice, roll, True, target)
            op, hit_lines, record = deal_hit(
                scratch,
                c,
                weapon,
                target["id"],
                dice,
                impale,
                loc,
                loc_text,
                "blow",
                melee=True,
                knockout=knockout,
            )
            if scratch["combatants"][target["id"]].get("knocked_out") and knockout:
                ops.append({"op": "set", "id": target["id"], "key": "knocked_out", "value": True})
            ops.append(op)
            lines += hit_lines
            hits.append(record)
            if impale and weapon["kind"] in ("knife", "melee"):  # COC-IMPALE-5
                stuck = {"weapon": weapon["key"], "in": target["id"], "round": state["round"]}
                ops.append({"op": "set", "id": c["id"], "key": "stuck", "value": stuck})
                lines.append(f"{weapon['name']} is stuck in {target['name']}")
    else:
        lines.append(f"to hit d100 = {roll} vs {chance.explain()}: miss")
    used = list(c["round"].get("melee_with", []))
    if weapon["key"] not in used:  # COC-PARRY-7: this weapon has attacked this round
        ops.append(
            {"op": "set_round", "id": c["id"], "key": "melee_with", "value": [*used, weapon["key"]]}
        )
    ops += _attack_ops(c, cards)
    return _attack_event(
        ops, lines, dice, c, target, weapon["key"], "melee", chance.value, [result], hits, cards
    )


def _parry_absorbs(
    scratch: Json,
    attacker: Json,
    weapon: Mapping[str, Any],
    defender_id: str,
    dice: Dice,
    roll: int,
) -> tuple[list[Json], list[str]]:
    """COC-PARRY-4: the parrying object takes the blow; past its HP it breaks and the rest hits."""
    defender = scratch["combatants"][defender_id]
    held = defender["round"].get("parried_with") or defender["in_hand"]
    shield = next((w for w in defender["sheet"]["weapons"] if w["key"] == held), None)
    if shield is None or not shield.get("hp") or shield["kind"] == "unarmed":
        return [], []
    damage = DamageDice.parse(str(weapon["damage"]))
    rolled, _ = damage.roll(dice, f"parried blow damage {damage}")
    object_hp = int(shield["hp"])
    text = f"the parried blow does {rolled} to {shield['name']} (HP {object_hp})"
    if rolled <= object_hp:
        return [], [text + ": it holds"]
    excess = rolled - object_hp
    ops: list[Json]
    if shield["kind"] == "firearm":  # COC-PARRY-8: a gun is put out of action, not broken
        ops = [
            {
                "op": "weapon",
                "id": defender_id,
                "weapon": shield["key"],
                "key": "disabled",
                "value": True,
            }
        ]
        lines = [text + f": it no longer fires; {excess} gets through"]
    else:
        hand = "in_hand" if defender["in_hand"] == shield["key"] else "off_hand"
        ops = [
            {
                "op": "weapon",
                "id": defender_id,
                "weapon": shield["key"],
                "key": "broken",
                "value": True,
            },
            {"op": "set", "id": defender_id, "key": hand, "value": None},
        ]
        lines = [text + f": it breaks; {excess} gets through"]
    for op in ops:
        apply_op(scratch, op)
    loc, loc_text = roll_location(scratch, dice, roll, True, defender)
    ap, why = armour_for(scratch, defender, loc, weapon, False)
    after = max(0, excess - ap)
    hit = {
        "op": "damage",
        "id": defender_id,
        "location": loc if uses_locations(defender) else None,
        "amount": after,
        "sever": bool(weapon.get("can_sever")),
        "by": attacker["id"],
    }
    apply_op(scratch, hit)
    lines.append(loc_text + (f"; {why} -> {after}" if why else ""))
    return [*ops, hit], lines


# ---------------------------------------------------------------- other turn actions


def throw(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-THROW-1, DG-ACT-6: one action, half the damage bonus; the object leaves the hand."""
    c = _require_turn(state, action.actor)
    params = action.params
    weapon = _ready_weapon(c, str_param(params, "weapon"))
    if weapon["kind"] != "thrown":
        raise IllegalAction(f"{weapon['name']} is not made for throwing", "COC-THROW-1")
    target = _target_in_reach(state, c, params, firearm=False)
    _no_other_attack(c)
    cards = _cost(state, c, action_cost(state, "melee"), "a throw")
    chance = attack_chance(state, c, weapon, target, params)
    out = fire(
        state,
        c["id"],
        weapon,
        target["id"],
        chance,
        dice,
        0,
        None,
        "throw",
        distance=params.get("distance_m"),
    )
    ops = [op for op in out.ops if op.get("op") != "ammo"]
    ops.append({"op": "set", "id": c["id"], "key": "in_hand", "value": None})
    ops += _attack_ops(c, cards)
    lines = [f"{c['name']} throws {weapon['name']} at {target['name']}", *out.lines]
    return _attack_event(
        ops,
        lines,
        dice,
        c,
        target,
        weapon["key"],
        "thrown",
        chance.value,
        [out.result],
        out.hits,
        cards,
    )


def precision_aim(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-AIM-1: a whole round aiming at one target; no dodge or parry meanwhile."""
    c = _require_turn(state, action.actor)
    target = _target(state, action.params)
    held = c["in_hand"]
    if not held or weapon_of(c, held)["kind"] != "firearm":
        raise IllegalAction("precision aiming needs a firearm in hand", "DG-AIM-1")
    cards = _cost(state, c, ALL, "precision aiming")
    aim = {"target": target["id"], "round": state["round"], "state": "aiming"}
    ops = [{"op": "set", "id": c["id"], "key": "aim", "value": aim}, *_turn_ops(c["id"], cards)]
    text = f"{c['name']} spends the round aiming at {target['name']} (no dodge or parry)"
    return [_event("aim.started", ops, [text], dice, actor=c["id"], target=target["id"])]


def run(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-MOVE-2: running costs an action, allows 8 m and -10 to later rolls this round."""
    c = _require_turn(state, action.actor)
    if c["round"].get("ran"):
        raise IllegalAction("a character may run only once a round", "DG-MOVE-2")
    _check_mobile(c)
    metres = float(action.params.get("metres") or 0)
    cap = float(settings_of(state).run_m)
    if not 0 <= metres + float(c["round"].get("moved_m", 0)) <= cap:
        raise IllegalAction(f"a run covers at most {cap:g} m this round", "DG-MOVE-2")
    cards = _cost(state, c, 1, "running")
    ops = [
        {"op": "set_round", "id": c["id"], "key": "ran", "value": True},
        {"op": "add_round", "id": c["id"], "key": "moved_m", "value": metres},
        {"op": "set", "id": c["id"], "key": "aim", "value": None},
        *_turn_ops(c["id"], cards),
    ]
    pen = settings_of(state).run_penalty
    text = f"{c['name']} runs {metres:g} m (-{pen}% to skill rolls for the rest of the round)"
    return [_event("move.ran", ops, [text], dice, actor=c["id"], metres=metres)]


def _check_mobile(c: Mapping[str, Any]) -> None:
    if is_immobile(c):
        raise IllegalAction("with a chest wound at 1x the character cannot move", "DG-WOUND-3")
    if leg_disabled(c) or is_incapacitated(c):
        raise IllegalAction(
            "with a disabled leg or a maimed limb the character can only crawl", "DG-WOUND-2"
        )
    if c["prone"]:
        raise IllegalAction("stand up first (1 action)", "DG-WOUND-10")


def walk(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-MOVE-1: up to 4 m a round besides actions, split between turns."""
    c = _c(state, action.actor)
    if state["phase"] != "in_round":
        raise IllegalAction("movement happens during a round")
    if not able(c):
        raise IllegalAction(f"{c['name']} cannot move")
    _check_mobile(c)
    metres = float(action.params.get("metres") or 0)
    settings = settings_of(state)
    cap = float(settings.run_m if c["round"].get("ran") else settings.walk_m)
    moved = float(c["round"].get("moved_m", 0))
    if metres <= 0 or moved + metres > cap:
        raise IllegalAction(f"{c['name']} can move {cap - moved:g} m more this round", "DG-MOVE-1")
    ops = [
        {"op": "add_round", "id": c["id"], "key": "moved_m", "value": metres},
        {"op": "set", "id": c["id"], "key": "aim", "value": None},
    ]
    return [_event("move.walked", ops, [f"{c['name']} walks {metres:g} m"], dice, actor=c["id"])]


def crawl(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-WOUND-2: a disabled leg allows crawling 1 m per action."""
    c = _require_turn(state, action.actor)
    if is_immobile(c):
        raise IllegalAction("with a chest wound at 1x the character cannot move", "DG-WOUND-3")
    cards = _cost(state, c, 1, "crawling")
    metres = float(settings_of(state).crawl_m_per_action)
    ops = [
        {"op": "add_round", "id": c["id"], "key": "moved_m", "value": metres},
        *_turn_ops(c["id"], cards),
    ]
    return [_event("move.crawled", ops, [f"{c['name']} crawls {metres:g} m"], dice, actor=c["id"])]


def stand(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-WOUND-10: getting up from the ground takes an action (not with a disabled leg)."""
    c = _require_turn(state, action.actor)
    if not c["prone"]:
        raise IllegalAction(f"{c['name']} is already standing")
    if leg_disabled(c) or is_immobile(c) or is_incapacitated(c):
        raise IllegalAction(f"{c['name']} cannot stand up with this wound", "DG-WOUND-2")
    cards = _cost(state, c, action_cost(state, "stand"), "standing up")
    ops = [{"op": "set", "id": c["id"], "key": "prone", "value": False}, *_turn_ops(c["id"], cards)]
    return [_event("stance.changed", ops, [f"{c['name']} gets up"], dice, actor=c["id"])]


def draw(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-ACT-6, DG-INIT-1: drawing a weapon costs an action and readies it."""
    c = _require_turn(state, action.actor)
    weapon = weapon_of(c, str_param(action.params, "weapon"))
    _check_hands(c, weapon)
    hand = "off_hand" if str_param(action.params, "hand", "main") == "off" else "in_hand"
    if hand == "off_hand":
        _check_off_hand(c, weapon)
    cards = _cost(state, c, action_cost(state, "draw"), "drawing a weapon")
    ops = [
        {"op": "set", "id": c["id"], "key": hand, "value": weapon["key"]},
        *_turn_ops(c["id"], cards),
    ]
    return [
        _event(
            "weapon.drawn",
            ops,
            [f"{c['name']} draws {weapon['name']}"],
            dice,
            actor=c["id"],
            weapon=weapon["key"],
        )
    ]


def _check_hands(c: Mapping[str, Any], weapon: Mapping[str, Any]) -> None:
    arms = [loc_threshold(c, arm)[0] for arm in sorted(ARMS)]
    if all(arms) or (weapon["two_handed"] and any(arms)):
        raise IllegalAction(
            f"{c['name']} cannot hold {weapon['name']} with a disabled arm", "DG-WOUND-4"
        )
    if weapon["key"] in (c["in_hand"], c.get("off_hand")):
        raise IllegalAction(f"{weapon['name']} is already in hand")


def _check_off_hand(c: Mapping[str, Any], weapon: Mapping[str, Any]) -> None:
    """COC-TWOWEAP-1, COC-TWOGUN-1: a second one-handed weapon goes in the other hand."""
    main = sheet_weapon(c, c["in_hand"]) if c["in_hand"] else None
    if weapon["two_handed"] or (main is not None and main["two_handed"]):
        raise IllegalAction("a two-handed weapon leaves no hand free", "COC-TWOWEAP-1")
    if weapon["kind"] not in ("melee", "knife") and not weapon.get("handgun"):
        raise IllegalAction("the other hand takes a melee weapon or a handgun", "COC-TWOWEAP-1")
    if c.get("off_hand"):
        raise IllegalAction(f"{c['name']} already holds something in the other hand")


def holster(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-ACT-6: holstering costs an action and clears 'ready'."""
    c = _require_turn(state, action.actor)
    hand = "off_hand" if str_param(action.params, "hand", "main") == "off" else "in_hand"
    if not c.get(hand):
        raise IllegalAction(f"{c['name']} holds nothing in that hand")
    cards = _cost(state, c, action_cost(state, "holster"), "holstering")
    ops = [
        {"op": "set", "id": c["id"], "key": hand, "value": None},
        *_turn_ops(c["id"], cards),
    ]
    return [
        _event("weapon.holstered", ops, [f"{c['name']} puts the weapon away"], dice, actor=c["id"])
    ]


def quick_draw(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-EDGE-3: d100 <= DEX x2 draws for free (even before initiative); failing costs 1."""
    c = _c(state, action.actor)
    if "quick_draw" not in c["sheet"]["edges"]:
        raise IllegalAction(f"{c['name']} lacks the Quick Draw edge", "DG-EDGE-3")
    weapon = weapon_of(c, str_param(action.params, "weapon"))
    _check_hands(c, weapon)
    in_turn = state["phase"] == "in_round"
    if in_turn:
        _require_turn(state, action.actor)
    if not able(c):
        raise IllegalAction(f"{c['name']} cannot act")
    chance = int(c["sheet"]["dex"]) * 2
    roll = dice.roll(100, "Quick Draw d100")
    ok = succeeds(chance, roll, *_auto(state))
    ops: list[Json] = []
    if ok:
        ops.append({"op": "set", "id": c["id"], "key": "in_hand", "value": weapon["key"]})
        text = f"Quick Draw d100 = {roll} vs DEX x2 {chance}: {weapon['name']} drawn for free"
    elif in_turn:
        cards = _cost(state, c, 1, "drawing a weapon")
        ops += [
            {"op": "set", "id": c["id"], "key": "in_hand", "value": weapon["key"]},
            *_turn_ops(c["id"], cards),
        ]
        text = f"Quick Draw d100 = {roll} vs {chance}: failed, the draw costs an action"
    else:
        text = f"Quick Draw d100 = {roll} vs {chance}: failed; drawing will cost an action"
    return [_event("weapon.quick_drawn", ops, [text], dice, actor=c["id"], success=ok)]


def reload(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-ACT-6, COC-RELOAD-1/-2: a magazine (1 action, once a round), 2 loose rounds, or a belt."""
    c = _require_turn(state, action.actor)
    weapon = weapon_of(c, str_param(action.params, "weapon"))
    slot = c["weapons"][weapon["key"]]
    kind = weapon["reload"]
    capacity = int(weapon["capacity"])
    loaded = int(slot["loaded"])
    spare = int(slot["spare"])
    key = weapon["key"]
    if kind == "none" or weapon["kind"] != "firearm":
        raise IllegalAction(f"{weapon['name']} is not reloaded")
    if loaded >= capacity:
        raise IllegalAction(f"{weapon['name']} is full")
    if spare < 1:
        raise IllegalAction(f"{c['name']} has no spare ammunition for {weapon['name']}")
    if kind == "magazine":
        if c["round"].get("mags", 0) >= 1:
            raise IllegalAction("one magazine change per round", "COC-RELOAD-2")
        cards = _cost(state, c, action_cost(state, "magazine"), "changing a magazine")
        ops = [
            {"op": "weapon", "id": c["id"], "weapon": key, "key": "loaded", "value": capacity},
            {"op": "weapon", "id": c["id"], "weapon": key, "key": "spare", "value": spare - 1},
            {"op": "add_round", "id": c["id"], "key": "mags", "value": 1},
        ]
        text = f"{c['name']} changes the magazine of {weapon['name']} ({spare - 1} spare left)"
    elif kind == "loose":
        room = 2 - int(c["round"].get("loose", 0))
        count = min(room, capacity - loaded, spare)
        if count < 1:
            raise IllegalAction("at most 2 cartridges a round", "COC-RELOAD-1")
        cards = _cost(state, c, action_cost(state, "loose"), "loading cartridges")
        ops = [
            {
                "op": "weapon",
                "id": c["id"],
                "weapon": key,
                "key": "loaded",
                "value": loaded + count,
            },
            {"op": "weapon", "id": c["id"], "weapon": key, "key": "spare", "value": spare - count},
            {"op": "add_round", "id": c["id"], "key": "loose", "value": count},
        ]
        text = f"{c['name']} loads {count} cartridge(s) into {weapon['name']}"
    else:
        cards = _cost(state, c, ALL, "changing a belt")
        ops = [{"op": "set", "id": c["id"], "key": "belt", "value": {"weapon": key, "stage": 1}}]
        text = f"{c['name']} starts changing the belt of {weapon['name']} (this round and the next)"
    ops += _turn_ops(c["id"], cards)
    return [_event("weapon.reloaded", ops, [text], dice, actor=c["id"], weapon=key)]


def chamber_fire(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-ACT-6, COC-RELOAD-3: chamber one cartridge and fire it: 2 actions (a half-DEX shot)."""
    c = _require_turn(state, action.actor)
    params = action.params
    weapon = _ready_weapon(c, str_param(params, "weapon"))
    if weapon["kind"] != "firearm" or weapon["reload"] != "loose":
        raise IllegalAction(f"{weapon['name']} is not loaded a cartridge at a time", "COC-RELOAD-3")
    slot = c["weapons"][weapon["key"]]
    if int(slot["spare"]) < 1 or int(slot["loaded"]) >= int(weapon["capacity"]):
        raise IllegalAction(f"no cartridge to chamber in {weapon['name']}", "COC-RELOAD-3")
    target = _target_in_reach(state, c, params)
    if c["round"].get("called"):
        raise IllegalAction("this round you declared an aimed shot", "DG-CALLED-1")
    cards = _cost(state, c, 2, "chambering and firing")
    _half_dex_check(state, c, "chambering and firing")  # COC-RELOAD-3
    key = weapon["key"]
    load = [
        {
            "op": "weapon",
            "id": c["id"],
            "weapon": key,
            "key": "loaded",
            "value": int(slot["loaded"]) + 1,
        },
        {
            "op": "weapon",
            "id": c["id"],
            "weapon": key,
            "key": "spare",
            "value": int(slot["spare"]) - 1,
        },
    ]
    scratch = fork(state)
    for op in load:
        apply_op(scratch, op)
    chance = attack_chance(state, c, weapon, target, params)
    out = fire(
        scratch,
        c["id"],
        weapon,
        target["id"],
        chance,
        dice,
        1,
        None,
        "shot",
        distance=params.get("distance_m"),
    )
    ops = [*load, *out.ops, *_aim_ops(c, target["id"]), *_attack_ops(c, cards, 1, key, 1)]
    lines = [
        f"{c['name']} chambers a round in {weapon['name']} and fires at {target['name']}",
        *out.lines,
    ]
    return _attack_event(
        ops, lines, dice, c, target, key, "chamber", chance.value, [out.result], out.hits, cards
    )


def pull_out(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-IMPALE-5: from the next round, roll the weapon skill to pull a stuck weapon free."""
    c = _require_turn(state, action.actor)
    stuck = c.get("stuck")
    if not stuck:
        raise IllegalAction(f"{c['name']} has no weapon stuck", "COC-IMPALE-5")
    weapon = weapon_of(c, stuck["weapon"])
    if bool_param(action.params, "let_go"):
        cards = _cost(state, c, 1, "letting go")
        released: list[Json] = [
            {"op": "set", "id": c["id"], "key": "stuck", "value": None},
            {"op": "set", "id": c["id"], "key": "in_hand", "value": None},
            *_turn_ops(c["id"], cards),
        ]
        return [
            _event(
                "weapon.released",
                released,
                [f"{c['name']} lets go of {weapon['name']}"],
                dice,
                actor=c["id"],
            )
        ]
    if int(stuck["round"]) >= int(state["round"]):
        raise IllegalAction("a stuck weapon can be pulled out from the next round", "COC-IMPALE-5")
    if c["round"].get("attacks", 0):
        raise IllegalAction("pulling a weapon out takes the round's attack", "COC-IMPALE-5")
    cards = _cost(state, c, 1, "pulling the weapon out")
    chance = skill(c, str(weapon["skill"]))
    roll = dice.roll(100, "pull out d100")
    ok = succeeds(chance, roll, *_auto(state))
    ops: list[Json] = [{"op": "add_round", "id": c["id"], "key": "attacks", "value": 1}]
    if ok:
        ops.append({"op": "set", "id": c["id"], "key": "stuck", "value": None})
    ops += _turn_ops(c["id"], cards)
    text = f"{c['name']} pulls at {weapon['name']}: d100 = {roll} vs {chance}: "
    text += "free (no extra damage)" if ok else "still stuck"
    return [_event("weapon.pulled", ops, [text], dice, actor=c["id"], success=ok)]


def put_out(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-FIRE-5: the victim's Luck or anyone's First Aid puts burning clothes out (1 action)."""
    c = _require_turn(state, action.actor)
    victim = _c(state, str_param(action.params, "target", c["id"]))
    if not victim.get("on_fire"):
        raise IllegalAction(f"{victim['name']} is not on fire", "COC-FIRE-5")
    which = "luck" if victim["id"] == c["id"] else "first_aid"
    which = str_param(action.params, "skill", which)
    if which == "luck" and victim["id"] != c["id"]:
        raise IllegalAction("only the victim rolls Luck to put itself out", "COC-FIRE-5")
    cards = _cost(state, c, 1, "putting the fire out")
    chance = skill(c, which)
    roll = dice.roll(100, f"{which.replace('_', ' ')} d100")
    ok = succeeds(chance, roll, *_auto(state))
    ops: list[Json] = []
    if ok:
        ops.append({"op": "set", "id": victim["id"], "key": "on_fire", "value": False})
    ops += _turn_ops(c["id"], cards)
    text = f"{c['name']} beats at the flames on {victim['name']}: {which.replace('_', ' ')} "
    text += f"d100 = {roll} vs {chance}: {'out' if ok else 'still burning'}"
    return [_event("fire.fought", ops, [text], dice, actor=c["id"], target=victim["id"])]


def clear_jam(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-MAL-4: 96-00 ruins the weapon; else a skill roll clears it (takes the round)."""
    c = _require_turn(state, action.actor)
    weapon = weapon_of(c, str_param(action.params, "weapon"))
    if not c["weapons"][weapon["key"]].get("jammed"):
        raise IllegalAction(f"{weapon['name']} is not jammed")
    cards = _cost(state, c, ALL, "clearing a jam")
    rounds = dice.roll(6, "jam clearing time 1d6 rounds")
    chance = max(skill(c, "mechanical_repair"), skill(c, str(weapon["skill"])))
    roll = dice.roll(100, "clear jam d100")
    key = weapon["key"]
    ops: list[Json] = []
    if roll >= 96:
        ops.append({"op": "weapon", "id": c["id"], "weapon": key, "key": "broken", "value": True})
        verdict = "96-00: the weapon is ruined"
    elif roll <= chance:
        ops.append({"op": "weapon", "id": c["id"], "weapon": key, "key": "jammed", "value": False})
        verdict = "cleared"
    else:
        verdict = "still jammed"
    ops += _turn_ops(c["id"], cards)
    text = f"{c['name']} works on the jam for 1d6 = {rounds} round(s): "
    text += f"d100 = {roll} vs {chance}: {verdict}"
    return [_event("weapon.unjammed", ops, [text], dice, actor=c["id"], weapon=key)]


def first_aid(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-HEAL-4, DG-HEAL-1, DG-WOUND-9: First Aid (or Medicine) takes the rest of the round."""
    c = _require_turn(state, action.actor)
    params = action.params
    wound = str(params.get("wound") or "")
    if wound:
        target_id, _, loc = wound.partition(":")
        patient = _c(state, target_id)
    else:
        patient = _c(state, str_param(params, "target", c["id"]))
        loc = str_param(params, "location")
    if loc not in LOCATIONS:
        raise IllegalAction(f"unknown location {loc!r}")
    which = str_param(params, "skill", "first_aid")
    if which not in ("first_aid", "medicine"):
        raise IllegalAction("use first_aid or medicine")
    cards = cards_left(c)
    if is_immobile(c) and patient["id"] != c["id"]:
        raise IllegalAction(
            "a character down with a chest wound can only treat itself", "DG-WOUND-3"
        )
    if is_incapacitated(c) and patient["id"] != c["id"]:
        raise IllegalAction("an incapacitated character can only treat itself", "DG-WOUND-6")
    ops, lines = treatment(state, c, patient, loc, which, dice)
    ops += _turn_ops(c["id"], cards)
    return [
        _event("wound.treated", ops, lines, dice, actor=c["id"], target=patient["id"], location=loc)
    ]


def treatment(
    state: Mapping[str, Any],
    healer: Mapping[str, Any],
    patient: Mapping[str, Any],
    loc: str,
    which: str,
    dice: Dice,
) -> tuple[list[Json], list[str]]:
    """DG-HEAL-1/-4: roll the skill; First Aid heals 1d3 once a wound; both stabilise."""
    taken = int(patient["damage"][loc])
    if taken <= 0 and loc not in patient["bleeding"]:
        raise IllegalAction(f"{patient['name']}'s {LOCATION_NAMES[loc]} is not wounded")
    if which == "first_aid" and loc in patient["first_aided"]:
        raise IllegalAction("First Aid works once per wound", "DG-HEAL-4")
    chance = skill(healer, which)
    if which != "medicine":
        chance += sum(v for _, v in own_penalties(state, healer) if _ != "suppressed")
    roll = dice.roll(100, f"{which.replace('_', ' ')} d100")
    name = "First Aid" if which == "first_aid" else "Medicine"
    lines = [f"{healer['name']} gives {name} to {patient['name']}'s {LOCATION_NAMES[loc]}"]
    ops: list[Json] = []
    pid = patient["id"]
    if which == "first_aid":
        ops.append({"op": "list_add", "id": pid, "key": "first_aided", "value": loc})
    if not succeeds(chance, roll, *_auto(state)):
        lines.append(f"d100 = {roll} vs {chance}: failed")
        return ops, lines
    lines.append(f"d100 = {roll} vs {chance}: success; bleeding stopped")
    if patient.get("knocked_out"):  # COC-KO-6: First Aid or Medicine wakes a knocked-out victim
        ops.append({"op": "set", "id": pid, "key": "knocked_out", "value": False})
        lines.append(f"{patient['name']} wakes up")
    ops += [
        {"op": "bleed_stop", "id": pid, "location": loc},
        {"op": "treated", "id": pid, "location": loc},
    ]
    if which == "medicine" and needs_surgery(state, patient, loc):
        ops.append({"op": "list_add", "id": pid, "key": "operated", "value": loc})  # DG-HEAL-1
        lines.append("surgery done: the wound can now heal")
    if which == "first_aid" and loc not in patient["maimed"] + patient["severed"]:
        heal = dice.roll(3, "First Aid 1d3")
        amount = min(heal, taken)
        ops.append({"op": "heal", "id": pid, "location": loc, "amount": amount})
        lines.append(f"First Aid 1d3 = {heal}: +{amount} HP")
    return ops, lines


def skill_use(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-ACT-6, DG-ARM-2, DG-MOVE-2: any other skill roll costs 1 action."""
    c = _require_turn(state, action.actor)
    name = str_param(action.params, "skill")
    light = state.get("light", "normal")
    if light == "dark" and name in state.get("dark_impossible", ()):
        raise IllegalAction(f"{name} is impossible in the dark", "COC-DARK-3")
    cards = _cost(state, c, action_cost(state, "skill"), "a skill roll")
    chance = skill(c, name)
    parts = [f"{name} {chance}"]
    if c["round"].get("ran"):
        chance -= int(settings_of(state).run_penalty)
        parts.append("running")

    if name == "hide" and state.get("confined") and "close_quarters" in c["sheet"]["edges"]:
        chance += 20  # DG-EDGE-4
    vest = vest_of(c)
    if vest and name in VEST_SKILLS and vest.penalty:
        chance -= vest.penalty
        parts.append(f"vest -{vest.penalty}")
    if light == "dim":  # COC-DARK-1: the scene's dim light halves every skill chance
        chance = scaled(chance, Fraction(1, 2), bool(settings_of(state).min_chance_after_division))
    elif light == "dark":  # COC-DARK-2
        chance = 1
    roll = dice.roll(100, f"{name} d100")
    ok = succeeds(chance, roll, *_auto(state))
    lit = {"dim": " (dim light x1/2)", "dark": " (darkness: 01)"}.get(light, "")
    text = (
        f"{c['name']} rolls {name}: d100 = {roll} vs {chance}{lit}: "
        f"{'success' if ok else 'failure'}"
    )
    return [
        _event(
            "skill.rolled",
            _turn_ops(c["id"], cards),
            [text],
            dice,
            actor=c["id"],
            skill=name,
            success=ok,
        )
    ]


def pass_turn(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-INIT-2: passing turns down one card."""
    c = _require_turn(state, action.actor)
    return [
        _event("turn.passed", _turn_ops(c["id"], 1), [f"{c['name']} passes"], dice, actor=c["id"])
    ]


def delay(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-INIT-2: act later in the same pass (not in a later pass)."""
    c = _require_turn(state, action.actor)
    if not settings_of(state).allow_delay:
        raise IllegalAction("delaying is off in this campaign", "DG-INIT-2")
    if c["id"] in state["delayed"]:
        raise IllegalAction(f"{c['name']} has already delayed this pass")
    others = [
        cid
        for cid in state["order"]
        if cid != c["id"]
        and cid not in state["acted"]
        and cid not in state["delayed"]
        and eligible(state, cid)
    ]
    if not others:
        raise IllegalAction("nobody else is left to act in this pass")
    ops = [{"op": "delay", "id": c["id"]}]
    return [_event("turn.delayed", ops, [f"{c['name']} delays"], dice, actor=c["id"])]


# ---------------------------------------------------------------- free declarations


def declare_aimed_shot(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-CALLED-1: declared before initiative; the round's rank becomes half DEX + die."""
    c = _c(state, action.actor)
    if state["phase"] == "in_round":
        raise IllegalAction("declare an aimed shot before the GM starts the round", "DG-CALLED-1")
    loc = str_param(action.params, "location")
    if loc not in LOCATIONS:
        raise IllegalAction(f"unknown location {loc!r}", "DG-LOC-1")
    held = c["in_hand"]
    if not held or weapon_of(c, held)["kind"] != "firearm":
        raise IllegalAction("an aimed shot needs a firearm in hand", "DG-CALLED-1")
    ops = [{"op": "set", "id": c["id"], "key": "called", "value": loc}]
    text = f"{c['name']} will take an aimed shot at the {LOCATION_NAMES[loc]} next round"
    return [_event("aimed_shot.declared", ops, [text], dice, actor=c["id"], location=loc)]


def set_flag(key: str, kind: str, rule: str) -> Callable[[Json, Action, Dice], list[Event]]:
    """A free standing choice of the combatant (brave the fire, dodge the next attack)."""

    def resolver(state: Json, action: Action, dice: Dice) -> list[Event]:
        c = _c(state, action.actor)
        value = bool_param(action.params, "value", True)
        ops = [{"op": "set", "id": c["id"], "key": key, "value": value}]
        text = f"{c['name']}: {key.replace('_', ' ')} {'on' if value else 'off'} ({rule})"
        return [_event(kind, ops, [text], dice, actor=c["id"], value=value)]

    return resolver


def declare_parry(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-PARRY-3: a parry is declared in advance against one attacker."""
    c = _c(state, action.actor)
    attacker = _c(state, str_param(action.params, "attacker"))
    if state["phase"] != "in_round":
        raise IllegalAction("declare a parry once the round has started", "COC-PARRY-3")
    if c["round"].get("parried"):
        raise IllegalAction("one parry per round", "COC-PARRY-2")
    aim = c.get("aim")
    if aim and aim.get("state") == "aiming":
        raise IllegalAction("no parry while precision aiming", "DG-AIM-1")
    grapple = bool_param(action.params, "grapple")  # COC-PARRY-9
    ops = [
        {"op": "set", "id": c["id"], "key": "parry_vs", "value": attacker["id"]},
        {"op": "set", "id": c["id"], "key": "parry_grapple", "value": grapple},
    ]
    text = f"{c['name']} will parry {attacker['name']}" + (" by grappling" if grapple else "")
    return [_event("parry.declared", ops, [text], dice, actor=c["id"], attacker=attacker["id"])]


def edge_ops(c: Json, edge: str, paid: bool) -> tuple[list[Json], str]:
    """DG-EDGE-0/-TABLE: a new edge: known, not owned, prerequisite first; paid from the pool."""
    if edge not in EDGES:
        raise IllegalAction(f"unknown edge {edge!r}", "DG-EDGE-0")
    sheet = c["sheet"]
    if edge in sheet["edges"]:
        raise IllegalAction(f"{c['name']} already has {edge}", "DG-EDGE-0")
    prerequisite, price = EDGES[edge]
    if prerequisite and prerequisite not in sheet["edges"]:
        raise IllegalAction(f"{edge} needs {prerequisite} first", "DG-EDGE-0")
    ops: list[Json] = [
        {"op": "sheet", "id": c["id"], "path": ["edges"], "value": [*sheet["edges"], edge]},
        {
            "op": "sheet",
            "id": c["id"],
            "path": ["edge_points"],
            "value": sheet["edge_points"] + price,
        },
    ]
    if not paid:
        return ops, f"{edge} granted free ({price} points not charged)"
    pool = sheet.get("skill_points")
    if pool is None:
        raise IllegalAction(f"{c['name']}'s sheet keeps no skill-point pool", "DG-EDGE-0")
    if pool < price:
        raise IllegalAction(
            f"{edge} costs {price} skill points; {c['name']} has {pool}", "DG-EDGE-0"
        )
    ops.append({"op": "sheet", "id": c["id"], "path": ["skill_points"], "value": pool - price})
    return ops, f"{edge} for {price} skill points ({pool - price} left)"


def buy_edge(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-EDGE-0 (`dg.edge_purchase = "any_time"`): an agent buys an edge between rounds."""
    c = _c(state, action.actor)
    if settings_of(state).edge_purchase != "any_time":
        raise IllegalAction("after creation only the GM grants edges", "DG-EDGE-0")
    if state["phase"] == "in_round":
        raise IllegalAction("edges are bought between rounds", "DG-EDGE-0")
    ops, what = edge_ops(c, str_param(action.params, "edge"), True)
    return [_event("edge.bought", ops, [f"{c['name']} buys {what}"], dice, target=c["id"])]


def locate(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-CONCEAL-1: a free Spot Hidden or Idea roll, once a round, to find a hidden target."""
    c = _c(state, action.actor)
    target = _target(state, action.params)
    which = str_param(action.params, "skill", "spot_hidden")
    if which not in ("spot_hidden", "idea"):
        raise IllegalAction("locate with spot_hidden or idea", "COC-CONCEAL-1")
    if c["id"] not in target.get("hidden_from", ()):
        raise IllegalAction(f"{c['name']} can already see {target['name']}", "COC-CONCEAL-1")
    tried = list(c["round"].get("located", []))
    if state["phase"] == "in_round" and target["id"] in tried:
        raise IllegalAction("one locating roll per target a round", "COC-CONCEAL-1")
    chance = skill(c, which)
    roll = dice.roll(100, f"{which.replace('_', ' ')} d100 (locate)")
    ok = succeeds(chance, roll, *_auto(state))
    ops: list[Json] = [
        {"op": "set_round", "id": c["id"], "key": "located", "value": [*tried, target["id"]]}
    ]
    if ok:
        rest = [cid for cid in target["hidden_from"] if cid != c["id"]]
        ops.append({"op": "set", "id": target["id"], "key": "hidden_from", "value": rest})
    verdict = f"finds {target['name']}" if ok else "sees nothing"
    text = f"{c['name']} looks for {target['name']}: {which} d100 = {roll} vs {chance}: {verdict}"
    return [
        _event("target.located", ops, [text], dice, actor=c["id"], target=target["id"], success=ok)
    ]


def poison_effects(
    state: Mapping[str, Any], target: Mapping[str, Any], pending: list[Json], dice: Dice
) -> tuple[list[Json], list[str]]:
    """COC-POISON-2/-3/-6/-7: what the doses now taking effect do (to total HP only, DG-HP-4)."""
    ops: list[Json] = []
    lines: list[str] = []
    name = target["name"]
    for dose in pending:
        poison = POISONS[dose["poison"]]
        wins = bool(dose["wins"])
        if poison.effect == "incapacitating":
            if not wins:
                lines.append(f"{name}: {poison.name} takes effect: no effect (resisted)")
                continue
            longer = (
                f" + {dose['extra_hours']} h for the extra doses" if dose["extra_hours"] else ""
            )
            ops.append({"op": "set", "id": target["id"], "key": "knocked_out", "value": True})
            lines.append(
                f"{name}: {poison.name} takes effect: unconscious ({poison.asleep}{longer})"
            )
        else:
            amount = poison_damage(int(dose["potency"]), wins)
            ops.append({"op": "damage", "id": target["id"], "location": None, "amount": amount})
            lines.append(f"{name}: {poison.name} takes effect: {amount} HP lost")
        if wins and int(dose["failure"]):  # COC-POISON-6 (AMB-COC-05)
            roll = dice.roll(100, "respiratory failure d100")
            if roll <= int(dose["failure"]):
                drowning = {"round": 0, "start": 6, "failed": False}
                ops.append({"op": "set", "id": target["id"], "key": "drowning", "value": drowning})
                lines.append(
                    f"respiratory failure d100 = {roll} vs {dose['failure']}: stops breathing "
                    "(CON x6 first, COC-DROWN-2) until a successful Medicine roll"
                )
            else:
                lines.append(f"respiratory failure d100 = {roll} vs {dose['failure']}: breathes")
    return ops, lines


def needs_surgery(state: Mapping[str, Any], c: Mapping[str, Any], loc: str) -> bool:
    """DG-HEAL-1 (`dg.surgery_for`): whether this wound must be operated on before it heals."""
    rule = settings_of(state).surgery_for
    if rule == "none":
        return False
    one, two = loc_threshold(c, loc)
    return two if rule == "2x" else one
