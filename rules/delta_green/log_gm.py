"""Delta Green's lines for care, edges and the GM's tools: damage by hand, healing weeks,
training, research, POW, hazards, poisons and the scene.

Each line keeps the English the engine wrote before it was a message.
"""

from __future__ import annotations

from rules.brp.hazards import POISONS
from rules.core.kit import Message, Msg

# --- First Aid and surgery (DG-HEAL-1/-4, COC-KO-6) -----------------------------------------------
GIVES = Message("dg.log.gives", "{healer} gives {skill} to {patient}'s {location}")
TREATMENT_FAILED = Message("dg.log.treatment_failed", "d100 = {roll} vs {chance}: failed")
BLEEDING_STOPPED = Message(
    "dg.log.bleeding_stopped", "d100 = {roll} vs {chance}: success; bleeding stopped"
)
WAKES = Message("dg.log.wakes", "{name} wakes up")
SURGERY_DONE = Message("dg.log.surgery_done", "surgery done: the wound can now heal")
FIRST_AID_HEALS = Message("dg.log.first_aid_heals", "First Aid 1d3 = {heal}: +{amount} HP")

# --- poisons taking effect (COC-POISON-2/-3/-6/-7) ------------------------------------------------
POISON_NAMES = {key: Message(f"dg.poison.{key}", poison.name) for key, poison in POISONS.items()}
ASLEEP = {
    english: Message("dg.asleep." + "_".join(english.split()).replace("-", "_"), english)
    for english in sorted({p.asleep for p in POISONS.values() if p.asleep})
}
POISON_RESISTED = Message(
    "dg.log.poison_resisted", "{name}: {poison} takes effect: no effect (resisted)"
)
EXTRA_HOURS = Message("dg.log.extra_hours", " + {hours} h for the extra doses")
POISON_ASLEEP = Message(
    "dg.log.poison_asleep", "{name}: {poison} takes effect: unconscious ({asleep}{longer})"
)
POISON_HURTS = Message("dg.log.poison_hurts", "{name}: {poison} takes effect: {amount} HP lost")
STOPS_BREATHING = Message(
    "dg.log.stops_breathing",
    "respiratory failure d100 = {roll} vs {failure}: stops breathing (CON x6 first, COC-DROWN-2) "
    "until a successful Medicine roll",
)
BREATHES = Message("dg.log.breathes", "respiratory failure d100 = {roll} vs {failure}: breathes")


def poison_name(key: str) -> Msg | str:
    """A poison of the table by its key."""
    known = POISON_NAMES.get(key)
    return key if known is None else known()


def asleep(text: str) -> Msg | str:
    """How long an incapacitating poison knocks out, as the table says it."""
    known = ASLEEP.get(text)
    return text if known is None else known()


# --- edges (DG-EDGE-0) ----------------------------------------------------------------------------
EDGE_FREE = Message("dg.log.edge_free", "{edge} granted free ({price} points not charged)")
EDGE_PAID = Message("dg.log.edge_paid", "{edge} for {price} skill points ({left} left)")
BUYS = Message("dg.log.buys", "{name} buys {what}")
GRANTS = Message("dg.log.grants", "GM: {name} gains {what}")

# --- damage, healing and conditions by hand (DG-HP-1, DG-HEAL-*, DG-WOUND-1) ---------------------
NO_REASON = Message("dg.log.no_reason", "no reason given")
TOTAL_HP_ONLY = Message("dg.log.total_hp_only", "total HP only")
TOTAL_HP = Message("dg.log.total_hp", "total HP")
GM_DAMAGE = Message("dg.log.gm_damage", "GM applies {amount} damage to {name} ({where}): {reason}")
VEST_AREA = Message("dg.log.vest_area", "vest {level} AP {ap} against the area effect")
GM_HEALS = Message("dg.log.gm_heals", "GM heals {name} by {amount} ({where}): {reason}")
GM_SETS = Message("dg.log.gm_sets", "GM sets {condition} {value} for {name}: {reason}")
CONDITION_KEYS = {
    key: Message(f"dg.condition_key.{key}", key)
    for key in ("prone", "dead", "stabilise", "treated", "brave", "dodge", "on_fire", "knocked_out")
}

