"""Hit points: wounds, shock, unconsciousness, dying and death, healing (COC-HP-*, COC-HEAL-1)."""

from __future__ import annotations

from rules.brp.core import DamageDice
from rules.brp.hazards import severe_burn
from rules.coc import messages as m
from rules.coc.checks import d100
from rules.coc.state import Script, cset, current_slot, settings_of, status
from rules.core.messages import Msg
from rules.core.system import EVERYONE, Json


def ko_rounds(script: Script, purpose: str) -> tuple[int, int]:
    """COC-KO-3 (AMB-COC-11): minutes unconscious (1d6 by default) and the rounds they make."""
    expr = settings_of(script.state).ko_minutes
    minutes, _ = DamageDice.parse(expr).roll(script.dice, purpose)
    minutes = max(1, minutes)
    return minutes, minutes * settings_of(script.state).rounds_per_minute


def down_at(script: Script, ident: str) -> list[object]:
    """COC-ROUND-1: who falls at the rank now acting still acts at that rank (ties simultaneous)."""
    slot = current_slot(script.state)
    return cset(ident, "down_at", [script.state["round"], slot["rank"] if slot else None])


def hp_secret(c: Json, unseen: Msg) -> tuple[str, Msg | None]:
    """The audience and redacted line of an HP change: an investigator's HP are open to the
    table; a creature's or NPC's are the Keeper's (and its controller's), as its sheet is."""
    if c["side"] == "investigators":
        return EVERYONE, None
    return f"actor:{c['id']}", unseen


def hurt(script: Script, ident: str, amount: int, *, burn: bool = False, shock: bool = True) -> int:
    """COC-DMG-1: lose HP as one wound; then shock, unconsciousness or dying as they fall due."""
    c = script.c(ident)
    if amount <= 0:
        script.emit("damage.taken", m.NO_DAMAGE(target=c["name"]), target=ident, damage=0)
        return 0
    before = status(c)
    hp_before = c["hp"]
    hp = hp_before - amount
    wound = {"n": len(c["wounds"]) + 1, "damage": amount, "aided": False}
    changes = [cset(ident, "hp", hp), cset(ident, "wounds", [*c["wounds"], wound])]
    if burn:
        changes.append(cset(ident, "burned", c["burned"] + amount))
    if before == "ok" and status({**c, "hp": hp}) != "ok":
        changes.append(down_at(script, ident))
    script.emit(
        "damage.taken",
        m.DAMAGE_TAKEN(target=c["name"], damage=amount, hp=hp),
        changes,
        *hp_secret(c, m.DAMAGE_TAKEN_UNSEEN(target=c["name"], damage=amount)),
        target=ident,
        damage=amount,
    )
    c = script.c(ident)
    now = status(c)
    if now == "dying" and c["dying_round"] is None:
        dies = script.state["round"] + 1
        script.emit(
            "combatant.dying",
            m.DYING(target=c["name"], round=dies),
            [cset(ident, "dying_round", script.state["round"])],
            target=ident,
        )
    elif now == "unconscious" and before == "ok" and c["hp"] <= 2:
        script.emit("combatant.unconscious", m.UNCONSCIOUS(target=c["name"]), target=ident)
    elif shock and now == "ok" and settings_of(script.state).shock_rule and 2 * amount >= hp_before:
        _shock(script, ident)
    if burn:
        _severe_burn(script, ident, c["burned"] - amount, amount)
    return amount


def _shock(script: Script, ident: str) -> None:
    """COC-HP-2: half or more of the current HP in one wound: CON x5 or pass out."""
    c = script.c(ident)
    chance = c["con"] * 5
    roll, ok = d100(script, chance, f"shock CON x5 for {ident}")
    if ok:
        result = m.SHOCK_OK()
        changes = []
    else:
        minutes, rounds = ko_rounds(script, f"shock minutes for {ident}")
        result = m.SHOCK_FAIL(minutes=minutes)
        changes = [cset(ident, "ko_rounds", rounds), down_at(script, ident)]
    script.emit(
        "combatant.shocked",
        m.SHOCK(target=c["name"], roll=roll, chance=chance, result=result),
        changes,
        target=ident,
        roll=roll,
    )


def _severe_burn(script: Script, ident: str, before: int, now: int) -> None:
    """COC-FIRE-2 (AMB-COC-04): burns past half the HP: Luck, or lose 1D3 CON and APP for good."""
    c = script.c(ident)
    if not settings_of(script.state).burn_stat_loss:
        return
    if not severe_burn(before, now, c["sheet"]["hp_max"]):
        return
    roll, ok = d100(script, c["luck"], f"burn Luck for {ident}")
    script.emit(
        "burn.checked",
        m.BURN_LUCK(
            target=c["name"], roll=roll, chance=c["luck"], result=m.SUCCESS() if ok else m.FAILURE()
        ),
        target=ident,
        roll=roll,
    )
    if ok:
        return
    con = script.dice.roll(3, f"CON lost to burns by {ident}")
    app = script.dice.roll(3, f"APP lost to burns by {ident}")
    script.emit(
        "burn.scarred",
        m.BURN_SCARS(target=c["name"], con=con, app=app),
        [cset(ident, "con", max(0, c["con"] - con)), cset(ident, "app", max(0, c["app"] - app))],
        target=ident,
        con=con,
        app=app,
    )


def heal(script: Script, ident: str, amount: int) -> None:
    """Raise HP (never above the maximum); waking and stabilising follow from the new HP."""
    c = script.c(ident)
    before = status(c)
    hp = min(c["sheet"]["hp_max"], c["hp"] + amount)
    changes = [cset(ident, "hp", hp)]
    if hp >= 1:
        changes.append(cset(ident, "dying_round", None))
    script.emit(
        "hp.healed",
        m.HEALED(target=c["name"], amount=hp - c["hp"], hp=hp),
        changes,
        *hp_secret(c, m.HEALED_UNSEEN(target=c["name"], amount=hp - c["hp"])),
        target=ident,
        amount=hp - c["hp"],
    )
    after = status(script.c(ident))
    if before == "dying" and after != "dying":
        script.emit("combatant.stable", m.STABLE(target=c["name"]), target=ident)
    if before in ("dying", "unconscious") and after == "ok":
        script.emit("combatant.woke", m.WOKE(target=c["name"]), target=ident)


def mend(wounds: list[Json], amount: int) -> list[Json]:
    """COC-HEAL-1: natural healing closes the oldest wounds first; a wound healed is gone."""
    left = []
    for wound in wounds:
        healed = min(amount, wound["damage"])
        amount -= healed
        if wound["damage"] > healed:
            left.append({**wound, "damage": wound["damage"] - healed})
    return left


def wake(script: Script, ident: str) -> None:
    """COC-KO-6: First Aid or Medicine wakes a knocked-out (or shocked, sedated) victim."""
    c = script.c(ident)
    if c["ko_rounds"] <= 0:
        return
    script.emit(
        "combatant.woke", m.WOKE(target=c["name"]), [cset(ident, "ko_rounds", 0)], target=ident
    )


def first_aid_amount(script: Script, ident: str) -> tuple[int, int] | None:
    """COC-HEAL-1: 1D3 for the worst untreated wound, at most that wound's damage; None if none."""
    c = script.c(ident)
    open_wounds = [w for w in c["wounds"] if not w["aided"]]
    if not open_wounds:
        return None
    worst = max(open_wounds, key=lambda w: w["damage"])
    amount = min(worst["damage"], script.dice.roll(3, f"first aid 1D3 for {ident}"))
    return worst["n"], amount
