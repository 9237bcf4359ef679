"""Delta Green's attack lines: chances, shots, bursts, hits, damage, dodges, parries, suppression.

Each line keeps the English the engine wrote before it was a message. A line built in steps
("damage 1d10 = 7; vest 2 AP 8 -> 0") is a chain of messages (`more`), an event of several
lines is their `semi` join ("; "), and the words inside (skills, edges, locations, modes) are
messages of their own, so a reader sees every word in their language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.core.kit import Message, Msg
from rules.delta_green.messages import LOCATION_NAMES, LOG_JOINED, MODE_NAMES

# --- how lines are put together ------------------------------------------------------------------
SPACED = Message("dg.log.spaced", "{first} {then}")
MORE = Message("dg.log.more", "{first}{then}")
NAMED = Message("dg.log.named", "{name}: {line}")


def semi(lines: Iterable[Msg | None]) -> Msg:
    """The lines of one event joined with "; " as the English log was (empty lines left out)."""
    return _balanced([line for line in lines if line is not None], LOG_JOINED, "head", "tail")


def _balanced(parts: list[Msg], join: Message, first: str, then: str) -> Msg:
    """`parts` joined pairwise as a balanced tree: the text reads the same as a chain would (each
    join only puts a separator between its halves), but a line of n parts nests log2(n) deep
    rather than n, so a long suppression line stays within what a campaign file may nest."""
    if len(parts) <= 1:
        return parts[0]  # none: IndexError, as a chain of nothing always was
    half = len(parts) // 2
    left = _balanced(parts[:half], join, first, then)
    right = _balanced(parts[half:], join, first, then)
    return join(**{first: left, then: right})


def more(first: Msg, then: Msg | None) -> Msg:
    """A line with a clause added at its end (the clause carries its own "; " or ", ")."""
    return first if then is None else MORE(first=first, then=then)


def spaced(parts: list[Msg]) -> Msg:
    """Words joined with a space."""
    return _balanced(parts, SPACED, "first", "then")


# --- words: skills and edges by key, spelt as the English log spells them ------------------------
SKILLS = (
    "firearms",
    "handgun",
    "rifle",
    "shotgun",
    "smg",
    "machine_gun",
    "heavy_weapons",
    "knife",
    "fist",
    "kick",
    "grapple",
    "head_butt",
    "melee_weapons",
    "unarmed_combat",
    "dodge",
    "parry",
    "first_aid",
    "medicine",
    "luck",
    "idea",
    "spot_hidden",
    "listen",
    "hide",
    "sneak",
    "stealth",
    "search",
    "alertness",
    "athletics",
    "climb",
    "jump",
    "swim",
    "throw",
    "mechanical_repair",
    "library",
    "drive",
    "navigate",
    "persuade",
)
SKILL_KEYS = {key: Message(f"dg.skill_key.{key}", key) for key in SKILLS}
SKILL_SPOKEN = {
    key: Message(f"dg.skill_spoken.{key}", key.replace("_", " ")) for key in SKILLS if "_" in key
}
EDGES = (
    "double_tap",
    "improved_double_tap",
    "quick_draw",
    "close_quarters",
    "hand_to_hand",
    "improved_hand_to_hand",
    "dirty_fighting",
    "eagle_eye",
)
EDGE_KEYS = {key: Message(f"dg.edge_key.{key}", key) for key in EDGES}


def skill_word(name: str, spoken: bool = False) -> Msg | str:
    """A skill as the log spells it: its key ("spot_hidden") or, spoken, with spaces; a skill
    the group named itself stays as it is."""
    if spoken and name in SKILL_SPOKEN:
        return SKILL_SPOKEN[name]()
    known = SKILL_KEYS.get(name)
    if known is None:
        return name.replace("_", " ") if spoken else name
    return known()


def edge_word(name: str) -> Msg | str:
    """An edge by its key, as the log spells it."""
    known = EDGE_KEYS.get(name)
    return name if known is None else known()


def location(key: str) -> Msg:
    """A hit location's name."""
    return LOCATION_NAMES[key]()


def mode_word(key: str) -> Msg:
    """An autofire mode's name ("6-round short burst")."""
    return MODE_NAMES[key]()


# --- a hidden vest (DG-ARM-8): the words that reveal it, and what others read instead ----------
HIDDEN = Message("dg.log.hidden", "{text}")  # params: text, wearer (an id), instead
ARMOUR = Message("dg.log.armour", "armour")
OTHER_MODIFIERS = Message("dg.log.other_modifiers", "other modifiers")


def hidden_wearers(msg: Msg) -> set[str]:
    """The wearers whose hidden vest a line reveals (every line of every event is read: one walk
    down the line's parts, without a set per part)."""
    found: set[str] = set()
    hidden = HIDDEN.id
    todo = [msg]
    while todo:
        part = todo.pop()
        if part.id == hidden:
            found.add(str(part.params["wearer"]))
        for value in part.params.values():
            if isinstance(value, Msg):
                todo.append(value)
            elif isinstance(value, list):
                todo.extend(inner for inner in value if isinstance(inner, Msg))
    return found


