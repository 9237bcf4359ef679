"""What every Delta Green resolver shares: combatants, costs, turn checks and events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.brp.firearms import shotgun_waits
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.messages import Msg
from rules.core.params import bool_param, str_param
from rules.core.system import Action, Event, Json
from rules.delta_green import log_messages as L
from rules.delta_green import refusals as R
from rules.delta_green.settings import settings_of
from rules.delta_green.state import (
    cards_left,
    current_actor,
    eligible,
    half_dex_rank,
    is_dead,
    is_immobile,
    is_incapacitated,
    sheet_weapon,
)
from rules.delta_green.tables import (
    ALL,
)
from rules.delta_green.working import Working


def combatant_at(state: Mapping[str, Any], cid: str) -> Json:
    combatant = state["combatants"].get(cid)
    if combatant is None:
        raise IllegalAction.of(R.NO_COMBATANT(cid=cid))
    result: Json = combatant
    return result


def pay_cost(
    state: Mapping[str, Any], c: Mapping[str, Any], cost: int | str, what: str | Msg
) -> int:
    """DG-ACT-4 (AMB-DG-03): the cards an activity flips, all at once in the one turn it is
    declared on; 'all' only as the first action of the round."""
    left = cards_left(c)
    if cost == ALL:
        if settings_of(state).all_actions_requires_full_hand and c["round"].get("spent"):
            raise IllegalAction.of(R.FIRST_ACTION(what=R.doing(what)))
        if left <= 0:
            raise IllegalAction.of(R.NO_ACTIONS_LEFT(name=c["name"]))
        return left
    cards = int(cost)
    if cards > left:
        refusal = R.COSTS_MORE(what=R.doing(what), cards=cards, name=c["name"], left=left)
        raise IllegalAction.of(refusal, "DG-ACT-4")
    return cards


def action_cost(state: Mapping[str, Any], name: str) -> int:
    """DG-ACT-6 (AMB-DG-05): the campaign's price of an activity in actions."""
    return settings_of(state).cost_of(name)


def require_turn(state: Mapping[str, Any], cid: str) -> Json:
    c: Json | None = state["combatants"].get(cid)
    if c is None:
        raise IllegalAction.of(R.NO_COMBATANT(cid=cid))
    if state["phase"] != "in_round":
        raise IllegalAction.of(R.NO_ROUND(), "DG-INIT-2")
    if current_actor(state) != cid:
        now = current_actor(state)
        who = state["combatants"][now]["name"] if now else R.NOBODY()
        raise IllegalAction.of(R.NOT_YOUR_TURN(name=c["name"], who=who), "DG-INIT-2")
    return c


