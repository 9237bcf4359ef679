"""Delta Green: the payload of each event kind it emits (rules/core/payloads.py).

docs/events.md is generated from them; every kind may also carry "changes", the state changes
the event makes."""

from __future__ import annotations

from typing import Any

from rules.core.payloads import kinds, opt, payload, req
from rules.scene import payloads as scene_payloads
from rules.scene import reading_payloads

PAYLOADS = kinds(
    *scene_payloads.SCHEMAS,  # the scene map's kinds (rules/scene/payloads.py)
    payload(
        "aim.started",
        "A combatant aims at a target.",
        actor=req(str, "the Agent or NPC who acts"),
        target=req(str, "the combatant it concerns"),
    ),
    payload(
        "aimed_shot.declared",
        "A combatant declares an aimed shot at a hit location.",
        actor=req(str, "the Agent or NPC who acts"),
        location=req(str, "the hit location"),
    ),
    payload(
        "attack.resolved",
        "An attack, from declaration to damage, as one event.",
        attacker=req(str, "the attacking combatant"),
        cards=req(int, "the action cards the attack costs"),
        chance=req(int, "the chance rolled against"),
        hits=req(list[dict[str, Any]], "each hit: target, location and damage"),
        mode=req(str, "the attack's mode (single, burst, melee, ...)"),
        results=req(list[str], "the outcome of each shot or target"),
        rounds=opt(int, "the rounds fired"),
        target=req(str, "the combatant it concerns"),
        walking=opt(bool, "whether the burst walks across targets"),
        weapon=req(str, "the weapon's key"),
        location=opt(str, "the hit location"),
        split=opt(list[dict[str, Any]], "each target of a split burst: target, rounds, chance"),
    ),
    payload(
        "choice.changed",
        "A combatant turns a standing choice on or off (auto-dodge, braving).",
        actor=req(str, "the Agent or NPC who acts"),
        value=req(bool, "the choice now (on or off)"),
    ),
    payload(
        "condition.set",
        "A condition is set on a combatant.",
        by=req(str, "who caused it (a combatant id, or the GM)"),
        target=req(str, "the combatant it concerns"),
    ),
    payload(
        "damage.applied",
        "The GM applies damage to a combatant.",
        by=req(str, "who caused it (a combatant id, or the GM)"),
        target=req(str, "the combatant it concerns"),
    ),
    payload(
        "edge.bought",
        "An edge is bought with points.",
        target=req(str, "the combatant it concerns"),
    ),
    payload("edge.granted", "The GM grants an edge.", target=req(str, "the combatant it concerns")),
    payload(
        "fire.fought",
        "A combatant fights a fire on a target.",
        actor=req(str, "the Agent or NPC who acts"),
        target=req(str, "the combatant it concerns"),
    ),
    payload(
        "hazard.applied",
        "The GM applies a hazard (fire, fall, explosion, ...).",
        hazard=req(str, "the hazard's kind (fire, fall, explosion, ...)"),
    ),
    payload(
        "healing.applied",
        "Healing is applied to a combatant.",
        by=req(str, "who caused it (a combatant id, or the GM)"),
        target=req(str, "the combatant it concerns"),
    ),
    payload(
        "mind.set",
        "The GM sets an agent's Willpower and Sanity (the seed plays no rules for them).",
        rule=req(str, "the rule ID that decided it"),
        target=req(str, "the combatant it concerns"),
        wp=req(int, "Willpower after it"),
        san=req(int, "Sanity after it"),
    ),
    payload("move.crawled", "A combatant crawls.", actor=req(str, "the Agent or NPC who acts")),
    payload(
        "move.ran",
        "A combatant runs.",
        actor=req(str, "the Agent or NPC who acts"),
        metres=req(float, "the metres run"),
    ),
    payload("move.walked", "A combatant walks.", actor=req(str, "the Agent or NPC who acts")),
    payload(
        "note.added",
        "The GM adds a note, public or private.",
        target=req(str | None, "the combatant the note is about, if any"),
    ),
    payload(
        "parry.declared",
        "A combatant declares a parry against an attacker.",
        actor=req(str, "the Agent or NPC who acts"),
        attacker=req(str, "the attacking combatant"),
    ),
    payload("pass.advanced", "The action pass advances."),
    payload(
        "poison.took_effect",
        "A poison takes effect.",
        target=req(str, "the combatant it concerns"),
    ),
    payload(
        "pow.rolled",
        "A POW roll (gaining POW).",
        chance=req(int, "the chance (POW x5)"),
        target=req(str, "the combatant it concerns"),
    ),
    payload(
        "research.finished",
        "A week of research ends.",
        student=req(str, "the combatant who trained or researched"),
        success=req(bool, "whether the roll succeeded"),
    ),
    payload(
        "resistance.rolled",
        "A resistance roll.",
        actor=req(str, "the Agent or NPC who acts"),
        chance=req(int, "the chance rolled against"),
        success=req(bool, "whether the roll succeeded"),
    ),
    payload("round.ended", "A round ends.", round=req(int, "the round's number")),
    payload(
        "round.started",
        "A round begins: initiative and order set.",
        order=req(list[str], "the combatants in initiative order, by id"),
        round=req(int, "the round's number"),
    ),
    payload(
        "scene.changed",
        "The GM changes the scene (light, who sees whom).",
        light=opt(str, "the light now"),
        target=opt(str, "the combatant it concerns"),
    ),
    payload(
        "silencer.fitted",
        "A silencer is fitted to a weapon.",
        target=req(str, "the combatant it concerns"),
        weapon=req(str, "the weapon's key"),
    ),
    payload(
        "skill.rolled",
        "A skill roll.",
        actor=req(str, "the Agent or NPC who acts"),
        skill=req(str, "the skill rolled or trained"),
        success=req(bool, "whether the roll succeeded"),
    ),
    payload("stance.changed", "A combatant gets up.", actor=req(str, "the Agent or NPC who acts")),
    payload(
        "suppression.braved",
        "A combatant braves suppressive fire.",
        actor=req(str, "the Agent or NPC who acts"),
        attacker=req(str, "the attacking combatant"),
        hits=req(list[dict[str, Any]], "each hit: target, location and damage"),
        result=req(str, "the outcome (hit, miss, malfunction, ...)"),
    ),
    payload(
        "suppression.resolved",
        "Suppressive fire is resolved over an area.",
        attacker=req(str, "the attacking combatant"),
        cards=opt(int, "the action cards the attack costs"),
        hits=req(list[dict[str, Any]], "each hit: target, location and damage"),
        results=req(dict[str, Any], "each target's outcome, by id"),
        rounds=opt(int, "the rounds fired"),
        x=req(int, "the suppression area's width"),
    ),
    payload(
        "target.located",
        "A roll to locate a hidden target.",
        actor=req(str, "the Agent or NPC who acts"),
        success=req(bool, "whether the roll succeeded"),
        target=req(str, "the combatant it concerns"),
    ),
    payload(
        "training.finished",
        "Training ends: the skill or characteristic it raised.",
        hours=req(int, "the hours of training"),
        skill=opt(str, "the skill rolled or trained"),
        student=req(str, "the combatant who trained or researched"),
        weeks=opt(int, "the weeks of training"),
        char=opt(str, "the characteristic trained"),
        gain=opt(int, "the points the characteristic gains"),
    ),
    payload(
        "turn.delayed",
        "A combatant delays their turn.",
        actor=req(str, "the Agent or NPC who acts"),
    ),
    payload(
        "turn.held",
        "A combatant holds their turn to a rank.",
        actor=req(str, "the Agent or NPC who acts"),
        rank=req(int, "the rank the turn is held at"),
    ),
    payload("turn.passed", "A combatant passes.", actor=req(str, "the Agent or NPC who acts")),
    payload(
        "vest.spotted",
        "A roll whether a hidden vest is spotted.",
        observer=req(str, "the combatant who looks"),
        success=req(bool, "whether the roll succeeded"),
    ),
    payload("weapon.accident", "A weapon accident.", target=req(str, "the combatant it concerns")),
    payload(
        "weapon.drawn",
        "A weapon is drawn.",
        actor=req(str, "the Agent or NPC who acts"),
        weapon=req(str, "the weapon's key"),
    ),
    payload(
        "weapon.holstered",
        "A weapon is holstered.",
        actor=req(str, "the Agent or NPC who acts"),
    ),
    payload(
        "weapon.pulled",
        "A roll to pull a stuck weapon out.",
        actor=req(str, "the Agent or NPC who acts"),
        success=req(bool, "whether the roll succeeded"),
    ),
    payload(
        "weapon.quick_drawn",
        "A quick-draw roll.",
        actor=req(str, "the Agent or NPC who acts"),
        success=req(bool, "whether the roll succeeded"),
    ),
    payload(
        "weapon.released",
        "A combatant lets go of a stuck weapon.",
        actor=req(str, "the Agent or NPC who acts"),
    ),
    payload(
        "weapon.reloaded",
        "A weapon is reloaded.",
        actor=req(str, "the Agent or NPC who acts"),
        weapon=req(str, "the weapon's key"),
    ),
    payload(
        "weapon.unjammed",
        "A jammed weapon is cleared.",
        actor=req(str, "the Agent or NPC who acts"),
        weapon=req(str, "the weapon's key"),
    ),
    payload("week.passed", "A week passes (healing, training)."),
    payload(
        "wound.treated",
        "A wound is treated.",
        actor=req(str, "the Agent or NPC who acts"),
        target=req(str, "the combatant it concerns"),
        location=opt(str, "the hit location"),
    ),
    payload(
        "check.rolled",
        "A check by skill or characteristic name (issue 38), open or hidden.",
        chance=req(int, "the chance rolled against"),
        hidden=req(bool, "whether only the agent's holder and the GM read it"),
        level=req(str, "critical, success, failure or fumble"),
        roll=req(int, "the d100 rolled"),
        skill=req(str, "the sheet key of the skill or characteristic"),
        who=req(str, "the agent who checks"),
    ),
    payload(
        "sanity.checked",
        "A SAN roll with loss notation (.sc 1/1d6) and the SAN lost.",
        chance=req(int, "the SAN rolled against"),
        level=req(str, "critical, success, failure or fumble"),
        loss=req(int, "the sanity points lost"),
        roll=req(int, "the d100 rolled"),
        san=req(int, "the SAN left"),
        who=req(str, "the agent who rolls"),
    ),
    payload(
        "opposed.rolled",
        "An opposed check between two agents or an agent and an NPC.",
        against=req(str, "the combatant opposing"),
        who=req(str, "the agent who checks"),
        winner=req(str, "the winner's id, or empty when neither wins"),
    ),
    payload(
        "values.set",
        "Sheet values set in one line (.st).",
        who=req(str, "the agent whose sheet changes"),
    ),
    payload(
        "skill.grown",
        "A marked skill's growth between sessions.",
        gain=req(int, "the points gained"),
        roll=req(int, "the growth die rolled"),
        skill=req(str, "the skill grown"),
        who=req(str, "the agent who grows"),
    ),
    *reading_payloads.SCHEMAS,
)

# The effects resolvers put under "ops" while an action resolves; `settle` turns them into the
# event's changes before resolve returns (rules/delta_green/effects.py), so no event leaves with
# them (the check at resolve's end refuses one that does).
WORKING = frozenset({"ops"})
