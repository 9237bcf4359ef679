"""Attacks: melee, firearms (single shots, bursts), thrown; dodge, parry, impale, knockout."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules.brp.core import DamageDice, armour_after, half_db, malfunctions, succeeds
from rules.brp.firearms import malfunction_kind, silencer_life, silencer_wear, unaimed_target
from rules.brp.melee import (
    bonus_rolls,
    grapple_refused,
    knockout_attempt,
    parry_answers,
    parry_excess,
    parry_ruin,
    sticks,
    weapon_damage,
)
from rules.coc import messages as m
from rules.coc.chance import (
    Chance,
    attack_chance,
    damage_expr,
    firearm_multipliers,
    thrown_multipliers,
)
from rules.coc.checks import d100, lit, verdict
from rules.coc.damage import down_at, hurt, ko_rounds
from rules.coc.hazards import effects_on, start_effect
from rules.coc.state import Script, cset, settings_of, status
from rules.core.system import Json


@dataclass(frozen=True)
class Attack:
    """What an attacker declared: weapon, target(s) and how."""

    attacker: str
    weapon: str
    target: str
    distance: Fraction = Fraction(0)
    modifier: int = 0
    cover: int = 0  # COC-ARMOUR-TABLE: cover points, applied like armour
    aimed: bool = False
    unaimed: bool = False
    knockout: bool = False
    damage_modifier: int = 0  # COC-RANGE-2: the Keeper's cut per bullet at very long range
    from_behind: bool = False  # COC-SURPRISE-2: the totally surprised cannot answer it
    light: str = ""  # SCENE-RANGE-3: "dark" when the map puts either end in darkness
    unmet: str = ""  # SCENE-HIDE-2/3: "wall" or "reach" the true map put in the way (UNMET)


def weapon_data(script: Script, who: str, key: str) -> tuple[Json, Json]:
    """A weapon's sheet record and its state in hand."""
    c = script.c(who)
    for weapon in c["sheet"]["weapons"]:
        if weapon["key"] == key:
            return weapon, c["weapons"][key]
    raise KeyError(key)


def chance_for(script: Script, attack: Attack, *, burst_shots: int = 0) -> Chance:
    """COC-GEN-4 for this attack against this target."""
    state = script.state
    c = script.c(attack.attacker)
    weapon, held = weapon_data(script, attack.attacker, attack.weapon)
    if held.get("silencer_ruined"):
        weapon = {**weapon, "silencer": False}
    target = script.c(attack.target)
    multipliers: tuple[tuple[str, Fraction], ...] = ()
    ranged = weapon["kind"] in ("firearm", "thrown")
    if weapon["kind"] == "firearm":
        multipliers = firearm_multipliers(
            weapon, c["sheet"], attack.distance, aimed=attack.aimed, unaimed=attack.unaimed
        )
    elif weapon["kind"] == "thrown":
        multipliers = thrown_multipliers(weapon, attack.distance)
    settings = settings_of(state)
    return attack_chance(
        int(c["sheet"]["skills"].get(weapon["skill"], 0)),
        modifier=attack.modifier,
        target_siz=int(target["sheet"]["siz"]),
        ranged=ranged,
        burst_shots=burst_shots,
        multipliers=multipliers,
        light=attack.light or state["light"],
        impale_base=settings.impale_base,
        can_impale=bool(weapon["can_impale"]),
        unmet=attack.unmet,
    )


def target_name(script: Script, attack: Attack) -> str:
    """The attacked combatant's name."""
    return str(script.c(attack.target)["name"])


def _result(success: bool, impale: bool) -> Any:
    if not success:
        return m.RESULT_MISS()
    return m.RESULT_IMPALE() if impale else m.RESULT_HIT()


def _mark_attack(script: Script, attacker: str, weapon: str) -> list[list[Any]]:
    rnd = script.c(attacker)["round"]
    fired = sorted({*rnd["fired_weapons"], weapon})
    return [
        ["set", ["declare_open"], False],  # COC-PARRY-3: an action has been taken this round
        cset(attacker, "round", "attacked", True),
        cset(attacker, "round", "attacks", rnd["attacks"] + 1),
        cset(attacker, "round", "fired_weapons", fired),
    ]


# --- defences --------------------------------------------------------------------------------