def redacted(msg: Msg) -> Msg:
    """The line without the hidden vest: each revealing part said as what it stands for."""
    if msg.id == HIDDEN.id:
        instead = msg.params["instead"]
        assert isinstance(instead, Msg)
        return instead
    params: dict[str, Any] = {}
    for key, value in msg.params.items():
        if isinstance(value, Msg):
            value = redacted(value)
        elif isinstance(value, list):
            value = [redacted(v) if isinstance(v, Msg) else v for v in value]
        params[key] = value
    return Msg(msg.id, params, msg.source)


# --- the chance to hit (DG-GEN-3) -----------------------------------------------------------------
CHANCE_PART = Message("dg.chance.part", "{label} {value}")
CHANCE_FACTOR = Message("dg.chance.factor", "{label} x{factor}")
CHANCE_IS = Message("dg.chance.is", "{parts} = {value}")
SKILL_HALVED = Message("dg.chance.skill_halved", "{skill} {base}/2")
# the attacker's skill heading the breakdown: a skill, not the weapon of the same name (刀技能 45)
SKILL_NAMED = Message("dg.chance.skill_named", "{skill}")
WALKING_FIRE = Message("dg.chance.walking_fire", "walking fire")
RUNNING = Message("dg.chance.running", "running")
VEST = Message("dg.chance.vest", "vest {level}")
SUPPRESSED = Message("dg.chance.suppressed", "suppressed")
IMPROVED_HAND_TO_HAND = Message("dg.chance.improved_hand_to_hand", "Improved Hand-to-Hand")
FROM_THE_GROUND = Message("dg.chance.from_the_ground", "fighting from the ground")
PRONE_BEYOND_5 = Message("dg.chance.prone_beyond_5", "target prone beyond 5 m")
LARGE_TARGET = Message("dg.chance.large_target", "large target")
GM_MODIFIER = Message("dg.chance.gm_modifier", "GM modifier")
DOUBLE_TAP = Message("dg.chance.double_tap", "Double Tap")
POINT_BLANK = Message("dg.chance.point_blank", "point-blank")
RANGE = Message("dg.chance.range", "range")
UNAIMED = Message("dg.chance.unaimed", "unaimed")
DIM_LIGHT = Message("dg.chance.dim_light", "dim light")
DARKNESS = Message("dg.chance.darkness", "darkness: 01")
# SCENE-HIDE-2/3: what the true map put in an unseen target's way
WALL_MET = Message("dg.chance.wall_met", "a wall in the way")
OUT_OF_REACH = Message("dg.chance.out_of_reach", "out of reach")
UNMET = {"wall": WALL_MET, "reach": OUT_OF_REACH}

# --- shots and bursts (DG-ACT-3, DG-AUTO-*, DG-CALLED-*, COC-MAL-*) ------------------------------
SHOT = Message("dg.log.shot", "shot")
SHOT_N = Message("dg.log.shot_n", "shot {n}")
THROW = Message("dg.log.throw", "throw")
AIMED_SHOT_AT = Message("dg.log.aimed_shot_at", "aimed shot at the {location}")
WALKING = Message("dg.log.walking", "{mode} (walking fire)")
ROUNDS_AT = Message("dg.log.rounds_at", "{n} round(s) at {name}")
DUD = Message("dg.log.dud", "to hit d100 = {roll} >= malfunction {mal}: a dud, 1 round lost")
JAMS = Message("dg.log.jams", "to hit d100 = {roll} >= malfunction {mal}: the weapon jams")
SHOT_MISSES = Message("dg.log.shot_misses", "{label}: to hit d100 = {roll} vs {chance}: miss")
SHOT_HITS = Message(
    "dg.log.shot_hits", "{label}: to hit d100 = {roll} vs {chance}{band}: hit{impale}"
)
CHOSEN_BAND = Message("dg.log.chosen_band", " (chosen location up to {half})")
IMPALE_NOTE = Message("dg.log.impale_note", ", impale (<= {threshold})")
HITS_ROLLED = Message("dg.log.hits_rolled", "hits 1d{die} = {face}{capped}: {count} bullet(s) hit")
HITS_CAPPED = Message("dg.log.hits_capped", ", capped at {rounds} rounds fired")
AIMED_AT = Message("dg.log.aimed_at", "aimed at the {location}")
SILENCER_WORN = Message(
    "dg.log.silencer_worn", "the silencer on {weapon} is worn out (COC-SILENCER-2)"
)
FIRES = Message("dg.log.fires", "{name} fires {weapon} at {target}")
UNAIMED_PICK = Message(
    "dg.log.unaimed_pick", "unaimed fire at {n} targets: 1d{n} = {face}: {target}"
)
TAKES_AIMED = Message("dg.log.takes_aimed", "{name} takes an aimed shot at {target}")
BURST_FIRED = Message(
    "dg.log.burst_fired", "{name} fires a {label} from {weapon} at {target}{short}"
)
SHORT_BURST = Message("dg.log.short_burst", " ({rounds} left in the weapon{note})")
FIRED_AS = Message("dg.log.fired_as", ", fired as a {mode}")
ROUNDS_SPENT = Message("dg.log.rounds_spent", "{rounds} rounds spent, {left} left")
SPLITS = Message(
    "dg.log.splits",
    "{name} splits a {mode} from {weapon}: {shares} (each target rolled at the normal chance, "
    "COC-AUTO-6)",
)
SHARE = Message("dg.log.share", "{n} at {name}")
THROWS = Message("dg.log.throws", "{name} throws {weapon} at {target}")
CHAMBERS = Message("dg.log.chambers", "{name} chambers a round in {weapon} and fires at {target}")