def ready_weapon(c: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    weapon = sheet_weapon(c, key)
    stuck = c.get("stuck")
    if stuck and stuck["weapon"] == key:
        raise IllegalAction.of(R.STUCK(weapon=weapon["name"]), "COC-IMPALE-5")
    slot = c["weapons"][key]
    if weapon["kind"] != "unarmed" and c["in_hand"] != key and c.get("off_hand") != key:
        raise IllegalAction.of(R.NOT_IN_HAND(weapon=weapon["name"]), "DG-ACT-6")
    if slot.get("jammed"):
        raise IllegalAction.of(R.JAMMED(weapon=weapon["name"]), "COC-MAL-3")
    if slot.get("broken"):
        raise IllegalAction.of(R.BROKEN(weapon=weapon["name"]), "COC-PARRY-4")
    if weapon["kind"] == "firearm":
        if slot.get("disabled"):
            raise IllegalAction.of(R.DISABLED_BY_PARRY(weapon=weapon["name"]), "COC-PARRY-8")
        if c["round"].get("parried_with") == key:
            raise IllegalAction.of(R.PARRIED_NO_FIRE(weapon=weapon["name"]), "COC-PARRY-8")
    return weapon


def check_can_attack(
    state: Mapping[str, Any], c: Mapping[str, Any], target: Mapping[str, Any]
) -> None:
    if is_incapacitated(c):
        raise IllegalAction.of(R.ONLY_AID_OR_CRAWL(name=c["name"]), "DG-WOUND-6")
    if is_immobile(c):
        raise IllegalAction.of(R.CHEST_NO_ATTACK(name=c["name"]), "DG-WOUND-3")
    rnd = c["round"]
    if rnd.get("no_attack"):
        raise IllegalAction.of(R.COMPLETELY_SURPRISED(name=c["name"]), "COC-SURPRISE-2")
    attacked = rnd.get("attacks", 0) >= 1
    if attacked and rnd.get("one_shot"):
        raise IllegalAction.of(R.ONE_SHOT(), "COC-SURPRISE-1")
    if attacked and rnd.get("called"):
        raise IllegalAction.of(R.AFTER_AIMED(), "DG-CALLED-1")
    if target["id"] == c["id"]:
        raise IllegalAction.of(R.CHOOSE_ANOTHER())
    if c["id"] in target.get("hidden_from", ()):
        refusal = R.NOT_LOCATED(name=c["name"], target=target["name"])
        raise IllegalAction.of(refusal, "COC-CONCEAL-1")
    if is_dead(target):
        raise IllegalAction.of(R.ALREADY_DEAD(name=target["name"]))


def melee_guard(state: Mapping[str, Any], c: Mapping[str, Any], params: Mapping[str, Any]) -> None:
    """DG-EDGE-3: firing at someone you are in melee with needs Quick Draw."""
    if (
        bool_param(params, "in_melee")
        and settings_of(state).pistol_in_melee_requires_quick_draw
        and "quick_draw" not in c["sheet"]["edges"]
    ):
        raise IllegalAction.of(R.QUICK_DRAW_IN_MELEE(), "DG-EDGE-3")


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


def half_dex_check(state: Mapping[str, Any], c: Mapping[str, Any], what: str | Msg) -> None:
    """DG-INIT-4 (COC-RELOAD-3, COC-SHOTGUN-2/-3): a half-DEX action waits for its rank."""
    if c["id"] in state.get("held", ()):
        return  # it already stands at its half-DEX rank in this pass
    rank = half_dex_rank(c)
    ahead = still_ahead(state, c, rank)
    if ahead:
        refusal = R.HALF_DEX_WAIT(what=R.doing(what), rank=rank, ahead=ahead)
        raise IllegalAction.of(refusal, "DG-INIT-4")


def two_guns(c: Mapping[str, Any]) -> bool:
    """COC-TWOGUN-1: a handgun in each hand; every shot is unaimed, each gun twice its ROF."""
    main, off = c["in_hand"], c.get("off_hand")
    if not (main and off):
        return False
    return bool(sheet_weapon(c, main).get("handgun") and sheet_weapon(c, off).get("handgun"))


def is_shotgun_second_shot(c: Mapping[str, Any], weapon: Mapping[str, Any]) -> bool:
    """COC-SHOTGUN-2/-3: a shotgun's second shot in a round fires at half DEX (DG-INIT-4)."""
    return shotgun_waits(
        bool(weapon.get("shotgun")), int(c["round"].get("shots", {}).get(weapon["key"], 0))
    )


def hold_half_dex(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-INIT-4: stand back in this pass to rhu(DEX/2) + the initiative die (half-DEX action)."""
    c = require_turn(state, action.actor)
    if c["id"] in state.get("held", ()):
        raise IllegalAction.of(R.ALREADY_HELD(name=c["name"]), "DG-INIT-4")
    rank = half_dex_rank(c)
    ahead = still_ahead(state, c, rank)
    if not ahead:
        raise IllegalAction.of(R.NOBODY_BETWEEN(name=c["name"], rank=rank), "DG-INIT-4")
    w = Working(state, dice)
    w.hold(c["id"], rank)
    line = L.HOLDS(
        name=c["name"],
        rank=rank,
        dex=c["round"].get("dex", c["sheet"]["dex"]),
        die=c["round"].get("die", 0),
        ahead=ahead,
    )
    w.emit("turn.held", line, actor=c["id"], rank=rank)
    return w.events


def take_turn(w: Working, cid: str, cards: int, voluntary: bool = True) -> None:
    """DG-ACT-4, DG-INIT-2: the cards the action turns down, then the turn taken."""
    if cards:
        w.spend(cid, cards, voluntary)
    w.turn(cid)


def lose_aim(w: Working, c: Mapping[str, Any]) -> None:
    """DG-AIM-1: the aiming benefit is used by the first shot, or lost by changing target."""
    if c.get("aim"):
        w.set(c["id"], "aim", None)


def target_in_reach(
    state: Mapping[str, Any], c: Mapping[str, Any], params: Mapping[str, Any], firearm: bool = True
) -> Json:
    """The attack's target, checked (DG-WOUND-*, COC-SURPRISE-*, COC-CONCEAL-1, DG-CALLED-1);
    a firearm also needs Quick Draw in melee (DG-EDGE-3)."""
    target = target_of(state, params)
    check_can_attack(state, c, target)
    if firearm:
        melee_guard(state, c, params)
    return target


def no_other_attack(c: Mapping[str, Any]) -> None:
    """DG-CALLED-1: a round with a declared aimed shot has no other attack."""
    if c["round"].get("called"):
        raise IllegalAction.of(R.AFTER_DECLARED(), "DG-CALLED-1")


def close_attack(
    w: Working, c: Mapping[str, Any], cards: int, attacks: int = 1, weapon: str = "", shots: int = 0
) -> None:
    """What closes an attack: shots of the weapon this round (DG-ACT-3), attacks this round
    (DG-CALLED-1, COC-SURPRISE-1), then the cards turned down and the turn taken."""
    if shots:
        w.add_round(c["id"], "shots", shots, sub=weapon)
    w.add_round(c["id"], "attacks", attacks)
    take_turn(w, c["id"], cards)


def attack_event(
    w: Working,
    lines: Sequence[Msg | None],
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
    """The `attack.resolved` event every attack ends with: the resolution's events."""
    w.emit(
        "attack.resolved",
        L.semi(lines),
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
    return w.events


def target_of(state: Mapping[str, Any], params: Mapping[str, Any]) -> Json:
    return combatant_at(state, str_param(params, "target"))
