"""Delta Green attacks: chance to hit, single shots, aimed shots, bursts, suppression and melee."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from rules.brp.core import (
    DARK_CHANCE,
    DIM_LIGHT,
    DamageDice,
    armour_after,
    half_db,
    idea_chance,
    impale_threshold,
    in_light,
    large_target_bonus,
    luck_chance,
    malfunctions,
    point_blank_m,
    range_factor,
    rhu,
    scaled,
    succeeds,
)
from rules.brp.firearms import (
    aims_anyway,
    band_damage,
    malfunction_kind,
    sight_multiplier,
    silencer_works,
)
from rules.brp.firearms import silencer_wear as brp_silencer_wear
from rules.brp.hazards import severe_burn
from rules.brp.melee import knockout_attempt, weapon_damage
from rules.core.dice import Dice
from rules.core.messages import Msg
from rules.core.system import Json
from rules.delta_green import log_messages as L
from rules.delta_green.messages import PURPOSE_HITS, PURPOSE_TO_HIT
from rules.delta_green.settings import settings_of
from rules.delta_green.state import (
    able,
    limb_capped,
    uses_locations,
    wound_crossing,
)
from rules.delta_green.tables import (
    CHEST,
    HIT_LOCATION_TABLE,
    SPRAY,
    VESTS,
    BurstMode,
)
from rules.delta_green.working import Working
from rules.scene.ranges import UNMET


class Chance(NamedTuple):
    """DG-GEN-3: the flat parts, the multipliers and the final chance C.

    A NamedTuple, not a frozen dataclass: built for every attack, and a tuple is built in one
    step where a frozen dataclass sets each field through object.__setattr__."""

    parts: tuple[tuple[Msg | str, int], ...]
    factors: tuple[tuple[Msg, Fraction], ...] = ()
    value: int = 0

    def said(self) -> Msg:
        """The breakdown as a message, such as `50 long burst -15 walking +20 = 55`; a skill with
        nothing to add or multiply is said alone (`knife 45`, 刀技能 45), not as `knife 45 = 45`."""
        words = [
            L.CHANCE_PART(label=label, value=f"{value:+d}" if i else str(value))
            for i, (label, value) in enumerate(self.parts)
        ]
        if len(words) == 1 and not self.factors:
            return words[0]
        words += [
            L.CHANCE_FACTOR(label=label, factor=str(factor)) for label, factor in self.factors
        ]
        return L.CHANCE_IS(parts=L.spaced(words), value=self.value)

    def explain(self) -> str:
        """The breakdown in English (the odds preview shows it)."""
        return self.said().english()


def skill(c: Mapping[str, Any], name: str) -> int:
    """A skill's percentage on the sheet (0 if the agent lacks it); Luck POW x5, Idea INT x5."""
    skills = c["sheet"]["skills"]
    if name not in skills and name == "luck":  # COC-GEN-2
        return luck_chance(int(c["sheet"]["pow"]))
    if name not in skills and name == "idea":
        return idea_chance(int(c["sheet"]["int"]))
    return int(skills.get(name, 0))


def vest_of(c: Mapping[str, Any]) -> Any:
    """DG-ARM-1: the vest worn, or None."""
    vest = c["sheet"].get("vest")
    return VESTS[int(vest["level"])] if vest else None


def vest_text(c: Mapping[str, Any], text: Msg, armour: bool = True) -> Msg:
    """DG-ARM-8: mark words that reveal a hidden vest, so others read "armour" (or "other
    modifiers", for its skill penalty) instead."""
    vest = c["sheet"].get("vest")
    if vest and vest.get("worn_hidden"):
        instead = L.ARMOUR() if armour else L.OTHER_MODIFIERS()
        return L.HIDDEN(text=text, wearer=c["id"], instead=instead)
    return text


