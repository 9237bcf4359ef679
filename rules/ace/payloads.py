"""Ace Evolution: the payload of each event kind it emits (rules/core/payloads.py).

docs/events.md is generated from them; every kind may also carry "changes", the state changes
the event makes."""

from __future__ import annotations

from typing import Any

from rules.core.payloads import kinds, opt, payload, req
from rules.scene import payloads as scene_payloads
from rules.scene import reading_payloads

PAYLOADS = kinds(
    *scene_payloads.SCHEMAS,  # the scene map's kinds (rules/scene/payloads.py)
    payload("absorption.set", "The GM sets a combatant's damage absorption."),
    payload(
        "ambush.opened",
        "An ambush opens the fight: the ambushers act first.",
        rule=req(str, "the rule ID that decided it"),
    ),
    payload("area.struck", "An area attack strikes everyone in it."),
    payload(
        "attack.assassination",
        "An attack from hiding on an unaware target (assassination).",
        stealth=req(dict[str, Any], "the stealth contest: who looked, the rolls and the outcome"),
    ),
    payload(
        "attack.declared",
        "An attack is declared; the target may be asked to defend.",
        pending=opt(dict[str, Any], "the question waiting for an answer (kind, who, the attack)"),
    ),
    payload(
        "attack.hit",
        "An attack hits.",
        hit=req(dict[str, Any], "the attack roll: attacker, target, dice, successes, defence"),
    ),
    payload(
        "attack.killed",
        "An attack kills its target.",
        rule=req(str, "the rule ID that decided it"),
        damage=opt(dict[str, Any], "the damage: target, dice, total, armour and what it did"),
    ),
    payload(
        "attack.missed",
        "An attack misses.",
        hit=req(dict[str, Any], "the attack roll: attacker, target, dice, successes, defence"),
    ),
    payload("attribute.set", "The GM sets an attribute."),
    payload(
        "check.asked",
        "A check is asked of a combatant.",
        pending=req(dict[str, Any], "the question waiting for an answer (kind, who, the attack)"),
    ),
    payload("check.refused", "An asked check is declined."),
    payload(
        "check.rolled",
        "A check is rolled.",
        check=req(dict[str, Any], "the check's dice, successes and difficulty"),
    ),
    payload(
        "check.settled",
        "An extended check is settled.",
        successes=req(int, "the successes reached"),
    ),
    payload(
        "command.declared",
        "A combat command is declared (charge, defend, ...).",
        command=req(str, "the command given (charge, defend, ...)"),
        rule=opt(str, "the rule ID that decided it"),
        metres=opt(int, "the metres moved"),
    ),
    payload("condition.set", "The GM sets a condition."),
    payload(
        "cover.set",
        "A combatant's cover changes.",
        rule=opt(str, "the rule ID that decided it"),
    ),
    payload(
        "damage.dealt",
        "Damage is dealt to a combatant.",
        damage=opt(dict[str, Any], "the damage: target, dice, total, armour and what it did"),
        rule=req(str, "the rule ID that decided it"),
    ),
    payload(
        "disarm.failed",
        "A disarm attempt fails.",
        contest=req(dict[str, Any], "the opposed roll: both sides' dice and successes"),
    ),
    payload(
        "grapple.contested",
        "A grapple is contested.",
        hit=req(dict[str, Any] | None, "the attack roll that started the grapple, if any"),
        pending=opt(dict[str, Any], "the question waiting for an answer (kind, who, the attack)"),
    ),
    payload(
        "grapple.ended",
        "A grapple ends.",
        contest=opt(dict[str, Any], "the opposed roll: both sides' dice and successes"),
    ),
    payload(
        "grapple.held",
        "A grapple is held.",
        contest=req(dict[str, Any], "the opposed roll: both sides' dice and successes"),
    ),
    payload(
        "grapple.missed",
        "A grapple attempt misses.",
        hit=req(dict[str, Any], "the attack roll: attacker, target, dice, successes, defence"),
    ),
    payload(
        "grapple.moved",
        "A grappler moves the one held.",
        contest=opt(dict[str, Any], "the opposed roll, if one decided it"),
        metres=req(int, "the metres moved"),
    ),
    payload(
        "grapple.pinned",
        "The one held is pinned.",
        contest=req(dict[str, Any], "the opposed roll: both sides' dice and successes"),
    ),
    payload(
        "grapple.resisted",
        "The one held resists.",
        contest=req(dict[str, Any], "the opposed roll: both sides' dice and successes"),
    ),
    payload(
        "grapple.started",
        "A grapple starts.",
        contest=req(dict[str, Any], "the opposed roll: both sides' dice and successes"),
    ),
    payload(
        "grapple.struck",
        "A grappler strikes the one held.",
        contest=req(dict[str, Any], "the opposed roll: both sides' dice and successes"),
    ),
    payload(
        "grapple.unpinned",
        "The one pinned gets free of the pin.",
        contest=req(dict[str, Any], "the opposed roll: both sides' dice and successes"),
    ),
    payload("hp.healed", "The GM heals a combatant."),
    payload(
        "item.damaged",
        "An item loses durability.",
        contest=req(dict[str, Any], "the opposed roll: both sides' dice and successes"),
        item_damage=req(int, "the durability the item loses"),
    ),
    payload(
        "item.used",
        "The GM marks an item used up, or dropped and left behind (the whole stack).",
        rule=req(str, "the rule ID that decided it"),
        target=req(str, "the combatant who held it"),
        item=req(str, "the item's name"),
        used=req(int, "how many of it are gone"),
        left=req(int, "how many are left (0: it leaves the combatant's items)"),
        lost=req(bool, "whether it was dropped and left behind rather than used"),
    ),
    payload(
        "mark.drop",
        "A reincarnator slain by a hostile one may drop an item from the Mark (d100).",
        dropped=req(bool, "whether an item drops from the Mark"),
        rule=req(str, "the rule ID that decided it"),
    ),
    payload(
        "mark.hint",
        "A hint bought from the Mark with points.",
        rule=req(str, "the rule ID that decided it"),
    ),
    payload("mark.selected", "A combatant reaches into the Mark for an item."),
    payload("mark.stored", "A combatant stores an item in the Mark."),
    payload("mark.taken", "A combatant takes an item out of the Mark."),
    payload("moved", "A combatant moves.", metres=req(int, "the metres moved")),
    payload("prompt.expired", "A waiting question ran out of time."),
    payload("prone.changed", "A combatant goes prone or stands up."),
    payload("rest.taken", "Everyone rests; attributes are restored."),
    payload("round.advanced", "The round advances."),
    payload(
        "round.started",
        "A round begins: initiative rolled and the order set.",
        order=req(list[str], "the combatants in initiative order, by id"),
        rolled=req(dict[str, Any], "each combatant's initiative roll, by id"),
    ),
    payload("scan.toggled", "A combatant's mental scan starts or lapses."),
    payload(
        "secret.revealed",
        "A secret is revealed.",
        secret=req(int, "the secret's index in the state's secrets"),
    ),
    payload(
        "secret.rolled",
        "A secret check is rolled (the GM alone sees it).",
        check=req(dict[str, Any], "the check's dice, successes and difficulty"),
    ),
    payload("skill.set", "The GM sets a skill."),
    payload("spi.spent", "A combatant spends SPI to stay conscious."),
    payload(
        "stealth.spotted",
        "A hiding combatant is spotted.",
        stealth=req(dict[str, Any], "the stealth contest: who looked, the rolls and the outcome"),
    ),
    payload(
        "stealth.unseen",
        "A hiding combatant stays unseen.",
        stealth=req(dict[str, Any], "the stealth contest: who looked, the rolls and the outcome"),
    ),
    payload(
        "sunder.failed",
        "A sunder attempt fails.",
        contest=req(dict[str, Any], "the opposed roll: both sides' dice and successes"),
    ),
    payload("task.adjusted", "The GM adjusts a task."),
    payload(
        "task.opened",
        "A task is opened.",
        task=req(dict[str, Any], "the task (its index when rolled, the whole task when opened)"),
    ),
    payload(
        "task.rolled",
        "A roll toward a task.",
        check=req(dict[str, Any], "the check's dice, successes and difficulty"),
        task=req(int, "the task (its index when rolled, the whole task when opened)"),
    ),
    payload("task.warned", "A task's warning: its ones come close to the DC."),
    payload("turn.ended", "A combatant's turn ends."),
    payload("turn.started", "A combatant's turn begins."),
    payload(
        "weapon.dropped",
        "A weapon is dropped (a disarm).",
        contest=req(dict[str, Any], "the opposed roll: both sides' dice and successes"),
    ),
    payload("weapon.picked_up", "A weapon is picked up."),
    payload(
        "weapon.taken",
        "A weapon is taken from its holder.",
        contest=req(dict[str, Any], "the opposed roll: both sides' dice and successes"),
    ),
    *reading_payloads.SCHEMAS,
)