def unseen(script: Script, attack: Attack) -> bool:
    """COC-SURPRISE-2: a completely surprised defender may dodge or parry only attacks from the
    front and the flanks, not one from behind, in the first round."""
    c = script.c(attack.target)
    return attack.from_behind and script.state["round"] == 1 and c["surprise"] == "complete"


def dodged(script: Script, target: str, attack: Attack | None = None) -> bool:
    """COC-DODGE-1/-4: a declared dodge answers the first attack (or bullet) that comes; dodge and
    parry are separate, so one round may have both (COC-DODGE-3)."""
    c = script.c(target)
    if c["round"]["dodge"] != "declared" or status(c) != "ok":
        return False
    if attack is not None and unseen(script, attack):
        script.emit("defence.blind", m.FROM_BEHIND(target=c["name"]), target=target)
        return False  # the dodge stays for an attack it can see
    chance = lit(script.state, int(c["sheet"]["skills"].get("dodge", 0)))
    roll, ok = d100(script, chance, f"Dodge for {target}")
    script.emit(
        "dodge.rolled",
        m.DODGED(
            target=c["name"],
            roll=roll,
            chance=chance,
            result=m.DODGE_OK() if ok else m.DODGE_FAIL(),
        ),
        [cset(target, "round", "dodge", "used")],
        target=target,
        roll=roll,
        dodged=ok,
    )
    return ok


def _parry(script: Script, attack: Attack, damage: int) -> int | None:
    """COC-PARRY-1..9: a declared parry against this attacker blocks; the object takes the damage.

    Returns the damage that still reaches the defender, or None when no parry was made.
    """
    target = script.c(attack.target)
    parry = target["round"]["parry"]
    if status(target) != "ok":  # COC-PARRY-3: knocked down or out before the blow
        script.emit("parry.void", m.PARRY_VOID(actor=target["name"]), target=attack.target)
        return None
    attacker_weapon, _ = weapon_data(script, attack.attacker, attack.weapon)
    defender_weapon, _ = weapon_data(script, attack.target, parry["weapon"])
    armed = attacker_weapon["kind"] != "unarmed"
    if defender_weapon["kind"] == "unarmed" and armed:
        attacker_dex = int(script.c(attack.attacker)["sheet"]["dex"])
        if grapple_refused(attacker_weapon, int(target["sheet"]["dex"]), attacker_dex) is None:
            return _grapple_parry(script, attack.target, damage)
        script.emit("parry.bare", m.PARRY_BARE(target=target["name"]), target=attack.target)
        return None
    chance = lit(script.state, int(target["sheet"]["skills"].get(defender_weapon["skill"], 0)))
    roll, ok = d100(script, chance, f"parry for {attack.target}")
    script.emit(
        "parry.rolled",
        m.PARRY_ROLL(
            target=target["name"],
            weapon=defender_weapon["name"],
            roll=roll,
            chance=chance,
            result=m.PARRY_OK() if ok else m.PARRY_FAIL(),
        ),
        target=attack.target,
        roll=roll,
        parried=ok,
    )
    if not ok:
        return None
    if defender_weapon["kind"] == "unarmed":
        return 0  # COC-PARRY-5: fists against fists
    return _absorb(script, attack.target, defender_weapon, damage)


def _grapple_parry(script: Script, defender: str, damage: int) -> int | None:
    """COC-PARRY-9: two Grapple successes, contact then the weapon or its hand."""
    c = script.c(defender)
    chance = lit(script.state, int(c["sheet"]["skills"].get("grapple", 0)))
    first, ok1 = d100(script, chance, f"grapple contact for {defender}")
    second, ok2 = d100(script, chance, f"grapple seize for {defender}")
    ok = ok1 and ok2
    script.emit(
        "parry.grappled",
        m.GRAPPLE_PARRY(
            target=c["name"], first=first, second=second, chance=chance, result=verdict(ok)
        ),
        target=defender,
        parried=ok,
    )
    return 0 if ok else None


