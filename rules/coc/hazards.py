"""Harm that ticks each round on the server (acid, drowning, fire, poison), and one-off blows.

An effect is `{"id", "kind", "target", "left", "data"}` in `state["effects"]`; `left` counts the
ends of round still to come before it acts (None: it acts every round until ended).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules.brp.core import DamageDice, armour_after
from rules.brp.firearms import jam_outcome
from rules.brp.hazards import (
    ACID,
    FIRES,
    POISONS,
    SUFFOCATION,
    blast_roll,
    breath_chance,
    breath_held,
    drown_multiplier,
    extra_dose_effects,
    fall_dice,
    onset,
    poison_check,
    poison_damage,
)
from rules.coc import messages as m
from rules.coc.checks import d100, verdict
from rules.coc.damage import down_at, hurt
from rules.coc.state import Script, cset, settings_of
from rules.coc.tables import SEDATIVE_MINUTES
from rules.core.kit import Msg
from rules.core.system import Json


def effect_name(effect: Json) -> Msg:
    """An effect's name for the log and the board."""
    data = effect["data"]
    kind = effect["kind"]
    name = m.EFFECT_NAMES[kind]
    if kind == "acid":
        return name(grade=m.ACID_GRADES[data["grade"]]())
    if kind == "drowning":
        # AMB-COC-02: the multiple stays at CON x1 after the tenth round.
        return name(multiple=drown_multiplier(data["n"] + 1, data["start"]))
    if kind == "fire_zone":
        return name(fire=m.FIRES[data["fire"]]())
    if kind == "poison":
        return name(poison=m.POISON_NAMES[data["poison"]]() if data["poison"] in POISONS else "?")
    if kind in ("jam", "belt"):
        return name(weapon=data["weapon_name"])
    return name()


def start_effect(
    script: Script,
    kind: str,
    target: str,
    data: Json,
    left: int | None = None,
    audience: str = "all",
    redacted: Msg | None = None,
) -> str:
    """Begin an effect on a combatant; it ticks at the end of every round from now.

    A secret effect (a hidden poison) is numbered apart, `s1, s2...`, from the effects everyone
    sees, `e1, e2...`: a player must not read a hidden effect from a gap in the public ids.
    """
    counter, prefix = ("next_secret", "s") if data.get("secret") else ("next_effect", "e")
    number = int(script.state.get(counter, 1))
    ident = f"{prefix}{number}"
    effect = {"id": ident, "kind": kind, "target": target, "left": left, "data": data}
    script.emit(
        "effect.started",
        m.EFFECT_STARTED(target=script.c(target)["name"], effect=effect_name(effect)),
        [["set", ["effects", ident], effect], ["set", [counter], number + 1]],
        audience=audience,
        redacted=redacted,
        effect=ident,
        target=target,
        effect_kind=kind,
    )
    return ident


def end_effect(script: Script, ident: str) -> None:
    """Stop an effect (escape, rescue, the fire put out, the Keeper's word)."""
    effect = script.state["effects"][ident]
    secret = bool(effect["data"].get("secret"))
    script.emit(
        "effect.ended",
        m.EFFECT_ENDED(target=script.c(effect["target"])["name"], effect=effect_name(effect)),
        [["del", ["effects", ident]]],
        audience="gm" if secret else "all",
        redacted=m.POISON_SECRET() if secret else None,
        effect=ident,
    )


def effect_order(ident: str) -> tuple[bool, int]:
    """The order effects act in: the public ones as begun, then the secret ones as begun, so no
    public result ever depends on whether a secret effect exists."""
    return ident.startswith("s"), int(ident[1:])


def effects_on(state: Json, target: str, kind: str) -> list[Json]:
    """The effects of one kind on a combatant."""
    return [e for e in state["effects"].values() if e["target"] == target and e["kind"] == kind]


def _roll_harm(script: Script, effect: Json, expr: str, *, burn: bool = False) -> None:
    target = effect["target"]
    total, _ = DamageDice.parse(expr).roll(script.dice, f"{effect['kind']} damage for {target}")
    total = max(0, total)
    script.emit(
        "effect.hurt",
        m.EFFECT_TICK(
            target=script.c(target)["name"], effect=effect_name(effect), damage=total, expr=expr
        ),
        effect=effect["id"],
        target=target,
        damage=total,
    )
    hurt(script, target, total, burn=burn)