def suppression_now(state: Mapping[str, Any], c: Mapping[str, Any]) -> int:
    """DG-SUPP-3/-4: the summed suppression penalties on this combatant's attacks this round."""
    return sum(int(p["value"]) for p in c["penalties"] if int(p["round"]) == int(state["round"]))


def own_penalties(state: Mapping[str, Any], c: Mapping[str, Any]) -> list[tuple[Msg, int]]:
    """Flat penalties the attacker carries: running, vest, suppression, prone (DG-GEN-3 step 2)."""
    settings = settings_of(state)
    parts: list[tuple[Msg, int]] = []
    if c["round"].get("ran"):
        parts.append((L.RUNNING(), -int(settings.run_penalty)))  # DG-MOVE-2
    vest = vest_of(c)
    if vest and vest.penalty:
        label = vest_text(c, L.VEST(level=vest.level), armour=False)
        parts.append((label, -vest.penalty))  # DG-ARM-2
    penalties = c["penalties"]  # suppression_now, without the call when there are none
    suppression = suppression_now(state, c) if penalties else 0
    if suppression:
        parts.append((L.SUPPRESSED(), suppression))  # DG-SUPP-3
    return parts


def is_suppression(label: Msg | str) -> bool:
    """Whether a chance's part is the suppression penalty (First Aid ignores it)."""
    return isinstance(label, Msg) and label.id == L.SUPPRESSED.id