def _absorb(script: Script, defender: str, weapon: Json, damage: int) -> int:
    """COC-PARRY-4/-8: the object absorbs up to its HP; more breaks it (a gun stops firing)."""
    hp = int(weapon["hp"])
    excess = parry_excess(damage, hp)
    if not excess:
        changes = []
        if settings_of(script.state).parry_object_wear:
            changes = [
                cset(
                    defender,
                    "sheet",
                    "weapons",
                    _index(script, defender, weapon["key"]),
                    "hp",
                    hp - damage,
                )
            ]
        script.emit(
            "parry.absorbed",
            m.OBJECT_HOLDS(weapon=weapon["name"], damage=damage),
            changes,
            target=defender,
        )
        return 0
    ruin = parry_ruin(weapon)  # "disabled" (a firearm, COC-PARRY-8) or "broken"
    said = m.GUN_DISABLED if ruin == "disabled" else m.OBJECT_BREAKS
    script.emit(
        f"weapon.{ruin}",
        said(weapon=weapon["name"], damage=damage, excess=excess),
        [cset(defender, "weapons", weapon["key"], ruin, True)],
        target=defender,
    )
    return excess


def _index(script: Script, who: str, key: str) -> int:
    weapons = script.c(who)["sheet"]["weapons"]
    return next(n for n, w in enumerate(weapons) if w["key"] == key)


# --- damage ----------------------------------------------------------------------------------


def roll_damage(
    script: Script, attack: Attack, impale: bool, *, thrown: bool = False
) -> tuple[int, str]:
    """COC-IMPALE-3, COC-THROW-1: the weapon's dice (twice on an impale) plus the damage bonus."""
    weapon, _ = weapon_data(script, attack.attacker, attack.weapon)
    c = script.c(attack.attacker)
    expr = damage_expr(weapon, attack.distance)
    rolled = weapon_damage(
        DamageDice.parse(expr),
        script.dice,
        impale,
        f"damage of {weapon['key']}",
        f"impale damage of {weapon['key']}",
    )
    total = rolled.total
    shown = f"{expr} x2" if impale else expr
    if attack.damage_modifier:
        total += attack.damage_modifier  # COC-RANGE-2: per bullet, before armour
        shown = f"{shown} {attack.damage_modifier:+d}"
    db_text = str(c["sheet"]["db"]).strip()
    if weapon["add_db"] and db_text not in ("", "0") and weapon["kind"] != "firearm":
        db = DamageDice.parse(db_text)
        twice = settings_of(script.state).impale_db == "twice"
        for _ in range(bonus_rolls(impale, twice)):
            bonus, _ = db.roll(script.dice, "damage bonus")
            total += half_db(bonus) if thrown else bonus
        shown = f"{shown} {'+' if not db_text.startswith('-') else ''}{db_text}"
        if thrown:
            shown += " /2"
    return max(0, total), shown


def land(
    script: Script, attack: Attack, impale: bool, *, thrown: bool = False, parried: bool = False
) -> None:
    """Roll the damage of a hit and deal it: parry absorption, armour, knockout, impale, fire."""
    weapon, _ = weapon_data(script, attack.attacker, attack.weapon)
    target = script.c(attack.target)
    if impale and target["sheet"]["impale_immune"]:
        script.emit("impale.immune", m.IMPALE_IMMUNE(target=target["name"]), target=attack.target)
        impale = False  # COC-IMPALE-4: an impale does normal damage
    total, expr = roll_damage(script, attack, impale, thrown=thrown)
    if parried:
        reaching = _parry(script, attack, total)
        if reaching is not None:
            script.emit(
                "damage.rolled",
                m.DAMAGE_ROLL(weapon=weapon["name"], damage=total, expr=expr, armour_note=""),
                target=attack.target,
                damage=total,
            )
            hurt(script, attack.target, reaching)
            return
    armour = int(target["sheet"]["armour"]) + attack.cover
    dealt = armour_after(total, armour)  # COC-ARMOUR-1/-2: per hit, armour never worn down
    note = m.ARMOUR_NOTE(armour=min(total, armour)) if armour and total else ""
    script.emit(
        "damage.rolled",
        m.DAMAGE_ROLL(weapon=weapon["name"], damage=total, expr=expr, armour_note=note),
        target=attack.target,
        damage=total,
        dealt=dealt,
    )
    if attack.knockout:
        _knockout(script, attack, dealt)
    else:
        hurt(script, attack.target, dealt)
    if sticks(weapon["kind"], impale) and not script.c(attack.target)["dead"]:
        script.emit(
            "weapon.stuck",
            m.WEAPON_STUCK(weapon=weapon["name"], target=target["name"]),
            [cset(attack.attacker, "weapons", attack.weapon, "stuck_in", attack.target)],
            target=attack.target,
        )  # COC-IMPALE-5
    if weapon["sets_fire"]:
        _catch_fire(script, attack.target)


