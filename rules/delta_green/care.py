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
from rules.core.messages import Msg
from rules.core.system import Json
from rules.delta_green import log_gm as G
from rules.delta_green import log_messages as L
from rules.delta_green import refusals as R
from rules.delta_green.combat import (
    auto_rules,
    is_suppression,
    lit,
    own_penalties,
    skill,
)
from rules.delta_green.messages import C_FIRST_AID, C_MEDICINE
from rules.delta_green.settings import settings_of
from rules.delta_green.state import (
    loc_threshold,
)
from rules.delta_green.working import Working


def treatment(
    w: Working,
    healer: Mapping[str, Any],
    patient: Mapping[str, Any],
    loc: str,
    which: str,
    dice: Dice,
) -> list[Msg | None]:
    """DG-HEAL-1/-4: roll the skill; First Aid heals 1d3 once a wound; both stabilise."""
    state = w.state
    taken = int(patient["damage"][loc])
    if taken <= 0 and loc not in patient["bleeding"]:
        refusal = R.NOT_WOUNDED(name=patient["name"], location=L.location(loc))
        raise IllegalAction.of(refusal)
    if which == "first_aid" and loc in patient["first_aided"]:
        raise IllegalAction.of(R.FIRST_AID_ONCE(), "DG-HEAL-4")
    chance = skill(healer, which)
    if which != "medicine":
        chance += sum(v for label, v in own_penalties(state, healer) if not is_suppression(label))
    chance = lit(state, chance)  # COC-DARK-1/-2
    roll = dice.roll(100, f"{which.replace('_', ' ')} d100")
    name = C_FIRST_AID() if which == "first_aid" else C_MEDICINE()
    head = G.GIVES(
        healer=healer["name"], skill=name, patient=patient["name"], location=L.location(loc)
    )
    lines: list[Msg | None] = [head]
    pid = patient["id"]
    if which == "first_aid":
        w.list_add(pid, "first_aided", loc)
    if not succeeds(chance, roll, *auto_rules(state)):
        lines.append(G.TREATMENT_FAILED(roll=roll, chance=chance))
        return lines
    lines.append(G.BLEEDING_STOPPED(roll=roll, chance=chance))  # DG-WOUND-9 (AMB-DG-28)
    if patient.get("knocked_out"):  # COC-KO-6: First Aid or Medicine wakes a knocked-out victim
        w.set(pid, "knocked_out", False)
        lines.append(G.WAKES(name=patient["name"]))
    w.bleed_stop(pid, loc)
    w.treated(pid, loc)
    if which == "medicine" and needs_surgery(state, patient, loc):
        w.list_add(pid, "operated", loc)  # DG-HEAL-1
        lines.append(G.SURGERY_DONE())
    if which == "first_aid" and loc not in patient["maimed"] + patient["severed"]:
        heal = dice.roll(3, "First Aid 1d3")
        amount = min(heal, taken)
        w.heal(pid, amount, [loc])
        lines.append(G.FIRST_AID_HEALS(heal=heal, amount=amount))
    return lines


def poison_effects(
    w: Working, target: Mapping[str, Any], pending: list[Json], dice: Dice
) -> list[Msg | None]:
    """COC-POISON-2/-3/-6/-7: what the doses now taking effect do (to total HP only, DG-HP-4)."""
    lines: list[Msg | None] = []
    name = target["name"]
    for dose in pending:
        poison = POISONS[dose["poison"]]
        said = G.poison_name(dose["poison"])
        wins = bool(dose["wins"])
        if poison.effect == "incapacitating":
            if not wins:
                lines.append(G.POISON_RESISTED(name=name, poison=said))
                continue
            extra = dose["extra_hours"]
            longer = G.EXTRA_HOURS(hours=extra) if extra else ""
            w.set(target["id"], "knocked_out", True)
            asleep = G.asleep(poison.asleep)
            lines.append(G.POISON_ASLEEP(name=name, poison=said, asleep=asleep, longer=longer))
        else:
            amount = poison_damage(int(dose["potency"]), wins)
            w.damage(target["id"], amount)
            lines.append(G.POISON_HURTS(name=name, poison=said, amount=amount))
        if wins and int(dose["failure"]):  # COC-POISON-6 (AMB-COC-05)
            roll = dice.roll(100, "respiratory failure d100")
            if roll <= int(dose["failure"]):
                drowning = {"round": 0, "start": 6, "failed": False}
                w.set(target["id"], "drowning", drowning)
                lines.append(G.STOPS_BREATHING(roll=roll, failure=dose["failure"]))
            else:
                lines.append(G.BREATHES(roll=roll, failure=dose["failure"]))
    return lines


def needs_surgery(state: Mapping[str, Any], c: Mapping[str, Any], loc: str) -> bool:
    """DG-HEAL-1 (`dg.surgery_for`): whether this wound must be operated on before it heals;
    by default (AMB-DG-30) a location at 2x needs surgery, one at 1x heals without."""
    rule = settings_of(state).surgery_for
    if rule == "none":
        return False
    one, two = loc_threshold(c, loc)
    return two if rule == "2x" else one