def attack_chance(
    state: Mapping[str, Any],
    attacker: Mapping[str, Any],
    weapon: Mapping[str, Any],
    target: Mapping[str, Any] | None,
    params: Mapping[str, Any],
    mode: BurstMode | None = None,
    walking_n: int = 0,
    extra: Sequence[tuple[Msg, int]] = (),
) -> Chance:
    """DG-GEN-3: skill, flat modifiers, multipliers rounded once; the spray starts at half skill."""
    settings = settings_of(state)
    base = skill(attacker, str(weapon["skill"]))
    parts: list[tuple[Msg | str, int]] = []
    word = L.skill_word(str(weapon["skill"]))
    if mode is not None and mode.key == SPRAY:
        halved = L.SKILL_HALVED(skill=word, base=base)
        parts.append((halved, scaled(base, Fraction(1, 2))))  # DG-AUTO-3
    else:
        parts.append((L.SKILL_NAMED(skill=word), base))  # named as a skill, not a weapon (刀技能)
    if mode is not None and mode.modifier:
        parts.append((L.mode_word(mode.key), mode.modifier))
    if walking_n:  # DG-WALK-1: +1 a round fired; AMB-DG-15: no cap by default (a spray +100)
        cap = settings.walking_cap
        walked = min(walking_n, int(cap)) if cap is not None else walking_n
        parts.append((L.WALKING_FIRE(), walked))
    parts.extend(own_penalties(state, attacker))
    parts.extend(extra)
    ranged = weapon["kind"] in ("firearm", "thrown")
    prone = int(settings.prone_penalty)
    distance = params.get("distance_m")
    if weapon["kind"] == "unarmed" and target is not None and target.get("in_hand"):
        held = next((w for w in target["sheet"]["weapons"] if w["key"] == target["in_hand"]), None)
        if (
            held
            and held["kind"] == "knife"
            and "improved_hand_to_hand" in attacker["sheet"]["edges"]
        ):
            parts.append((L.IMPROVED_HAND_TO_HAND(), 10))  # DG-EDGE-6
    # DG-WOUND-10 (AMB-DG-29): from the ground -20 to melee; ranged at a prone target -20 beyond 5 m
    if not ranged and attacker["prone"]:
        parts.append((L.FROM_THE_GROUND(), -prone))
    if ranged and target is not None:
        if target["prone"] and distance not in (None, "") and float(distance) > 5:
            parts.append((L.PRONE_BEYOND_5(), -prone))
        bonus = large_target_bonus(int(target["sheet"]["siz"]))
        if bonus:
            parts.append((L.LARGE_TARGET(), bonus))  # COC-LARGE-1
    modifier = int(params.get("modifier") or 0)
    if modifier:
        parts.append((L.GM_MODIFIER(), modifier))
    flat = sum([value for _, value in parts])
    factors: list[tuple[Msg, Fraction]] = []
    if ranged and distance not in (None, ""):
        aimed = _aim_bonus(attacker, target)  # DG-AIM-1 (AMB-DG-09): point-blank and range x2
        pb_mult = (2 if aimed else 1) * (2 if "eagle_eye" in attacker["sheet"]["edges"] else 1)
        metres = Fraction(str(distance))
        firearm = weapon["kind"] == "firearm"
        if firearm and metres <= point_blank_m(int(attacker["sheet"]["dex"]), pb_mult):
            factors.append((L.POINT_BLANK(), Fraction(2)))  # COC-PB-1, DG-EDGE-8, DG-AIM-1
        else:
            held = attacker["weapons"].get(weapon["key"], {})
            base_range = Fraction(str(weapon["base_range_m"])) * sight_multiplier(
                weapon, aimed, silencer_works(weapon, held)
            )  # DG-AIM-1 (AMB-DG-09): aiming doubles the base range as a sight does
            factor = range_factor(metres, base_range)
            if factor != 1:
                factors.append((L.RANGE(), factor))  # COC-RANGE-1
    # COC-UNAIMED-4: with a handgun, 60% in the skill the weapon uses (Firearms in Delta Green)
    trained = bool(attacker["sheet"].get("laser_trained"))
    handgun = skill(attacker, str(weapon["skill"]))
    if params.get("unaimed") in _TRUE and not aims_anyway(weapon, trained, handgun):
        factors.append((L.UNAIMED(), Fraction(1, 5)))  # COC-UNAIMED-1
    light = state.get("light")  # the GM's scene light (set_light), or per attack
    if params.get("dim") in _TRUE or light == "dim":
        factors.append((L.DIM_LIGHT(), DIM_LIGHT))  # COC-DARK-1
    value = flat
    if factors:
        product = Fraction(1)
        for _, factor in factors:
            product *= factor
        value = scaled(flat, product, bool(settings.min_chance_after_division))
    if params.get("dark") in _TRUE or light == "dark":
        factors.append((L.DARKNESS(), Fraction(0)))
        value = DARK_CHANCE  # COC-DARK-2
    unmet = L.UNMET.get(str(params.get(UNMET) or ""))
    if unmet is not None:  # SCENE-HIDE-2/3: the true map's wall, or no one within reach
        factors.append((unmet(), Fraction(0)))
        value = 0
    return Chance(tuple(parts), tuple(factors), value)


_TRUE = (True, "on", "true", "1")  # what a checkbox sends when ticked
_UNMET_IDS = frozenset(words.id for words in L.UNMET.values())


def meets(chance: Chance, roll: int, state: Mapping[str, Any]) -> bool:
    """DG-GEN-1 for an attack's d100; nothing hits what the true map put out of its way
    (SCENE-HIDE-2/3), whatever a 01 does elsewhere."""
    if any(isinstance(label, Msg) and label.id in _UNMET_IDS for label, _ in chance.factors):
        return False
    return succeeds(chance.value, roll, *auto_rules(state))


def silencer_wear(
    w: Working, c: Mapping[str, Any], weapon: Mapping[str, Any], rounds: int
) -> list[Msg]:
    """COC-SILENCER-2: each shot wears the silencer (a high-power round twice); at 0 it is ruined.

    Counted only once the GM has fitted it (`fit_silencer` rolls its hidden d100+10 life)."""
    slot = c["weapons"].get(weapon["key"], {})
    life = slot.get("silencer_life")
    if life is None or slot.get("silencer_ruined") or rounds <= 0:
        return []
    left = int(life) - brp_silencer_wear(rounds, bool(weapon.get("high_power")))
    w.weapon(c["id"], weapon["key"], "silencer_life", left)
    if left > 0:
        return []
    w.weapon(c["id"], weapon["key"], "silencer_ruined", True)
    return [L.SILENCER_WORN(weapon=weapon["name"])]