# --- hits, damage and armour (DG-HP-1, DG-ARM-*, DG-LOC-*, DG-WOUND-*, COC-IMPALE-3) -----------
HIT = Message("dg.log.hit", "hit")
BULLET = Message("dg.log.bullet", "bullet")
BULLET_N = Message("dg.log.bullet_n", "bullet {n}")
BLOW = Message("dg.log.blow", "blow")
FROM_UNITS = Message("dg.log.from_units", "location from the units digit {face}: {location}")
LOCATION_D10 = Message("dg.log.location_d10", "hit location d10 = {face}: {location}")
DAMAGE = Message("dg.log.damage", "{label}: damage {expr} = {rolled}")
DAMAGE_FACES = Message(
    "dg.log.damage_faces", "{label}: damage {expr} = {faces}{constant} = {rolled}"
)
IMPALE_AGAIN = Message("dg.log.impale_again", ", impale rolls again {again} = {total}")
HALF_BONUS = Message("dg.log.half_bonus", ", half damage bonus {bonus}")
BONUS = Message("dg.log.bonus", ", damage bonus {bonus}")
DIRTY_FIGHTING = Message("dg.log.dirty_fighting", ", Dirty Fighting 1d4 = {extra}")
AFTER_ARMOUR = Message("dg.log.after_armour", "; {why} -> {after}")
KNOCKED_OUT = Message(
    "dg.log.knocked_out",
    "; knockout {chance}%: d100 = {roll}: knocked out, takes a third ({after})",
)
KNOCKOUT_FAILS = Message(
    "dg.log.knockout_fails", "; knockout {chance}%: d100 = {roll}: fails, full damage"
)
LIMB_HOLDS = Message("dg.log.limb_holds", "; limb holds at most 2x: {applied} applied")
AT_2X = Message("dg.log.at_2x", "; {location} at 2x")
AT_1X = Message("dg.log.at_1x", "; {location} at 1x")
LOCATION_LEFT = Message("dg.log.location_left", " ({location} {left}/{normal})")
HP_NOW = Message("dg.log.hp_now", "; {name} HP {hp}")
NOT_COVERED = Message("dg.log.not_covered", "{location} not covered by the vest")
THAT_LOCATION = Message("dg.log.that_location", "that location")
AIMED_PAST = Message("dg.log.aimed_past", "aimed past the vest")
STAB_THROUGH = Message("dg.log.stab_through", "a stab goes through the vest")
VEST_HALVED = Message("dg.log.vest_halved", "vest {level} AP {ap} halved vs knives and fists")
VEST_HALVED_AREA = Message("dg.log.vest_halved_area", "vest {level} AP halved vs area effects")
VEST_AP = Message("dg.log.vest_ap", "vest {level} AP {ap}")
BURNS_SAFE = Message(
    "dg.log.burns_safe", "severe burns: Luck d100 = {roll} vs {luck}: no lasting harm"
)
BURNS_SCAR = Message(
    "dg.log.burns_scar", "severe burns: Luck d100 = {roll} vs {luck}: CON -{con}, APP -{app}"
)

# --- dodges and parries (DG-AUTO-1, DG-ACT-5, COC-PARRY-*) ---------------------------------------
DODGED = Message("dg.log.dodged", "dodged")
FAILED = Message("dg.log.failed", "failed")
PARRIED = Message("dg.log.parried", "parried")
DODGES = Message("dg.log.dodges", "{name} dodges: d100 = {roll} vs {chance}: {verdict}")
BARE_HANDED = Message("dg.log.bare_handed", "{name} tries to parry a weapon bare-handed: no use")
PARRIES = Message("dg.log.parries", "{name} parries: d100 = {roll} vs {chance}: {verdict}")
NOT_TOUCH = Message("dg.log.not_touch", "{name} cannot grapple {weapon} (not touch range)")
NOT_QUICKER = Message(
    "dg.log.not_quicker", "{name} is not quicker than {attacker}: no grapple parry"
)
GRAPPLE_PARRIES = Message(
    "dg.log.grapple_parries", "{name} parries by grappling: d100 = {rolls} vs {chance}: {verdict}"
)