# --- healing weeks (DG-HEAL-1/-2/-3/-5) -----------------------------------------------------------
WEEK = Message("dg.log.week", "Week {week} of healing")
MAIM_COST = Message(
    "dg.log.maim_cost", "{name}: the maimed {location} costs {normal} max HP for good (DG-HEAL-5)"
)
STILL_BLEEDING = Message(
    "dg.log.still_bleeding", "{name}: still bleeding, must be stabilised first (DG-HEAL-2)"
)
NEEDS_SURGERY = Message("dg.log.needs_surgery", "{name}: {location} needs surgery (DG-HEAL-1)")
WEEKLY = Message("dg.log.weekly", "{name}: weekly healing {expr} = {amount}")

# --- training and research (DG-TRAIN-*, DG-CTRAIN-*, DG-RSCH-*) -----------------------------------
SCHEDULE = Message("dg.log.schedule", "{hours} h, done in week {weeks} at {per_week} h a week")
SCHEDULE_AFTER = Message(
    "dg.log.schedule_after",
    "{hours} h after {booked} h already booked, done in week {weeks} at {per_week} h a week",
)
FEE = Message("dg.log.fee", "; fee: {fee}")
THE_INSTRUCTOR = Message("dg.log.the_instructor", "the instructor")
TRAINS = Message("dg.log.trains", "{name} trains {skill} ({current}%) with {teacher}: {when}")
SKILL_GAIN = Message("dg.log.skill_gain", "1d6-2 = {face}-2 = {gain}: {skill} {current}% -> {new}%")
TRAINS_CHARACTERISTIC = Message(
    "dg.log.trains_characteristic",
    "{name} trains {char} {current} ({when}): 1d3-1 = {face}-1; gain {gain}{caps}: {char} {after}",
)
LIMIT = Message("dg.log.limit", " (limit {limit})")
LIMIT_ROOM = Message("dg.log.limit_room", " (limit {limit}, instructor can give {room})")
RESEARCHES = Message(
    "dg.log.researches", "{name} researches {what} ({when}): d100 = {roll} + {xb} vs {target}"
)
NO_IMPROVEMENT = Message("dg.log.no_improvement", "no improvement")
RESEARCH_GAIN = Message(
    "dg.log.research_gain", "1d3-1 = {face}-1: {char} {current} -> {after} (limit {limit})"
)

# --- magic points and POW (DG-POW-1/-2, COC-RES-1) ------------------------------------------------
MAGIC_CONTEST = Message(
    "dg.log.magic_contest",
    "{name}: MP {active} vs {passive}: chance {chance}%, d100 = {roll}: {verdict}",
)
POW_EARNED = Message("dg.log.pow_earned", "; POW gain check earned")
POW_CANNOT_RISE = Message("dg.log.pow_cannot_rise", "{name}: POW {current} cannot rise (0%)")
POW_CHANCE = Message(
    "dg.log.pow_chance",
    "{name}: POW gain chance ({high}+{low}-{current})x5 = {chance}%, d100 = {roll}",
)
POW_RISES = Message("dg.log.pow_rises", "1d3-1 = {face}-1: POW {current} -> {after}")
NO_CHANGE = Message("dg.log.no_change", "no change")

# --- a hidden vest spotted (DG-ARM-8) -------------------------------------------------------------
SPOTS_VEST = Message(
    "dg.log.spots_vest",
    "{observer} looks closely at {wearer}: Spot Hidden d100 = {roll} vs {chance}: notices a vest "
    "under {wearer}'s clothes",
)
SPOTS_NOTHING = Message(
    "dg.log.spots_nothing",
    "{observer} looks closely at {wearer}: Spot Hidden d100 = {roll} vs {chance}: notices nothing",
)