def _aim_bonus(attacker: Mapping[str, Any], target: Mapping[str, Any] | None) -> bool:
    aim = attacker.get("aim")
    return bool(
        aim and aim.get("state") == "ready" and target is not None and aim["target"] == target["id"]
    )


def lit(state: Mapping[str, Any], chance: int) -> int:
    """COC-DARK-1/-2: a skill chance in the scene's light: dim light halves it, darkness makes it
    01 (the seed: every skill roll, a Dodge or a Parry as much as any other)."""
    light = str(state.get("light") or "normal")
    return in_light(chance, light, bool(settings_of(state).min_chance_after_division))


def defence_chance(
    state: Mapping[str, Any], defender: Mapping[str, Any], attacker: Mapping[str, Any], name: str
) -> int:
    """DG-ARM-2, DG-WOUND-10, DG-EDGE-4: a Dodge or Parry chance against this attacker (prone:
    -20, AMB-DG-29)."""
    settings = settings_of(state)
    value = skill(defender, name)
    vest = vest_of(defender)
    if vest and (name == "dodge" or settings.vest_penalty_on_parry):
        value -= vest.penalty
    if defender["prone"]:
        value -= int(settings.prone_penalty)
    if defender["round"].get("ran"):
        value -= int(settings.run_penalty)
    if state.get("confined") and "close_quarters" in attacker["sheet"]["edges"]:
        value -= 10  # DG-EDGE-4 (AMB-DG-36)
    if name == "parry" and state.get("confined") and "close_quarters" in defender["sheet"]["edges"]:
        value += 10
    return value


class Outcome:
    """What one attack did (its effects are staged on the working state): log lines and a
    summary for the payload.

    A plain slotted class: one is made per shot, and a dataclass with default factories costs
    several calls more to build."""

    __slots__ = ("hits", "lines", "result", "roll")

    def __init__(self) -> None:
        self.lines: list[Msg] = []
        self.hits: list[Json] = []
        self.result = "miss"
        self.roll = 0


def armour_for(
    state: Mapping[str, Any],
    target: Mapping[str, Any],
    location: str | None,
    weapon: Mapping[str, Any],
    impale: bool,
    aimed_elsewhere: bool = False,
) -> tuple[int, Msg | None]:
    """DG-ARM-3..-7: the vest's AP against this hit, and why."""
    vest = vest_of(target)
    if vest is None:
        return 0, None
    settings = settings_of(state)
    # DG-ARM-8: a hit the hidden vest does not meet says nothing of it (others would read
    # "not covered by the vest"); the line reads as for a target with no vest
    hidden = bool((target["sheet"].get("vest") or {}).get("worn_hidden"))
    if locations_on(state, target):
        if location != CHEST:
            where = L.location(location) if location else L.THAT_LOCATION()
            return 0, None if hidden else L.NOT_COVERED(location=where)
    elif aimed_elsewhere:
        return 0, None if hidden else L.AIMED_PAST()  # DG-ARM-6 without hit locations
    kind = weapon["kind"]
    # DG-ARM-5 (AMB-DG-20): only a melee impale stabs through; other knife and unarmed hits
    # meet half AP (DG-ARM-4), a firearm's impale the full AP
    if kind in ("knife", "melee") and impale and settings.stab_bypass == "melee_impale":
        return 0, vest_text(target, L.STAB_THROUGH())
    unarmed_half = kind == "unarmed" and (
        settings.half_ap_unarmed == "all" or weapon["key"] == "fist"
    )
    half = rhu(Fraction(vest.ap, 2))
    if kind == "knife" or unarmed_half:
        return half, vest_text(target, L.VEST_HALVED(level=vest.level, ap=vest.ap))
    # DG-ARM-7 (AMB-DG-21): area effects meet half AP; nothing wears a vest down (AP is read
    # from its level every time)
    if weapon.get("area") and settings.area_effect_ap == "half":
        return half, vest_text(target, L.VEST_HALVED_AREA(level=vest.level))
    return vest.ap, vest_text(target, L.VEST_AP(level=vest.level, ap=vest.ap))