def _knockout(script: Script, attack: Attack, damage: int) -> None:
    """COC-KO-2/-3/-4: damage against HP on the resistance table; a third of it, truncated."""
    target = script.c(attack.target)
    settings = settings_of(script.state)
    hp = target["hp"] if settings.ko_uses == "current_hp" else target["sheet"]["hp_max"]
    ko = knockout_attempt(damage, hp, script.dice.roll(100, f"knockout of {attack.target}"))
    script.emit(
        "knockout.rolled",
        m.KNOCKOUT_ROLL(
            damage=damage, hp=hp, roll=ko.roll, chance=ko.chance, result=verdict(ko.knocked_out)
        ),
        target=attack.target,
        roll=ko.roll,
        chance=ko.chance,
        knocked_out=ko.knocked_out,
    )
    if not ko.knocked_out:
        script.emit(
            "knockout.failed", m.KO_FAIL(target=target["name"], damage=damage), target=attack.target
        )
        hurt(script, attack.target, ko.damage)
        return
    third = ko.damage  # COC-GEN-3 / COC-KO-3: truncated
    minutes, rounds = ko_rounds(script, f"knockout minutes for {attack.target}")
    script.emit(
        "knockout.done",
        m.KO_OK(target=target["name"], minutes=minutes, damage=third),
        [cset(attack.target, "ko_rounds", rounds), down_at(script, attack.target)],
        target=attack.target,
        minutes=minutes,
    )
    hurt(script, attack.target, third, shock=False)


def _catch_fire(script: Script, target: str) -> None:
    """COC-FIRE-3: a torch hit calls for Luck, or hair and clothes catch (COC-FIRE-4)."""
    c = script.c(target)
    if c["dead"] or effects_on(script.state, target, "on_fire"):
        return
    roll, ok = d100(script, c["luck"], f"Luck against catching fire for {target}")
    script.emit(
        "fire.luck",
        m.SET_ALIGHT(
            target=c["name"],
            roll=roll,
            chance=c["luck"],
            result=m.NOT_CAUGHT() if ok else m.CAUGHT_FIRE(),
        ),
        target=target,
        roll=roll,
    )
    if not ok:
        start_effect(script, "on_fire", target, {})


# --- the attacks -----------------------------------------------------------------------------


def melee(script: Script, attack: Attack) -> None:
    """COC-ROUND-1: one melee attack; dodge (COC-DODGE-1) or the declared parry may answer it."""
    weapon, _ = weapon_data(script, attack.attacker, attack.weapon)
    chance = chance_for(script, attack)
    roll, ok = d100(script, chance.final, f"attack with {weapon['key']}")
    impale = ok and roll <= chance.impale
    attacker = script.c(attack.attacker)
    parry = script.c(attack.target)["round"]["parry"]
    # COC-PARRY-3: a parry declared against this attacker answers its first attack only.
    parry_ready = bool(parry) and parry_answers(parry["against"], attack.attacker, parry["used"])
    blind = parry_ready and unseen(script, attack)  # COC-SURPRISE-2: it comes from behind
    parry_ready = parry_ready and not blind
    used = [cset(attack.target, "round", "parry", {**parry, "used": True})] if parry_ready else []
    script.emit(
        "attack.rolled",
        m.ATTACK_ROLL(
            attacker=attacker["name"],
            target=script.c(attack.target)["name"],
            weapon=weapon["name"],
            roll=roll,
            chance=chance.final,
            result=_result(ok, impale),
        ),
        [*_mark_attack(script, attack.attacker, attack.weapon), *used],
        attacker=attack.attacker,
        target=attack.target,
        roll=roll,
        hit=ok,
        impale=impale,
        chance=chance.to_json(),
    )
    if ok and blind and script.c(attack.target)["round"]["dodge"] != "declared":
        script.emit(
            "defence.blind", m.FROM_BEHIND(target=target_name(script, attack)), target=attack.target
        )
    if not ok or dodged(script, attack.target, attack):
        return
    land(script, attack, impale, parried=parry_ready)