def countdown(state: Json) -> tuple[list[list[Any]], list[list[Any]], list[str]]:
    """The end-of-round countdown: (public changes, secret changes, who wakes up)."""
    public: list[list[Any]] = []
    secret: list[list[Any]] = []
    for ident, effect in sorted(state["effects"].items()):
        if effect["left"] is not None and effect["left"] > 0:
            change = ["set", ["effects", ident, "left"], effect["left"] - 1]
            (secret if effect["data"].get("secret") else public).append(change)
    woke = []
    for ident, c in sorted(state["combatants"].items()):
        if c["ko_rounds"] > 0 and not c["dead"]:
            public.append(cset(ident, "ko_rounds", c["ko_rounds"] - 1))
            if c["ko_rounds"] == 1 and c["hp"] > 2:
                woke.append(ident)
    return public, secret, woke


def tick(script: Script) -> None:
    """COC-ACID/DROWN/FIRE/POISON: every effect due acts at the end of the round, in order begun
    (the secret ones last, `effect_order`); one begun while ticking (clothes catching in a
    bonfire) acts in the same round."""
    done: set[str] = set()
    while True:
        due = [
            e
            for e in script.state["effects"].values()
            if e["id"] not in done and (e["left"] is None or e["left"] <= 0)
        ]
        if not due:
            return
        effect = min(due, key=lambda e: effect_order(e["id"]))
        done.add(effect["id"])
        if not script.c(effect["target"])["dead"]:
            ACT[effect["kind"]](script, effect)


def _acid(script: Script, effect: Json) -> None:
    """COC-ACID-TABLE: weak 1d3-1, strong 1d4, very strong 1d6 a round; armour does not help."""
    _roll_harm(script, effect, ACID[effect["data"]["grade"]])


def _drowning(script: Script, effect: Json) -> None:
    """COC-DROWN-2/-4: d100 against CON x (10, 9 ... 1); the first failure costs 1d6, then 1d6 a
    round without rolls."""
    target = effect["target"]
    c = script.c(target)
    data = effect["data"]
    multiple, chance = breath_chance(c["con"], data["n"] + 1, data["start"])
    roll = script.dice.roll(100, f"breath CON x{multiple} for {target}")
    ok = breath_held(roll, chance, settings_of(script.state).drown_strict_less)  # AMB-COC-01
    script.emit(
        "breath.rolled",
        m.BREATH(
            target=c["name"],
            roll=roll,
            multiple=multiple,
            chance=chance,
            result=m.BREATH_OK() if ok else m.BREATH_FAIL(),
        ),
        [["set", ["effects", effect["id"], "data", "n"], data["n"] + 1]] if ok else [],
        target=target,
        roll=roll,
    )
    if ok:
        return
    script.emit(
        "breath.failed",
        m.EFFECT_STARTED(target=c["name"], effect=m.EFFECT_NAMES["suffocating"]()),
        [["set", ["effects", effect["id"], "kind"], "suffocating"]],
        effect=effect["id"],
    )
    _roll_harm(script, {**effect, "kind": "suffocating"}, SUFFOCATION)


def _suffocating(script: Script, effect: Json) -> None:
    """COC-DROWN-4: 1d6 every round until escape, rescue or death."""
    _roll_harm(script, effect, SUFFOCATION)


def _on_fire(script: Script, effect: Json) -> None:
    """COC-FIRE-4: burning hair and clothes, 1d6 a round until put out."""
    _roll_harm(script, effect, FIRES["on_fire"], burn=True)


def _fire_zone(script: Script, effect: Json) -> None:
    """COC-FIRE-6/-7/-8: a bonfire or burning room (1d6+2) or the Keeper's fire, every round."""
    data = effect["data"]
    target = effect["target"]
    _roll_harm(script, effect, data["dice"], burn=True)
    if script.c(target)["dead"]:
        return
    if data["fire"] == "bonfire" and not effects_on(script.state, target, "on_fire"):
        start_effect(script, "on_fire", target, {})  # COC-FIRE-6: clothes always catch
    if data["fire"] == "burning_room" and not data.get("smoke"):
        c = script.c(target)
        roll, ok = d100(script, c["luck"], f"smoke Luck for {target}")
        script.emit(
            "smoke.rolled",
            m.ROOM_LUCK(target=c["name"], roll=roll, chance=c["luck"], result=verdict(ok)),
            target=target,
            roll=roll,
        )
        if not ok:  # COC-FIRE-7: suffocation begins this round; no more Luck rolls
            script.emit(
                "smoke.inhaled",
                m.SMOKE(target=c["name"]),
                [["set", ["effects", effect["id"], "data", "smoke"], True]],
                effect=effect["id"],
            )
            start_effect(script, "drowning", target, {"start": 10, "n": 0})