def severs(state: Mapping[str, Any], weapon: Mapping[str, Any]) -> bool:
    """DG-WOUND-6/-7 (AMB-DG-27): whether the weapon's hits sever a limb at 2x and the head at
    2x: it carries one of the campaign's `dg.decapitation_tags`, by default `can_sever` (edged or
    chopping weapons, bites and claws, heavy weapons the GM tags); ordinary firearms do not."""
    return any(weapon.get(str(tag)) is True for tag in settings_of(state).decapitation_tags)


def locations_on(state: Mapping[str, Any], target: Mapping[str, Any]) -> bool:
    """DG-ARM-6, DG-LOC-5: hit locations are used (campaign setting and creature sheet)."""
    return bool(settings_of(state).hit_locations) and uses_locations(target)


def roll_location(
    state: Mapping[str, Any],
    dice: Dice,
    attack_roll: int | None,
    first: bool,
    target: Mapping[str, Any] | None = None,
) -> tuple[str | None, Msg | None]:
    """DG-LOC-1/-2/-6: a d10 per bullet (AMB-DG-25), or the attack roll's units digit for the
    first; the hits of an aimed shot in its chosen band skip this (DG-CALLED-2)."""
    if target is not None and not locations_on(state, target):
        return None, None  # DG-ARM-6, DG-LOC-5: total HP only
    settings = settings_of(state)
    own_table = target["sheet"].get("location_table") if target is not None else None
    table = settings.hit_location_table
    if first and attack_roll is not None and settings.location_from_units_digit:
        face = attack_roll % 10 or 10
        loc = _location(own_table, table, face)
        return loc, L.FROM_UNITS(face=face, location=L.location(loc))
    face = dice.roll(10, "hit location d10")
    loc = _location(own_table, table, face)
    return loc, L.LOCATION_D10(face=face, location=L.location(loc))


def _location(
    own_table: Mapping[str, Any] | None, table: Mapping[str, Any] | None, face: int
) -> str:
    """DG-LOC-1/-5: a d10 face on the creature's own table, else the campaign's, else the book's."""
    key = str(face)
    if own_table and key in own_table:
        return str(own_table[key])
    if table and key in table:
        return str(table[key])
    return str(HIT_LOCATION_TABLE[face])


def damage_at(weapon: Mapping[str, Any], distance: Any) -> str:
    """COC-SHOTGUN-4: damage by range band (`damage_bands` [[up to m, dice]...]), else `damage`."""
    metres = None if distance in (None, "") else Fraction(str(distance))
    return band_damage(weapon.get("damage_bands") or [], str(weapon["damage"]), metres)