# --- melee (DG-ACT-6, COC-PARRY-4, COC-IMPALE-5) -------------------------------------------------
ATTACKS = Message("dg.log.attacks", "{name} attacks {target} with {weapon}")
MELEE_HITS = Message("dg.log.melee_hits", "to hit d100 = {roll} vs {chance}: hit{impale}")
MELEE_MISSES = Message("dg.log.melee_misses", "to hit d100 = {roll} vs {chance}: miss")
STUCK_IN = Message("dg.log.stuck_in", "{weapon} is stuck in {target}")
BLOW_HOLDS = Message(
    "dg.log.blow_holds", "the parried blow does {damage} to {weapon} (HP {hp}): it holds"
)
BLOW_DISABLES = Message(
    "dg.log.blow_disables",
    "the parried blow does {damage} to {weapon} (HP {hp}): it no longer fires; "
    "{excess} gets through",
)
BLOW_BREAKS = Message(
    "dg.log.blow_breaks",
    "the parried blow does {damage} to {weapon} (HP {hp}): it breaks; {excess} gets through",
)

# --- suppressive fire (DG-SUPP-*) ----------------------------------------------------------------
LAYS = Message(
    "dg.log.lays",
    "{name} lays suppressive fire with {weapon} ({rounds} rounds), skill {skill}, X = {x}",
)
SUPPRESSION_JAMS = Message(
    "dg.log.suppression_jams", "d100 = {roll} >= malfunction {mal}: the weapon jams"
)
SUPPRESSION_ROLL = Message("dg.log.suppression_roll", "suppressive fire d100 = {roll}")
TAKES_COVER = Message("dg.log.takes_cover", "{name} takes cover: -{x} to attacks {when}")
NEXT_ROUND = Message("dg.log.next_round", "next round")
REST_OF_ROUND = Message("dg.log.rest_of_round", "for the rest of this round")
MAY_BRAVE = Message("dg.log.may_brave", "{name} may still brave the fire after seeing the roll")
BRAVES = Message("dg.log.braves", "{name} braves the fire: no penalty")
TARGET_OUT_OF_LINE = Message(
    "dg.log.target_out_of_line", "{name}: out of the line of fire, cannot be hit"
)
TARGET_MISSED = Message("dg.log.target_missed", "{name}: {roll} vs {chance}: miss")
TARGET_HIT = Message("dg.log.target_hit", "{name}: {roll} vs {chance}: hit{impale}")
BRAVES_AFTER = Message(
    "dg.log.braves_after",
    "{name} braves {shooter}'s suppressive fire after the roll: no -{x}; d100 = {roll} vs "
    "{chance} (S+X)",
)
OUT_OF_LINE = Message("dg.log.out_of_line", "out of the line of fire, cannot be hit")
ALREADY_HIT = Message("dg.log.already_hit", "already hit by that fire: no second bullet")
STILL_A_MISS = Message("dg.log.still_a_miss", "still a miss")
BRAVE_HIT = Message("dg.log.brave_hit", "hit{impale}")

# --- the half-DEX hold (DG-INIT-4) ----------------------------------------------------------------
HOLDS = Message(
    "dg.log.holds",
    "{name} holds for a half-DEX action: rank {rank} (DEX {dex} / 2 + die {die}); {ahead} act "
    "first (DG-INIT-4)",
)


def impale_note(impale: bool, threshold: int) -> Msg | str:
    """ ", impale (<= 9)" after a hit that impales, else nothing."""
    return IMPALE_NOTE(threshold=threshold) if impale else ""


def names(people: Iterable[Mapping[str, Any]]) -> list[str]:
    """Combatants' names, for a list parameter (", " in English)."""
    return [str(p["name"]) for p in people]


# The demo's sides, as the table names them (vtt/words.py side_name).
SIDE_AGENTS = Message("dg.side.agents", "agents")
SIDE_CULT = Message("dg.side.cult", "cult")
# Where the table stands (the state's "phase"), for the replay's list of phases.
PHASE_SETUP = Message("dg.phase.setup", "setting up")
PHASE_IN_ROUND = Message("dg.phase.in_round", "in a round")
PHASE_BETWEEN = Message("dg.phase.between", "between rounds")


# Words kept in tables here, so the catalogue lists them.
TERMS = [*SKILL_KEYS.values(), *SKILL_SPOKEN.values(), *EDGE_KEYS.values()]
