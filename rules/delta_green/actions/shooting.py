"""How shots resolve: single fire, aimed shots, bursts and split bursts (DG-ACT-3, DG-AUTO-*)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rules.brp.core import (
    point_blank_m,
)
from rules.brp.firearms import rate_of_fire, unaimed_target
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.messages import Msg
from rules.core.params import bool_param, list_param, str_param
from rules.core.system import Action, Event, Json
from rules.delta_green import log_messages as L
from rules.delta_green import refusals as R
from rules.delta_green.combat import (
    attack_chance,
    deal_hit,
    fire,
    roll_location,
)
from rules.delta_green.engine import (
    attack_event,
    check_can_attack,
    close_attack,
    combatant_at,
    half_dex_check,
    lose_aim,
    pay_cost,
    ready_weapon,
    require_turn,
    target_in_reach,
    two_guns,
)
from rules.delta_green.settings import settings_of
from rules.delta_green.state import (
    sheet_weapon,
)
from rules.delta_green.tables import (
    BURST_MODES,
    SPRAY,
    BurstMode,
    mode_for_rounds,
)
from rules.delta_green.working import Working


def suppression_bullets(
    w: Working,
    shooter: Json,
    weapon: Mapping[str, Any],
    target: Json,
    dice: Dice,
    impale: bool,
    lines: list[Msg | None],
    hits: list[Json],
) -> None:
    """DG-SUPP-2: the bullets of one suppressive-fire hit (`dg.suppression_hits`; AMB-DG-17: one
    by default), each with its location; only the first may impale."""
    for index in range(int(settings_of(w.state).suppression_hits)):
        loc, loc_text = roll_location(w.state, dice, None, False, target)
        hit_lines, record = deal_hit(
            w,
            shooter,
            weapon,
            target["id"],
            dice,
            impale and index == 0,
            loc,
            loc_text,
            L.BULLET(),
        )
        lines += hit_lines
        hits.append(record)


def single_fire(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-ACT-3, DG-EDGE-1/-2: a single shot per action, up to ROF a round; Double Tap: two."""
    c = require_turn(state, action.actor)
    params = action.params
    weapon = ready_weapon(c, str_param(params, "weapon"))
    if weapon["kind"] != "firearm":
        raise IllegalAction.of(R.NOT_A_FIREARM(weapon=weapon["name"]))
    target = target_in_reach(state, c, params)
    double = bool_param(params, "double_tap")
    unaimed = bool_param(params, "unaimed")
    if not unaimed and c.get("off_hand") is not None and two_guns(c):
        unaimed = True  # COC-TWOGUN-1: with a handgun in each hand every shot is unaimed
        params = {**params, "unaimed": True}
    shots = 2 if double else 1
    fired = int(c["round"].get("shots", {}).get(weapon["key"], 0))
    rof = rate_of_fire(int(weapon["rof"]), unaimed)  # COC-UNAIMED-1
    if fired + shots > rof:
        doubled = R.DOUBLED_UNAIMED() if rof > int(weapon["rof"]) else ""
        refusal = R.ROF(weapon=weapon["name"], rof=weapon["rof"], doubled=doubled, fired=fired)
        raise IllegalAction.of(refusal, "DG-ACT-3")
    if c["round"].get("called"):
        raise IllegalAction.of(R.TAKE_AIMED())
    if weapon.get("shotgun") and (fired or double):
        half_dex_check(state, c, R.A_SECOND_SHOT(weapon=weapon["name"]))
    loaded = int(c["weapons"][weapon["key"]]["loaded"])
    if loaded < shots:
        refusal = R.ROUNDS_LOADED(weapon=weapon["name"], loaded=loaded)
        raise IllegalAction.of(refusal, "DG-AUTO-2")
    extra: list[tuple[Msg, int]] = []
    if double:
        edges = c["sheet"]["edges"]
        if "double_tap" not in edges:
            raise IllegalAction.of(R.NO_DOUBLE_TAP(name=c["name"]), "DG-EDGE-1")
        if "improved_double_tap" not in edges:  # DG-EDGE-2 (AMB-DG-35): at any range
            distance = params.get("distance_m")
            pb = point_blank_m(int(c["sheet"]["dex"]), 2 if "eagle_eye" in edges else 1)
            if distance in (None, "") or Fraction(str(distance)) > pb:
                raise IllegalAction.of(R.DOUBLE_TAP_RANGE(), "DG-EDGE-1")
        # DG-EDGE-1 (AMB-DG-34): the seed's "-20" is a penalty on each shot (the price is 20 too)
        extra.append((L.DOUBLE_TAP(), -int(settings_of(state).double_tap_penalty)))
    cards = pay_cost(state, c, 1, "a shot")
    w = Working(state, dice)
    lines: list[Msg | None] = []
    spread = [tid for tid in list_param(params, "targets") if tid != c["id"]] if unaimed else []
    if len(spread) > 1:  # COC-UNAIMED-2: a random target
        pool = [combatant_at(state, tid) for tid in spread]
        face, target = unaimed_target(dice, pool, f"random target 1d{len(pool)}")
        check_can_attack(state, c, target)
        lines.append(L.UNAIMED_PICK(n=len(pool), face=face, target=target["name"]))
    chance = attack_chance(state, c, weapon, target, params, extra=extra)
    lines.insert(0, L.FIRES(name=c["name"], weapon=weapon["name"], target=target["name"]))
    hits: list[Json] = []
    results = []
    for shot in range(shots):  # a second shot sees the first one's effects
        out = fire(
            w,
            c["id"],
            weapon,
            target["id"],
            chance,
            dice,
            1,
            None,
            L.SHOT_N(n=shot + 1) if double else L.SHOT(),
            distance=params.get("distance_m"),
        )
        lines += out.lines
        hits += out.hits
        results.append(out.result)
        if out.result == "malfunction":
            break
    lose_aim(w, c)
    close_attack(w, c, cards, shots, weapon["key"], shots)
    mode = "double_tap" if double else "single"
    return attack_event(
        w, lines, c, target, weapon["key"], mode, chance.value, results, hits, cards
    )