def deal_hit(
    w: Working,
    attacker: Mapping[str, Any],
    weapon: Mapping[str, Any],
    target_id: str,
    dice: Dice,
    impale: bool,
    location: str | None,
    location_text: Msg | None,
    label: Msg,
    melee: bool = False,
    aimed_elsewhere: bool = False,
    knockout: bool = False,
    distance: Any = None,
) -> tuple[list[Msg], Json]:
    """DG-HP-1, DG-ARM-3, COC-IMPALE-3: one hit's damage, less armour, dealt on the working
    state; its log lines and its record for the payload."""
    scratch = w.state
    target = scratch["combatants"][target_id]
    damage = DamageDice.parse(damage_at(weapon, distance))
    expr = str(damage)
    english = label.english()  # the dice purposes stay English
    impaled = impale and not target["sheet"].get("impale_immune")
    dealt = weapon_damage(
        damage, dice, impaled, f"{english} damage {expr}", f"{english} impale damage {expr}"
    )
    rolled, faces = dealt.first, dealt.faces
    text = L.DAMAGE(label=label, expr=expr, rolled=rolled)
    if faces and len(faces) > 1:
        shown = "+".join(map(str, faces))
        text = L.DAMAGE_FACES(
            label=label, expr=expr, faces=shown, constant=_const(damage), rolled=rolled
        )
    if dealt.again is not None:
        rolled += dealt.again
        text = L.more(text, L.IMPALE_AGAIN(again=dealt.again, total=rolled))
    if weapon["kind"] == "thrown":
        db = DamageDice.parse(str(attacker["sheet"].get("db") or "0"))
        if db.dice or db.constant:
            bonus, _ = db.roll(dice, "damage bonus (halved when thrown)")
            half = half_db(bonus)
            rolled += half
            text = L.more(text, L.HALF_BONUS(bonus=f"{half:+d}"))  # COC-THROW-1
    if melee:
        db = DamageDice.parse(str(attacker["sheet"].get("db") or "0"))
        if db.dice or db.constant:
            bonus, _ = db.roll(dice, "damage bonus")
            rolled += bonus
            # added once, even on an impale (COC-IMPALE-3)
            text = L.more(text, L.BONUS(bonus=f"{bonus:+d}"))
        if "dirty_fighting" in attacker["sheet"]["edges"]:
            extra = dice.roll(4, "Dirty Fighting 1d4")
            rolled += extra
            text = L.more(text, L.DIRTY_FIGHTING(extra=extra))  # DG-EDGE-7
    rolled = max(0, rolled)
    ap, why = armour_for(scratch, target, location, weapon, impale, aimed_elsewhere)
    after = armour_after(rolled, ap)
    if why is not None:
        text = L.more(text, L.AFTER_ARMOUR(why=why, after=after))
    before_hp = int(target["hp"])
    before_loc = int(target["damage"][location]) if location else 0
    sever = severs(scratch, weapon)
    if knockout:  # COC-KO-2/-3/-4: damage against current HP on the resistance table
        ko = knockout_attempt(after, before_hp, dice.roll(100, "knockout resistance d100"))
        after = ko.damage
        if ko.knocked_out:
            w.set(target_id, "knocked_out", True)
            text = L.more(text, L.KNOCKED_OUT(chance=ko.chance, roll=ko.roll, after=after))
        else:
            text = L.more(text, L.KNOCKOUT_FAILS(chance=ko.chance, roll=ko.roll))
    located = locations_on(scratch, target)
    where = location if located else None
    applied = limb_capped(target, where, max(0, after))  # what `Working.damage` will deal
    if "wound_hits" in target and location and located:  # DG-WOUND-1 per hit: read before
        per_hit = wound_crossing(target, location, before_loc, before_loc + applied, max(0, after))
        text = _per_hit_level(text, target, location, before_loc + applied, per_hit)
        located = False  # the level is in the text already
    w.damage(target_id, after, where, sever, attacker["id"])
    if applied != after:
        text = L.more(text, L.LIMB_HOLDS(applied=applied))  # DG-WOUND-6
    if location and located:
        after_loc = before_loc + applied
        normal = int(target["loc_max"][location])
        name = L.location(location)
        if after_loc >= 2 * normal and before_loc < 2 * normal:
            text = L.more(text, L.AT_2X(location=name))
        elif after_loc >= normal and before_loc < normal:
            text = L.more(text, L.AT_1X(location=name))
        left = normal - after_loc
        text = L.more(text, L.LOCATION_LEFT(location=name, left=left, normal=normal))
    text = L.more(text, L.HP_NOW(name=target["name"], hp=before_hp - applied))
    hit = {
        "target": target_id,
        "location": location,
        "rolled": rolled,
        "armour": ap,
        "applied": applied,
        "impale": impale,
    }
    return [location_text, text] if location_text is not None else [text], hit