def thrown(script: Script, attack: Attack) -> None:
    """COC-THROW-1: a thrown weapon hits on Throw and adds half the damage bonus."""
    weapon, _ = weapon_data(script, attack.attacker, attack.weapon)
    chance = chance_for(script, attack)
    roll, ok = d100(script, chance.final, f"throw {weapon['key']}")
    impale = ok and roll <= chance.impale
    script.emit(
        "attack.rolled",
        m.ATTACK_ROLL(
            attacker=script.c(attack.attacker)["name"],
            target=script.c(attack.target)["name"],
            weapon=weapon["name"],
            roll=roll,
            chance=chance.final,
            result=_result(ok, impale),
        ),
        _mark_attack(script, attack.attacker, attack.weapon),
        attacker=attack.attacker,
        target=attack.target,
        roll=roll,
        hit=ok,
        impale=impale,
        chance=chance.to_json(),
    )
    if ok and not dodged(script, attack.target, attack):
        land(script, attack, impale, thrown=True)


def _malfunction(script: Script, attack: Attack, weapon: Json, roll: int) -> bool:
    """COC-MAL-1/-2/-3: roll >= mal: a dud spends the cartridge, anything else jams."""
    if not malfunctions(roll, weapon["mal"] or None):
        return False
    who = attack.attacker
    held = script.c(who)["weapons"][attack.weapon]
    if malfunction_kind(weapon["mechanism"]) == "dud":
        script.emit(
            "weapon.dud",
            m.MALFUNCTION_DUD(weapon=weapon["name"], roll=roll),
            [cset(who, "weapons", attack.weapon, "loaded", held["loaded"] - 1)],
            attacker=who,
            roll=roll,
        )
    else:
        script.emit(
            "weapon.jammed",
            m.MALFUNCTION_JAM(weapon=weapon["name"], roll=roll),
            [cset(who, "weapons", attack.weapon, "jammed", True)],
            attacker=who,
            roll=roll,
        )
    return True


def _spend(script: Script, attack: Attack, rounds: int) -> list[list[Any]]:
    """The changes of firing: rounds leave the weapon, the round counts its shots."""
    who = attack.attacker
    c = script.c(who)
    held = c["weapons"][attack.weapon]
    shots = dict(c["round"]["shots"])
    shots[attack.weapon] = shots.get(attack.weapon, 0) + rounds
    return [
        cset(who, "weapons", attack.weapon, "loaded", held["loaded"] - rounds),
        cset(who, "round", "shots", shots),
        *_mark_attack(script, who, attack.weapon),
    ]


def wear_silencer(script: Script, attack: Attack, weapon: Json, rounds: int) -> None:
    """COC-SILENCER-2: d100+10 shots (rolled in secret when first used); powerful rounds count 2."""
    who = attack.attacker
    held = script.c(who)["weapons"][attack.weapon]
    if not weapon["silencer"] or held.get("silencer_ruined"):
        return
    life = held["silencer_life"]
    if life is None:
        life = silencer_life(script.dice, f"silencer life of {attack.weapon}")
        script.emit(
            "silencer.fitted",
            m.SILENCER_FITTED(weapon=weapon["name"], life=life),
            [cset(who, "weapons", attack.weapon, "silencer_life", life)],
            audience="gm",
            attacker=who,
        )
    wear = silencer_wear(
        rounds, weapon["high_power"], settings_of(script.state).silencer_high_power_wear
    )
    used = held["silencer_shots"] + wear
    script.emit(
        "silencer.worn",
        m.SILENCER_SECRET(),
        [cset(who, "weapons", attack.weapon, "silencer_shots", used)],
        audience="gm",
        attacker=who,
    )
    if used >= life:
        script.emit(
            "silencer.ruined",
            m.SILENCER_RUINED(weapon=weapon["name"]),
            [cset(who, "weapons", attack.weapon, "silencer_ruined", True)],
            attacker=who,
        )