def aimed_shot(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-CALLED-1/-2: one single shot at the declared location, with the three result bands."""
    c = require_turn(state, action.actor)
    params = action.params
    weapon: Mapping[str, Any] = sheet_weapon(c, str_param(params, "weapon"))
    if weapon["kind"] != "firearm":
        raise IllegalAction.of(R.AIMED_NEEDS_FIREARM(), "DG-CALLED-1")
    weapon = ready_weapon(c, weapon["key"])
    called = c["round"].get("called")
    if not called:
        raise IllegalAction.of(R.DECLARE_AIMED_FIRST(), "DG-CALLED-1")
    target = target_in_reach(state, c, params)
    if int(c["weapons"][weapon["key"]]["loaded"]) < 1:
        raise IllegalAction.of(R.EMPTY(weapon=weapon["name"]), "DG-AUTO-2")
    cards = pay_cost(state, c, 1, "an aimed shot")
    chance = attack_chance(state, c, weapon, target, params)
    w = Working(state, dice)
    out = fire(
        w,
        c["id"],
        weapon,
        target["id"],
        chance,
        dice,
        1,
        None,
        L.AIMED_SHOT_AT(location=L.location(called)),
        called=called,
        distance=params.get("distance_m"),
    )
    lose_aim(w, c)
    close_attack(w, c, cards, 1, weapon["key"], 1)
    lines = [L.TAKES_AIMED(name=c["name"], target=target["name"]), *out.lines]
    return attack_event(
        w,
        lines,
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
    """DG-AUTO-5/-6 (AMB-DG-14): the modes this weapon may fire, from its flags: only an `auto`
    weapon bursts, up to its `max_burst` (20 unless the sheet says less); the 100-round spray
    also needs `sustained_fire`."""
    if not weapon.get("auto"):
        return []
    limit = int(weapon.get("max_burst") or 20)
    modes = [key for key, mode in BURST_MODES.items() if key != SPRAY and mode.rounds <= limit]
    if weapon.get("sustained_fire"):
        modes.append(SPRAY)
    return modes


def burst_profile(
    state: Mapping[str, Any], mode: BurstMode, rounds: int, walking: bool
) -> tuple[BurstMode, int, Msg | str]:
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
    return fired_as, die, L.FIRED_AS(mode=L.mode_word(fired_as.key))


def burst(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-AUTO-1..-6, DG-WALK-1: one d100 for the burst, the hits die, a location per bullet."""
    c = require_turn(state, action.actor)
    params = action.params
    weapon: Mapping[str, Any] = sheet_weapon(c, str_param(params, "weapon"))
    key = str_param(params, "mode")
    if key not in BURST_MODES:
        raise IllegalAction.of(R.UNKNOWN_MODE(mode=repr(key)), "DG-AUTO-3")
    mode = BURST_MODES[key]
    if not weapon.get("auto"):
        raise IllegalAction.of(R.NO_BURSTS(weapon=weapon["name"]), "DG-AUTO-6")
    if key not in burst_modes(c, weapon):
        rule = "DG-AUTO-5" if key == SPRAY else "DG-AUTO-6"
        refusal = R.CANNOT_FIRE_MODE(weapon=weapon["name"], mode=L.mode_word(key))
        raise IllegalAction.of(refusal, rule)
    weapon = ready_weapon(c, weapon["key"])
    if params.get("split") not in (None, "", []):
        return split_burst(state, c, weapon, mode, params, dice)
    target = target_in_reach(state, c, params)
    if c["round"].get("called"):
        raise IllegalAction.of(R.AIMED_NEVER_BURST(), "DG-CALLED-1")
    if c["round"].get("one_shot"):
        raise IllegalAction.of(R.ONE_SHOT(), "COC-SURPRISE-1")
    walking = bool_param(params, "walking")
    if walking and key not in [str(m) for m in settings_of(state).walking_modes]:
        raise IllegalAction.of(R.WALKING_MODES(), "DG-WALK-1")
    loaded = int(c["weapons"][weapon["key"]]["loaded"])
    if loaded < 1:
        raise IllegalAction.of(R.EMPTY(weapon=weapon["name"]), "DG-AUTO-2")
    cards = pay_cost(state, c, mode.actions, R.A_MODE(mode=L.mode_word(key)))
    rounds = min(mode.rounds, loaded)  # DG-AUTO-2
    die = mode.walk_die if walking and mode.walk_die else mode.hits_die
    aim_mode = mode
    short: Msg | str = ""
    if rounds < mode.rounds:  # DG-AUTO-2: a short burst (`dg.short_burst_rule`)
        aim_mode, die, note = burst_profile(state, mode, rounds, walking)
        short = L.SHORT_BURST(rounds=rounds, note=note)
    chance = attack_chance(state, c, weapon, target, params, aim_mode, rounds if walking else 0)
    label = L.WALKING(mode=L.mode_word(key)) if walking else L.mode_word(key)
    w = Working(state, dice)
    out = fire(
        w,
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
    head = L.BURST_FIRED(
        name=c["name"], label=label, weapon=weapon["name"], target=target["name"], short=short
    )
    lines: list[Msg | None] = [head, *out.lines]
    if out.result != "malfunction":
        lines.append(L.ROUNDS_SPENT(rounds=rounds, left=loaded - rounds))
    lose_aim(w, c)
    close_attack(w, c, cards)
    return attack_event(
        w,
        lines,
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
        if not sep or not count.isdecimal() or int(count) < 1:
            raise IllegalAction.of(R.SPLIT_ITEM(item=repr(item)), "COC-AUTO-6")
        if any(t["id"] == tid for t, _ in shares):
            raise IllegalAction.of(R.SPLIT_TWICE(target=tid), "COC-AUTO-6")
        if tid == c["id"]:
            raise IllegalAction.of(R.NOT_AT_ITSELF(), "COC-AUTO-6")
        shares.append((target_in_reach(state, c, {**params, "target": tid}), int(count)))
    if len(shares) < 2:
        raise IllegalAction.of(R.SPLIT_TWO(), "COC-AUTO-6")
    total = sum(n for _, n in shares)
    if total != rounds:
        raise IllegalAction.of(R.SPLIT_TOTAL(total=total, rounds=rounds), "COC-AUTO-6")
    return shares


def split_burst(
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
        raise IllegalAction.of(R.SINGLE_TARGET(), "DG-AUTO-4")
    if c["round"].get("called"):
        raise IllegalAction.of(R.AIMED_NEVER_BURST(), "DG-CALLED-1")
    if c["round"].get("one_shot"):
        raise IllegalAction.of(R.ONE_SHOT(), "COC-SURPRISE-1")
    if bool_param(params, "walking"):
        raise IllegalAction.of(R.WALKING_SPLIT(), "DG-WALK-1")
    loaded = int(c["weapons"][weapon["key"]]["loaded"])
    if loaded < 1:
        raise IllegalAction.of(R.EMPTY(weapon=weapon["name"]), "DG-AUTO-2")
    rounds = min(mode.rounds, loaded)  # DG-AUTO-2
    shares = split_shares(state, c, params, rounds)
    cards = pay_cost(state, c, mode.actions, R.A_MODE(mode=L.mode_word(mode.key)))
    parts = [L.SHARE(n=n, name=t["name"]) for t, n in shares]
    head = L.SPLITS(name=c["name"], mode=L.mode_word(mode.key), weapon=weapon["name"], shares=parts)
    lines: list[Msg | None] = [head]
    chance_mode = mode if mode.key == SPRAY else None
    w = Working(state, dice)
    hits: list[Json] = []
    results: list[str] = []
    split: list[Json] = []
    fired = 0
    for target, n in shares:
        chance = attack_chance(w.state, c, weapon, target, params, chance_mode)
        out = fire(
            w,
            c["id"],
            weapon,
            target["id"],
            chance,
            dice,
            n,
            n if n > 1 else None,
            L.ROUNDS_AT(n=n, name=target["name"]),
            distance=params.get("distance_m"),
        )
        lines += out.lines
        hits += out.hits
        results.append(out.result)
        split.append({"target": target["id"], "rounds": n, "chance": chance.value})
        if out.result == "malfunction":
            break
        fired += n
    lines.append(L.ROUNDS_SPENT(rounds=fired, left=loaded - fired))
    first = shares[0][0]
    lose_aim(w, c)
    close_attack(w, c, cards)
    return attack_event(
        w,
        lines,
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