def _per_hit_level(
    text: Msg,
    target: Mapping[str, Any],
    location: str,
    after_loc: int,
    crossing: tuple[bool, bool, Any],
) -> Msg:
    """DG-WOUND-1 (`dg.wound_threshold = "per_hit"`): the level this one hit reaches, if any."""
    normal = int(target["loc_max"][location])
    name = L.location(location)
    if crossing[1]:
        text = L.more(text, L.AT_2X(location=name))
    elif crossing[0]:
        text = L.more(text, L.AT_1X(location=name))
    return L.more(text, L.LOCATION_LEFT(location=name, left=normal - after_loc, normal=normal))


def _const(damage: DamageDice) -> str:
    return f"{damage.constant:+d}" if damage.constant else ""


def try_dodge(
    w: Working, defender_id: str, attacker: Mapping[str, Any], dice: Dice
) -> tuple[bool, list[Msg]]:
    """DG-AUTO-1, DG-ACT-5: a declared dodge is rolled once per round against one whole attack
    (AMB-DG-04: a free reaction, no card unless `dg.defence_costs_card`)."""
    scratch = w.state
    defender = scratch["combatants"][defender_id]
    aim = defender.get("aim")
    aiming = bool(aim and aim.get("state") == "aiming")
    if not defender["dodge"] or defender["round"].get("dodged") or aiming or not able(defender):
        return False, []
    chance = lit(scratch, defence_chance(scratch, defender, attacker, "dodge"))
    roll = dice.roll(100, "dodge d100")
    ok = succeeds(chance, roll, *auto_rules(scratch))
    w.set_round(defender_id, "dodged", True)
    defence_card(w, defender)
    verdict = L.DODGED() if ok else L.FAILED()
    return ok, [L.DODGES(name=defender["name"], roll=roll, chance=chance, verdict=verdict)]


def defence_card(w: Working, defender: Mapping[str, Any]) -> None:
    """DG-ACT-5 (`dg.defence_costs_card`): optionally a dodge or parry turns a card down; by
    default (AMB-DG-04) both are free reactions, one parry and one dodge a round."""
    rnd = defender["round"]
    left = int(rnd.get("cards", 0)) - int(rnd.get("spent", 0))
    if settings_of(w.state).defence_costs_card and left > 0:
        w.spend(defender["id"], 1, voluntary=False)


def auto_rules(state: Mapping[str, Any]) -> tuple[bool, bool]:
    settings = settings_of(state)
    return bool(settings.auto_fail_00), bool(settings.auto_success_01)