def _poison(script: Script, effect: Json) -> None:
    """COC-POISON-2/-3/-6/-7: the onset has come; the secret roll's result takes effect."""
    data = effect["data"]
    target = effect["target"]
    c = script.c(target)
    poison = POISONS[data["poison"]]
    script.emit(
        "poison.acted",
        m.POISON_ACTS(poison=m.POISON_NAMES[data["poison"]](), target=c["name"]),
        [["del", ["effects", effect["id"]]]],
        effect=effect["id"],
        target=target,
    )
    if poison.effect == "incapacitating":  # COC-POISON-7 (AMB-COC-06): sleep, no HP
        if data["wins"]:
            minutes = _sleep_minutes(script, data["poison"], data["doses"])
            rounds = minutes * settings_of(script.state).rounds_per_minute
            script.emit(
                "poison.slept",
                m.POISON_SLEEP(target=c["name"], minutes=minutes),
                [cset(target, "ko_rounds", rounds), down_at(script, target)],
                target=target,
            )
        else:
            script.emit(
                "poison.resisted",
                m.POISON_HARMLESS(poison=m.POISON_NAMES[data["poison"]](), target=c["name"]),
                target=target,
            )
    else:
        damage = poison_damage(data["pot"], data["wins"], settings_of(script.state).poison_fail)
        hurt(script, target, damage)
    _, failure = extra_dose_effects(poison, data["doses"])
    if failure and data["wins"] and not script.c(target)["dead"]:
        roll, ok = d100(script, failure, f"respiratory failure for {target}")
        script.emit(
            "poison.breath",
            m.RESPIRATORY(target=c["name"], roll=roll, chance=failure, result=verdict(ok)),
            target=target,
            roll=roll,
        )
        if ok:  # AMB-COC-05: suffocation from CON x6 until a Medicine success
            start_effect(script, "drowning", target, {"start": 6, "n": 0, "medical": True})


def _sleep_minutes(script: Script, key: str, doses: int) -> int:
    """COC-POISON-6/-7: how long an incapacitating poison that won keeps its victim asleep."""
    poison = POISONS[key]
    extra_hours, _ = extra_dose_effects(poison, doses)
    if key == "chloral_hydrate":
        return 60 + 60 * extra_hours
    if key == "rohypnol":  # 4-8 hours
        return 60 * (3 + script.dice.roll(5, "Rohypnol hours"))
    if key == "sleeping_pills":
        return 8 * 60  # "normal sleep": a night (our reading)
    multiple, die = SEDATIVE_MINUTES
    return multiple * script.dice.roll(die, f"{key} sleep x10 minutes")


def _jam(script: Script, effect: Json) -> None:
    """COC-MAL-4: after 1d6 rounds, Mechanical Repair or the firearm skill; 96-00 ruins it."""
    data = effect["data"]
    actor = effect["target"]
    c = script.c(actor)
    weapon = data["weapon"]
    chance = data["chance"]
    roll = script.dice.roll(100, f"clear jam of {weapon}")
    outcome = jam_outcome(roll, chance)
    if outcome == "ruined":
        result, changes = (
            m.JAM_BROKEN(),
            [
                cset(actor, "weapons", weapon, "broken", True),
                cset(actor, "weapons", weapon, "jammed", False),
            ],
        )
    elif outcome == "cleared":
        result, changes = m.JAM_CLEARED(), [cset(actor, "weapons", weapon, "jammed", False)]
    else:
        result, changes = m.JAM_AGAIN(), []
    script.emit(
        "jam.rolled",
        m.JAM_ROLL(
            actor=c["name"], weapon=data["weapon_name"], roll=roll, chance=chance, result=result
        ),
        [*changes, ["del", ["effects", effect["id"]]]],
        actor=actor,
        roll=roll,
    )
    if outcome == "jammed":
        rounds = script.dice.roll(6, f"jam attempt rounds for {weapon}")
        start_effect(script, "jam", actor, data, left=rounds)


