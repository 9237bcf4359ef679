"""Delta Green parries: the weapon that parries, the parry roll, parrying by grappling."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.brp.core import succeeds
from rules.brp.melee import grapple_refused, parry_answers
from rules.core.dice import Dice
from rules.core.messages import Msg
from rules.delta_green import log_messages as L
from rules.delta_green.combat import auto_rules, defence_card, defence_chance, lit
from rules.delta_green.messages import PURPOSE_PARRY
from rules.delta_green.settings import settings_of
from rules.delta_green.state import able
from rules.delta_green.working import Working


def try_parry(
    w: Working,
    defender_id: str,
    attacker: Mapping[str, Any],
    dice: Dice,
    attack_weapon: Mapping[str, Any] | None = None,
) -> tuple[bool, list[Msg]]:
    """COC-PARRY-2/-3, DG-ACT-5: a parry declared against this attacker, once per round."""
    scratch = w.state
    defender = scratch["combatants"][defender_id]
    used = bool(defender["round"].get("parried"))
    if not parry_answers(defender["parry_vs"], attacker["id"], used):
        return False, []
    if not able(defender):
        return False, []
    weapon = parrying_weapon(scratch, defender)
    skill_name = str(weapon["skill"]) if weapon else "fist"
    w.set_round(defender_id, "parried", True)
    grappling = bool(defender.get("parry_grapple"))  # COC-PARRY-9
    held = "grapple" if grappling else weapon["key"] if weapon else "fist"
    w.set_round(defender_id, "parried_with", held)
    defence_card(w, defender)
    armed = attack_weapon is not None and attack_weapon["kind"] != "unarmed"
    knife = attack_weapon is not None and attack_weapon["kind"] == "knife"
    trained = knife and "improved_hand_to_hand" in defender["sheet"]["edges"]  # DG-EDGE-6
    if grappling:
        return _grapple_parry(w, defender, attacker, attack_weapon, dice)
    if skill_name == "fist" and armed and not trained:  # COC-PARRY-6: bare hands vs a weapon
        return False, [L.BARE_HANDED(name=defender["name"])]
    chance = defence_chance(scratch, defender, attacker, skill_name)
    edges = defender["sheet"]["edges"]
    if "hand_to_hand" in edges and skill_name == "fist":
        chance += 10  # DG-EDGE-5
    if trained:
        chance += 10  # DG-EDGE-6: +10 Parry against knives, stacking with Hand-to-Hand
    if scratch.get("confined") and "close_quarters" in edges:
        chance += 10  # DG-EDGE-4
    chance = lit(scratch, chance)  # COC-DARK-1/-2
    roll = dice.roll(100, PURPOSE_PARRY.english)
    ok = succeeds(chance, roll, *auto_rules(scratch))
    verdict = L.PARRIED() if ok else L.FAILED()
    return ok, [L.PARRIES(name=defender["name"], roll=roll, chance=chance, verdict=verdict)]


def parrying_weapon(state: Mapping[str, Any], defender: Mapping[str, Any]) -> Any:
    """COC-PARRY-6..-8, COC-TWOWEAP-1: the held weapon that may parry now, else None (hands).

    Main hand first, then the other hand. A melee weapon that attacked this round parries only
    if it is a sword (`dg.attack_and_parry`); a long gun parries only if it has not fired."""
    rnd = defender["round"]
    stuck = (defender.get("stuck") or {}).get("weapon")  # COC-IMPALE-5: a stuck weapon is lost
    swords_only = settings_of(state).attack_and_parry == "swords_only"
    for key in (defender["in_hand"], defender.get("off_hand")):
        if not key or key == stuck:
            continue
        weapon = next((w for w in defender["sheet"]["weapons"] if w["key"] == key), None)
        slot = defender["weapons"].get(key, {})
        if weapon is None or slot.get("broken") or slot.get("disabled"):
            continue
        if weapon["kind"] == "firearm":
            if weapon.get("can_parry") and not rnd.get("shots", {}).get(key):  # COC-PARRY-8
                return weapon
            continue
        if swords_only and key in rnd.get("melee_with", ()) and not weapon.get("sword"):
            continue  # COC-PARRY-7
        return weapon
    return None


def _grapple_parry(
    w: Working,
    defender: Mapping[str, Any],
    attacker: Mapping[str, Any],
    attack_weapon: Mapping[str, Any] | None,
    dice: Dice,
) -> tuple[bool, list[Msg]]:
    """COC-PARRY-9: two Grapple rolls, both successful, parry one attack; against a weapon only
    a touch-range one, and only by a parrier with the higher DEX (COC-PARRY-6)."""
    scratch = w.state
    name = defender["name"]
    if attack_weapon is not None and attack_weapon["kind"] != "unarmed":
        refused = grapple_refused(
            attack_weapon, int(defender["sheet"]["dex"]), int(attacker["sheet"]["dex"])
        )
        if refused == "not_touch":
            return False, [L.NOT_TOUCH(name=name, weapon=attack_weapon["name"])]
        if refused == "not_quicker":
            return False, [L.NOT_QUICKER(name=name, attacker=attacker["name"])]
    chance = lit(scratch, defence_chance(scratch, defender, attacker, "grapple"))
    rolls = [dice.roll(100, "grapple parry d100 (contact)")]
    ok = succeeds(chance, rolls[0], *auto_rules(scratch))
    if ok:
        rolls.append(dice.roll(100, "grapple parry d100 (seize)"))
        ok = succeeds(chance, rolls[1], *auto_rules(scratch))
    verdict = L.PARRIED() if ok else L.FAILED()
    said = L.GRAPPLE_PARRIES(name=name, rolls=rolls, chance=chance, verdict=verdict)
    return ok, [said]