def fire(
    w: Working,
    attacker_id: str,
    weapon: Mapping[str, Any],
    target_id: str,
    chance: Chance,
    dice: Dice,
    rounds: int,
    hits_die: int | None,
    label: Msg,
    called: str | None = None,
    distance: Any = None,
    spends_rounds: bool = True,
) -> Outcome:
    """DG-AUTO-4, DG-CALLED-2, COC-MAL-1: one d100 for a shot or a whole burst, then every hit
    (a thrown weapon spends no rounds)."""
    scratch = w.state
    attacker = scratch["combatants"][attacker_id]
    target = scratch["combatants"][target_id]
    out = Outcome()
    c = chance.value
    roll = dice.roll(100, PURPOSE_TO_HIT.english)
    out.roll = roll
    key = weapon["key"]
    if malfunctions(roll, weapon.get("mal")):
        if malfunction_kind(str(weapon.get("action"))) == "dud":  # COC-MAL-2
            if spends_rounds:
                w.ammo(attacker_id, key, -1)
            out.lines.append(L.DUD(roll=roll, mal=weapon["mal"]))
        else:  # COC-MAL-3: jammed, nothing fired
            w.weapon(attacker_id, key, "jammed", True)
            out.lines.append(L.JAMS(roll=roll, mal=weapon["mal"]))
        out.result = "malfunction"
        return out
    if spends_rounds:
        w.ammo(attacker_id, key, -rounds)
    if weapon.get("silencer"):  # COC-SILENCER-2
        out.lines.extend(silencer_wear(w, attacker, weapon, rounds))
    hit = meets(chance, roll, scratch)
    if not hit:
        out.lines.append(L.SHOT_MISSES(label=label, roll=roll, chance=chance.said()))
        return out
    threshold = impale_threshold(c)
    impale = roll <= threshold and bool(weapon.get("can_impale"))
    band: Msg | str = ""
    if called:
        half = scaled(c, Fraction(1, 2))
        # DG-CALLED-2 (AMB-DG-10): <= rhu(C/2) the chosen location, <= C a random one, else a
        # miss; an impaling aimed shot is in place
        in_place = roll <= half or impale
        band = L.CHOSEN_BAND(half=half)
        out.result = "chosen" if in_place else "random"
    else:
        out.result = "hit"
    note = L.impale_note(impale, threshold)
    said = L.SHOT_HITS(label=label, roll=roll, chance=chance.said(), band=band, impale=note)
    out.lines.append(said)
    if impale and out.result == "hit":
        out.result = "impale"
    count = 1
    if hits_die:
        face = dice.roll(hits_die, PURPOSE_HITS(sides=hits_die).english())
        count = min(face, rounds)  # DG-AUTO-2: never more hits than rounds fired
        capped = L.HITS_CAPPED(rounds=rounds) if face > rounds else ""
        out.lines.append(L.HITS_ROLLED(die=hits_die, face=face, capped=capped, count=count))
    dodged, lines = try_dodge(w, target_id, attacker, dice)
    out.lines.extend(lines)
    if dodged:
        out.result = "dodged"
        return out
    # DG-AUTO-4 (AMB-DG-13): each bullet is a hit of its own: location, damage roll, armour
    for index in range(count):
        loc: str | None
        loc_text: Msg | None
        if called and out.result == "chosen":
            loc, loc_text = called, L.AIMED_AT(location=L.location(called))
        else:
            loc, loc_text = roll_location(w.state, dice, roll, index == 0, target)
        lines, record = deal_hit(
            w,
            attacker,
            weapon,
            target_id,
            dice,
            impale and index == 0,  # DG-AUTO-4 (AMB-DG-13): only the first bullet impales
            loc,
            loc_text,
            L.BULLET_N(n=index + 1) if count > 1 else L.HIT(),
            aimed_elsewhere=called is not None and called != CHEST,
            distance=distance,
        )
        out.lines.extend(lines)
        out.hits.append(record)
    del target
    return out


def burn(w: Working, target: Mapping[str, Any], amount: int, dice: Dice) -> list[Msg]:
    """COC-FIRE-2: burns past half max HP in one incident: Luck, or lose 1D3 CON and 1D3 APP."""
    before = int(target.get("burned") or 0)
    w.set(target["id"], "burned", before + amount)
    if not severe_burn(before, amount, int(target["hp_max"])):
        return []
    luck = skill(target, "luck")
    roll = dice.roll(100, "Luck d100 (severe burns)")
    if succeeds(luck, roll, *auto_rules(w.state)):
        return [L.BURNS_SAFE(roll=roll, luck=luck)]
    con_loss = dice.roll(3, "CON loss 1d3")
    app_loss = dice.roll(3, "APP loss 1d3")
    sheet = target["sheet"]
    w.sheet(target["id"], ["con"], max(1, sheet["con"] - con_loss))
    w.sheet(target["id"], ["app"], max(0, sheet["app"] - app_loss))
    return [L.BURNS_SCAR(roll=roll, luck=luck, con=con_loss, app=app_loss)]
