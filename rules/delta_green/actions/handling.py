"""How the other turn actions resolve: moving, weapons in hand, reloading, fire, aid, skills."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.brp.core import (
    impossible_in,
    in_light,
    succeeds,
)
from rules.brp.firearms import chamber_refused, jam_chance, jam_outcome, loose_cartridges
from rules.brp.hazards import FLAME_SKILLS, may_fight_flames
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.messages import Msg
from rules.core.params import bool_param, str_param
from rules.core.system import Action, Event, Json
from rules.delta_green import log_messages as L
from rules.delta_green import log_turns as T
from rules.delta_green import refusals as R
from rules.delta_green.care import treatment
from rules.delta_green.combat import (
    attack_chance,
    auto_rules,
    fire,
    lit,
    skill,
    vest_of,
)
from rules.delta_green.engine import (
    action_cost,
    attack_event,
    close_attack,
    combatant_at,
    half_dex_check,
    lose_aim,
    no_other_attack,
    pay_cost,
    ready_weapon,
    require_turn,
    take_turn,
    target_in_reach,
    target_of,
)
from rules.delta_green.settings import settings_of
from rules.delta_green.state import (
    able,
    cards_left,
    eligible,
    is_immobile,
    is_incapacitated,
    leg_disabled,
    loc_threshold,
    sheet_weapon,
    weapon_of,
)
from rules.delta_green.tables import (
    ALL,
    ARMS,
    LOCATIONS,
    VEST_SKILLS,
)
from rules.delta_green.working import Working


def throw(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-THROW-1, DG-ACT-6: one action, half the damage bonus; the object leaves the hand."""
    c = require_turn(state, action.actor)
    params = action.params
    weapon = ready_weapon(c, str_param(params, "weapon"))
    if weapon["kind"] != "thrown":
        raise IllegalAction.of(R.NOT_THROWN(weapon=weapon["name"]), "COC-THROW-1")
    target = target_in_reach(state, c, params, firearm=False)
    no_other_attack(c)
    cards = pay_cost(state, c, action_cost(state, "melee"), "a throw")
    chance = attack_chance(state, c, weapon, target, params)
    w = Working(state, dice)
    out = fire(
        w,
        c["id"],
        weapon,
        target["id"],
        chance,
        dice,
        0,
        None,
        L.THROW(),
        distance=params.get("distance_m"),
        spends_rounds=False,
    )
    w.set(c["id"], "in_hand", None)
    close_attack(w, c, cards)
    lines = [L.THROWS(name=c["name"], weapon=weapon["name"], target=target["name"]), *out.lines]
    return attack_event(
        w,
        lines,
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
    c = require_turn(state, action.actor)
    target = target_of(state, action.params)
    held = c["in_hand"]
    if not held or weapon_of(c, held)["kind"] != "firearm":
        raise IllegalAction.of(R.PRECISION_NEEDS_FIREARM(), "DG-AIM-1")
    cards = pay_cost(state, c, ALL, "precision aiming")
    w = Working(state, dice)
    w.set(c["id"], "aim", {"target": target["id"], "round": state["round"], "state": "aiming"})
    take_turn(w, c["id"], cards)
    w.emit(
        "aim.started",
        T.AIMS(name=c["name"], target=target["name"]),
        actor=c["id"],
        target=target["id"],
    )
    return w.events


def run(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-MOVE-2: running costs an action, allows 8 m and -10 to later rolls this round.

    AMB-DG-06: the `ran` flag only marks rolls made after the run (earlier ones are resolved
    already), and a character runs at most once a round."""
    c = require_turn(state, action.actor)
    if c["round"].get("ran"):
        raise IllegalAction.of(R.RUN_ONCE(), "DG-MOVE-2")
    check_mobile(c)
    metres = float(action.params.get("metres") or 0)
    cap = float(settings_of(state).run_m)
    if not 0 <= metres + float(c["round"].get("moved_m", 0)) <= cap:
        raise IllegalAction.of(R.RUN_CAP(cap=f"{cap:g}"), "DG-MOVE-2")
    cards = pay_cost(state, c, 1, "running")
    w = Working(state, dice)
    w.set_round(c["id"], "ran", True)
    w.add_round(c["id"], "moved_m", metres)
    w.set(c["id"], "aim", None)
    take_turn(w, c["id"], cards)
    pen = settings_of(state).run_penalty
    text = T.RUNS(name=c["name"], metres=f"{metres:g}", penalty=pen)
    w.emit("move.ran", text, actor=c["id"], metres=metres)
    return w.events


def check_mobile(c: Mapping[str, Any]) -> None:
    if is_immobile(c):
        raise IllegalAction.of(R.CHEST_CANNOT_MOVE(), "DG-WOUND-3")
    if leg_disabled(c) or is_incapacitated(c):
        raise IllegalAction.of(R.ONLY_CRAWL(), "DG-WOUND-2")
    if c["prone"]:
        raise IllegalAction.of(R.STAND_FIRST(), "DG-WOUND-10")


def walk(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-MOVE-1: up to 4 m a round besides actions, split between turns."""
    c = combatant_at(state, action.actor)
    if state["phase"] != "in_round":
        raise IllegalAction.of(R.MOVE_IN_ROUND())
    if not able(c):
        raise IllegalAction.of(R.CANNOT_MOVE(name=c["name"]))
    check_mobile(c)
    metres = float(action.params.get("metres") or 0)
    settings = settings_of(state)
    cap = float(settings.run_m if c["round"].get("ran") else settings.walk_m)
    moved = float(c["round"].get("moved_m", 0))
    if metres <= 0 or moved + metres > cap:
        raise IllegalAction.of(R.MOVE_LEFT(name=c["name"], left=f"{cap - moved:g}"), "DG-MOVE-1")
    w = Working(state, dice)
    w.add_round(c["id"], "moved_m", metres)
    w.set(c["id"], "aim", None)
    w.emit("move.walked", T.WALKS(name=c["name"], metres=f"{metres:g}"), actor=c["id"])
    return w.events


def crawl(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-WOUND-2: a disabled leg allows crawling 1 m per action."""
    c = require_turn(state, action.actor)
    if is_immobile(c):
        raise IllegalAction.of(R.CHEST_CANNOT_MOVE(), "DG-WOUND-3")
    cards = pay_cost(state, c, 1, "crawling")
    metres = float(settings_of(state).crawl_m_per_action)
    w = Working(state, dice)
    w.add_round(c["id"], "moved_m", metres)
    take_turn(w, c["id"], cards)
    w.emit("move.crawled", T.CRAWLS(name=c["name"], metres=f"{metres:g}"), actor=c["id"])
    return w.events


def stand(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-WOUND-10: getting up from the ground takes an action (not with a disabled leg)."""
    c = require_turn(state, action.actor)
    if not c["prone"]:
        raise IllegalAction.of(R.STANDING(name=c["name"]))
    if leg_disabled(c) or is_immobile(c) or is_incapacitated(c):
        raise IllegalAction.of(R.CANNOT_STAND(name=c["name"]), "DG-WOUND-2")
    cards = pay_cost(state, c, action_cost(state, "stand"), "standing up")
    w = Working(state, dice)
    w.set(c["id"], "prone", False)
    take_turn(w, c["id"], cards)
    w.emit("stance.changed", T.GETS_UP(name=c["name"]), actor=c["id"])
    return w.events


def draw(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-ACT-6, DG-INIT-1: drawing a weapon costs an action and readies it."""
    c = require_turn(state, action.actor)
    weapon = weapon_of(c, str_param(action.params, "weapon"))
    check_hands(c, weapon)
    hand = "off_hand" if str_param(action.params, "hand", "main") == "off" else "in_hand"
    if hand == "off_hand":
        check_off_hand(c, weapon)
    cards = pay_cost(state, c, action_cost(state, "draw"), "drawing a weapon")
    w = Working(state, dice)
    w.set(c["id"], hand, weapon["key"])
    take_turn(w, c["id"], cards)
    line = T.DRAWS(name=c["name"], weapon=weapon["name"])
    w.emit("weapon.drawn", line, actor=c["id"], weapon=weapon["key"])
    return w.events


def check_hands(c: Mapping[str, Any], weapon: Mapping[str, Any]) -> None:
    arms = [loc_threshold(c, arm)[0] for arm in sorted(ARMS)]
    if all(arms) or (weapon["two_handed"] and any(arms)):
        refusal = R.DISABLED_ARM(name=c["name"], weapon=weapon["name"])
        raise IllegalAction.of(refusal, "DG-WOUND-4")
    if weapon["key"] in (c["in_hand"], c.get("off_hand")):
        raise IllegalAction.of(R.ALREADY_IN_HAND(weapon=weapon["name"]))


def check_off_hand(c: Mapping[str, Any], weapon: Mapping[str, Any]) -> None:
    """COC-TWOWEAP-1, COC-TWOGUN-1: a second one-handed weapon goes in the other hand."""
    main = sheet_weapon(c, c["in_hand"]) if c["in_hand"] else None
    if weapon["two_handed"] or (main is not None and main["two_handed"]):
        raise IllegalAction.of(R.TWO_HANDED(), "COC-TWOWEAP-1")
    if weapon["kind"] not in ("melee", "knife") and not weapon.get("handgun"):
        raise IllegalAction.of(R.OFF_HAND_KIND(), "COC-TWOWEAP-1")
    if c.get("off_hand"):
        raise IllegalAction.of(R.OFF_HAND_FULL(name=c["name"]))


def holster(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-ACT-6: holstering costs an action and clears 'ready'."""
    c = require_turn(state, action.actor)
    hand = "off_hand" if str_param(action.params, "hand", "main") == "off" else "in_hand"
    if not c.get(hand):
        raise IllegalAction.of(R.HAND_EMPTY(name=c["name"]))
    cards = pay_cost(state, c, action_cost(state, "holster"), "holstering")
    w = Working(state, dice)
    w.set(c["id"], hand, None)
    take_turn(w, c["id"], cards)
    w.emit("weapon.holstered", T.PUTS_AWAY(name=c["name"]), actor=c["id"])
    return w.events


def quick_draw(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-EDGE-3: d100 <= DEX x2 draws for free (even before initiative); failing costs 1."""
    c = combatant_at(state, action.actor)
    if "quick_draw" not in c["sheet"]["edges"]:
        raise IllegalAction.of(R.NO_QUICK_DRAW(name=c["name"]), "DG-EDGE-3")
    weapon = weapon_of(c, str_param(action.params, "weapon"))
    check_hands(c, weapon)
    in_turn = state["phase"] == "in_round"
    if in_turn:
        require_turn(state, action.actor)
    if not able(c):
        raise IllegalAction.of(R.CANNOT_ACT_NOW(name=c["name"]))
    chance = int(c["sheet"]["dex"]) * 2
    w = Working(state, dice)
    roll = dice.roll(100, "Quick Draw d100")
    ok = succeeds(chance, roll, *auto_rules(state))
    if ok:
        w.set(c["id"], "in_hand", weapon["key"])
        text = T.QUICK_DRAWN(roll=roll, chance=chance, weapon=weapon["name"])
    elif in_turn:
        cards = pay_cost(state, c, 1, "drawing a weapon")
        w.set(c["id"], "in_hand", weapon["key"])
        take_turn(w, c["id"], cards)
        text = T.QUICK_DRAW_COSTS(roll=roll, chance=chance)
    else:
        text = T.QUICK_DRAW_LATER(roll=roll, chance=chance)
    w.emit("weapon.quick_drawn", text, actor=c["id"], success=ok)
    return w.events


def reload(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-ACT-6, COC-RELOAD-1/-2: a magazine (1 action, once a round), 2 loose rounds, or a belt."""
    c = require_turn(state, action.actor)
    weapon = weapon_of(c, str_param(action.params, "weapon"))
    slot = c["weapons"][weapon["key"]]
    kind = weapon["reload"]
    capacity = int(weapon["capacity"])
    loaded = int(slot["loaded"])
    spare = int(slot["spare"])
    key = weapon["key"]
    if kind == "none" or weapon["kind"] != "firearm":
        raise IllegalAction.of(R.NOT_RELOADED(weapon=weapon["name"]))
    if loaded >= capacity:
        raise IllegalAction.of(R.FULL(weapon=weapon["name"]))
    if spare < 1:
        raise IllegalAction.of(R.NO_SPARE(name=c["name"], weapon=weapon["name"]))
    text: Msg
    w = Working(state, dice)
    if kind == "magazine":
        if c["round"].get("mags", 0) >= 1:
            raise IllegalAction.of(R.ONE_MAGAZINE(), "COC-RELOAD-2")
        cards = pay_cost(state, c, action_cost(state, "magazine"), "changing a magazine")
        w.weapon(c["id"], key, "loaded", capacity)
        w.weapon(c["id"], key, "spare", spare - 1)
        w.add_round(c["id"], "mags", 1)
        text = T.MAGAZINE(name=c["name"], weapon=weapon["name"], spare=spare - 1)
    elif kind == "loose":
        count = loose_cartridges(loaded, capacity, int(c["round"].get("loose", 0)), spare)
        if count < 1:
            raise IllegalAction.of(R.TWO_CARTRIDGES(), "COC-RELOAD-1")
        cards = pay_cost(state, c, action_cost(state, "loose"), "loading cartridges")
        w.weapon(c["id"], key, "loaded", loaded + count)
        w.weapon(c["id"], key, "spare", spare - count)
        w.add_round(c["id"], "loose", count)
        text = T.CARTRIDGES(name=c["name"], count=count, weapon=weapon["name"])
    else:
        cards = pay_cost(state, c, ALL, "changing a belt")
        w.set(c["id"], "belt", {"weapon": key, "stage": 1})
        text = T.BELT(name=c["name"], weapon=weapon["name"])
    take_turn(w, c["id"], cards)
    w.emit("weapon.reloaded", text, actor=c["id"], weapon=key)
    return w.events


def chamber_fire(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-ACT-6, COC-RELOAD-3: chamber one cartridge and fire it: 2 actions (a half-DEX shot)."""
    c = require_turn(state, action.actor)
    params = action.params
    weapon = ready_weapon(c, str_param(params, "weapon"))
    if weapon["kind"] != "firearm":
        raise IllegalAction.of(R.NOT_LOOSE(weapon=weapon["name"]), "COC-RELOAD-3")
    slot = c["weapons"][weapon["key"]]
    loaded, capacity, spare = int(slot["loaded"]), int(weapon["capacity"]), int(slot["spare"])
    refused = chamber_refused(str(weapon["reload"]), loaded, capacity, spare)
    if refused == "not_loose":
        raise IllegalAction.of(R.NOT_LOOSE(weapon=weapon["name"]), "COC-RELOAD-3")
    if refused:
        raise IllegalAction.of(R.NO_CARTRIDGE(weapon=weapon["name"]), "COC-RELOAD-3")
    target = target_in_reach(state, c, params)
    if c["round"].get("called"):
        raise IllegalAction.of(R.DECLARED_AIMED(), "DG-CALLED-1")
    cards = pay_cost(state, c, 2, "chambering and firing")
    half_dex_check(state, c, "chambering and firing")  # COC-RELOAD-3
    key = weapon["key"]
    w = Working(state, dice)
    w.weapon(c["id"], key, "loaded", int(slot["loaded"]) + 1)
    w.weapon(c["id"], key, "spare", int(slot["spare"]) - 1)
    chance = attack_chance(state, c, weapon, target, params)
    out = fire(
        w,
        c["id"],
        weapon,
        target["id"],
        chance,
        dice,
        1,
        None,
        L.SHOT(),
        distance=params.get("distance_m"),
    )
    lose_aim(w, c)
    close_attack(w, c, cards, 1, key, 1)
    lines = [
        L.CHAMBERS(name=c["name"], weapon=weapon["name"], target=target["name"]),
        *out.lines,
    ]
    return attack_event(
        w, lines, c, target, key, "chamber", chance.value, [out.result], out.hits, cards
    )


def pull_out(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-IMPALE-5: from the next round, roll the weapon skill to pull a stuck weapon free."""
    c = require_turn(state, action.actor)
    stuck = c.get("stuck")
    if not stuck:
        raise IllegalAction.of(R.NOTHING_STUCK(name=c["name"]), "COC-IMPALE-5")
    weapon = weapon_of(c, stuck["weapon"])
    w = Working(state, dice)
    if bool_param(action.params, "let_go"):
        cards = pay_cost(state, c, 1, "letting go")
        w.set(c["id"], "stuck", None)
        w.set(c["id"], "in_hand", None)
        take_turn(w, c["id"], cards)
        w.emit("weapon.released", T.LETS_GO(name=c["name"], weapon=weapon["name"]), actor=c["id"])
        return w.events
    if int(stuck["round"]) >= int(state["round"]):
        raise IllegalAction.of(R.PULL_NEXT_ROUND(), "COC-IMPALE-5")
    if c["round"].get("attacks", 0):
        raise IllegalAction.of(R.PULL_TAKES_ATTACK(), "COC-IMPALE-5")
    cards = pay_cost(state, c, 1, "pulling the weapon out")
    chance = lit(state, skill(c, str(weapon["skill"])))  # COC-DARK-1/-2
    roll = dice.roll(100, "pull out d100")
    ok = succeeds(chance, roll, *auto_rules(state))
    w.add_round(c["id"], "attacks", 1)
    if ok:
        w.set(c["id"], "stuck", None)
    take_turn(w, c["id"], cards)
    verdict = T.PULLED_FREE() if ok else T.STILL_STUCK()
    text = T.PULLS(name=c["name"], weapon=weapon["name"], roll=roll, chance=chance, verdict=verdict)
    w.emit("weapon.pulled", text, actor=c["id"], success=ok)
    return w.events


def put_out(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-FIRE-5: the victim's Luck or anyone's First Aid puts burning clothes out (1 action)."""
    c = require_turn(state, action.actor)
    victim = combatant_at(state, str_param(action.params, "target", c["id"]))
    if not victim.get("on_fire"):
        raise IllegalAction.of(R.NOT_ON_FIRE(name=victim["name"]), "COC-FIRE-5")
    which = "luck" if victim["id"] == c["id"] else "first_aid"
    which = str_param(action.params, "skill", which)
    if which not in FLAME_SKILLS:
        raise IllegalAction.of(R.ONE_OF(choices=", ".join(FLAME_SKILLS)), "COC-FIRE-5")
    if not may_fight_flames(which, own=victim["id"] == c["id"]):
        raise IllegalAction.of(R.LUCK_IS_THE_VICTIMS(), "COC-FIRE-5")
    cards = pay_cost(state, c, 1, "putting the fire out")
    chance = skill(c, which)
    w = Working(state, dice)
    roll = dice.roll(100, f"{which.replace('_', ' ')} d100")
    ok = succeeds(chance, roll, *auto_rules(state))
    if ok:
        w.set(victim["id"], "on_fire", False)
    take_turn(w, c["id"], cards)
    text = T.BEATS_FLAMES(
        name=c["name"],
        victim=victim["name"],
        skill=L.skill_word(which, spoken=True),
        roll=roll,
        chance=chance,
        verdict=T.FIRE_OUT() if ok else T.STILL_BURNING(),
    )
    w.emit("fire.fought", text, actor=c["id"], target=victim["id"])
    return w.events


def clear_jam(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-MAL-4: 96-00 ruins the weapon; else a skill roll clears it (takes the round)."""
    c = require_turn(state, action.actor)
    weapon = weapon_of(c, str_param(action.params, "weapon"))
    if not c["weapons"][weapon["key"]].get("jammed"):
        raise IllegalAction.of(R.NOT_JAMMED(weapon=weapon["name"]))
    cards = pay_cost(state, c, ALL, "clearing a jam")
    w = Working(state, dice)
    rounds = dice.roll(6, "jam clearing time 1d6 rounds")
    chance = jam_chance(skill(c, "mechanical_repair"), skill(c, str(weapon["skill"])))
    roll = dice.roll(100, "clear jam d100")
    key = weapon["key"]
    outcome = jam_outcome(roll, chance)
    if outcome == "ruined":
        w.weapon(c["id"], key, "broken", True)
        verdict = T.RUINED()
    elif outcome == "cleared":
        w.weapon(c["id"], key, "jammed", False)
        verdict = T.CLEARED()
    else:
        verdict = T.STILL_JAMMED()
    take_turn(w, c["id"], cards)
    text = T.WORKS_JAM(name=c["name"], rounds=rounds, roll=roll, chance=chance, verdict=verdict)
    w.emit("weapon.unjammed", text, actor=c["id"], weapon=key)
    return w.events


def first_aid(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-HEAL-4, DG-HEAL-1, DG-WOUND-9: First Aid (or Medicine) takes the rest of the round."""
    c = require_turn(state, action.actor)
    params = action.params
    wound = str(params.get("wound") or "")
    if wound:
        target_id, _, loc = wound.partition(":")
        patient = combatant_at(state, target_id)
    else:
        patient = combatant_at(state, str_param(params, "target", c["id"]))
        loc = str_param(params, "location")
    if loc not in LOCATIONS:
        raise IllegalAction.of(R.UNKNOWN_LOCATION_KEY(location=repr(loc)))
    which = str_param(params, "skill", "first_aid")
    if which not in ("first_aid", "medicine"):
        raise IllegalAction.of(R.FIRST_AID_OR_MEDICINE())
    cards = cards_left(c)
    if is_immobile(c) and patient["id"] != c["id"]:
        raise IllegalAction.of(R.CHEST_TREATS_ITSELF(), "DG-WOUND-3")
    if is_incapacitated(c) and patient["id"] != c["id"]:
        raise IllegalAction.of(R.INCAPACITATED_TREATS_ITSELF(), "DG-WOUND-6")
    w = Working(state, dice)
    lines = treatment(w, c, patient, loc, which, dice)
    take_turn(w, c["id"], cards)
    w.emit("wound.treated", L.semi(lines), actor=c["id"], target=patient["id"], location=loc)
    return w.events


def patient_of(params: Mapping[str, Any]) -> str:
    """The combatant a First Aid or Medicine form treats: the wound's ("target:location") or
    its target field's; "" for the actor (SCENE-REACH-2 reads it)."""
    wound = str(params.get("wound") or "")
    return wound.partition(":")[0] if wound else str(params.get("target") or "")


def touch_missed(state: Json, action: Action, dice: Dice, line: Msg) -> list[Event]:
    """SCENE-REACH-2 / SCENE-HIDE-3: First Aid, Medicine or putting out flames at a GM-only
    token on no square next to the actor's: its cost spent (the rest of the round, or one
    action), nothing done, the line saying so (no square named)."""
    c = require_turn(state, action.actor)
    if action.kind == "put_out":
        cards = pay_cost(state, c, 1, "putting the fire out")
    else:
        cards = cards_left(c)
    w = Working(state, dice)
    take_turn(w, c["id"], cards)
    target = str(patient_of(action.params))
    w.emit("scene.unmet", line, attacker=c["id"], target=target, unmet="touch")
    return w.events


def skill_use(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-ACT-6, DG-ARM-2, DG-MOVE-2: any other skill roll costs 1 action."""
    c = require_turn(state, action.actor)
    name = str_param(action.params, "skill")
    light = state.get("light", "normal")
    if impossible_in(light, name, state.get("dark_impossible", ())):
        raise IllegalAction.of(R.IMPOSSIBLE_IN_DARK(skill=L.skill_word(name)), "COC-DARK-3")
    cards = pay_cost(state, c, action_cost(state, "skill"), "a skill roll")
    chance = skill(c, name)
    if c["round"].get("ran"):
        chance -= int(settings_of(state).run_penalty)

    if name == "hide" and state.get("confined") and "close_quarters" in c["sheet"]["edges"]:
        chance += 20  # DG-EDGE-4
    vest = vest_of(c)
    if vest and name in VEST_SKILLS and vest.penalty:
        chance -= vest.penalty
    # COC-DARK-1/-2: the scene's dim light halves every skill chance, darkness makes it 01
    chance = in_light(chance, light, bool(settings_of(state).min_chance_after_division))
    w = Working(state, dice)
    roll = dice.roll(100, f"{name} d100")
    ok = succeeds(chance, roll, *auto_rules(state))
    said_light = {"dim": T.DIM_HALVES(), "dark": T.DARK_01()}.get(light, "")
    text = T.ROLLS(
        name=c["name"],
        skill=L.skill_word(name),
        roll=roll,
        chance=chance,
        light=said_light,
        verdict=T.SUCCESS() if ok else T.FAILURE(),
    )
    take_turn(w, c["id"], cards)
    w.emit("skill.rolled", text, actor=c["id"], skill=name, success=ok)
    return w.events


def pass_turn(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-INIT-2: passing turns down one card."""
    c = require_turn(state, action.actor)
    w = Working(state, dice)
    take_turn(w, c["id"], 1)
    w.emit("turn.passed", T.PASSES(name=c["name"]), actor=c["id"])
    return w.events


def delay(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-INIT-2: act later in the same pass (not in a later pass)."""
    c = require_turn(state, action.actor)
    if not settings_of(state).allow_delay:
        raise IllegalAction.of(R.DELAY_OFF(), "DG-INIT-2")
    if c["id"] in state["delayed"]:
        raise IllegalAction.of(R.ALREADY_DELAYED(name=c["name"]))
    others = [
        cid
        for cid in state["order"]
        if cid != c["id"]
        and cid not in state["acted"]
        and cid not in state["delayed"]
        and eligible(state, cid)
    ]
    if not others:
        raise IllegalAction.of(R.NOBODY_LEFT())
    w = Working(state, dice)
    w.delay(c["id"])
    w.emit("turn.delayed", T.DELAYS(name=c["name"]), actor=c["id"])
    return w.events
