"""Treatment shared by the turn and the GM: First Aid and surgery, poison effects (DG-HEAL-*)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.brp.core import (
    succeeds,
)
from rules.brp.hazards import POISONS, poison_damage
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.system import Json
from rules.delta_green.combat import (
    auto_rules,
    own_penalties,
    skill,
)
from rules.delta_green.settings import settings_of
from rules.delta_green.state import (
    loc_threshold,
)
from rules.delta_green.tables import (
    LOCATION_NAMES,
)


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
    if not succeeds(chance, roll, *auto_rules(state)):
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