def fire(script: Script, attack: Attack, shots: int, others: tuple[str, ...] = ()) -> None:
    """Aimed or unaimed shots, each rolled on its own (COC-IMPALE-6); an unaimed hit among
    several targets lands on one at random (COC-UNAIMED-2) and impales as usual (COC-UNAIMED-3);
    bullets are never parried (COC-PARRY-10: only `melee` consults a parry)."""
    weapon, _ = weapon_data(script, attack.attacker, attack.weapon)
    targets = (attack.target, *others)
    for n in range(shots):
        chance = chance_for(script, attack)
        roll = script.dice.roll(100, f"shot {n + 1} with {weapon['key']}")
        if _malfunction(script, attack, weapon, roll):
            if script.c(attack.attacker)["weapons"][attack.weapon]["jammed"]:
                return
            continue
        ok = d100_ok(script, chance.final, roll)
        impale = ok and roll <= chance.impale
        script.emit(
            "attack.rolled",
            m.ATTACK_ROLL(
                attacker=script.c(attack.attacker)["name"],
                target=script.c(attack.target)["name"],
                weapon=weapon["name"],
                roll=roll,
                chance=chance.final,
                result=_result(ok, impale),
            ),
            _spend(script, attack, 1),
            attacker=attack.attacker,
            target=attack.target,
            roll=roll,
            hit=ok,
            impale=impale,
            chance=chance.to_json(),
        )
        wear_silencer(script, attack, weapon, 1)
        if not ok:
            continue
        struck = attack
        if len(targets) > 1:
            _, pick = unaimed_target(script.dice, targets, "unaimed target")
            struck = Attack(**{**attack.__dict__, "target": pick})
            script.emit("shot.landed", m.UNAIMED_TARGET(target=script.c(pick)["name"]), target=pick)
        if script.c(struck.target)["dead"] or dodged(script, struck.target, struck):
            continue
        land(script, struck, impale)


def d100_ok(script: Script, chance: int, roll: int) -> bool:
    """COC-GEN-1 on a face already rolled (the malfunction check reads the same face)."""
    return succeeds(chance, roll, settings_of(script.state).auto_fail_00)


def burst(
    script: Script,
    attack: Attack,
    allocation: list[tuple[str, int]],
    cone: bool,
    covers: dict[str, int] | None = None,
) -> None:
    """COC-AUTO-2..-7: one d100 per target, then 1d(shots) hits; only the first bullet impales.

    One target: +5% a shot, at most double. Spread targets: the plain chance. A narrow cone:
    every target gets the bonus of the whole burst (AMB-COC-13). Each target keeps its own
    cover (`covers`, COC-AUTO-8), subtracted from every bullet like armour.
    """
    weapon, _ = weapon_data(script, attack.attacker, attack.weapon)
    total = sum(n for _, n in allocation)
    for target, shots in allocation:
        cover = (covers or {}).get(target, attack.cover)
        aimed_at = Attack(**{**attack.__dict__, "target": target, "cover": cover})
        bonus = shots if len(allocation) == 1 else (total if cone else 0)
        chance = chance_for(script, aimed_at, burst_shots=bonus)
        roll = script.dice.roll(100, f"burst at {target}")
        if _malfunction(script, aimed_at, weapon, roll):
            return  # COC-MAL-3: a jammed burst fires nothing more
        ok = d100_ok(script, chance.final, roll)
        impale = ok and roll <= chance.impale
        hits = 0
        if ok:
            hits = script.dice.roll(shots, f"hits of {shots} shots") if shots > 1 else 1
        script.emit(
            "burst.rolled",
            m.BURST_ROLL(
                attacker=script.c(attack.attacker)["name"],
                target=script.c(target)["name"],
                shots=shots,
                roll=roll,
                chance=chance.final,
                result=_result(ok, impale),
                hits=hits,
            ),
            _spend(script, aimed_at, shots),
            attacker=attack.attacker,
            target=target,
            roll=roll,
            hit=ok,
            hits=hits,
            impale=impale,
            shots=shots,
            chance=chance.to_json(),
        )
        wear_silencer(script, aimed_at, weapon, shots)
        if not hits:
            continue
        if dodged(script, target, aimed_at):  # COC-DODGE-4: the first bullet only
            hits, impale = hits - 1, False
        for n in range(hits):
            if script.c(target)["dead"]:
                break
            land(script, aimed_at, impale and n == 0)