def _belt(script: Script, effect: Json) -> None:
    """COC-RELOAD-2: a machine-gun belt is changed after two rounds."""
    data = effect["data"]
    actor = effect["target"]
    c = script.c(actor)
    capacity = data["capacity"]
    script.emit(
        "weapon.reloaded",
        m.RELOADED(actor=c["name"], weapon=data["weapon_name"], loaded=capacity, capacity=capacity),
        [
            cset(actor, "weapons", data["weapon"], "loaded", capacity),
            ["del", ["effects", effect["id"]]],
        ],
        actor=actor,
    )


ACT = {
    "acid": _acid,
    "drowning": _drowning,
    "suffocating": _suffocating,
    "on_fire": _on_fire,
    "fire_zone": _fire_zone,
    "poison": _poison,
    "jam": _jam,
    "belt": _belt,
}


def poison_onset(script: Script, key: str) -> int:
    """COC-POISON-5: the onset drawn uniformly in the range's smaller unit, in rounds to wait."""
    poison = POISONS[key]
    amount = onset(poison, script.dice, f"{key} onset")
    per_minute = settings_of(script.state).rounds_per_minute
    if poison.unit == "round":
        return amount + 1  # "1 round": at the end of the next round
    if poison.unit == "minute":
        return amount * per_minute
    return amount * 60 * per_minute


def administer(
    script: Script, target: str, key: str, potency: int, doses: int, secret: bool
) -> None:
    """COC-POISON-1/-5: POT against CON on the resistance table now; the result waits for onset."""
    c = script.c(target)
    roll = script.dice.roll(100, f"{key} POT {potency} against CON")
    chance, wins = poison_check(potency, c["con"], roll)
    rounds = poison_onset(script, key)
    audience = "gm" if secret else "all"
    redacted = m.POISON_SECRET() if secret else None
    script.emit(
        "poison.rolled",
        m.POISON_ROLL(
            poison=m.POISON_NAMES[key](),
            pot=potency,
            con=c["con"],
            roll=roll,
            chance=chance,
            result=m.POISON_WINS() if wins else m.POISON_LOSES(),
            rounds=rounds,
        ),
        audience=audience,
        redacted=redacted,
        target=target,
        roll=roll,
        wins=wins,
    )
    start_effect(
        script,
        "poison",
        target,
        {"poison": key, "pot": potency, "wins": wins, "doses": doses, "secret": secret},
        left=rounds,
        audience=audience,
        redacted=redacted,
    )


def blast(script: Script, dice: int, radius: Fraction, distances: dict[str, Fraction]) -> None:
    """COC-EXPL-1/-2: each target rolls its own band's dice; armour subtracts (COC-ARMOUR-1)."""
    for target, distance in distances.items():
        c = script.c(target)
        band, total = blast_roll(script.dice, dice, radius, distance, f"blast damage for {target}")
        if band <= 0:
            script.emit("blast.missed", m.BLAST_OUT(target=c["name"]), target=target)
            continue
        script.emit(
            "blast.hit",
            m.BLAST(target=c["name"], distance=distance, dice=band),
            target=target,
            dice=band,
            rolled=total,
        )
        hurt(script, target, armour_after(total, c["sheet"]["armour"]))


def fall(script: Script, target: str, height: int, jumped: bool) -> None:
    """COC-FALL-1/-2: 1d6 per 10 feet past the first 10; a Jump success takes one d6 off."""
    c = script.c(target)
    saved = False
    if jumped:
        chance = int(c["sheet"]["skills"].get("jump", 0))
        roll, saved = d100(script, chance, f"Jump for {target}")
        script.emit(
            "fall.jumped",
            m.JUMP(target=c["name"], roll=roll, chance=chance, result=verdict(saved)),
            target=target,
            roll=roll,
        )
    dice = fall_dice(height, jumped=saved)
    script.emit(
        "fall.landed", m.FALL(target=c["name"], height=height, dice=dice), target=target, dice=dice
    )
    if dice:
        total, _ = DamageDice.parse(f"{dice}d6").roll(script.dice, f"fall damage for {target}")
        hurt(script, target, total)