# --- hazards (DG-GEN-4, COC-EXPL-*, COC-FALL-*, COC-ACID-*, COC-FIRE-*, COC-POISON-*, COC-DROWN-*)
EXPLOSION = Message("dg.log.explosion", "Explosion {count}d6, radius {radius} m")
OUT_OF_BLAST = Message("dg.log.out_of_blast", "{name} at {distance} m: out of the blast")
BLAST = Message("dg.log.blast", "{name} at {distance} m: {expr} = {rolled}")
FALLS = Message("dg.log.falls", "{name} falls {metres} m ({feet} ft)")
JUMP_SAVES = Message("dg.log.jump_saves", "Jump d100 = {roll} vs {chance}: success, 1d6 less")
JUMP_FAILS = Message("dg.log.jump_fails", "Jump d100 = {roll} vs {chance}: failure")
NO_DAMAGE = Message("dg.log.no_damage", "no damage")
FALL_DAMAGE = Message("dg.log.fall_damage", "fall {expr} = {rolled}")
ACID_KEYS = {key: Message(f"dg.acid_key.{key}", key) for key in ("weak", "strong", "very_strong")}
ACID = Message("dg.log.acid", "{name}: {grade} acid {expr} = {rolled}")
FIRE = Message("dg.log.fire", "{name}: {fire} {expr} = {rolled}")
CATCH_FIRE = Message("dg.log.catch_fire", "hair and clothes catch fire (1d6 a round until put out)")
LUCK_SAFE = Message("dg.log.luck_safe", "Luck d100 = {roll} vs {luck}: safe")
LUCK_CATCH = Message(
    "dg.log.luck_catch", "Luck d100 = {roll} vs {luck}: hair and clothes catch fire"
)
LUCK_SMOKE = Message(
    "dg.log.luck_smoke", "Luck d100 = {roll} vs {luck}: the smoke chokes (suffocation starts)"
)
POISON_WINS = Message("dg.log.poison_wins", "the poison wins")
BODY_RESISTS = Message("dg.log.body_resists", "the body resists")
POISON_ROLL = Message(
    "dg.log.poison_roll",
    "{name}: poison POT {potency} vs CON {con}: {chance}%, d100 = {roll}: {verdict}",
)
UNCONSCIOUS_FOR_IT = Message("dg.log.unconscious_for_it", "unconscious for the poison's duration")
HP_LOST = Message("dg.log.hp_lost", "{amount} HP lost")
DOSE_ROLL = Message(
    "dg.log.dose_roll",
    "{name}: {poison} x{doses}, POT {potency} vs CON {con}: {chance}%, d100 = {roll}: {verdict}",
)
ONSET = {
    "round": Message("dg.log.onset.round", "{n} round", plural="{n} rounds", count="n"),
    "minute": Message("dg.log.onset.minute", "{n} minute", plural="{n} minutes", count="n"),
    "hour": Message("dg.log.onset.hour", "{n} hour", plural="{n} hours", count="n"),
}
TAKES_EFFECT_IN = Message("dg.log.takes_effect_in", "it takes effect in {onset} (COC-POISON-5)")
RESPIRATORY_RISK = Message(
    "dg.log.respiratory_risk", "{failure}% risk of respiratory failure at onset (COC-POISON-6)"
)
BREATHES_AGAIN = Message("dg.log.breathes_again", "{name} breathes again")
NO_AIR = Message(
    "dg.log.no_air", "{name} has no air: CON x{start} at the end of this round, then less"
)
REVOLVER_HOLDS = Message(
    "dg.log.revolver_holds",
    "{name}'s {weapon} is jolted: Luck d100 = {roll} vs {luck}: it does not go off",
)
REVOLVER_FIRES = Message(
    "dg.log.revolver_fires",
    "{name}'s {weapon} is jolted: Luck d100 = {roll} vs {luck}: it goes off (the GM says where "
    "the round goes)",
)

# --- the scene and notes (DG-EDGE-4, COC-CONCEAL-1, COC-DARK-*, COC-SILENCER-2, DG-RES-1) -------
CONFINED = Message("dg.log.confined", "GM: the scene is a confined space")
OPEN = Message("dg.log.open", "GM: the scene is open")
NOTE_FOR = Message("dg.log.note_for", "GM note for {name}: {text}")
NOTE = Message("dg.log.note", "GM note: {text}")
PRIVATE_NOTE = Message("dg.log.private_note", "The GM writes a private note.")
SILENCER_LIFE = Message(
    "dg.log.silencer_life", "GM: the silencer on {name}'s {weapon} lasts {life} shots (d100+10)"
)
PLAIN_SIGHT = Message("dg.log.plain_sight", "GM: {name} is in plain sight")
HARD_TO_SEE = Message(
    "dg.log.hard_to_see",
    "GM: {name} is hard to see for {observers} (Spot Hidden or Idea to locate)",
)
LIGHT = Message("dg.log.light", "GM: the light is {light}")
LIGHT_DIM = Message(
    "dg.log.light_dim",
    "GM: the light is {light}: every skill and attack chance is halved (COC-DARK-1)",
)
LIGHT_DARK = Message(
    "dg.log.light_dark",
    "GM: the light is {light}: every skill and attack chance is 01 (COC-DARK-2)",
)
IMPOSSIBLE = Message("dg.log.impossible", "; impossible: {skills} (COC-DARK-3)")

# Words kept in tables here, so the catalogue lists them.
TERMS = [
    *POISON_NAMES.values(),
    *ASLEEP.values(),
    *CONDITION_KEYS.values(),
    *ACID_KEYS.values(),
    *ONSET.values(),
]
